/**
 * 智能分配 (issue 13): proposals of a truck and driver for each open order.
 *   rank  the pure ranking (`rankAssignments`) of 200 open orders over 2,000 trucks and 2,000
 *         drivers written in memory (positions around Beijing and Tianjin, 10 % of trucks busy in
 *         the window, some certificates run out, half of the drivers with trips in the last day):
 *         median and p95 over repeats (target under 1 s);
 *   http  the whole `POST /api/plan/assign/auto` through real HTTP on a fresh SQLite database with
 *         the same sizes stored: the demo seed topped up to 2,000 trucks of the first merchant, 200
 *         open orders on its lines, a latest state per truck, busy plans and trips; median and p95.
 *   npm run bench:auto-assign -w @fleet/bench
 * Settings (env): BENCH_ORDERS (200), BENCH_TRUCKS (2000), BENCH_REPEATS (30 rank, a third of it http).
 */
import { cpus, loadavg } from 'node:os';
import { fromShanghai } from '@fleet/domain';
import type { Db } from '@fleet/server/src/db/connection';
import {
  type RankDriver,
  type RankOrder,
  type RankTruck,
  rankAssignments,
} from '@fleet/server/src/modules/plan-assign/rank';
import { env, fmt, freshDatabase, median, quantile, random, startHttpServer } from './support';
import { signIn } from './waybills.support';

const ORDERS = env('BENCH_ORDERS', 200);
const TRUCKS = env('BENCH_TRUCKS', 2000);
const REPEATS = env('BENCH_REPEATS', 30);
const H = 3600_000;
const now = fromShanghai(2026, 11, 20, 10).getTime();
const depart = now + 2 * H;
const rnd = random(13);
/** A point in the box around Beijing and Tianjin, microdegrees. */
const point = () => ({
  lat: Math.round((38.6 + rnd() * 1.8) * 1e6),
  lon: Math.round((115.6 + rnd() * 2.8) * 1e6),
});
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${median(sorted).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (${values.length} runs)`;
};

console.log(
  `Node ${process.version}; ${cpus().length} cores; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// --- the ranking alone --------------------------------------------------------------------------

function memoryFleet() {
  const teams = ['T01', 'T02', 'T03', 'T04', 'T05', 'T06', 'T07', 'T08'];
  const orders: RankOrder[] = Array.from({ length: ORDERS }, (_, i) => {
    const start = point();
    const at = depart + (i % 12) * H;
    return {
      id: i + 1,
      orderNo: `DD${i + 1}`,
      departAt: at,
      arriveAt: at + (2 + (i % 5)) * H,
      startLat: start.lat,
      startLon: start.lon,
      tripKg: 25_000 + (i % 6) * 5_000,
      closed: null,
    };
  });
  const trucks: RankTruck[] = Array.from({ length: TRUCKS }, (_, i) => {
    const p = point();
    return {
      id: i + 1,
      carNo: `津B${String(i).padStart(5, '0')}`,
      teamCode: teams[i % teams.length] as string,
      loadKg: i % 10 === 0 ? 4_500 : 49_000,
      driverId: i + 1,
      certificates: [
        { name: '行驶证', expiry: i % 50 === 0 ? '2026-11-01' : '2028-01-01' },
        { name: '保险', expiry: '2027-06-30' },
      ],
      lat: i % 40 === 0 ? null : p.lat,
      lon: i % 40 === 0 ? null : p.lon,
      seenAt: now - (i % 60) * 60_000,
      online: i % 4 !== 0,
      busy: i % 10 === 3 ? [[depart - H, depart + 6 * H]] : [],
    };
  });
  const drivers: RankDriver[] = Array.from({ length: TRUCKS + 200 }, (_, i) => ({
    id: i + 1,
    name: `司机${i + 1}`,
    teamCode: teams[i % teams.length] as string,
    status: 1,
    licenseExpiry: i % 70 === 0 ? '2026-10-01' : '2029-01-01',
    qualificationExpiry: null,
    busy: [],
    trips: i % 2 === 0 ? [{ start: depart - (3 + (i % 7)) * H, end: depart - (1 + (i % 3)) * H }] : [],
    fatigue: { enabled: true, alarmMinutes: 240, restMinutes: 20 },
  }));
  return { orders, trucks, drivers };
}

function rankPart() {
  const { orders, trucks, drivers } = memoryFleet();
  const times: number[] = [];
  let last = rankAssignments(orders, trucks, drivers);
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    last = rankAssignments(orders, trucks, drivers);
    times.push(performance.now() - t0);
  }
  console.log(
    `rank  ${ORDERS} orders × ${TRUCKS} trucks (${drivers.length} drivers): ${stats(times)}; ` +
      `${last.proposals.length} proposals, ${last.unassigned.length} orders without a truck`,
  );
  const example = last.proposals[0];
  if (example)
    console.log(
      `      e.g. ${example.orderNo} → ${example.carNo} ${example.driverName}: ${example.reasons.join('、')}`,
    );
  const none = last.unassigned[0];
  if (none) console.log(`      e.g. ${none.orderNo}: ${none.reason}`);
}

// --- the whole call through HTTP ----------------------------------------------------------------

