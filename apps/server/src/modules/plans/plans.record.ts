import { enumRecord, formatDateTime, kgToTons, PLAN_RECORD, PLAN_STATES } from '@fleet/domain';
import { z } from 'zod';
import { idField, optionalDateTime } from '../../http/form-fields';
import { blank, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery } from '../../records/record';
import { planForm } from './plan-form';
import { planImport } from './plan-import';
import { registerPlanRoutes } from './plans.routes';
import type { PlanStationTable, PlanTable } from './plans.table';

export const PLAN_STATE_NAMES = enumRecord(PLAN_STATES);
const L = PLAN_RECORD.labels;
const time = (ms: number | null) => (ms === null ? '' : formatDateTime(new Date(Number(ms))));

/** The filter of GET /plan/list, also the input of its export. */
const planFilter = z.object({
  planNo: z.preprocess(blank, z.string().max(32, '最多输入32个字符').optional()).meta({ title: L.planNo }),
  state: z
    .preprocess(
      blank,
      z.coerce
        .number()
        .refine((n) => n in PLAN_STATE_NAMES, '计划状态不正确')
        .optional(),
    )
    .meta({ title: L.state }),
  orderId: z.preprocess(blank, idField('运输订单不正确').optional()).meta({ title: L.orderId }),
  customerId: z.preprocess(blank, idField('客户不正确').optional()),
  lineId: z.preprocess(blank, idField('线路不正确').optional()),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  driverId: z.preprocess(blank, idField('司机不正确').optional()),
  /** Plans departing in [startTime, endTime]. */
  startTime: optionalDateTime.meta({ title: '发车开始时间' }),
  endTime: optionalDateTime.meta({ title: '发车结束时间' }),
  teamCode: teamFilter,
});
type PlanFilter = z.output<typeof planFilter>;

export type PlanRow = ListedRow<
  PlanTable,
  {
    order_no: string | null;
    customer_name: string | null;
    line_name: string | null;
    car_no: string | null;
    driver_name: string | null;
  }
>;

function stationView(s: Omit<PlanStationTable, 'id' | 'distance'> & { distance: number }) {
  return {
    seq: s.seq,
    stationType: s.station_type,
    stationId: s.station_id,
    address: s.address,
    distance: s.distance,
    arriveTime: time(s.planned_arrive_at),
    departTime: time(s.planned_depart_at),
    actualArriveTime: time(s.actual_arrive_at),
    actualDepartTime: time(s.actual_depart_at),
  };
}

/** A plan as the API answers it, with its station rows. */
function planView(row: PlanRow, stations: ReturnType<typeof stationView>[] = []) {
  return {
    id: row.id,
    planNo: row.plan_no,
    state: row.state,
    stateName: PLAN_STATE_NAMES[row.state] ?? '-',
    orderId: row.order_id,
    orderNo: row.order_no ?? '',
    customerId: row.customer_id,
    customerName: row.customer_name ?? '',
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    truckId: row.truck_id,
    carNo: row.car_no ?? '',
    driverId: row.driver_id,
    driverName: row.driver_name ?? '',
    cargo: row.cargo ?? '',
    plannedTons: row.planned_kg === null ? '' : kgToTons(Number(row.planned_kg)),
    departTime: time(row.planned_depart_at),
    arriveTime: time(row.planned_arrive_at),
    /** The last station row reached (0 none), kept by the plan monitor. */
    maxSeq: row.max_seq,
    actualDepartTime: time(row.departed_at),
    actualArriveTime: time(row.arrived_at),
    publishTime: time(row.published_at),
    distributeTime: time(row.distributed_at),
    cancelTime: time(row.cancelled_at),
    cancelReason: row.cancel_reason ?? '',
    stations,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
  };
}
export type PlanView = ReturnType<typeof planView>;

const joins = (q: RecordQuery) =>
  withTeamName('plan')(q)
    .leftJoin('transport_order', 'transport_order.id', 'plan.order_id')
    .leftJoin('customer', 'customer.id', 'plan.customer_id')
    .leftJoin('line', 'line.id', 'plan.line_id')
    .leftJoin('truck', 'truck.id', 'plan.truck_id')
    .leftJoin('driver', 'driver.id', 'plan.driver_id');

