import { fenToYuan, formatDate, MAINTENANCE_RECORD_RECORD } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { recordLog } from '../../records/repository';
import { insertCost, reviseCost } from '../costs/cost-write';
import { checkInvoiceImages } from '../files/invoice-images';
import { describeChanges, recordOperations } from '../operate-log/changes';
import type { Operation } from '../operate-log/operate-log.repository';
import {
  followRecord,
  planFor,
  type RecordForm,
  recordCost,
  recordForm,
  unfollowRecord,
} from './record-form';

const L = MAINTENANCE_RECORD_RECORD.labels;
const CODES = MAINTENANCE_RECORD_RECORD.readCodes;
const MISSING = '保养记录不存在或无权操作';

/** A live record in the caller's reach (merchant, team subtree), with its truck's plate; 404 otherwise. */
async function liveRecord(db: Kysely<Database>, auth: AuthContext, id: number) {
  const row = await db
    .selectFrom('maintenance_record')
    .leftJoin('truck', 'truck.id', 'maintenance_record.truck_id')
    .selectAll('maintenance_record')
    .select('truck.car_no')
    .where(inScope(auth.scope, 'maintenance_record'))
    .where('maintenance_record.id', '=', id)
    .where('maintenance_record.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(MISSING);
  return row;
}

/** The values the edit's log compares, by form field. */
function logged(r: {
  maintainDate: string;
  mileageKm: number | null;
  items: string;
  workshop: string | null;
  amountFen: number;
  remark: string | null;
  invoiceImages: string;
  carNo: string;
  planId: number | null;
}) {
  return {
    truckId: r.carNo,
    planId: r.planId ?? '',
    maintainDate: r.maintainDate,
    mileageKm: r.mileageKm ?? '',
    items: r.items,
    workshop: r.workshop ?? '',
    amountFen: `${fenToYuan(r.amountFen)}元`,
    invoiceImages: r.invoiceImages,
    remark: r.remark ?? '',
  };
}

/**
 * 保养记录 edited and deleted: the record's 保养 cost in the cost centre follows it in the same
 * transaction (changed, or deleted, with its money logged on the cost), and a truck plan's last
 * service follows the record (see followRecord and unfollowRecord). The cost pages refuse to change
 * such a cost themselves (its 来源 保养记录, costs.record.ts).
 */
export function registerRecordChangeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();
  const tag = '保养记录';

  route(app, tag, {
    method: 'POST',
    url: '/maintenance/record/update',
    summary:
      '修改保养记录（id 与新增的字段）：同一事务内修改其保养费用（成本中心，金额变化记入费用日志），并按记录调整单车保养计划的上次保养',
    access: CODES,
    labels: { ...L },
    body: recordForm.extend({ id: idField(MISSING) }),
    handler: async ({ auth, body }) => {
      const form: RecordForm = body;
      const before = await liveRecord(ctx.db, auth, body.id);
      const truck = await usableRecord(ctx.db, auth.scope, 'truck', form.truckId, L.truckId);
      const at = now();
      if (form.maintainDate > formatDate(new Date(at))) throw badInput(`${L.maintainDate}: 不能晚于今天`);
      if (form.planId) await planFor(ctx.db, auth, form.planId, truck.id);
      await checkInvoiceImages(ctx.db, auth.merchantId, form.invoiceImages, L.invoiceImages);
      const driver = await ctx.db
        .selectFrom('truck')
        .select('driver_id')
        .where('id', '=', truck.id)
        .executeTakeFirst();
      const cost = recordCost(form, { ...truck, driverId: driver?.driver_id ?? null }, auth.merchantId);
      return ctx.db.transaction().execute(async (tx) => {
        let costId = before.cost_id;
        // a cost no longer there (removed before the cost pages kept to their records) is written anew
        if (!costId || !(await reviseCost(tx, costId, cost, auth))) costId = await insertCost(tx, cost, auth);
        await tx
          .updateTable('maintenance_record')
          .set({
            team_code: truck.teamCode,
            truck_id: truck.id,
            plan_id: form.planId ?? null,
            maintain_date: form.maintainDate,
            mileage_km: form.mileageKm ?? null,
            items: form.items,
            workshop: form.workshop,
            amount: form.amountFen,
            invoice_images: form.invoiceImages.length ? form.invoiceImages.join(';') : null,
            cost_id: costId,
            remark: form.remark,
            updated_at: at,
          })
          .where('id', '=', before.id)
          .execute();
        const changes = describeChanges(
          L,
          logged({
            ...before,
            maintainDate: before.maintain_date,
            mileageKm: before.mileage_km,
            amountFen: Number(before.amount),
            invoiceImages: before.invoice_images ?? '',
            carNo: before.car_no ?? '',
            planId: before.plan_id,
          }),
          logged({
            ...form,
            mileageKm: form.mileageKm ?? null,
            invoiceImages: form.invoiceImages.join(';'),
            carNo: truck.name,
            planId: form.planId ?? null,
          }),
          ['invoiceImages'],
        );
        const logs: Operation[] = [
          recordLog(
            MAINTENANCE_RECORD_RECORD,
            before.id,
            truck.teamCode,
            `修改保养记录 ${before.car_no ?? ''} ${before.maintain_date}：${changes.join('；') || '无变化'}`,
          ),
        ];
        const old = { date: before.maintain_date, km: before.mileage_km };
        const back = await unfollowRecord(tx, before.plan_id, old, at);
        if (back) logs.push(back);
        const plan = form.planId ? await planFor(tx, auth, form.planId, truck.id) : null;
        const moved = await followRecord(
          tx,
          plan,
          { date: form.maintainDate, km: form.mileageKm ?? null },
          at,
        );
        if (moved) logs.push(moved);
        await recordOperations(tx, auth, logs, at);
        return { id: before.id, costId };
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/maintenance/record/delete',
    summary:
      '删除保养记录（id）：同一事务内删除其保养费用（成本中心，记入费用日志），单车保养计划的上次保养回到该计划剩下的最近一次保养记录',
    access: CODES,
    labels: { id: L.id },
    body: z.object({ id: idField(MISSING) }),
    handler: async ({ auth, body }) => {
      const before = await liveRecord(ctx.db, auth, body.id);
      const at = now();
      await ctx.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('maintenance_record')
          .set({ deleted_at: at, updated_at: at })
          .where('id', '=', before.id)
          .execute();
        if (before.cost_id) await reviseCost(tx, before.cost_id, null, auth);
        const logs: Operation[] = [
          recordLog(
            MAINTENANCE_RECORD_RECORD,
            before.id,
            before.team_code,
            `删除保养记录 ${before.car_no ?? ''} ${before.maintain_date}：${before.items}，金额${fenToYuan(Number(before.amount))}元`,
          ),
        ];
        const back = await unfollowRecord(
          tx,
          before.plan_id,
          { date: before.maintain_date, km: before.mileage_km },
          at,
        );
        if (back) logs.push(back);
        await recordOperations(tx, auth, logs, at);
      });
      return { id: before.id, costId: before.cost_id };
    },
  });
}
