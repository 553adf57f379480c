import { formatDate, formatDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { inReferenceScope, inScope } from '../../http/scope';
import { checkStatisticsPeriod, statisticsPeriod } from '../../records/period-sums';
import { oneDecimal } from './oil-saving.analysis';

// 线路节油计划 (car050209, its add and edit pages), 线路节油监控 (car050105) and 线路节油分析
// (car100107): a target fuel per 100 km for a line (and optionally a truck series) over a period,
// the line's history analysed from the finished plans and the trucks' recorded trips, and the runs of
// the monitored trucks against the target, flagged above target × (1 + tolerance). Here the plans as
// stored and shown, shared by the plan, analysis and monitoring routes.

export const TAG = '线路节油';
export const PLAN_CODES = ['car050209'] as const;
export const READ_CODES = ['car050209', 'car050105', 'car100107'] as const;
export const MONITOR_CODES = ['car050105', 'car050209'] as const;
export const ANALYSIS_CODES = ['car050209', 'car100107'] as const;
export const PLAN_MISSING = '节油计划不存在或无权操作';
export const LINE_MISSING = '线路不存在或无权操作';
export const TRUCK_MISSING = '车辆不存在或无权操作';
export const MONITOR_MISSING = '监控车辆不存在或无权操作';

type Db = Kysely<Database>;

export const LABELS = {
  lineId: '线路',
  truckSeries: '车系',
  targetFuel: '目标油耗',
  tolerance: '允许偏差',
  startDate: '开始日期',
  endDate: '结束日期',
  remark: '备注',
  planId: '节油计划',
  truckIds: '监控车辆',
  truckId: '车辆',
  onlyOver: '只看超标',
};

export const blank = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const planFields = z
  .object({
    lineId: idField('请选择线路'),
    truckSeries: optionalText(64),
    targetFuel: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: '请输入目标油耗' })
        .min(0.1, '应为0.1至100之间的数字')
        .max(100, '应为0.1至100之间的数字')
        .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, '最多一位小数'),
    ),
    tolerance: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 5 : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: '应为0至100之间的整数' })
        .int('应为0至100之间的整数')
        .min(0, '应为0至100之间的整数')
        .max(100, '应为0至100之间的整数'),
    ),
    startDate: statisticsPeriod.startDate,
    endDate: statisticsPeriod.endDate,
    remark: optionalText(200),
  })
  .superRefine(checkStatisticsPeriod);
export type PlanForm = z.output<typeof planFields>;

export interface PlanRow {
  id: number;
  team_code: string;
  line_id: number;
  truck_series: string | null;
  target_fuel: number;
  tolerance: number;
  start_date: string;
  end_date: string;
  remark: string | null;
  created_at: number;
  updated_at: number;
  line_name: string | null;
}

export const planQuery = (db: Db, auth: AuthContext) =>
  db
    .selectFrom('fuel_efficient_plan as p')
    .leftJoin('line', 'line.id', 'p.line_id')
    .select([
      'p.id',
      'p.team_code',
      'p.line_id',
      'p.truck_series',
      'p.target_fuel',
      'p.tolerance',
      'p.start_date',
      'p.end_date',
      'p.remark',
      'p.created_at',
      'p.updated_at',
      'line.name as line_name',
    ])
    .where(inScope(auth.scope, 'p'))
    .where('p.deleted_at', 'is', null);

/** The caller's plan `id`; refused naming the field `label` when given (a plan named in a body). */
export async function planOf(db: Db, auth: AuthContext, id: number, label?: string): Promise<PlanRow> {
  const row = await planQuery(db, auth).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw badInput(label ? `${label}: ${PLAN_MISSING}` : PLAN_MISSING);
  return row as PlanRow;
}

/** The line's station rows as the plan form shows them (routeStationDTOList). */
export async function stationsOf(db: Db, lineIds: readonly number[]) {
  const byLine = new Map<number, ReturnType<typeof stationView>[]>();
  if (lineIds.length === 0) return byLine;
  const rows = await db
    .selectFrom('line_station')
    .leftJoin('station', 'station.id', 'line_station.station_id')
    .select([
      'line_station.line_id',
      'line_station.seq',
      'line_station.station_type',
      'line_station.station_id',
      'line_station.address',
      'line_station.distance',
      'line_station.running_hours',
      'line_station.running_mins',
      'station.name as station_name',
    ])
    .where('line_station.line_id', 'in', [...new Set(lineIds)])
    .orderBy('line_station.line_id')
    .orderBy('line_station.seq')
    .execute();
  for (const r of rows) byLine.set(r.line_id, [...(byLine.get(r.line_id) ?? []), stationView(r)]);
  return byLine;
}