/**
 * 发车计划 on the recipe: the list (GET /plan/list, newest first), the detail with its station rows
 * and the export. Every write moves the plan's state and is in plans.routes.ts.
 */
export const planRecord = defineRecord<z.output<typeof planForm>, PlanFilter, PlanView>({
  meta: PLAN_RECORD,
  tag: '发车计划',
  summaries: {
    page: '发车计划分页（GET）：计划编号、状态（0草稿 1已发布 2已下发 3执行中 4已完成 5已取消）、运输订单、客户、线路、车辆、司机、发车时间段、车队',
    info: '发车计划详情（GET ?id），含各站点的计划与实际到达、出发时间',
    export: '导出发车计划（与列表相同的筛选）',
  },
  joins,
  selection: [
    'plan.id',
    'plan.team_code',
    'plan.plan_no',
    'plan.state',
    'plan.order_id',
    'transport_order.order_no',
    'plan.customer_id',
    'customer.customer_name',
    'plan.line_id',
    'line.name as line_name',
    'plan.truck_id',
    'truck.car_no',
    'plan.driver_id',
    'driver.name as driver_name',
    'plan.cargo',
    'plan.planned_kg',
    'plan.planned_depart_at',
    'plan.planned_arrive_at',
    'plan.max_seq',
    'plan.departed_at',
    'plan.arrived_at',
    'plan.published_at',
    'plan.distributed_at',
    'plan.cancelled_at',
    'plan.cancel_reason',
    'plan.schedule_id',
    'plan.remark',
    'plan.created_at',
    'plan.updated_at',
    'team.team_name',
  ],
  view: (row: PlanRow) => planView(row),
  views: async (db, rows: PlanRow[]) => {
    const ids = rows.map((r) => r.id);
    const stations =
      ids.length === 0
        ? []
        : await db
            .selectFrom('plan_station')
            .selectAll()
            .where('plan_id', 'in', ids)
            .orderBy('seq')
            .execute();
    const byPlan = new Map<number, ReturnType<typeof stationView>[]>();
    for (const s of stations) {
      const list = byPlan.get(s.plan_id) ?? [];
      list.push(stationView({ ...s, distance: Number(s.distance) }));
      byPlan.set(s.plan_id, list);
    }
    return rows.map((r) => planView(r, byPlan.get(r.id) ?? []));
  },
  filter: {
    schema: planFilter,
    apply: (q, f) => {
      if (f.planNo) q = q.where('plan.plan_no', 'like', `%${f.planNo}%`);
      if (f.state !== undefined) q = q.where('plan.state', '=', f.state);
      if (f.orderId) q = q.where('plan.order_id', '=', f.orderId);
      if (f.customerId) q = q.where('plan.customer_id', '=', f.customerId);
      if (f.lineId) q = q.where('plan.line_id', '=', f.lineId);
      if (f.truckId) q = q.where('plan.truck_id', '=', f.truckId);
      if (f.driverId) q = q.where('plan.driver_id', '=', f.driverId);
      if (f.startTime) q = q.where('plan.planned_depart_at', '>=', f.startTime);
      if (f.endTime) q = q.where('plan.planned_depart_at', '<=', f.endTime);
      if (f.teamCode) q = q.where('plan.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: planForm,
    columns: () => ({}),
    logFields: () => ({}),
  },
  export: {
    title: '发车计划',
    columns: [
      { header: '计划编号', width: 24, value: (p) => p.planNo },
      { header: '计划状态', width: 10, value: (p) => p.stateName },
      { header: '运输订单', width: 24, value: (p) => p.orderNo },
      { header: '客户', width: 24, value: (p) => p.customerName },
      { header: '线路', width: 24, value: (p) => p.lineName },
      { header: '车牌号', width: 12, value: (p) => p.carNo },
      { header: '司机', width: 10, value: (p) => p.driverName },
      { header: '货物名称', width: 12, value: (p) => p.cargo },
      { header: '计划装载量（吨）', width: 14, value: (p) => p.plannedTons },
      { header: '计划发车时间', width: 20, value: (p) => p.departTime },
      { header: '计划到达时间', width: 20, value: (p) => p.arriveTime },
      { header: '所属车队', width: 20, value: (p) => p.teamName },
      { header: '备注', width: 24, value: (p) => p.remark },
    ],
  },
  import: planImport,
  routes: (app, ctx) => registerPlanRoutes(app, ctx),
});
