import { COST_TYPE, DAY_MS, formatDate, startOfShanghaiDay } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { scanFuelEvents } from '../../modules/fuel/fuel-scan';
import type { Database } from '../schema';

// Demo fuel (issue 15): two past days of reports every 30 s of three 京A trunk trucks, ending two
// hours before the seed (the simulator drives on from there), with refuels at stops, a siphon one
// night, and the office's refuel costs: most match a refuel, one refuel has none, and one cost was
// paid on the second day while the tank never rose. The first scan runs here, so 加油记录 and
// 异常油耗 show findings at first start; the 5012 alarm of the siphon is seeded with it.

const MIN = 60_000;
const STEP_MS = 30_000;
const PRICE_FEN = 750;

interface Scenario {
  /** Minutes from the first report: [from, to) standing. */
  stops: [number, number][];
  /** Litres put in (positive) or taken (negative) at a minute, over `minutes`. */
  changes: { at: number; litres: number; minutes: number }[];
  /** Refuel costs: minute, litres. */
  costs: { at: number; litres: number; place: string }[];
  startLitres: number;
  siphonAlarmAt?: number;
}

const DAY2 = 1440;
const STOPS: [number, number][] = [
  [120, 165],
  [400, 460],
  [700, DAY2],
  [DAY2 + 120, DAY2 + 180],
  [DAY2 + 360, DAY2 + 420],
  [DAY2 + 560, DAY2 + 2000],
];

const SCENARIOS: Scenario[] = [
  {
    stops: STOPS,
    startLitres: 260,
    changes: [
      { at: 130, litres: 290, minutes: 6 },
      { at: DAY2 + 130, litres: 240, minutes: 5 },
    ],
    costs: [
      { at: 140, litres: 286, place: '中石化京藏高速怀来服务区加油站' },
      { at: DAY2 + 140, litres: 238, place: '中石油张家口宣化加油站' },
    ],
  },
  {
    stops: STOPS,
    startLitres: 220,
    changes: [
      { at: 410, litres: 260, minutes: 6 },
      { at: 1100, litres: -48, minutes: 6 },
    ],
    costs: [{ at: DAY2 + 390, litres: 200, place: '中石化集宁服务区加油站' }],
    siphonAlarmAt: 1103,
  },
  {
    stops: STOPS,
    startLitres: 450,
    changes: [{ at: DAY2 + 370, litres: 220, minutes: 5 }],
    costs: [{ at: DAY2 + 385, litres: 216, place: '中石化呼和浩特金桥加油站' }],
  },
];

/** Seeds the demo trucks' past fuel and its costs, then scans them; in the seed's transaction. */
export async function seedDemoFuel(tx: Kysely<Database>, adminId: number | null, now: number): Promise<void> {
  const trucks = await tx
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'terminal_id', 'driver_id'])
    .where('car_no', 'like', '京A%')
    .where('tank_capacity', '>=', 400)
    .where('terminal_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(SCENARIOS.length)
    .execute();
  const first = startOfShanghaiDay(new Date(now - 2 * DAY_MS)).getTime() + 6 * 60 * MIN;
  const last = now - 2 * 60 * MIN;
  const ids: number[] = [];
  for (const [i, truck] of trucks.entries()) {
    const s = SCENARIOS[i] as Scenario;
    ids.push(truck.id);
    let litres = s.startLitres;
    let lat = 40.3 + i * 0.05;
    let lon = 115.4 + i * 0.05;
    const rows = [];
    for (let time = first, k = 0; time <= last; time += STEP_MS, k++) {
      const m = (time - first) / MIN;
      const standing = s.stops.some(([a, b]) => m >= a && m < b);
      const speed = standing ? 0 : 62 + 10 * Math.sin(k / 40);
      if (!standing) {
        const km = (speed * STEP_MS) / 3_600_000;
        litres -= (km * 32) / 100;
        // along a road to the north-west and back each day
        const out = Math.floor(m / 720) % 2 === 0 ? 1 : -1;
        lat += (out * km) / 111 / 2;
        lon -= (out * km) / 85 / 1.2;
      }
      for (const c of s.changes)
        if (m >= c.at && m < c.at + c.minutes) litres += (c.litres * STEP_MS) / (c.minutes * MIN);
      const slosh = standing ? 0 : 2.5 * Math.sin(k * 1.7) + 1.5 * Math.sin(k * 0.6);
      rows.push({
        truck_id: truck.id,
        terminal_id: truck.terminal_id as number,
        time,
        received_at: time + 1000,
        lat: Math.round(lat * 1e6),
        lon: Math.round(lon * 1e6),
        speed: Math.round(speed * 10),
        direction: 300,
        status_bits: standing && m >= 700 ? 2 : 3,
        mileage: null,
        fuel: Math.max(0, Math.round((litres + slosh) * 10)),
        extra: null,
      });
    }
    for (let r = 0; r < rows.length; r += 500)
      await tx
        .insertInto('position')
        .values(rows.slice(r, r + 500))
        .execute();

    const costs = s.costs
      .map((c) => ({ ...c, time: first + c.at * MIN }))
      .filter((c) => c.time <= last)
      .map((c) => {
        const day = startOfShanghaiDay(new Date(c.time)).getTime();
        return {
          merchant_id: truck.merchant_id,
          team_code: truck.team_code,
          truck_id: truck.id,
          driver_id: truck.driver_id,
          cost_type: COST_TYPE.refuel,
          cost_date: formatDate(new Date(c.time)),
          cost_at: day,
          occurred_at: c.time,
          amount: c.litres * PRICE_FEN,
          quantity: c.litres * 100,
          unit_price: PRICE_FEN,
          pay_method: 1,
          place: c.place,
          remark: '油卡加油',
          source: 1,
          created_by: adminId,
          created_at: now,
          updated_at: now,
        };
      });
    if (costs.length > 0) await tx.insertInto('cost').values(costs).execute();
    if (s.siphonAlarmAt !== undefined) {
      const at = first + s.siphonAlarmAt * MIN;
      const row = rows.find((p) => p.time >= at);
      if (row)
        await tx
          .insertInto('alarm')
          .values({
            merchant_id: truck.merchant_id,
            team_code: truck.team_code,
            truck_id: truck.id,
            terminal_id: truck.terminal_id,
            driver_id: truck.driver_id,
            code: 5012,
            source: 2,
            level: 1,
            start_time: at,
            end_time: first + DAY2 * MIN,
            lat: row.lat,
            lon: row.lon,
            speed: 0,
            max_speed: 0,
            end_lat: row.lat,
            end_lon: row.lon,
            station_id: null,
            line_id: null,
            plan_id: null,
            detail: JSON.stringify({ beforeL: 0, afterL: 0, dropL: 48, minLitres: 20 }),
            media: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
    }
  }
  await scanFuelEvents(tx, ids, now);
  // the simulator's reports from now on are scanned from here: the seeded curve ended 2 h before
  if (ids.length > 0)
    await tx
      .updateTable('fuel_scan')
      .set({ scanned_until: now, updated_at: now })
      .where('truck_id', 'in', ids)
      .execute();
}
