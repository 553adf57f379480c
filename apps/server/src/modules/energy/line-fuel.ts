import { DAY_MS, fuelUnit, PLAN_STATE, parseDateTime } from '@fleet/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { notFound } from '../../http/envelope';
import { inReferenceScope, inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { per100 } from './energy.figures';
import { LINE_MISSING, withPeriod } from './energy.filters';

// 线路油耗 (司机油耗报表's line view): from the finished plans of the period, the fuel of the plan's
// truck's trips between the plan's actual departure and arrival (a trip partly inside counts by the
// share of its time inside), by line and unit.

type Db = AppContext['db'];

export const lineFilter = withPeriod({
  lineId: z.preprocess(
    blank,
    z.coerce.number({ error: '线路不正确' }).int().positive('线路不正确').optional(),
  ),
});
export type LineFilter = z.output<typeof lineFilter>;

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
