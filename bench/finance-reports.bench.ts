/**
 * Finance reports (issue 14) over 1,000,000 fee rows on a fresh database:
 *   250,000 waybills of a year (1,000 trucks, both demo merchants, customers by a Zipf-like
 *   popularity, about 96 % completed) with four fees each (an income fee 时效罚款 and the costs
 *   装车费, 过路过桥费, 油费, in every approval and payment state), written in bulk. On SQLite the
 *   tables kept by the database's triggers (bill_receive, fee_payable, fee_day and their day and
 *   month sums) are kept as the fees are written, as in use; on PostgreSQL, whose per-row triggers
 *   take over ten minutes for a million fees, the fees are written with the triggers off
 *   (session_replication_role replica) and those tables are then written by the migrations' own
 *   back-fills, to the same rows.
 *   Then, through real HTTP as the administrator and as the finance user of one team, p50 / p95 of
 *     应收对账  POST /colliery/waybill/billReceiveReport (first page with the totals row) and
 *               POST /colliery/waybill/billReceiveStatistics (by customer and month or day),
 *     and, when the payments module is registered, its fee reports
 *               POST /colliery/waybill/fee/tc/billFeeDealReport, billFeeDealStatistics, feeDetails.
 *   Target p95 < 300 ms each.
 *   npm run bench:finance-reports -w @fleet/bench                  (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_finance npm run bench:finance-reports -w @fleet/bench
 * Settings (env): BENCH_FEE_ROWS (1000000), BENCH_FEES_PER_WAYBILL (4), BENCH_CALLS (20 a case).
 */
import { cpus, loadavg } from 'node:os';
import { formatDate, fromShanghai } from '@fleet/domain';
import type { Db } from '@fleet/server/src/db/connection';
import * as payments from '@fleet/server/src/db/migrations/0034_payments';
import * as receivables from '@fleet/server/src/db/migrations/0035_receivables';
import * as receivableDays from '@fleet/server/src/db/migrations/0035_receivables_day';
import * as receivableMonths from '@fleet/server/src/db/migrations/0035_receivables_month';
import * as payableDays from '@fleet/server/src/db/migrations/0037_payable_day';
import * as payableMonths from '@fleet/server/src/db/migrations/0037_payable_month';
import { sql } from 'kysely';
import { env, fmt, freshDatabase, quantile, random, startHttpServer } from './support';
import { addWaybillReference, addWaybills, type MerchantRefs, signIn } from './waybills.support';

const FEE_ROWS = env('BENCH_FEE_ROWS', 1_000_000);
const PER_WAYBILL = env('BENCH_FEES_PER_WAYBILL', 4);
const WAYBILLS = Math.ceil(FEE_ROWS / PER_WAYBILL);
const CALLS = env('BENCH_CALLS', 20);
const TRUCKS = 1000;
const DAYS = 365;
const TARGET_MS = 300;
const now = fromShanghai(2026, 11, 20, 16).getTime();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`Node ${process.version}; ${cpus().length} cores; load average at start ${load()}`);

/** The fees written on each waybill: built-in type names, amounts around these fen. */
const FEES = [
  { name: '时效罚款', fen: 20_000 },
  { name: '装车费', fen: 15_000 },
  { name: '过路过桥费', fen: 80_000 },
  { name: '油费', fen: 150_000 },
];