/** Tops the first merchant up to `TRUCKS` trucks with bound drivers, and stores the rest. */
async function prepare(database: Db): Promise<void> {
  const db = database.db;
  const merchantId = (await db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
  const teams = (
    await db.selectFrom('team').select('team_code').where('merchant_id', '=', merchantId).execute()
  )
    .map((t) => t.team_code)
    .filter((c) => c.length > 7);
  const count = Number(
    (
      await db
        .selectFrom('truck')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
  for (let start = count; start < TRUCKS; start += 500) {
    const n = Math.min(500, TRUCKS - start);
    await db.transaction().execute(async (tx) => {
      const rows = Array.from({ length: n }, (_, k) => ({
        i: start + k,
        team: teams[(start + k) % teams.length] as string,
      }));
      const drivers = await tx
        .insertInto('driver')
        .values(
          rows.map((r) => ({
            merchant_id: merchantId,
            team_code: r.team,
            name: `司机${r.i}`,
            phone: String(16_000_000_000 + r.i),
            license_expiry: '2029-12-31',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      await tx
        .insertInto('truck')
        .values(
          rows.map((r, k) => ({
            merchant_id: merchantId,
            team_code: r.team,
            car_no: `冀F${String(r.i).padStart(5, '0')}`,
            vin: `BENCHASSIGN${String(r.i).padStart(6, '0')}`,
            load_capacity: r.i % 10 === 0 ? 4_500 : 49_000,
            driver_id: drivers[k]?.id ?? null,
            driving_license_expiry: r.i % 50 === 0 ? '2026-11-01' : '2028-12-31',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    });
  }
  const trucks = await db
    .selectFrom('truck')
    .select(['id', 'driver_id', 'team_code', 'terminal_id'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .execute();
  await db.deleteFrom('vehicle_state').execute();
  for (let i = 0; i < trucks.length; i += 500) {
    await db
      .insertInto('vehicle_state')
      .values(
        trucks.slice(i, i + 500).map((t, k) => ({
          truck_id: t.id,
          terminal_id: t.terminal_id ?? 0,
          time: now - ((i + k) % 60) * 60_000,
          received_at: now,
          ...point(),
          online: (i + k) % 4 === 0 ? 0 : 1,
          mileage: null,
          fuel: null,
          driver_id: null,
        })),
      )
      .execute();
  }
  const busy = trucks.filter((_, i) => i % 10 === 3);
  for (let i = 0; i < busy.length; i += 200)
    await db
      .insertInto('plan')
      .values(
        busy.slice(i, i + 200).map((t, k) => ({
          merchant_id: merchantId,
          team_code: t.team_code,
          plan_no: `JHBENCH${String(i + k).padStart(6, '0')}`,
          state: 1,
          truck_id: t.id,
          driver_id: t.driver_id,
          planned_depart_at: depart - H,
          planned_arrive_at: depart + 6 * H,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  const driving = trucks.filter((t, i) => i % 2 === 0 && t.driver_id !== null);
  for (let i = 0; i < driving.length; i += 300)
    await db
      .insertInto('trip')
      .values(
        driving.slice(i, i + 300).map((t, k) => ({
          merchant_id: merchantId,
          team_code: t.team_code,
          truck_id: t.id,
          driver_id: t.driver_id,
          start_time: now - (3 + ((i + k) % 7)) * H,
          end_time: now - (1 + ((i + k) % 3)) * H,
          start_lat: 39_000_000,
          start_lon: 117_000_000,
        })),
      )
      .execute();
  const lines = await db
    .selectFrom('line')
    .select(['id', 'team_code', 'customer_id'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const customer = await db
    .selectFrom('customer')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  await db.updateTable('transport_order').set({ status: 2 }).where('merchant_id', '=', merchantId).execute();
  await db
    .insertInto('transport_order')
    .values(
      Array.from({ length: ORDERS }, (_, i) => {
        const line = lines[i % lines.length] as (typeof lines)[number];
        return {
          merchant_id: merchantId,
          team_code: line.team_code,
          order_no: `DDBENCH${String(i).padStart(5, '0')}`,
          customer_id: line.customer_id ?? customer.id,
          line_id: line.id,
          cargo: '动力煤',
          quantity_unit: 1,
          quantity: 1_000_000,
          start_at: now,
          end_at: now + 10 * 24 * H,
          status: 1,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .execute();
  console.log(
    `http  prepared: ${fmt(trucks.length)} trucks, ${fmt(busy.length)} busy, ${fmt(driving.length)} trips, ${ORDERS} orders on ${lines.length} lines`,
  );
}

async function httpPart() {
  const fresh = await freshDatabase(null);
  const database = fresh.open();
  const { app, base } = await startHttpServer(fresh, database, { seedDemoWaybills: false, now: () => now });
  try {
    await prepare(database);
    const admin = await signIn(base, 'admin', 'Admin@123');
    const body = { departTime: '2026-11-20 12:00:00', tons: '30' };
    type Answer = {
      proposals: { reasons: string[] }[];
      unassigned: { reason: string }[];
      trucks: number;
      rankMs: number;
    };
    await admin.post<Answer>('/plan/assign/auto', body);
    const times: number[] = [];
    const ranks: number[] = [];
    let last: Answer | null = null;
    for (let i = 0; i < Math.max(5, Math.round(REPEATS / 3)); i++) {
      const t0 = performance.now();
      last = await admin.post<Answer>('/plan/assign/auto', body);
      times.push(performance.now() - t0);
      ranks.push(last.rankMs);
    }
    console.log(`http  POST /plan/assign/auto over ${last?.trucks} trucks: ${stats(times)}`);
    console.log(`      of which the ranking in the server: ${stats(ranks)}`);
    console.log(
      `      ${last?.proposals.length} proposals, ${last?.unassigned.length} orders without a truck`,
    );
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
}

rankPart();
await httpPart();
process.exit(0);
