/**
 * Cost reports (成本中心, issue 15) for 2,000 trucks:
 *   a fresh database with the demo organisation and BENCH_TRUCKS (2,000) demo trucks; BENCH_DAYS
 *   (120) days of costs written in bulk through the table's triggers (which keep cost_day and
 *   cost_month): each truck a toll every day on one of its merchant's lines (another each week) and
 *   a refuel every other day on no line (about 360,000 costs), and the depreciation terms of every
 *   truck. Then, through real HTTP as the administrator (every truck) and the finance user (one
 *   team), p50 / p95 of: 成本分析 over the last 31 days by day and over a year by month (from the
 *   day and month sums, with depreciation), the same by line (groupBy line), the cost list of 31 days
 *   with its totals by type (first page and page 100), and one truck's costs. Target p95 < 500 ms.
 *   npm run bench:costs -w @fleet/bench                  (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_costs npm run bench:costs -w @fleet/bench
 * Settings (env): BENCH_TRUCKS (2000), BENCH_DAYS (120), BENCH_CALLS (20 a case).
 */
import { cpus, loadavg } from 'node:os';
import { formatDate, fromShanghai } from '@fleet/domain';
import { sql } from 'kysely';
import { type BenchTruck, bulkInsert, env, fmt, quantile, random, startReportBench } from './support';
import { signIn } from './waybills.support';

const TRUCKS = env('BENCH_TRUCKS', 2000);
const DAYS = env('BENCH_DAYS', 120);
const CALLS = env('BENCH_CALLS', 20);
const TARGET_MS = 500;
const DAY = 86_400_000;
const now = fromShanghai(2026, 11, 20, 16).getTime();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`Node ${process.version}; ${cpus().length} cores; load average at start ${load()}`);

const COST_COLUMNS = [
  'merchant_id',
  'team_code',
  'truck_id',
  'driver_id',
  'cost_type',
  'cost_date',
  'cost_at',
  'line_id',
  'occurred_at',
  'amount',
  'quantity',
  'unit_price',
  'pay_method',
  'source',
  'created_at',
  'updated_at',
];
const COST_KINDS = [
  'int',
  'text',
  'int',
  'int',
  'int',
  'text',
  'int8',
  'int',
  'int8',
  'int8',
  'int8',
  'int8',
  'int',
  'int',
  'int8',
  'int8',
];

interface Case {
  name: string;
  run: () => Promise<unknown>;
}

async function measure(title: string, cases: Case[]): Promise<{ slow: string[] }> {
  const rows = [];
  const slow: string[] = [];
  for (const c of cases) {
    for (let i = 0; i < 3; i++) await c.run();
    const times: number[] = [];
    let size = '';
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const data = (await c.run()) as { total?: number | { amount: string }; series?: unknown[] };
      times.push(performance.now() - started);
      size =
        typeof data.total === 'number'
          ? `${fmt(data.total)} rows`
          : `${data.series?.length ?? 0} periods, ¥${data.total?.amount ?? ''}`;
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
    `\n${title} (HTTP, ${CALLS} sequential calls a case after 3 warm-up calls), load average ${load()}`,
  );
  console.table(rows);
  return { slow };
}

