import { formatDateTime, fromShanghai, PLAN_STATE } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { inScope, type Scope } from '../../http/scope';

// A line's runs and their fuel: the finished plans of the line whose actual departure lies in the
// period, each run's mileage and litres summed from the truck's recorded trips that overlap the run
// (a trip starting before the actual arrival and ending after the actual departure). Read directly
// from plan and trip, bounded by the period; a run without a recorded trip has no figures.

type Db = Kysely<Database>;

/** One finished run of a line. Mileage 0.1 km, fuel 0.1 L; per100 L/100km (null without mileage). */
export interface LineRun {
  planId: number;
  lineId: number;
  planNo: string;
  truckId: number;
  carNo: string;
  series: string | null;
  driverId: number | null;
  driverName: string | null;
  departedAt: number;
  arrivedAt: number;
  mileage: number;
  fuel: number;
  trips: number;
  per100: number | null;
}

/** Start (inclusive) and end (exclusive) instants of a period of Shanghai days. */
export function periodBounds(startDate: string, endDate: string): [number, number] {
  const [y1, m1, d1] = startDate.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = endDate.split('-').map(Number) as [number, number, number];
  return [fromShanghai(y1, m1, d1).getTime(), fromShanghai(y2, m2, d2 + 1).getTime()];
}

/** L/100km of 0.1 L over 0.1 km, unrounded; null without mileage. */
export function per100(fuel: number, mileage: number): number | null {
  return mileage > 0 ? (fuel / mileage) * 100 : null;
}

/** One decimal, as litres are shown. */
export const oneDecimal = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10) / 10;

/** The q-quantile (0..1) of sorted values by linear interpolation between the closest ranks. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (at - lo);
}

export interface RunQuery {
  /** One line; every line of the caller's plans when left out. */
  lineId?: number;
  from: number;
  to: number;
  /** Only these trucks (monitoring); all trucks of the caller's scope when left out. */
  truckIds?: readonly number[];
  /** Only trucks of this series. */
  series?: string | null;
}

/** The finished runs of a line in the period, with their recorded mileage and fuel, oldest first. */
export async function lineRuns(db: Db, scope: Scope, q: RunQuery): Promise<LineRun[]> {
  if (q.truckIds && q.truckIds.length === 0) return [];
  let plans = db
    .selectFrom('plan')
    .innerJoin('truck', 'truck.id', 'plan.truck_id')
    .leftJoin('driver', 'driver.id', 'plan.driver_id')
    .select([
      'plan.id',
      'plan.plan_no',
      'plan.line_id',
      'plan.truck_id',
      'truck.car_no',
      'truck.series',
      'plan.driver_id',
      'driver.name as driver_name',
      'plan.departed_at',
      'plan.arrived_at',
    ])
    .where(inScope(scope, 'plan'))
    .where('plan.line_id', 'is not', null)
    .where('plan.state', '=', PLAN_STATE.finished)
    .where('plan.departed_at', '>=', q.from)
    .where('plan.departed_at', '<', q.to)
    .where('plan.arrived_at', 'is not', null);
  if (q.lineId) plans = plans.where('plan.line_id', '=', q.lineId);
  if (q.truckIds) plans = plans.where('plan.truck_id', 'in', [...q.truckIds]);
  if (q.series) plans = plans.where('truck.series', '=', q.series);
  const rows = await plans.orderBy('plan.departed_at').orderBy('plan.id').execute();
  if (rows.length === 0) return [];
  const truckIds = [...new Set(rows.map((r) => r.truck_id as number))];
  const first = Math.min(...rows.map((r) => Number(r.departed_at)));
  const last = Math.max(...rows.map((r) => Number(r.arrived_at)));
  const trips: {
    truck_id: number;
    start_time: number;
    end_time: number | null;
    mileage: number;
    fuel_used: number | null;
  }[] = [];
  for (let i = 0; i < truckIds.length; i += 500) {
    const part = await db
      .selectFrom('trip')
      .select(['truck_id', 'start_time', 'end_time', 'mileage', 'fuel_used'])
      .where('truck_id', 'in', truckIds.slice(i, i + 500))
      .where('start_time', '<', last)
      .where(sql<boolean>`coalesce(end_time, start_time) > ${first}`)
      .execute();
    trips.push(...part);
  }
  const byTruck = new Map<number, typeof trips>();
  for (const t of trips) {
    const list = byTruck.get(t.truck_id) ?? [];
    list.push(t);
    byTruck.set(t.truck_id, list);
  }
  return rows.map((r) => {
    const departedAt = Number(r.departed_at);
    const arrivedAt = Number(r.arrived_at);
    let mileage = 0;
    let fuel = 0;
    let count = 0;
    for (const t of byTruck.get(r.truck_id as number) ?? []) {
      const end = Number(t.end_time ?? t.start_time);
      if (Number(t.start_time) < arrivedAt && end > departedAt) {
        mileage += Number(t.mileage);
        fuel += Number(t.fuel_used ?? 0);
        count += 1;
      }
    }
    return {
      planId: r.id,
      lineId: r.line_id as number,
      planNo: r.plan_no,
      truckId: r.truck_id as number,
      carNo: r.car_no,
      series: r.series ?? null,
      driverId: r.driver_id,
      driverName: r.driver_name ?? null,
      departedAt,
      arrivedAt,
      mileage,
      fuel,
      trips: count,
      per100: count > 0 ? per100(fuel, mileage) : null,
    };
  });
}

