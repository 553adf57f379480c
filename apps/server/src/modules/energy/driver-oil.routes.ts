import { DAY_MS, fuelUnit, PLAN_STATE, parseDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { notFound } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { registerExport } from '../file-tasks/file-tasks.register';
import {
  checkFilterScope,
  countGroups,
  LABELS,
  LINE_MISSING,
  type PeriodFilter,
  per100,
  periodFilter,
  withPeriod,
} from './energy.repository';
import {
  type DriverDayResult,
  type DriverResult,
  driverDayResults,
  driverResults,
  figureColumns,
  inPages,
  totalRows,
} from './energy.views';

// 司机油耗报表 (a tab of 油耗统计, car050301): per driver, per driver and day (truck_day), and per
// line from the finished plans of the period: the fuel of the plan's truck's trips between the
// plan's actual departure and arrival (a trip partly inside counts by the share of its time inside).

type Db = AppContext['db'];

const lineFilter = withPeriod({
  lineId: z.preprocess(
    blank,
    z.coerce.number({ error: '线路不正确' }).int().positive('线路不正确').optional(),
  ),
});
type LineFilter = z.output<typeof lineFilter>;

const oneDriver = withPeriod({ driverId: idField('请选择司机') });

export interface LineResult {
  lineId: number;
  lineName: string;
  plans: number;
  unit: string;
  per100Unit: string;
  mileage: number;
  fuelUsed: number;
  per100Km: number | null;
}

/** Fuel of finished plans by line and unit (the rule above). */
export async function lineResults(db: Db, auth: AuthContext, f: LineFilter): Promise<LineResult[]> {
  const from = (parseDateTime(f.startDate) as Date).getTime();
  const to = (parseDateTime(f.endDate) as Date).getTime() + DAY_MS;
  if (f.lineId !== undefined) {
    const line = await db
      .selectFrom('line')
      .select('id')
      .where(inReferenceScope(auth.scope, 'line'))
      .where('id', '=', f.lineId)
      .executeTakeFirst();
    if (!line) throw notFound(LINE_MISSING);
  }
  let q = db
    .selectFrom('plan as p')
    .innerJoin('truck as t', 't.id', 'p.truck_id')
    .leftJoin('line as l', 'l.id', 'p.line_id')
    .select([
      'p.id',
      'p.line_id',
      'l.name as line_name',
      'p.truck_id',
      't.fuel_type',
      'p.departed_at',
      'p.arrived_at',
    ])
    .where(inScope(auth.scope, 'p'))
    .where('p.state', '=', PLAN_STATE.finished)
    .where('p.departed_at', '>=', from)
    .where('p.departed_at', '<', to)
    .where('p.arrived_at', 'is not', null)
    .where('p.line_id', 'is not', null);
  if (f.lineId !== undefined) q = q.where('p.line_id', '=', f.lineId);
  if (f.teamCode) q = q.where('p.team_code', 'like', `${f.teamCode}%`);
  if (f.truckId !== undefined) q = q.where('p.truck_id', '=', f.truckId);
  if (f.driverId !== undefined) q = q.where('p.driver_id', '=', f.driverId);
  if (f.fuelType !== undefined) q = q.where('t.fuel_type', '=', f.fuelType);
  if (f.carNo) q = q.where('t.car_no', 'like', `%${f.carNo}%`);
  const plans = await q.execute();
  const truckIds = [...new Set(plans.map((p) => p.truck_id as number))];
  const lastArrival = Math.max(0, ...plans.map((p) => Number(p.arrived_at)));
  const trips = new Map<number, { start: number; end: number; mileage: number; fuel: number }[]>();
  for (let i = 0; i < truckIds.length; i += 500) {
    const rows = await db
      .selectFrom('trip')
      .select(['truck_id', 'start_time', 'end_time', 'mileage', 'fuel_used'])
      .where('truck_id', 'in', truckIds.slice(i, i + 500))
      .where('end_time', 'is not', null)
      .where('end_time', '>', from - DAY_MS)
      .where('start_time', '<', lastArrival)
      .execute();
    for (const r of rows) {
      const list = trips.get(r.truck_id) ?? [];
      list.push({
        start: Number(r.start_time),
        end: Number(r.end_time),
        mileage: r.mileage,
        fuel: r.fuel_used ?? 0,
      });
      trips.set(r.truck_id, list);
    }
  }
  const lines = new Map<string, LineResult & { m: number; u: number }>();
  for (const p of plans) {
    const depart = Number(p.departed_at);
    const arrive = Number(p.arrived_at);
    let m = 0;
    let u = 0;
    for (const t of trips.get(p.truck_id as number) ?? []) {
      const inside = Math.min(arrive, t.end) - Math.max(depart, t.start);
      if (inside <= 0 && !(t.end === t.start && t.start >= depart && t.start <= arrive)) continue;
      const share = t.end > t.start ? inside / (t.end - t.start) : 1;
      m += t.mileage * share;
      u += t.fuel * share;
    }
    const unit = fuelUnit(p.fuel_type, 'L');
    const key = `${p.line_id}|${unit}`;
    const row = lines.get(key) ?? {
      lineId: p.line_id as number,
      lineName: p.line_name ?? '',
      plans: 0,
      unit,
      per100Unit: `${unit}/百公里`,
      mileage: 0,
      fuelUsed: 0,
      per100Km: null,
      m: 0,
      u: 0,
    };
    row.plans += 1;
    row.m += m;
    row.u += u;
    lines.set(key, row);
  }
  return [...lines.values()]
    .map(({ m, u, ...r }) => ({
      ...r,
      mileage: Math.round(m) / 10,
      fuelUsed: Math.round(u) / 10,
      per100Km: per100(Math.round(u), Math.round(m)),
    }))
    .sort((a, b) => a.lineName.localeCompare(b.lineName));
}

const DRIVER_COLUMNS = [
  { header: '司机', width: 12, value: (r: DriverResult) => r.driverName },
  { header: '手机号', width: 14, value: (r: DriverResult) => r.driverPhone },
  { header: '车辆数', width: 8, value: (r: DriverResult) => r.trucks },
  { header: '出车天数', width: 8, value: (r: DriverResult) => r.days },
  ...figureColumns<DriverResult>(),
];
const DETAIL_COLUMNS = [
  { header: '日期', width: 12, value: (r: DriverDayResult) => r.day },
  { header: '司机', width: 12, value: (r: DriverDayResult) => r.driverName },
  { header: '车辆数', width: 8, value: (r: DriverDayResult) => r.trucks },
  ...figureColumns<DriverDayResult>(),
];

export function registerDriverOilRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  tag: string,
  codes: string[],
): void {
  const { db } = ctx;
  const drivers = async (auth: AuthContext, f: PeriodFilter) => {
    await checkFilterScope(db, auth, f);
    return driverResults(db, auth, f);
  };
  const details = async (auth: AuthContext, f: PeriodFilter) => {
    await checkFilterScope(db, auth, f);
    return driverDayResults(db, auth, f);
  };

  route(app, tag, {
    method: 'POST',
    url: '/driver/oil/report/page',
    summary:
      '司机油耗报表：期间每位司机（及燃料单位）的里程、油耗、百公里油耗、车辆数、出车天数；没有司机的行程为“未知司机”；totalRow 为每种单位的合计',
    access: codes,
    list: true,
    labels: LABELS,
    body: periodFilter.and(z.object(paging)),
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const [list, total, totalRow] = await Promise.all([
        driverResults(db, auth, body, body),
        countGroups(db, auth, body, 'driver'),
        totalRows(db, auth, body),
      ]);
      return { list, total, totalRow };
    },
  });

  registerExport<PeriodFilter, DriverResult>(app, tag, {
    url: '/driver/oil/report/export',
    method: 'POST',
    summary: '导出司机油耗报表',
    access: codes,
    input: periodFilter as unknown as z.ZodType<PeriodFilter>,
    title: '司机油耗报表',
    columns: DRIVER_COLUMNS,
    count: async (_db, auth, f) => (await drivers(auth, f)).length,
    rows: async function* (_db, auth, f, pageSize) {
      yield* inPages(await drivers(auth, f), pageSize);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/oil/report/detail/page',
    summary: '司机油耗明细：期间每位司机每天的里程、油耗、百公里油耗（可按司机筛选）',
    access: codes,
    list: true,
    labels: LABELS,
    body: periodFilter.and(z.object(paging)),
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const [list, total] = await Promise.all([
        driverDayResults(db, auth, body, body),
        countGroups(db, auth, body, 'driverDay'),
      ]);
      return { list, total };
    },
  });

  registerExport<PeriodFilter, DriverDayResult>(app, tag, {
    url: '/driver/oil/report/exportDetailList',
    method: 'POST',
    summary: '导出司机油耗明细（所有司机每天一行）',
    access: codes,
    input: periodFilter as unknown as z.ZodType<PeriodFilter>,
    title: '司机油耗明细',
    columns: DETAIL_COLUMNS,
    count: async (_db, auth, f) => (await details(auth, f)).length,
    rows: async function* (_db, auth, f, pageSize) {
      yield* inPages(await details(auth, f), pageSize);
    },
  });

  registerExport<z.output<typeof oneDriver>, DriverDayResult>(app, tag, {
    url: '/driver/oil/report/exportDetail',
    method: 'POST',
    summary: '导出一位司机的油耗明细（每天一行）',
    access: codes,
    input: oneDriver as unknown as z.ZodType<z.output<typeof oneDriver>>,
    title: '司机油耗明细',
    columns: DETAIL_COLUMNS,
    count: async (_db, auth, f) => (await details(auth, f)).length,
    rows: async function* (_db, auth, f, pageSize) {
      yield* inPages(await details(auth, f), pageSize);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/oil/report/detail/line',
    summary:
      '线路油耗：期间已完成的计划按线路统计（实际发车至到达之间该车行程的里程与油耗，部分在内的行程按时间比例计入）；可按线路、司机、车辆筛选',
    access: codes,
    labels: LABELS,
    body: lineFilter,
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const list = await lineResults(db, auth, body);
      return { list, total: list.length };
    },
  });
}
