import type { TestApp } from '../../test/support';
import { scanFuelEvents } from './fuel-scan';

export const MIN = 60_000;
export const HOUR = 60 * MIN;

/**
 * A day of one truck's reports every 20 s: drive, a refuel of 200 L at a stop (with a cost record),
 * drive, a refuel of 120 L at another stop (no cost record), drive, park for the night with 50 L
 * siphoned; a refuel cost later in the night that never reached the tank.
 */
export function fuelDay(base: number) {
  const points: { time: number; speed: number; fuel: number; lat: number }[] = [];
  let litres = 150;
  let lat = 40_000_000;
  for (let s = 0; s <= 12 * 3600; s += 20) {
    const m = s / 60;
    const stops = [
      [60, 100],
      [220, 260],
      [400, 720],
    ] as const;
    const standing = stops.some(([a, b]) => m >= a && m < b);
    const speed = standing ? 0 : 70;
    if (!standing) {
      litres -= (70 / 180) * 0.3; // 30 L/100 km over 20 s at 70 km/h
      lat += 3500;
    }
    if (m >= 70 && m < 75) litres += 40 / 3; // 200 L in 5 min
    if (m >= 230 && m < 233) litres += 40 / 3; // 120 L in 3 min
    if (m >= 500 && m < 505) litres -= 10 / 3; // 50 L in 5 min
    const slosh = standing ? 0 : 3 * Math.sin(s / 7);
    points.push({ time: base + s * 1000, speed: speed * 10, fuel: Math.round((litres + slosh) * 10), lat });
  }
  return points;
}

/** The truck's positions replaced by `fuelDay(base)` (its earlier events and scan checkpoint gone). */
export async function writeFuelDay(
  t: TestApp,
  truckId: number,
  terminalId: number,
  base: number,
): Promise<void> {
  await t.db.db.updateTable('truck').set({ tank_capacity: 600 }).where('id', '=', truckId).execute();
  await t.db.db.deleteFrom('position').where('truck_id', '=', truckId).execute();
  await t.db.db.deleteFrom('fuel_event').where('truck_id', '=', truckId).execute();
  await t.db.db.deleteFrom('fuel_scan').where('truck_id', '=', truckId).execute();
  const rows = fuelDay(base).map((p) => ({
    truck_id: truckId,
    terminal_id: terminalId,
    time: p.time,
    received_at: p.time,
    lat: p.lat,
    lon: 116_000_000,
    speed: p.speed,
    fuel: p.fuel,
    mileage: null,
    extra: null,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await t.db.db
      .insertInto('position')
      .values(rows.slice(i, i + 200))
      .execute();
}

/**
 * The last truck of plates 冀B with a 600 L tank, its positions replaced by `day` ending 2 hours ago,
 * refuel costs for the 200 L refuel and one never filled, and its events scanned and reconciled.
 */
export async function fuelTruck(t: TestApp): Promise<{ truckId: number; base: number }> {
  const truck = await t.db.db
    .selectFrom('truck')
    .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
    .select(['truck.id', 'truck.merchant_id', 'truck.team_code', 'truck.terminal_id'])
    .where('truck.car_no', 'like', '冀B%')
    .orderBy('truck.id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const truckId = truck.id;
  const base = t.now() - 14 * HOUR;
  await writeFuelDay(t, truckId, truck.terminal_id as number, base);
  const cost = (at: number | null, litres: number, amountFen: number, date: string) => ({
    merchant_id: truck.merchant_id,
    team_code: truck.team_code,
    truck_id: truckId,
    cost_type: 1,
    cost_date: date,
    cost_at: Date.parse(`${date}T00:00:00+08:00`),
    occurred_at: at,
    amount: amountFen,
    quantity: litres * 100,
    unit_price: 750,
    place: '中石化呼和浩特站',
    source: 1,
    created_at: t.now(),
    updated_at: t.now(),
  });
  const date = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
  await t.db.db
    .insertInto('cost')
    .values([
      cost(base + 80 * MIN, 195, 146_250, date(base + 80 * MIN)),
      cost(base + 560 * MIN, 150, 112_500, date(base + 560 * MIN)),
    ])
    .execute();
  await scanFuelEvents(t.db.db, [truckId], t.now());
  return { truckId, base };
}
