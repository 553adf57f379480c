import {
  APPROVE_STATUS,
  WAYBILL_FLOW_ACTION,
  WAYBILL_PATHS,
  WAYBILL_RECORD,
  WAYBILL_STATE,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import type { RecordQuery } from '../../records/record';
import {
  addFlow,
  createWaybill,
  freightColumns,
  lockedWaybill,
  nextBillNo,
  priceColumns,
} from './waybill-flow';
import {
  applyWaybillFilter,
  inTeamRange,
  isBillNoPrefix,
  type PlateTrucks,
  reasonField,
  type WaybillFilter,
  waybillEditForm,
  waybillFilter,
  waybillForm,
} from './waybill-form';
import {
  logWaybill,
  officeActor,
  READ_CODES,
  reachableWaybill,
  resolveRefs,
  usableLine,
  WAYBILL_MISSING,
  WRITE_CODES,
  waybillsChanged,
} from './waybill-repository';
import { billNoTaken, checkBillNo, saveEdit } from './waybill-save';
import { exceptionRows, feeRows, waybillViewOf, waybillViews } from './waybill-view';

// The waybill itself: the list, the detail, bill numbers, add and edit, cancelling and the change
// of line. Moves of state, slips, the receipt, exceptions, fees and the tabulation review are in the
// module's other route files.

const { labels, entity } = WAYBILL_RECORD;
const TAG = '运单';

/**
 * The list counts at most this many waybills (`totalCapped` says there were more): a count over a
 * million rows would cost more than the page itself.
 */
export const WAYBILL_COUNT_CAP = 10_000;

/** More trucks than this in a plate search: SQLite reads their waybills in list order, not truck by truck. */
const PLATE_TRUCKS_BY_INDEX = 20;

/**
 * The caller's waybills the filter selects, on the waybill's own columns: merchant and team subtree
 * (the tenancy rule, and the same as a range of the team index), and the search.
 */
export function scopedWaybills(
  db: Kysely<Database>,
  auth: AuthContext,
  filter: WaybillFilter,
  plates?: PlateTrucks,
  /** Text inside bill numbers looked for in their index (a count), not row by row (a page). */
  billNoIndex = false,
): RecordQuery {
  const q = db.selectFrom('waybill').where(inScope(auth.scope, 'waybill')) as unknown as RecordQuery;
  return applyWaybillFilter(
    inTeamRange(q, auth.scope.teamCode),
    filter,
    plates,
    billNoIndex ? auth.merchantId : undefined,
  );
}

/** The merchant's trucks whose plate contains the search text (deleted ones too: their waybills stay). */
async function plateTrucks(db: Kysely<Database>, auth: AuthContext, text: string) {
  const rows = await db
    .selectFrom('truck')
    .select('id')
    .where('merchant_id', '=', auth.merchantId)
    .where('car_no', 'like', `%${text}%`)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * One page of the list, newest first, and the count up to WAYBILL_COUNT_CAP. The order (created,
 * id) is the order of the (merchant, created), (merchant, status, created), (merchant, customer,
 * created) and (merchant, line, created) indexes: a page reads its rows from the index that fits the
 * search, never sorting the waybills it skips; the names are joined for the page's ids only.
 */
export async function waybillPage(
  db: Kysely<Database>,
  auth: AuthContext,
  filter: WaybillFilter & { pageNum: number; pageSize: number },
) {
  let listPlates: PlateTrucks | undefined;
  let countPlates: PlateTrucks | undefined;
  if (filter.carNo) {
    const ids = await plateTrucks(db, auth, filter.carNo);
    if (ids.length === 0) return { list: [], total: 0, totalCapped: false };
    // SQLite: a few trucks are read from their own index; many in list order (PostgreSQL's planner
    // weighs both itself). Counting reads the trucks' index either way.
    const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
    listPlates = { ids, byTruckIndex: !sqlite || ids.length <= PLATE_TRUCKS_BY_INDEX };
    countPlates = { ids, byTruckIndex: true };
  }
  const limited = scopedWaybills(db, auth, filter, countPlates, true)
    .select(sql<number>`1`.as('one'))
    .limit(WAYBILL_COUNT_CAP + 1);
  const [ids, counted] = await Promise.all([
    // a search by the start of bill numbers reads them in bill-number order (day, then sequence):
    // newest first as well, from the (merchant, bill number) index
    (isBillNoPrefix(filter.billNo)
      ? scopedWaybills(db, auth, filter, listPlates).orderBy('waybill.bill_no', 'desc')
      : scopedWaybills(db, auth, filter, listPlates).orderBy('waybill.created_at', 'desc')
    )
      .select('waybill.id')
      .orderBy('waybill.id', 'desc')
      .limit(filter.pageSize)
      .offset(pageOffset(filter))
      .execute() as Promise<{ id: number }[]>,
    db
      .selectFrom(limited.as('c'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.n);
  return {
    list: await waybillViews(
      db,
      ids.map((r) => r.id),
    ),
    total: Math.min(total, WAYBILL_COUNT_CAP),
    totalCapped: total > WAYBILL_COUNT_CAP,
  };
}

export function registerWaybillRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const idOnly = z.object({ id: idField('运单不正确') });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_RECORD.paths.page,
    summary: `运单分页（按创建时间倒序；按以YD开头的运单号查询时按运单号倒序）：运单号（包含；以YD开头为前缀）、客户、线路、状态（1待装货 2装货中 3运输中 4已到达 6已完成；不传cancelled时不含已取消的）、是否取消、车牌号（包含）、车辆、司机、来源、审核状态、创建时间起止、所属车队；total 最多计到${WAYBILL_COUNT_CAP}条（totalCapped 为 true 表示更多）`,
    access: READ_CODES,
    list: true,
    labels,
    body: waybillFilter.extend(paging),
    handler: ({ auth, body }) => waybillPage(db, auth, body),
  });

  route(app, TAG, {
    method: 'GET',
    url: WAYBILL_RECORD.paths.info,
    summary:
      '运单详情（GET ?id）：运单及其费用（fees，不含运费）、异常（exceptions）、是否有审批中的费用审批（approvalPending）',
    access: READ_CODES,
    labels,
    query: idOnly,
    handler: async ({ auth, query }) => {
      const w = await reachableWaybill(db, auth, query.id);
      const [view, fees, exceptions, pending] = await Promise.all([
        waybillViewOf(db, w.id),
        feeRows(db, w.id),
        exceptionRows(db, w.id),
        db
          .selectFrom('approve_business')
          .select('id')
          .where('waybill_id', '=', w.id)
          .where('status', '=', APPROVE_STATUS.pending)
          .executeTakeFirst(),
      ]);
      return { ...view, fees, exceptions, approvalPending: pending !== undefined };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: WAYBILL_PATHS.billNo,
    summary: '下一个运单号（YD+日期+当日序号，如 YD202611270012），新增运单时可带回 billNo；取号即占用',
    access: WRITE_CODES,
    handler: ({ auth }) => nextBillNo(db, auth.merchantId, now()),
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_RECORD.paths.add,
    summary:
      '新增运单（待装货）：客户、线路（装货地为线路起点站点，卸货地为终点站点）、货物、车辆；司机不填为车辆绑定的司机，所属车队不填为车辆所在车队；billNo 为取号所得，不填自动生成',
    access: WRITE_CODES,
    labels,
    body: waybillForm,
    handler: async ({ auth, body, req }) => {
      const refs = await resolveRefs(db, auth, body);
      const at = now();
      const row = await db
        .transaction()
        .execute(async (tx) => {
          if (body.billNo) await checkBillNo(tx, auth.merchantId, body.billNo);
          const created = await createWaybill(
            tx,
            {
              merchantId: auth.merchantId,
              teamCode: refs.teamCode,
              customerId: refs.customer.id,
              lineId: refs.line.id,
              loadingStationId: refs.line.loadingStationId,
              unloadingStationId: refs.line.unloadingStationId,
              cargo: body.cargo,
              truckId: refs.truck.id,
              driverId: refs.driver?.id ?? null,
              plannedLoadAt: body.plannedLoadTime ?? null,
              plannedArriveAt: body.plannedArriveTime ?? null,
              remark: body.remark,
              ...(body.billNo ? { billNo: body.billNo } : {}),
              createdBy: auth.userId,
            },
            officeActor(auth),
            at,
          );
          await logWaybill(
            tx,
            auth,
            created,
            `新增${entity} ${created.bill_no}：${refs.customer.name}，${refs.line.name}，${refs.truck.carNo}`,
            at,
          );
          return created;
        })
        .catch((error) => {
          throw billNoTaken(error);
        });
      await waybillsChanged(ctx, req.log, [row.truck_id]);
      return { id: row.id, billNo: row.bill_no };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_RECORD.paths.edit,
    summary:
      '修改运单（操作日志记录改了什么）：客户、线路和货物名称只在待装货时可改（之后用变更线路）；已取消、已完成的不能修改',
    access: WRITE_CODES,
    labels,
    body: waybillEditForm,
    handler: async ({ auth, body, req }) => {
      const before = await reachableWaybill(db, auth, body.id);
      const refs = await resolveRefs(db, auth, body);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, before.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        const { changes } = await saveEdit(tx, w, body, refs, at);
        await logWaybill(
          tx,
          auth,
          { id: w.id, team_code: refs.teamCode },
          `修改${entity}：${changes.length ? changes.join('，') : '无变化'}`,
          at,
        );
      });
      await waybillsChanged(ctx, req.log, [before.truck_id, refs.truck.id]);
      return { id: before.id, billNo: before.bill_no };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.cancel,
    summary: '取消运单（完成前，须填原因）：保留取消时的状态，列表显示已取消',
    access: WRITE_CODES,
    labels,
    body: z.object({ id: idField('运单不正确'), reason: reasonField('请填写取消原因') }),
    handler: async ({ auth, body, req }) => {
      const found = await reachableWaybill(db, auth, body.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        if (w.cancelled === 1) throw badInput('运单已取消');
        if (w.status === WAYBILL_STATE.completed) throw badInput('运单已完成，不能取消');
        await tx
          .updateTable('waybill')
          .set({ cancelled: 1, cancel_reason: body.reason, cancelled_at: at, updated_at: at })
          .where('id', '=', w.id)
          .execute();
        await addFlow(
          tx,
          w,
          officeActor(auth),
          { action: WAYBILL_FLOW_ACTION.cancel, from: w.status, content: `取消原因：${body.reason}` },
          at,
        );
        await logWaybill(tx, auth, w, `取消${entity}，原因：${body.reason}`, at);
      });
      await waybillsChanged(ctx, req.log, [found.truck_id]);
      return null;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: WAYBILL_PATHS.changeLine,
    summary:
      '变更线路（到达前，须填原因）：装卸货地换为新线路的起点、终点站点；已计价未装车的按新线路重新取运价；记入状态流转和操作日志',
    access: WRITE_CODES,
    labels,
    body: z.object({
      id: idField('运单不正确'),
      lineId: idField('请选择线路'),
      reason: reasonField('请填写变更原因'),
    }),
    handler: async ({ auth, body, req }) => {
      const found = await reachableWaybill(db, auth, body.id);
      const line = await usableLine(db, auth, body.lineId);
      const at = now();
      await db.transaction().execute(async (tx) => {
        const w = await lockedWaybill(tx, auth.merchantId, found.id);
        if (!w) throw badInput(WAYBILL_MISSING);
        if (w.cancelled === 1) throw badInput('运单已取消，不能变更线路');
        if (w.status === WAYBILL_STATE.completed) throw badInput('运单已完成，不能变更线路');
        if (w.status === WAYBILL_STATE.arrived) throw badInput('运单已到达，不能变更线路');
        if (w.line_id === line.id) throw badInput(`${labels.lineId}: 与当前线路相同`);
        const old = await tx.selectFrom('line').select('name').where('id', '=', w.line_id).executeTakeFirst();
        const changes: Record<string, unknown> = {
          line_id: line.id,
          loading_station_id: line.loadingStationId,
          unloading_station_id: line.unloadingStationId,
          updated_at: at,
        };
        // priced when it started loading: a waybill not loaded yet takes the new line's price
        if (w.status !== WAYBILL_STATE.toLoad && w.loading_net_kg === null) {
          const moved = { ...w, ...changes } as typeof w;
          Object.assign(changes, await priceColumns(tx, moved, w.loading_at ?? at));
          Object.assign(changes, freightColumns({ ...moved, ...changes }));
        }
        await tx.updateTable('waybill').set(changes).where('id', '=', w.id).execute();
        const words = `线路：${old?.name ?? ''} → ${line.name}，原因：${body.reason}`;
        await addFlow(
          tx,
          w,
          officeActor(auth),
          { action: WAYBILL_FLOW_ACTION.changeLine, content: words },
          at,
        );
        await logWaybill(tx, auth, w, `变更线路：${old?.name ?? ''}→${line.name}，原因：${body.reason}`, at);
      });
      await waybillsChanged(ctx, req.log, [found.truck_id]);
      return waybillViewOf(db, found.id);
    },
  });
}
