import {
  kgToTons,
  WAYBILL_APPROVAL,
  WAYBILL_FLOW_ACTION,
  WAYBILL_PATHS,
  WAYBILL_RECORD,
  waybillApprovalName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { checkUploadedPhotos, optionalTime, photosField, weightField } from './waybill-fields';
import { addFlow, lockedWaybill, recordPound, type WaybillRow } from './waybill-flow';
import { waybillFields } from './waybill-form';
import {
  logWaybill,
  officeActor,
  READ_CODES,
  reachableWaybill,
  resolveRefs,
  WAYBILL_MISSING,
  WRITE_CODES,
  waybillsChanged,
} from './waybill-repository';
import { saveEdit } from './waybill-save';
import { waybillViewOf } from './waybill-view';

// 运单制表: the office's review of the waybills drivers and the scan-code page make (approval state
// 1 待审核): pass or reject, or correct and pass in one go; the task picker of the tabulation form.

const { labels } = WAYBILL_RECORD;
const TAG = '运单';
/** The drivers a task offers: those who drove the truck's waybills of the last days. */
const DRIVER_DAYS_MS = 30 * 86_400_000;
const TASKS_MAX = 50;

const emptyIsMissing = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value;

/** The loading slip of the tabulation form: all of gross, tare and time, or none. */
const optionalWeight = (required: string) => z.preprocess(emptyIsMissing, weightField(required).optional());

const approvalEditForm = z
  .object({
    id: idField('运单不正确'),
    ...waybillFields,
    loadingGrossKg: optionalWeight('请输入装车毛重'),
    loadingTareKg: optionalWeight('请输入装车皮重'),
    loadingWeighTime: optionalTime,
    loadingPhotos: photosField,
  })
  .refine(
    (f) =>
      f.plannedLoadTime === undefined ||
      f.plannedArriveTime === undefined ||
      f.plannedArriveTime >= f.plannedLoadTime,
    { message: '计划到达时间不能早于计划装货时间', path: ['plannedArriveTime'] },
  )
  .refine(
    (f) =>
      f.loadingGrossKg === undefined || (f.loadingTareKg !== undefined && f.loadingWeighTime !== undefined),
    { message: '录入装车磅单须同时填写毛重、皮重和过磅时间', path: ['loadingGrossKg'] },
  );

/** Refuses a review of a waybill that is not waiting for one. */
function checkPending(w: WaybillRow) {
  if (w.cancelled === 1) throw badInput('运单已取消，不能审核');
  if (w.approval_state !== WAYBILL_APPROVAL.pending)
    throw badInput(
      `运单${waybillApprovalName(w.approval_state) === '-' ? '' : `为“${waybillApprovalName(w.approval_state)}”`}，不是待审核状态`,
    );
}

/** Sets the review's outcome, in the timeline and the log. */
async function decide(
  tx: Kysely<Database>,
  auth: AuthContext,
  w: WaybillRow,
  state: 2 | 3,
  remark: string | null,
  at: number,
  edited = '',
) {
  await tx
    .updateTable('waybill')
    .set({
      approval_state: state,
      approval_remark: remark,
      approved_by: auth.userId,
      approved_at: at,
      updated_at: at,
    })
    .where('id', '=', w.id)
    .execute();
  const words = `${waybillApprovalName(state)}${remark ? `，意见：${remark}` : ''}`;
  await addFlow(tx, w, officeActor(auth), { action: WAYBILL_FLOW_ACTION.approval, content: words }, at);
  await logWaybill(tx, auth, w, `运单审核：${edited}${words}`, at);
}

export function registerWaybillTabulationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.approval,
    summary:
      '运单制表审核：司机或扫码创建的待审核运单（approvalState 1），通过（2）或驳回（3），可填审核意见',
    access: WRITE_CODES,
    labels,
    body: z.object({
      id: idField('运单不正确'),
      approvalState: z.coerce
        .number({ error: '请选择审核结果' })
        .refine(
          (n) => n === WAYBILL_APPROVAL.approved || n === WAYBILL_APPROVAL.rejected,
          '审核结果只能为2（通过）或3（驳回）',
        ),
      approvalRemark: optionalText(200),
    }),
    handler: async ({ auth, body }) => {
      const found = await reachableWaybill(db, auth, body.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        checkPending(w);
        await decide(tx, auth, w, body.approvalState as 2 | 3, body.approvalRemark, at);
      });
      return null;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.approvalEdit,
    summary:
      '运单制表：修改待审核的运单（与新增相同的字段；客户、线路、货物可改，已计价的重新取运价）并可录入装车磅单（毛重、皮重为千克，过磅时间，照片），然后审核通过',
    access: WRITE_CODES,
    labels,
    body: approvalEditForm,
    handler: async ({ auth, body, req }) => {
      const found = await reachableWaybill(db, auth, body.id);
      const refs = await resolveRefs(db, auth, body);
      await checkUploadedPhotos(db, auth.merchantId, body.loadingPhotos, labels.loadingPhotos);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const locked = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!locked) throw badInput(WAYBILL_MISSING);
        checkPending(locked);
        const saved = await saveEdit(tx, locked, body, refs, at, true);
        let w = saved.row;
        const done = saved.changes.length ? [`修改：${saved.changes.join('，')}`] : [];
        if (body.loadingGrossKg !== undefined && body.loadingTareKg !== undefined && body.loadingWeighTime) {
          w = await recordPound(
            tx,
            w,
            1,
            {
              grossKg: body.loadingGrossKg,
              tareKg: body.loadingTareKg,
              weighedAt: body.loadingWeighTime,
              photos: body.loadingPhotos,
            },
            officeActor(auth),
            at,
          );
          done.push(
            `装车磅单：毛重${kgToTons(body.loadingGrossKg)}吨，皮重${kgToTons(body.loadingTareKg)}吨，净重${kgToTons(w.loading_net_kg)}吨`,
          );
        }
        await decide(
          tx,
          auth,
          w,
          WAYBILL_APPROVAL.approved,
          null,
          at,
          done.length ? `${done.join('；')}；` : '',
        );
      });
      await waybillsChanged(ctx, req.log, [found.truck_id, refs.truck.id]);
      return waybillViewOf(db, found.id);
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: WAYBILL_PATHS.taskOptions,
    summary: `制表任务：管辖范围内待审核的运单（最多${TASKS_MAX}条，最新在前），关键字为运单号或车牌号；taskCode 即运单号，drivers 为车辆绑定的司机及近30天驾驶该车运单的司机`,
    access: READ_CODES,
    list: true,
    labels,
    query: z.object({
      keyword: z.preprocess(blank, z.string({ error: '应为文本' }).max(30, '最多输入30个字符').optional()),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('waybill')
        .innerJoin('truck', 'truck.id', 'waybill.truck_id')
        .select(['waybill.id', 'waybill.bill_no', 'waybill.truck_id', 'truck.car_no', 'truck.driver_id'])
        .where(inScope(auth.scope, 'waybill'))
        .where('waybill.approval_state', '=', WAYBILL_APPROVAL.pending)
        .where('waybill.cancelled', '=', 0);
      if (query.keyword) {
        const word = `%${query.keyword.toUpperCase()}%`;
        const plate = `%${query.keyword}%`;
        q = q.where((eb) => eb.or([eb('waybill.bill_no', 'like', word), eb('truck.car_no', 'like', plate)]));
      }
      const tasks = await q.orderBy('waybill.id', 'desc').limit(TASKS_MAX).execute();
      if (tasks.length === 0) return [];
      const truckIds = [...new Set(tasks.map((t) => t.truck_id))];
      const recent = await db
        .selectFrom('waybill')
        .select(['truck_id', 'driver_id'])
        .distinct()
        .where(inScope(auth.scope, 'waybill'))
        .where('truck_id', 'in', truckIds)
        .where('driver_id', 'is not', null)
        .where('created_at', '>=', now() - DRIVER_DAYS_MS)
        .execute();
      const driverIds = new Set<number>();
      for (const t of tasks) if (t.driver_id) driverIds.add(t.driver_id);
      for (const r of recent) if (r.driver_id) driverIds.add(r.driver_id);
      const drivers = driverIds.size
        ? await db
            .selectFrom('driver')
            .select(['id', 'name', 'phone'])
            .where(inScope(auth.scope, 'driver'))
            .where('deleted_at', 'is', null)
            .where('id', 'in', [...driverIds])
            .execute()
        : [];
      const byId = new Map(drivers.map((d) => [d.id, { id: d.id, name: d.name, phone: d.phone }]));
      const ofTruck = new Map<number, number[]>();
      for (const r of recent)
        if (r.driver_id) ofTruck.set(r.truck_id, [...(ofTruck.get(r.truck_id) ?? []), r.driver_id]);
      return tasks.map((t) => {
        const ids = [...new Set([...(t.driver_id ? [t.driver_id] : []), ...(ofTruck.get(t.truck_id) ?? [])])];
        return {
          taskCode: t.bill_no,
          waybillId: t.id,
          truckId: t.truck_id,
          carNo: t.car_no,
          drivers: ids.flatMap((id) => {
            const d = byId.get(id);
            return d ? [d] : [];
          }),
        };
      });
    },
  });
}
