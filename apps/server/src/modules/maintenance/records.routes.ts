import { fenToYuan, formatDate, formatDateTime, MAINTENANCE_RECORD_RECORD } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, teamCodeField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { paging, route } from '../../http/route';
import { blank } from '../../records/filters';
import { recordLog } from '../../records/repository';
import { insertCost } from '../costs/cost-write';
import { checkInvoiceImages } from '../files/invoice-images';
import { recordOperations } from '../operate-log/changes';
import { reachOf } from './list-helpers';
import { followRecord, planFor, type RecordForm, recordCost, recordForm } from './record-form';

const L = MAINTENANCE_RECORD_RECORD.labels;
const CODES = MAINTENANCE_RECORD_RECORD.readCodes;

const recordFilter = z.object({
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  planId: z.preprocess(blank, idField('保养计划不正确').optional()),
  startDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  endDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
type RecordFilter = z.output<typeof recordFilter>;

export function recordQuery(db: Kysely<Database>, auth: AuthContext, f: RecordFilter) {
  const reach = reachOf(auth, f.teamCode);
  let q = db
    .selectFrom('maintenance_record as r')
    .leftJoin('truck as t', 't.id', 'r.truck_id')
    .leftJoin('maintenance_plan as p', 'p.id', 'r.plan_id')
    .leftJoin('app_user as u', 'u.id', 'r.created_by')
    .where('r.merchant_id', '=', reach.merchantId)
    .where('r.team_code', 'like', `${reach.teamCode}%`)
    .where('r.deleted_at', 'is', null);
  if (f.truckId) q = q.where('r.truck_id', '=', f.truckId);
  if (f.planId) q = q.where('r.plan_id', '=', f.planId);
  if (f.startDate) q = q.where('r.maintain_date', '>=', f.startDate);
  if (f.endDate) q = q.where('r.maintain_date', '<=', f.endDate);
  return q;
}

export async function recordRows(
  db: Kysely<Database>,
  auth: AuthContext,
  f: RecordFilter,
  limit?: { pageNum: number; pageSize: number },
) {
  let q = recordQuery(db, auth, f)
    .select([
      'r.id',
      'r.truck_id',
      't.car_no',
      'r.plan_id',
      'p.plan_name',
      'r.maintain_date',
      'r.mileage_km',
      'r.items',
      'r.workshop',
      'r.amount',
      'r.invoice_images',
      'r.cost_id',
      'r.remark',
      'u.nickname',
      'r.created_at',
    ])
    .orderBy('r.maintain_date', 'desc')
    .orderBy('r.id', 'desc');
  if (limit) q = q.limit(limit.pageSize).offset((limit.pageNum - 1) * limit.pageSize);
  return (await q.execute()).map((r) => ({
    id: r.id,
    truckId: r.truck_id,
    carNo: r.car_no ?? '',
    planId: r.plan_id,
    planName: r.plan_name ?? '',
    maintainDate: r.maintain_date,
    mileageKm: r.mileage_km,
    items: r.items,
    workshop: r.workshop ?? '',
    amountFen: Number(r.amount),
    amountYuan: fenToYuan(Number(r.amount)),
    invoiceImages: r.invoice_images ? r.invoice_images.split(';') : [],
    costId: r.cost_id,
    remark: r.remark ?? '',
    createdBy: r.nickname ?? '',
    createTime: formatDateTime(new Date(r.created_at)),
  }));
}

/**
 * 保养记录: the list, and adding one: in one transaction the truck's 保养 cost (cost_type 3,
 * source 3) through the costs module, the record pointing at it, and (a truck plan) the plan's
 * last service moved to this service when it is the latest; each in the operation log.
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();
  const tag = '保养记录';

  route(app, tag, {
    method: 'POST',
    url: '/maintenance/record/page',
    summary: '保养记录分页：车辆、保养计划、保养日期范围、车队；金额为分（amountFen）与元（amountYuan）',
    access: CODES,
    list: true,
    labels: {
      truckId: '车辆',
      planId: '保养计划',
      startDate: '开始日期',
      endDate: '结束日期',
      teamCode: '所属车队',
    },
    body: recordFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const [list, total] = await Promise.all([
        recordRows(ctx.db, auth, body, body),
        recordQuery(ctx.db, auth, body)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(total.n) };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/maintenance/record/add',
    summary:
      '新增保养记录：日期、里程（公里）、项目、维修厂、金额（分）、发票图片；同一事务内写入该车的保养费用（成本中心，类型3 保养）并更新单车保养计划的上次保养',
    access: CODES,
    labels: { ...L },
    body: recordForm,
    handler: async ({ auth, body }) => {
      const form: RecordForm = body;
      const truck = await usableRecord(ctx.db, auth.scope, 'truck', form.truckId, L.truckId);
      const at = now();
      if (form.maintainDate > formatDate(new Date(at))) throw badInput(`${L.maintainDate}: 不能晚于今天`);
      const plan = form.planId ? await planFor(ctx.db, auth, form.planId, truck.id) : null;
      await checkInvoiceImages(ctx.db, auth.merchantId, form.invoiceImages, L.invoiceImages);
      const driver = await ctx.db
        .selectFrom('truck')
        .select('driver_id')
        .where('id', '=', truck.id)
        .executeTakeFirst();
      return ctx.db.transaction().execute(async (tx) => {
        const costId = await insertCost(
          tx,
          recordCost(form, { ...truck, driverId: driver?.driver_id ?? null }, auth.merchantId),
          auth,
        );
        const row = await tx
          .insertInto('maintenance_record')
          .values({
            merchant_id: auth.merchantId,
            team_code: truck.teamCode,
            truck_id: truck.id,
            plan_id: plan?.id ?? null,
            maintain_date: form.maintainDate,
            mileage_km: form.mileageKm ?? null,
            items: form.items,
            workshop: form.workshop,
            amount: form.amountFen,
            invoice_images: form.invoiceImages.length ? form.invoiceImages.join(';') : null,
            cost_id: costId,
            remark: form.remark,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const logs = [
          recordLog(
            MAINTENANCE_RECORD_RECORD,
            row.id,
            truck.teamCode,
            `新增保养记录 ${truck.name} ${form.maintainDate}：${form.items}，金额${fenToYuan(form.amountFen)}元`,
          ),
        ];
        const moved = await followRecord(
          tx,
          plan,
          { date: form.maintainDate, km: form.mileageKm ?? null },
          at,
        );
        if (moved) logs.push(moved);
        await recordOperations(tx, auth, logs, at);
        return { id: row.id, costId };
      });
    },
  });
}
