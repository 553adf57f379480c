/**
 * Fuel and energy reports (issue 15) for 2,000 trucks from their daily figures (truck_day):
 *   a fresh database with the demo organisation and 2,000 demo trucks; first the roll-up itself:
 *   BENCH_TRIPS closed trips (10 a truck over 5 days, some over midnight) rolled up from scratch by
 *   rollUpTruckDays, then 1,000 more trips rolled up as the job does (by id after its checkpoint),
 *   each as ms per 1,000 trips; then truck_day is replaced by BENCH_DAYS (365) days of every truck
 *   (2,000 × 365 = 730,000 rows, a driver a truck), written in bulk.
 *   Then, through real HTTP as the administrator (the 1,600 trucks of the logistics merchant; the
 *   other 400 are the coal merchant's) and the dispatcher (one team), p50 /
 *   p95 of each report call over the last 31 days and over a year (the year's whole months read
 *   from truck_month, summed from the bulk-written days before the calls): 油耗统计 list, 油耗管家
 *   cards / summary / chart, 司机油耗 by driver and by day, 里程能耗报表, one truck's result.
 *   Target p95 < 500 ms each.
 *   npm run bench:energy-reports -w @fleet/bench                  (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_energy npm run bench:energy-reports -w @fleet/bench
 * Settings (env): BENCH_TRUCKS (2000), BENCH_DAYS (365), BENCH_TRIPS (20000), BENCH_CALLS (20 a case).
 */
import { cpus, loadavg } from 'node:os';
import { formatDate, fromShanghai } from '@fleet/domain';
import { dayOf, rollUpTruckDays } from '@fleet/server/src/modules/energy/roll-up';
import { writeMonths } from '@fleet/server/src/modules/energy/roll-up-write';
import { sql } from 'kysely';
import {
  bulkInsert,
  env,
  fmt,
  quantile,
  random,
  startReportBench,
  type BenchTruck as Truck,
} from './support';
import { signIn } from './waybills.support';

const TRUCKS = env('BENCH_TRUCKS', 2000);
const DAYS = env('BENCH_DAYS', 365);
const TRIPS = env('BENCH_TRIPS', 20_000);
const CALLS = env('BENCH_CALLS', 20);
const TARGET_MS = 500;
const DAY = 86_400_000;
const now = fromShanghai(2026, 11, 20, 16).getTime();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`Node ${process.version}; ${cpus().length} cores; load average at start ${load()}`);

const TRIP_COLUMNS = [
  'merchant_id',
  'team_code',
  'truck_id',
  'driver_id',
  'start_time',
  'end_time',
  'start_lat',
  'start_lon',
  'mileage',
  'fuel_used',
  'max_speed',
  'avg_speed',
];
const TRIP_KINDS = ['int', 'text', 'int', 'int', 'int8', 'int8', 'int', 'int', 'int', 'int', 'int', 'int'];

/** `count` trips spread over the trucks, `firstDay` days back, a few hours long (some over midnight). */
function trips(trucks: Truck[], count: number, firstDay: number, rand: () => number): unknown[][] {
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const t = trucks[i % trucks.length] as Truck;
    const start = now - firstDay * DAY + Math.floor(rand() * 5 * DAY);
    const hours = 1 + rand() * 5;
    const mileage = Math.round(hours * 60 * 10);
    rows.push([
      t.merchant_id,
      t.team_code,
      t.id,
      t.driver_id,
      start,
      Math.round(start + hours * 3_600_000),
      40_000_000,
      110_000_000,
      mileage,
      Math.round(mileage * 0.33),
      900,
      600,
    ]);
  }
  return rows;
}

