import { DAY_MS, PLAN_STATE, SHANGHAI_OFFSET_MS } from '@fleet/domain';
import { type Insertable, type Kysely, sql } from 'kysely';
import { Rng } from '../../simulator/rng';
import type { Database } from '../schema';

/**
 * Days of past trips the demo seeds: the fuel reports' default period (the last 31 days) and the
 * period before it, which the cards compare with.
 */
export const DEMO_TRIP_DAYS = 62;

/**
 * The demo fleet's past trips, so that the fuel consumption, driver oil and mileage energy pages show
 * figures at first start (the roll-up job reads them when the app starts): every truck of the demo
 * drives on the days before today; a truck with a finished demo plan that day drives the plan (a trip
 * from its actual departure to its arrival) unless that day already has its trips (the oil-saving
 * demo's runs), otherwise one or two trips in the office's day. Trunk
 * trucks use about 30–38 L/100 km, city trucks 14–18 L, electric city trucks 38–46 kWh. One truck
 * of each fleet (the first) uses a fifth more than its peers: the outlier the reports show.
 * The last city diesel truck of the first merchant becomes a plug-in hybrid (fuel type 8, kwh+L):
 * 6–8 L and 26–32 kwh per 100 km, its trips recording both. The same trips for the same `now`.
 */
export async function seedDemoEnergy(tx: Kysely<Database>, now: number): Promise<number> {
  const trucks = await tx
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'driver_id', 'fuel_type', 'tank_capacity', 'car_no'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const hybridId = pickHybrid(trucks);
  if (hybridId !== null) {
    await tx.updateTable('truck').set({ fuel_type: HYBRID }).where('id', '=', hybridId).execute();
    for (const t of trucks) if (t.id === hybridId) t.fuel_type = HYBRID;
  }
  const plans = await tx
    .selectFrom('plan')
    .select(['truck_id', 'driver_id', 'departed_at', 'arrived_at'])
    .where('state', '=', PLAN_STATE.finished)
    .where('departed_at', 'is not', null)
    .where('arrived_at', 'is not', null)
    .execute();
  const planTrips = new Map<number, { start: number; end: number; driver: number | null }[]>();
  for (const p of plans) {
    if (p.truck_id === null) continue;
    const list = planTrips.get(p.truck_id) ?? [];
    list.push({ start: Number(p.departed_at), end: Number(p.arrived_at), driver: p.driver_id });
    planTrips.set(p.truck_id, list);
  }
  const today = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  // days that already have trips (the runs of the oil-saving demo): left as they are
  const stored = await tx
    .selectFrom('trip')
    .select(['truck_id', 'start_time'])
    .where('start_time', '>=', today - (DEMO_TRIP_DAYS + 1) * DAY_MS)
    .execute();
  const busy = new Set(
    stored.map((s) => `${s.truck_id}:${Math.floor((Number(s.start_time) - today) / DAY_MS)}`),
  );
  const firstOf = new Set<string>();
  const rows: Insertable<Database['trip']>[] = [];
  for (const t of trucks) {
    const rng = Rng.of('demo-energy', t.id, today);
    const trunk = (t.tank_capacity ?? 0) >= 300;
    const electric = t.fuel_type === 2;
    const heavy = firstOf.has(t.team_code) ? 1 : 1.2;
    firstOf.add(t.team_code);
    const hybrid = t.fuel_type === HYBRID;
    const per100 =
      (electric
        ? 38 + rng.next() * 8
        : hybrid
          ? 6 + rng.next() * 2
          : trunk
            ? 30 + rng.next() * 8
            : 14 + rng.next() * 4) * heavy;
    const speedKmh = trunk ? 55 + rng.next() * 15 : 28 + rng.next() * 10;
    const own = planTrips.get(t.id) ?? [];
    const add = (from: number, to: number, driver: number | null) => {
      const start = Math.round(from);
      const end = Math.round(to);
      if (end > now || end <= start) return;
      const km = ((end - start) / 3_600_000) * speedKmh * (0.9 + rng.next() * 0.2);
      const mileage = Math.round(km * 10);
      rows.push({
        merchant_id: t.merchant_id,
        team_code: t.team_code,
        truck_id: t.id,
        driver_id: driver,
        start_time: start,
        end_time: end,
        start_lat: 40_100_000 + Math.round(rng.next() * 500_000),
        start_lon: 110_000_000 + Math.round(rng.next() * 500_000),
        mileage,
        fuel_used: Math.round((mileage * per100 * (0.95 + rng.next() * 0.1)) / 100),
        max_speed: Math.round(speedKmh * 14),
        avg_speed: Math.round(speedKmh * 10),
      });
    };
    for (let d = DEMO_TRIP_DAYS; d >= 1; d--) {
      const dayStart = today - d * DAY_MS;
      if (busy.has(`${t.id}:${-d}`)) continue;
      const planned = own.filter((p) => p.start >= dayStart && p.start < dayStart + DAY_MS);
      if (planned.length > 0) {
        for (const p of planned) add(p.start, p.end, p.driver ?? t.driver_id);
        continue;
      }
      // a day off now and then
      if (rng.next() < 0.15) continue;
      const hour = 3_600_000;
      const first = dayStart + (7 + rng.next() * 2) * hour;
      add(first, first + (2.5 + rng.next() * 2) * hour, t.driver_id);
      if (rng.next() < 0.6) {
        const second = dayStart + (13 + rng.next()) * hour;
        add(second, second + (2 + rng.next() * 2.5) * hour, t.driver_id);
      }
    }
  }
  for (let i = 0; i < rows.length; i += 300)
    await tx
      .insertInto('trip')
      .values(rows.slice(i, i + 300))
      .execute();
  // the hybrid's electricity, 0.1 kwh: 26–32 kWh per 100 km
  if (hybridId !== null)
    await tx
      .updateTable('trip')
      .set({ power_used: sql<number>`(mileage * (26 + (id % 7))) / 100` })
      .where('truck_id', '=', hybridId)
      .where('end_time', 'is not', null)
      .execute();
  return rows.length;
}

const HYBRID = 8;

/** The last city (tank under 300 L) diesel truck of the first merchant, or null. */
function pickHybrid(
  trucks: { id: number; merchant_id: number; fuel_type: number; tank_capacity: number | null }[],
): number | null {
  const first = trucks[0]?.merchant_id;
  const city = trucks.filter(
    (t) => t.merchant_id === first && t.fuel_type === 3 && (t.tank_capacity ?? 0) < 300,
  );
  return city.at(-1)?.id ?? null;
}