/** Figures of a set of runs: totals, weighted average, best and worst run, as the API answers them. */
export function runFigures(runs: readonly LineRun[]) {
  const measured = runs.filter((r) => r.per100 !== null);
  const values = measured.map((r) => r.per100 as number).sort((a, b) => a - b);
  const mileage = measured.reduce((s, r) => s + r.mileage, 0);
  const fuel = measured.reduce((s, r) => s + r.fuel, 0);
  return {
    runs: runs.length,
    measuredRuns: measured.length,
    mileageKm: oneDecimal(mileage / 10) as number,
    fuelL: oneDecimal(fuel / 10) as number,
    average: oneDecimal(per100(fuel, mileage)),
    best: oneDecimal(values[0] ?? null),
    worst: oneDecimal(values[values.length - 1] ?? null),
    /** The 25th percentile of the runs' L/100km: what the better quarter of the runs achieve. */
    suggested: oneDecimal(quantile(values, 0.25)),
  };
}

/** A run as the API answers it. */
export function runView(r: LineRun) {
  return {
    planId: r.planId,
    planNo: r.planNo,
    truckId: r.truckId,
    carNo: r.carNo,
    series: r.series ?? '',
    driverId: r.driverId,
    driverName: r.driverName ?? '',
    departTime: formatDateTime(new Date(r.departedAt)),
    arriveTime: formatDateTime(new Date(r.arrivedAt)),
    durationMinutes: Math.round((r.arrivedAt - r.departedAt) / 60_000),
    mileageKm: oneDecimal(r.mileage / 10) as number,
    fuelL: oneDecimal(r.fuel / 10) as number,
    fuelPer100: oneDecimal(r.per100),
  };
}

/** The analysis of a line's history: every run, each truck's figures, and the whole. */
export function analyse(runs: readonly LineRun[]) {
  const trucks = new Map<number, LineRun[]>();
  for (const r of runs) trucks.set(r.truckId, [...(trucks.get(r.truckId) ?? []), r]);
  return {
    summary: { ...runFigures(runs), trucks: trucks.size },
    trucks: [...trucks.values()]
      .map((list) => {
        const first = list[0] as LineRun;
        return {
          truckId: first.truckId,
          carNo: first.carNo,
          series: first.series ?? '',
          ...runFigures(list),
        };
      })
      .sort((a, b) => (a.average ?? Infinity) - (b.average ?? Infinity)),
    runs: runs.map(runView),
  };
}