async function measure(title: string, cases: Case[]): Promise<{ slow: string[] }> {
  const rows = [];
  const slow: string[] = [];
  // every case warmed up before any is measured (the first after the bulk write paid for the cache)
  for (const c of cases) for (let i = 0; i < 3; i++) await c.run();
  for (const c of cases) {
    const times: number[] = [];
    let size = '';
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const data = (await c.run()) as {
        total?: number;
        list?: unknown[];
        cards?: unknown[];
        days?: unknown[];
      };
      times.push(performance.now() - started);
      size =
        typeof data.total === 'number'
          ? `${fmt(data.total)} rows`
          : data.cards
            ? `${data.cards.length} cards`
            : `${data.days?.length ?? 0} days`;
    }
    times.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    if (p95 >= TARGET_MS) slow.push(c.name);
    rows.push({
      call: c.name,
      answer: size,
      'p50 ms': quantile(times, 0.5).toFixed(1),
      'p95 ms': p95.toFixed(1),
      'max ms': (times.at(-1) ?? 0).toFixed(1),
    });
  }
  console.log(
    `\n${title} (HTTP, ${CALLS} sequential calls a case after 3 warm-up calls of every case), load average ${load()}`,
  );
  console.table(rows);
  return { slow };
}

interface Case {
  name: string;
  run: () => Promise<unknown>;
}