function stationView(r: {
  seq: number;
  station_type: number;
  station_id: number | null;
  address: string;
  distance: number;
  running_hours: number;
  running_mins: number;
  station_name: string | null;
}) {
  return {
    seq: r.seq,
    stationType: r.station_type,
    stationId: r.station_id,
    stationName: r.station_name ?? r.address,
    address: r.address,
    distanceKm: oneDecimal(Number(r.distance) / 1000) as number,
    runningHours: Number(r.running_hours),
    runningMins: Number(r.running_mins),
  };
}

/** Shanghai today 'YYYY-MM-DD'. */
const today = (now: number) => formatDate(new Date(now));

function periodState(
  p: { start_date: string; end_date: string },
  now: number,
): { state: number; stateName: string } {
  const day = today(now);
  if (day < p.start_date) return { state: 1, stateName: '未开始' };
  if (day > p.end_date) return { state: 3, stateName: '已结束' };
  return { state: 2, stateName: '进行中' };
}

export function planView(p: PlanRow, now: number) {
  return {
    id: p.id,
    teamCode: p.team_code,
    lineId: p.line_id,
    lineName: p.line_name ?? '',
    truckSeries: p.truck_series ?? '',
    targetFuel: p.target_fuel / 10,
    tolerance: p.tolerance,
    startDate: p.start_date,
    endDate: p.end_date,
    remark: p.remark ?? '',
    ...periodState(p, now),
    createTime: formatDateTime(new Date(Number(p.created_at))),
    updateTime: formatDateTime(new Date(Number(p.updated_at))),
  };
}

/** The line `lineId` if the caller may use it, else refused naming the field 线路. */
export async function usableLine(db: Db, auth: AuthContext, lineId: number) {
  const line = await db
    .selectFrom('line')
    .select(['id', 'name', 'team_code'])
    .where(inReferenceScope(auth.scope, 'line'))
    .where('deleted_at', 'is', null)
    .where('id', '=', lineId)
    .executeTakeFirst();
  if (!line) throw badInput(`${LABELS.lineId}: ${LINE_MISSING}`);
  return line;
}

export const planColumns = (f: PlanForm) => ({
  line_id: f.lineId,
  truck_series: f.truckSeries,
  target_fuel: Math.round(f.targetFuel * 10),
  tolerance: f.tolerance,
  start_date: f.startDate,
  end_date: f.endDate,
  remark: f.remark,
});

/** Active monitors of plans, with the truck's plate and series. */
export async function monitorsOf(db: Db, auth: AuthContext, planIds: readonly number[], activeOnly = true) {
  if (planIds.length === 0) return [];
  let q = db
    .selectFrom('fuel_efficient_monitor as m')
    .innerJoin('truck', 'truck.id', 'm.truck_id')
    .select([
      'm.id',
      'm.plan_id',
      'm.truck_id',
      'm.state',
      'm.created_at',
      'm.cancelled_at',
      'truck.car_no',
      'truck.series',
    ])
    .where(inScope(auth.scope, 'm'))
    .where('m.plan_id', 'in', [...planIds]);
  if (activeOnly) q = q.where('m.state', '=', 1);
  return q.orderBy('m.id').execute();
}

/**
 * Refuses a second plan of the caller's scope for the same line and truck series (or both without
 * one) whose period overlaps: its runs would be monitored twice against two targets.
 */
export async function checkOverlap(db: Db, auth: AuthContext, f: PlanForm, exceptId?: number): Promise<void> {
  let q = planQuery(db, auth)
    .where('p.line_id', '=', f.lineId)
    .where('p.start_date', '<=', f.endDate)
    .where('p.end_date', '>=', f.startDate);
  q = f.truckSeries
    ? q.where('p.truck_series', '=', f.truckSeries)
    : q.where((eb) => eb.or([eb('p.truck_series', 'is', null), eb('p.truck_series', '=', '')]));
  if (exceptId) q = q.where('p.id', '!=', exceptId);
  const other = await q.orderBy('p.start_date').executeTakeFirst();
  if (other)
    throw badInput(
      `${LABELS.endDate}: 该线路${f.truckSeries ? `（车系${f.truckSeries}）` : ''}在${other.start_date}至${other.end_date}已有节油计划，计划周期不能重叠`,
    );
}