/** `PER_WAYBILL` fees on every waybill, in bulk: 1 待审核, 2 已审核, 3 已驳回 or 4 已支付 by age. */
async function addFees(db: Db, q: Db['db'], onProgress: (done: number) => void): Promise<number> {
  const types = await q
    .selectFrom('fee_type')
    .select(['id', 'merchant_id', 'fee_name'])
    .where('built_in', '=', 1)
    .execute();
  const typeOf = new Map(types.map((t) => [`${t.merchant_id}:${t.fee_name}`, t.id]));
  const rand = random(34);
  let written = 0;
  const BATCH = 5_000;
  for (let lastId = 0; ; ) {
    const waybills = await q
      .selectFrom('waybill')
      .select(['id', 'merchant_id', 'team_code', 'created_at'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (waybills.length === 0) break;
    lastId = (waybills.at(-1) as { id: number }).id;
    const rows: unknown[][] = [];
    for (const w of waybills)
      for (let k = 0; k < PER_WAYBILL && written + rows.length < FEE_ROWS; k++) {
        const fee = FEES[k % FEES.length] as (typeof FEES)[number];
        const age = now - Number(w.created_at);
        const r = rand();
        const state = age < 3 * 86_400_000 ? 1 : r < 0.05 ? 3 : r < 0.4 ? 2 : 4;
        const at = Number(w.created_at) + 3_600_000;
        rows.push([
          w.merchant_id,
          w.team_code,
          w.id,
          typeOf.get(`${w.merchant_id}:${fee.name}`),
          fee.fen + Math.floor(rand() * fee.fen),
          state,
          1,
          at,
          at,
        ]);
      }
    if (rows.length === 0) break;
    const names =
      'merchant_id, team_code, waybill_id, fee_type_id, amount_fen, state, source, created_at, updated_at';
    if (db.sqlite) {
      const insert = db.sqlite.prepare(
        `insert into waybill_fee (${names}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const batch = db.sqlite.transaction((list: unknown[][]) => {
        for (const row of list) insert.run(...row);
      });
      await db.db.connection().execute(async () => batch(rows));
    } else {
      const kinds = ['int', 'text', 'int', 'int', 'int8', 'int', 'int', 'int8', 'int8'];
      const arrays = kinds.map((kind, c) => sql`${rows.map((r) => r[c])}::${sql.raw(kind)}[]`);
      await sql`insert into waybill_fee (${sql.raw(names)}) select * from unnest(${sql.join(arrays)})`.execute(
        q,
      );
    }
    written += rows.length;
    onProgress(written);
    if (written >= FEE_ROWS) break;
  }
  return written;
}

/**
 * PostgreSQL: writes the fees through one connection with the triggers off, then empties the tables
 * those triggers keep and writes them again with the migrations' back-fills, in migration order.
 */
async function addFeesWithoutTriggers(db: Db, onProgress: (done: number) => void): Promise<number> {
  return db.db.connection().execute(async (q) => {
    await sql`set session_replication_role = replica`.execute(q);
    const written = await addFees(db, q, onProgress);
    const kept = ['bill_receive_day', 'bill_receive_month', 'fee_payable_day', 'fee_payable_month'];
    for (const table of [...kept, 'bill_receive', 'fee_payable', 'fee_day'])
      await sql`delete from ${sql.table(table)}`.execute(q);
    for (const m of [payments, receivables, receivableDays, receivableMonths, payableDays, payableMonths])
      await m.backFill(q);
    await sql`set session_replication_role = default`.execute(q);
    return written;
  });
}

type Client = Awaited<ReturnType<typeof signIn>>;
interface Case {
  name: string;
  url: string;
  body: Record<string, unknown>;
  who: Client;
}

async function measure(title: string, cases: Case[]): Promise<{ all: number[]; slow: string[] }> {
  const rows = [];
  const all: number[] = [];
  const slow: string[] = [];
  for (const c of cases) {
    for (let i = 0; i < 3; i++) await c.who.post(c.url, c.body);
    const times: number[] = [];
    let size = '';
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const data = await c.who.post<{ total?: number; list?: unknown[] }>(c.url, c.body);
      times.push(performance.now() - started);
      size = data.total !== undefined ? `${fmt(data.total)} rows` : `${data.list?.length ?? 0} groups`;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
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
  all.sort((a, b) => a - b);
  console.log(`\n${title} (${CALLS} sequential calls a case), load average ${load()}`);
  console.table(rows);
  console.log(
    `all calls: p50 ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms (target p95 < ${TARGET_MS} ms)` +
      (slow.length ? `; p95 over ${TARGET_MS} ms: ${slow.join('; ')}` : ''),
  );
  return { all, slow };
}

async function main(): Promise<void> {
  const fresh = await freshDatabase();
  const database = fresh.open();
  const { app, base } = await startHttpServer(fresh, database, {
    simulatorVehicles: TRUCKS,
    seedDemoWaybills: false,
    now: () => now,
  });
  try {
    const t0 = performance.now();
    const refs = await addWaybillReference(database, now);
    let shown = 0;
    await addWaybills(database, refs, WAYBILLS, now, DAYS, 12, (done) => {
      if (done - shown >= 50_000 || done === WAYBILLS) {
        shown = done;
        process.stdout.write(`  ${fmt(done)} waybills written\r`);
      }
    });
    const t1 = performance.now();
    shown = 0;
    const progress = (done: number) => {
      if (done - shown >= 200_000) {
        shown = done;
        process.stdout.write(`  ${fmt(done)} fees written      \r`);
      }
    };
    const fees =
      fresh.name === 'postgres'
        ? await addFeesWithoutTriggers(database, progress)
        : await addFees(database, database.db, progress);
    const t2 = performance.now();
    // a few statements (对账单) of the top customer's waybills and some checked rows, as in use
    const logistics = refs[0] as MerchantRefs;
    const topCustomer = logistics.customers[0] as number;
    await database.db
      .updateTable('bill_receive')
      .set({ check_name: '2026年10月对账单', check_state: 1, check_fen: sql`income_fen + adjust_fen` })
      .where('customer_id', '=', topCustomer)
      .where('completed_at', '>=', now - 60 * 86_400_000)
      .where('completed_at', '<', now - 30 * 86_400_000)
      .execute();
    if (fresh.name === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    const counts = await database.db
      .selectFrom('bill_receive')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `\n${fresh.name}: ${fmt(WAYBILLS)} waybills in ${((t1 - t0) / 1000).toFixed(1)} s, ${fmt(fees)} fee rows ` +
        `in ${((t2 - t1) / 1000).toFixed(1)} s (bill_receive: ${fmt(Number(counts.n))} rows), ` +
        `load average ${load()}`,
    );

    const admin = await signIn(base, 'admin', 'Admin@123');
    const finance = await signIn(base, 'finance', 'Finance@123');
    const day = (offset: number) => formatDate(new Date(now + offset * 86_400_000));
    const year = { startDate: day(-364), endDate: day(0) };
    const month = { startDate: day(-30), endDate: day(0) };
    const line = ((logistics.linesOf[0] ?? [])[0] as { id: number }).id;
    const rare = logistics.customers[150] as number;
    const R = '/colliery/waybill/billReceiveReport';
    const S = '/colliery/waybill/billReceiveStatistics';
    const receivables: Case[] = [
      { name: 'report: no filter', url: R, body: {}, who: admin },
      { name: 'report: last 30 days', url: R, body: month, who: admin },
      { name: 'report: customer (top)', url: R, body: { customerId: topCustomer }, who: admin },
      { name: 'report: customer (rare) + year', url: R, body: { customerId: rare, ...year }, who: admin },
      { name: 'report: line + 30 days', url: R, body: { lineId: line, ...month }, who: admin },
      { name: 'report: 未对账', url: R, body: { checkState: 0 }, who: admin },
      { name: 'report: statement', url: R, body: { checkName: '2026年10月对账单' }, who: admin },
      { name: 'report: no filter, page 500', url: R, body: { pageNum: 500 }, who: admin },
      { name: 'report: finance (one team)', url: R, body: {}, who: finance },
      {
        name: 'statistics: year by customer and month',
        url: S,
        body: { ...year, periodType: 'month' },
        who: admin,
      },
      {
        name: 'statistics: year by customer',
        url: S,
        body: { ...year, groupBy: 'customer' },
        who: admin,
      },
      { name: 'statistics: year by month', url: S, body: { ...year, groupBy: 'period' }, who: admin },
      {
        name: 'statistics: 30 days by customer and day',
        url: S,
        body: { ...month, periodType: 'day' },
        who: admin,
      },
      {
        name: 'statistics: finance, year by customer and month',
        url: S,
        body: { ...year, periodType: 'month' },
        who: finance,
      },
    ];
    const measured = [await measure(`应收对账 on ${fresh.name}`, receivables)];

    const probe = await fetch(`${base}/colliery/waybill/fee/tc/billFeeDealReport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': admin.token },
      body: JSON.stringify({ pageSize: 10 }),
    });
    if (probe.status === 404) console.log('\nThe fee reports (payments) are not registered: not measured.');
    else {
      const P = '/colliery/waybill/fee/tc/';
      const fee: Case[] = [
        { name: 'billFeeDealReport: no filter', url: `${P}billFeeDealReport`, body: {}, who: admin },
        { name: 'billFeeDealReport: 30 days', url: `${P}billFeeDealReport`, body: month, who: admin },
        { name: 'billFeeDealReport: finance', url: `${P}billFeeDealReport`, body: {}, who: finance },
        {
          name: 'billFeeDealStatistics: year by month',
          url: `${P}billFeeDealStatistics`,
          body: { ...year, periodType: 'month' },
          who: admin,
        },
        {
          name: 'billFeeDealStatistics: 30 days by day',
          url: `${P}billFeeDealStatistics`,
          body: { ...month, periodType: 'day' },
          who: admin,
        },
        { name: 'feeDetails: no filter', url: `${P}feeDetails`, body: {}, who: admin },
        { name: 'feeDetails: 30 days', url: `${P}feeDetails`, body: month, who: admin },
        {
          name: 'feeDetails: road and bridge',
          url: `${P}feeDetails`,
          body: { roadBridge: true },
          who: admin,
        },
        { name: 'feeDetails: finance', url: `${P}feeDetails`, body: {}, who: finance },
      ];
      measured.push(await measure(`fee reports (payments) on ${fresh.name}`, fee));
    }
    const slow = measured.flatMap((m) => m.slow);
    console.log(
      slow.length === 0
        ? `\nevery case p95 under ${TARGET_MS} ms on ${fresh.name}`
        : `\n${slow.length} case(s) with p95 over ${TARGET_MS} ms on ${fresh.name}: ${slow.join('; ')}`,
    );
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
}

await main();