async function main(): Promise<void> {
  const { fresh, database, base, trucks, close } = await startReportBench(TRUCKS, now);
  try {
    const rand = random(15);

    // the roll-up: from scratch, then as the job does after its checkpoint
    await database.db.deleteFrom('trip').execute();
    await database.db.deleteFrom('truck_day').execute();
    await bulkInsert(database, 'trip', TRIP_COLUMNS, TRIP_KINDS, trips(trucks, TRIPS, 10, rand));
    const before = await database.db
      .selectFrom('trip')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    let started = performance.now();
    const full = await rollUpTruckDays(database.db, 0, { now });
    const fullMs = performance.now() - started;
    await bulkInsert(database, 'trip', TRIP_COLUMNS, TRIP_KINDS, trips(trucks, 1000, 12, rand));
    started = performance.now();
    const late = await rollUpTruckDays(database.db, now, { afterTripId: Number(before.id), now });
    const lateMs = performance.now() - started;
    console.log(
      `\nroll-up from scratch: ${fmt(full.trips)} trips, ${fmt(full.days)} truck days in ${fullMs.toFixed(0)} ms ` +
        `= ${((fullMs / full.trips) * 1000).toFixed(1)} ms per 1,000 trips`,
    );
    console.log(
      `roll-up after the checkpoint: ${fmt(late.trips)} new trips (${fmt(late.days)} truck days recomputed from all their trips) ` +
        `in ${lateMs.toFixed(0)} ms = ${((lateMs / late.trips) * 1000).toFixed(1)} ms per 1,000 trips`,
    );

    // a year of daily figures of every truck
    await database.db.deleteFrom('truck_day').execute();
    started = performance.now();
    const today = dayOf(now);
    const names = [
      'truck_id',
      'day',
      'driver_id',
      'merchant_id',
      'team_code',
      'mileage',
      'fuel_used',
      'drive_seconds',
      'trips',
      'refuel',
      'drain',
      'updated_at',
    ];
    const kinds = ['int', 'int', 'int', 'int', 'text', 'int8', 'int8', 'int8', 'int', 'int8', 'int8', 'int8'];
    let written = 0;
    for (let d = DAYS - 1; d >= 0; d--) {
      const day = dayOf(now - d * DAY);
      const rows = trucks.map((t) => {
        const mileage = Math.round((150 + rand() * 450) * 10);
        return [
          t.id,
          day,
          t.driver_id ?? 0,
          t.merchant_id,
          t.team_code,
          mileage,
          Math.round(mileage * (0.28 + rand() * 0.1)),
          Math.round((mileage / 600) * 3600),
          1 + Math.floor(rand() * 3),
          rand() < 0.2 ? 3000 : 0,
          0,
          now,
        ];
      });
      await bulkInsert(database, 'truck_day', names, kinds, rows);
      written += rows.length;
    }
    if (fresh.name === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    console.log(
      `\n${fmt(written)} truck_day rows (${fmt(trucks.length)} trucks × ${DAYS} days to ${today}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // the month sums of the bulk-written days, as the roll-up keeps them (truck_month, 0044)
    started = performance.now();
    await writeMonths(database.db, null, now);
    if (fresh.name === 'postgres') await sql`vacuum analyze truck_month`.execute(database.db);
    else await sql`analyze truck_month`.execute(database.db);
    console.log(`truck_month summed from them in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const admin = await signIn(base, 'admin', 'Admin@123');
    const dispatch = await signIn(base, 'dispatch', 'Dispatch@123');
    const day = (offset: number) => formatDate(new Date(now + offset * DAY));
    const month = { startDate: day(-30), endDate: day(0) };
    const year = { startDate: day(-364), endDate: day(0) };
    const truck = trucks[0] as Truck;
    const get = async (url: string, query: Record<string, string | number>) => {
      const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const answer = await fetch(`${base}${url}?${q}`, { headers: { 'auth-token': admin.token } });
      const json = (await answer.json()) as { code: number; msg: string; data: unknown };
      if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    };
    const post = (who: typeof admin, url: string, body: object) => () => who.post(url, body);
    const cases: Case[] = [
      { name: '油耗统计 /fuel/resultList 31 days', run: post(admin, '/fuel/resultList', month) },
      {
        name: '油耗统计 31 days, page 100',
        run: post(admin, '/fuel/resultList', { ...month, pageNum: 100 }),
      },
      { name: '油耗统计 a year (365 days)', run: post(admin, '/fuel/resultList', year) },
      {
        name: '油耗统计 a year, page 100',
        run: post(admin, '/fuel/resultList', { ...year, pageNum: 100 }),
      },
      { name: '油耗统计 a year, dispatcher', run: post(dispatch, '/fuel/resultList', year) },
      { name: '油耗管家 cards a year', run: post(admin, '/fule/manager/cards', year) },
      {
        name: '油耗管家 summary by team a year',
        run: post(admin, '/fule/manager/summary/result', { ...year, groupBy: 'team' }),
      },
      { name: '司机油耗 by driver a year', run: post(admin, '/driver/oil/report/page', year) },
      {
        name: '里程能耗报表 a year',
        run: post(admin, '/v2/web/reprot/vehicle/milReport/list', year),
      },
      { name: '油耗统计 dispatcher (one team)', run: post(dispatch, '/fuel/resultList', month) },
      { name: '油耗管家 cards (and the 31 days before)', run: post(admin, '/fule/manager/cards', month) },
      {
        name: '油耗管家 summary by team',
        run: post(admin, '/fule/manager/summary/result', { ...month, groupBy: 'team' }),
      },
      {
        name: '油耗管家 summary by series',
        run: post(admin, '/fule/manager/summary/result', { ...month, groupBy: 'series' }),
      },
      { name: '油耗管家 chart by day', run: post(admin, '/fule/manager/analyse/chart', month) },
      { name: '司机油耗 by driver', run: post(admin, '/driver/oil/report/page', month) },
      { name: '司机油耗 by driver and day', run: post(admin, '/driver/oil/report/detail/page', month) },
      {
        name: '里程能耗报表 milReport/list',
        run: post(admin, '/v2/web/reprot/vehicle/milReport/list', month),
      },
      {
        name: '油耗结果 GET /fuel/resultInfo one truck',
        run: () => get('/fuel/resultInfo', { truckId: truck.id, ...month }),
      },
    ];
    const { slow } = await measure(`Fuel and energy reports on ${fresh.name}`, cases);
    console.log(
      slow.length
        ? `p95 over ${TARGET_MS} ms: ${slow.join('; ')}`
        : `every call's p95 is under ${TARGET_MS} ms (target)`,
    );
  } finally {
    await close();
  }
}

await main();
process.exit(0);