async function main(): Promise<void> {
  const { fresh, database, base, trucks, close } = await startReportBench(TRUCKS, now);
  try {
    const rand = random(15);
    // each truck runs one of its merchant's lines a week (its tolls on it), its refuels on none
    const lines = new Map<number, number[]>();
    for (const l of await database.db
      .selectFrom('line')
      .select(['id', 'merchant_id'])
      .orderBy('id')
      .execute())
      lines.set(l.merchant_id, [...(lines.get(l.merchant_id) ?? []), l.id]);
    const lineOf = (t: BenchTruck, i: number, d: number) => {
      const own = lines.get(t.merchant_id) ?? [];
      return own.length ? (own[(i + Math.floor(d / 7)) % own.length] as number) : null;
    };
    await database.db.deleteFrom('cost').execute();
    await database.db.deleteFrom('cost_day').execute();
    await database.db.deleteFrom('cost_month').execute();

    let started = performance.now();
    let written = 0;
    for (let d = DAYS - 1; d >= 0; d--) {
      const at = now - d * DAY;
      const date = formatDate(new Date(at));
      const dayAt = fromShanghai(
        Number(date.slice(0, 4)),
        Number(date.slice(5, 7)),
        Number(date.slice(8, 10)),
      ).getTime();
      const rows: unknown[][] = [];
      for (const [i, t] of trucks.entries()) {
        const toll = 15_000 + Math.floor(rand() * 30_000);
        rows.push([
          t.merchant_id,
          t.team_code,
          t.id,
          t.driver_id,
          2,
          date,
          dayAt,
          lineOf(t, i, d),
          dayAt + 10 * 3_600_000,
          toll,
          null,
          null,
          1,
          1,
          at,
          at,
        ]);
        if ((i + d) % 2 === 0) {
          const litres = 15_000 + Math.floor(rand() * 25_000);
          const price = 730 + Math.floor(rand() * 81);
          const amount = Math.round((litres * price) / 100);
          rows.push([
            t.merchant_id,
            t.team_code,
            t.id,
            t.driver_id,
            1,
            date,
            dayAt,
            null,
            dayAt + 8 * 3_600_000,
            amount,
            litres,
            price,
            1,
            1,
            at,
            at,
          ]);
        }
      }
      await bulkInsert(database, 'cost', COST_COLUMNS, COST_KINDS, rows);
      written += rows.length;
    }
    const terms = trucks.map((t) => [
      t.id,
      t.merchant_id,
      t.team_code,
      40_000_000,
      '2024-03-15',
      60,
      2_000_000,
      now,
    ]);
    await bulkInsert(
      database,
      'truck_depreciation',
      [
        'truck_id',
        'merchant_id',
        'team_code',
        'purchase_price',
        'purchase_date',
        'life_months',
        'residual',
        'updated_at',
      ],
      ['int', 'int', 'text', 'int8', 'text', 'int', 'int8', 'int8'],
      terms,
    );
    if (fresh.name === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    const sums = await database.db
      .selectFrom('cost_day')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `\n${fmt(written)} costs (${fmt(trucks.length)} trucks × ${DAYS} days) with their triggers in ${((performance.now() - started) / 1000).toFixed(1)} s; ${fmt(Number(sums.n))} cost_day rows`,
    );

    const admin = await signIn(base, 'admin', 'Admin@123');
    const finance = await signIn(base, 'finance', 'Finance@123');
    const day = (offset: number) => formatDate(new Date(now + offset * DAY));
    const month = { startDate: day(-30), endDate: day(0) };
    const year = { startDate: day(-364), endDate: day(0) };
    const truck = trucks[0] as BenchTruck;
    const post = (who: typeof admin, url: string, body: object) => () => who.post(url, body);
    started = performance.now();
    const cases: Case[] = [
      {
        name: '成本分析 31 days by day',
        run: post(admin, '/miscellaneous/analysis', { ...month, periodType: 'day' }),
      },
      {
        name: '成本分析 31 days by month',
        run: post(admin, '/miscellaneous/analysis', { ...month, periodType: 'month' }),
      },
      {
        name: '成本分析 a year by month',
        run: post(admin, '/miscellaneous/analysis', { ...year, periodType: 'month' }),
      },
      {
        name: '成本分析 31 days by line',
        run: post(admin, '/miscellaneous/analysis', { ...month, periodType: 'day', groupBy: 'line' }),
      },
      {
        name: '成本分析 a year by line',
        run: post(admin, '/miscellaneous/analysis', { ...year, periodType: 'month', groupBy: 'line' }),
      },
      {
        name: '成本分析 finance (one team)',
        run: post(finance, '/miscellaneous/analysis', { ...month, periodType: 'day' }),
      },
      { name: '费用列表 31 days + totals', run: post(admin, '/miscellaneous/list/car', month) },
      {
        name: '费用列表 31 days, page 100',
        run: post(admin, '/miscellaneous/list/car', { ...month, pageNum: 100 }),
      },
      {
        name: '加油 31 days + totals',
        run: post(admin, '/miscellaneous/list/car', { ...month, costType: 1 }),
      },
      {
        name: '费用列表 one truck, 31 days',
        run: post(admin, '/miscellaneous/list/car', { ...month, truckId: truck.id }),
      },
    ];
    const { slow } = await measure(`cost reports of ${fmt(trucks.length)} trucks`, cases);
    console.log(
      slow.length
        ? `\nslower than ${TARGET_MS} ms at p95: ${slow.join(', ')}`
        : `\nevery p95 under ${TARGET_MS} ms`,
    );
  } finally {
    await close();
  }
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
