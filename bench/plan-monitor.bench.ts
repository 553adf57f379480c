/**
 * The plan monitor (issue 13) on a fresh database with 5,000 running plans (one a bench truck, three
 * station rows each, a latest position each) and a history of finished plans:
 *   list    `GET /api/plan/monitor/list` through real HTTP as the administrator and as the
 *           dispatcher of the bench trucks' team: page 1, a deep page, 100 rows, the plate and line
 *           filters; p50 / p95 (target p95 < 100 ms); `late=1` (every open plan's lateness computed)
 *           and the monitor's load of every current plan (each minute) are shown beside;
 *   ingest  the CPU of the plan rules in the ingest: 10,000 trucks driving along one line, every
 *           other one on a running plan of it (5,000 plans in the plan monitor); one in-process
 *           ingest with the alarm rules fed batches of 5,000 reports alternately of the trucks
 *           without and with a plan (one report a truck, 10 s after its last), CPU µs a report,
 *           medians of several runs (target under 5 % added); and the rule engine alone (no
 *           database), with and without plans.
 *   npm run bench:plan-monitor -w @fleet/bench                 (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:plan-monitor -w @fleet/bench
 * Settings (env): BENCH_PLANS (5000), BENCH_HISTORY (50000 finished plans), BENCH_CALLS (40 a case),
 * BENCH_PARTS (list,ingest), BENCH_ROUNDS (10 a run), BENCH_RUNS (5).
 */
import { cpus, loadavg } from 'node:os';
import { fromShanghai } from '@fleet/domain';
import type { Db } from '@fleet/server/src/db/connection';
import { PlanMonitor } from '@fleet/server/src/modules/plans/plan-progress';
import { AlarmBatch, AlarmEngine } from '@fleet/server/src/telematics/alarms/engine';
import { AlarmSettingsCache } from '@fleet/server/src/telematics/alarms/settings-cache';
import { Ingest } from '@fleet/server/src/telematics/ingest/ingest';
import { positionRow } from '@fleet/server/src/telematics/ingest/position';
import { decodeMessage, encodeLocation, parseFrame } from '@fleet/server/src/telematics/jt808';
import { sql } from 'kysely';
import {
  addBenchFleet,
  type BenchDatabase,
  env,
  fmt,
  freshDatabase,
  median,
  quantile,
  random,
  startHttpServer,
} from './support';
import { signIn } from './waybills.support';

const PLANS = env('BENCH_PLANS', 5_000);
const HISTORY = env('BENCH_HISTORY', 50_000);
const CALLS = env('BENCH_CALLS', 40);
const ROUNDS = env('BENCH_ROUNDS', 10);
const RUNS = env('BENCH_RUNS', 5);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'list,ingest').split(','));
const MIN = 60_000;
const HOUR = 60 * MIN;
const now = fromShanghai(2026, 11, 20, 14).getTime();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`Node ${process.version}; ${cpus().length} cores; load average at start ${load()}`);

interface BenchTruck {
  id: number;
  terminal_id: number | null;
  merchant_id: number;
  team_code: string;
}

/** The bench line: three rows along the 38th parallel, 108° E, 110° E and 112° E (about 175 km apart). */
const LINE_LAT = 38_000_000;
const ROW_LONS = [108_000_000, 110_000_000, 112_000_000];
/** Each truck drives east along the line, from its own place on it (18 m apart: 10,000 trucks in 2°). */
const start = (i: number) => ({ lat: LINE_LAT, lon: 108_300_000 + i * 200 });

/**
 * A line, 5,000 running plans (departed an hour ago, arriving in four hours; station rows without
 * a station: 500 m circles around their points), a latest state per truck, and `history` finished
 * plans of the last days.
 */
async function addPlans(
  db: Db,
  trucks: readonly BenchTruck[],
  history: number,
  planned: readonly BenchTruck[] = trucks,
): Promise<number> {
  const first = trucks[0] as BenchTruck;
  const line = await db.db
    .insertInto('line')
    .values({
      merchant_id: first.merchant_id,
      team_code: first.team_code,
      name: '基准监控线路',
      corridor_width: 1_000,
      distance: 250_000,
      running_minutes: 300,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.db
    .insertInto('line_station')
    .values(
      ROW_LONS.map((lon, k) => ({
        line_id: line.id,
        seq: k + 1,
        station_type: k === 0 ? 1 : k === 2 ? 3 : 2,
        station_id: null,
        address: `基准站${k + 1}`,
        lat: LINE_LAT,
        lon,
        distance: k === 0 ? 0 : 175_000,
      })),
    )
    .execute();
  // running plans: departed an hour ago, arriving in 11 hours (on time: no timing alarm while measured)
  const depart = now - HOUR;
  const hours = [0, 6, 12];
  const write = async (
    count: number,
    make: (i: number) => { truck: BenchTruck; state: number; at: number },
  ) => {
    for (let from = 0; from < count; from += 500) {
      const n = Math.min(500, count - from);
      await db.db.transaction().execute(async (tx) => {
        const made = Array.from({ length: n }, (_, j) => make(from + j));
        const ids = await tx
          .insertInto('plan')
          .values(
            made.map((m, j) => ({
              merchant_id: m.truck.merchant_id,
              team_code: m.truck.team_code,
              plan_no: `JHB${String(m.state)}${String(from + j).padStart(9, '0')}`,
              state: m.state,
              line_id: line.id,
              truck_id: m.truck.id,
              cargo: '普通货物',
              planned_kg: 30_000,
              planned_depart_at: m.at,
              planned_arrive_at: m.at + 12 * HOUR,
              max_seq: m.state === 4 ? 3 : 1,
              departed_at: m.at + 5 * MIN,
              arrived_at: m.state === 4 ? m.at + 12 * HOUR + 10 * MIN : null,
              published_at: m.at - 10 * HOUR,
              distributed_at: m.at - 2 * HOUR,
              created_at: m.at - 10 * HOUR,
              updated_at: m.at,
            })),
          )
          .returning('id')
          .execute();
        await tx
          .insertInto('plan_station')
          .values(
            ids.flatMap((p, j) => {
              const m = made[j] as (typeof made)[number];
              // station rows without a station: 500 m circles around the line rows' points
              return ROW_LONS.map((_, k) => ({
                plan_id: p.id,
                seq: k + 1,
                station_type: k === 0 ? 1 : k === 2 ? 3 : 2,
                station_id: null,
                address: `基准站${k + 1}`,
                distance: k === 0 ? 0 : 175_000,
                planned_arrive_at: m.at + (hours[k] as number) * HOUR,
                planned_depart_at: m.at + (hours[k] as number) * HOUR,
                actual_arrive_at: m.state === 4 && k > 0 ? m.at + (hours[k] as number) * HOUR : null,
                actual_depart_at: k === 0 ? m.at + 5 * MIN : null,
              }));
            }),
          )
          .execute();
      });
    }
  };
  // finished plans of the last days, then the running ones
  await write(history, (i) => ({
    truck: trucks[i % trucks.length] as BenchTruck,
    state: 4,
    at: now - (2 + Math.floor(i / trucks.length)) * 12 * HOUR,
  }));
  await write(planned.length, (i) => ({
    truck: planned[i] as BenchTruck,
    state: 3,
    at: depart,
  }));
  for (let from = 0; from < trucks.length; from += 500) {
    await db.db
      .insertInto('vehicle_state')
      .values(
        trucks.slice(from, from + 500).map((t, j) => ({
          truck_id: t.id,
          terminal_id: t.terminal_id ?? 0,
          time: now - MIN,
          received_at: now - MIN,
          lat: start(from + j).lat,
          lon: start(from + j).lon,
          speed: 600,
          acc: 1,
          online: 1,
          status_bits: 3,
        })),
      )
      .execute();
  }
  return line.id;
}

async function benchTrucks(db: Db): Promise<BenchTruck[]> {
  return db.db
    .selectFrom('truck')
    .select(['id', 'terminal_id', 'merchant_id', 'team_code'])
    .where('vin', 'like', 'BENCH%')
    .orderBy('id')
    .execute();
}

async function timed(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await call();
    out.push(performance.now() - t0);
  }
  return out;
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: median(sorted).toFixed(1),
    p95: quantile(sorted, 0.95).toFixed(1),
    max: (sorted.at(-1) ?? 0).toFixed(1),
  };
};

// --- list ----------------------------------------------------------------------------------------

async function listPart(): Promise<void> {
  const fresh: BenchDatabase = await freshDatabase();
  const database = fresh.open();
  const { app, base } = await startHttpServer(fresh, database, { seedDemoWaybills: false, now: () => now });
  try {
    const t0 = performance.now();
    await addBenchFleet(database, PLANS);
    const trucks = await benchTrucks(database);
    const lineId = await addPlans(database, trucks, HISTORY);
    if (fresh.name === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`analyze`.execute(database.db);
    console.log(
      `\n${fresh.name}: ${fmt(trucks.length)} trucks, ${fmt(Math.min(PLANS, trucks.length))} running plans and ` +
        `${fmt(HISTORY)} finished ones written in ${((performance.now() - t0) / 1000).toFixed(1)} s (load average ${load()})`,
    );
    const monitor = app.telematics.plans;
    const loads = await timed(5, () => monitor.load());
    console.log(
      `plan monitor load (every minute): ${monitor.size} trucks with a current plan, median ${stats(loads).p50} ms`,
    );
    const admin = await signIn(base, 'admin', 'Admin@123');
    const dispatch = await signIn(base, 'dispatch', 'Dispatch@123');
    const get = async (token: string, query: Record<string, string>) => {
      const res = await fetch(`${base}/plan/monitor/list?${new URLSearchParams(query)}`, {
        headers: { 'auth-token': token },
      });
      const json = (await res.json()) as {
        code: number;
        msg: string;
        data: { total: number; list: unknown[] };
      };
      if (json.code !== 200) throw new Error(`monitor list: ${json.code} ${json.msg}`);
      return json.data;
    };
    const cases: [string, string, Record<string, string>][] = [
      ['admin', 'page 1 (10)', { pageNum: '1', pageSize: '10' }],
      ['admin', 'page 1 (100)', { pageNum: '1', pageSize: '100' }],
      ['admin', 'deep page 400 (10)', { pageNum: '400', pageSize: '10' }],
      ['admin', 'plate filter', { pageSize: '10', carNo: '蒙K0042' }],
      ['admin', 'line filter', { pageSize: '50', lineId: String(lineId) }],
      ['dispatch', 'page 1 (10)', { pageNum: '1', pageSize: '10' }],
      ['dispatch', 'page 1 (100)', { pageNum: '1', pageSize: '100' }],
      ['dispatch', 'deep page 250 (20)', { pageNum: '250', pageSize: '20' }],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [who, name, query] of cases) {
      const token = who === 'admin' ? admin.token : dispatch.token;
      const first = await get(token, query);
      const ms = await timed(CALLS, () => get(token, query));
      rows.push({ who, case: name, total: first.total, rows: first.list.length, ...stats(ms) });
    }
    const late = await timed(Math.max(5, Math.floor(CALLS / 4)), () =>
      get(dispatch.token, { pageSize: '10', late: '1' }),
    );
    console.log(`GET /api/plan/monitor/list on ${fresh.name}, ${CALLS} calls a case (ms):`);
    console.table(rows);
    const worst = Math.max(...rows.map((r) => Number(r.p95)));
    console.log(`worst p95 ${worst.toFixed(1)} ms (target < 100 ms)`);
    console.log(
      `late=1 (the lateness of every open plan computed, then paged): p50 ${stats(late).p50} ms, p95 ${stats(late).p95} ms`,
    );
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
}

// --- ingest ------------------------------------------------------------------------------------

async function ingestPart(): Promise<void> {
  const fresh = await freshDatabase();
  const database = fresh.open();
  const { app } = await startHttpServer(fresh, database, { seedDemoWaybills: false, now: () => now });
  try {
    await addBenchFleet(database, 2 * PLANS);
    const trucks = await benchTrucks(database);
    // every other truck on a running plan: batches of the planned and of the unplanned trucks
    // alternate, each truck keeping its own state (a plan does not come and go between reports)
    const planned = trucks.filter((_, i) => i % 2 === 1);
    await addPlans(database, trucks, 0, planned);
    const db = database.db;
    const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
    const settings = new AlarmSettingsCache(db);
    await settings.load();
    const engine = new AlarmEngine(settings);
    const plans = new PlanMonitor(
      db,
      null,
      log,
      settings,
      engine,
      () => undefined,
      () => now,
    );
    await plans.load();
    console.log(
      `\ningest on ${fresh.name}: ${plans.size} trucks with a current plan in the monitor (${planned.length} bench trucks)`,
    );
    const message = decodeMessage(
      parseFrame(
        encodeLocation(
          { phone: '1', serial: 1 },
          { status: 3, lat: 38, lon: 108, speed: 62.5, time: now, extras: { mileageKm: 1000, fuelL: 400 } },
        ),
      ),
    );
    if (message.kind !== 'location') throw new Error('not a location');
    const location = message.location;
    const scopeOf = (t: BenchTruck) => ({
      truckId: t.id,
      merchantId: t.merchant_id,
      teamCode: t.team_code,
      driverId: null,
    });
    type Mode = 'none' | 'plans';
    const MODES: Mode[] = ['none', 'plans'];
    const groups: Record<Mode, { trucks: { t: BenchTruck; i: number }[]; step: number }> = {
      none: { trucks: trucks.map((t, i) => ({ t, i })).filter((x) => x.i % 2 === 0), step: 0 },
      plans: { trucks: trucks.map((t, i) => ({ t, i })).filter((x) => x.i % 2 === 1), step: 0 },
    };
    settings.plans = plans;
    /** One report of every truck of the group, 10 s after its last, ~170 m further east along the line. */
    const batch = (m: Mode) => {
      const g = groups[m];
      g.step++;
      return g.trucks.map(({ t, i }) => {
        const row = positionRow(location, t.id, t.terminal_id ?? 0, now + g.step * 10_000);
        row.time = now + g.step * 10_000;
        row.lat = start(i).lat;
        row.lon = start(i).lon + g.step * 2_000;
        return { scope: scopeOf(t), row };
      });
    };

    // the rule engine alone, no database: observe a batch of every truck of a group per round
    const alone = new AlarmEngine(settings);
    const engineCost: Record<Mode, number[]> = { none: [], plans: [] };
    for (let r = 0; r < 40; r++) {
      for (const m of r % 2 === 0 ? MODES : [...MODES].reverse()) {
        const reports = batch(m);
        const cpu = process.cpuUsage();
        const b = new AlarmBatch();
        for (const { scope, row } of reports) alone.observe(b, scope, row, undefined);
        alone.committed(b);
        const used = process.cpuUsage(cpu);
        if (r >= 4) engineCost[m].push((used.user + used.system) / reports.length);
      }
    }

    const ingest = new Ingest(database, {
      alarms: engine,
      stopThresholdMs: 180_000,
      log,
      now: () => now,
    });
    await ingest.load();
    const measure = async (m: Mode) => {
      const reports = batch(m);
      const cpu = process.cpuUsage();
      await new Promise<void>((resolve) => {
        let left = reports.length;
        for (const { scope, row } of reports)
          ingest.store(scope, [row], () => {
            if (--left === 0) resolve();
          });
      });
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / reports.length;
    };
    const coin = random(13);
    const added: number[] = [];
    const run = async () => {
      const sums: Record<Mode, number> = { none: 0, plans: 0 };
      for (let r = 0; r < ROUNDS; r++) {
        const order = [...MODES].sort(() => coin() - 0.5);
        const got = {} as Record<Mode, number>;
        for (const m of order) got[m] = await measure(m);
        sums.none += got.none;
        sums.plans += got.plans;
        added.push(got.plans - got.none);
      }
      return { none: sums.none / ROUNDS, plans: sums.plans / ROUNDS };
    };
    await run();
    added.length = 0;
    const runs: Record<Mode, number[]> = { none: [], plans: [] };
    const loads: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await run();
      runs.none.push(r.none);
      runs.plans.push(r.plans);
      loads.push(load().split(' ')[0] as string);
    }
    await ingest.close();
    const raised = await db
      .selectFrom('alarm')
      .innerJoin('truck', 'truck.id', 'alarm.truck_id')
      .select(['alarm.code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('truck.vin', 'like', 'BENCH%')
      .groupBy('alarm.code')
      .execute();
    const alarms = raised.map((a) => `${a.code}×${Number(a.n)}`).join(' ') || 'none';
    const base = median(runs.none);
    console.log(
      `ingest (with the alarm rules) on ${fresh.name}: ${RUNS} runs of ${ROUNDS} rounds, a round one batch of ` +
        `${fmt(planned.length)} reports of each group in a drawn order (load average per run: ${loads.join(', ')}; ` +
        `alarms of the bench trucks: ${alarms})`,
    );
    console.table(
      MODES.map((m) => ({
        ingest: m === 'none' ? 'trucks without a plan' : 'trucks on a running plan',
        'CPU µs/report (median of runs)': median(runs[m]).toFixed(1),
        runs: runs[m].map((v) => v.toFixed(1)).join(' '),
      })),
    );
    const more = median(added);
    console.log(
      `added by the plan rules: ${more.toFixed(2)} µs a report (median of rounds), ${((more / base) * 100).toFixed(1)} % (target < 5 %)`,
    );
    const e0 = median(engineCost.none);
    const e1 = median(engineCost.plans);
    console.log(
      `rule engine alone (no database): ${e0.toFixed(2)} µs/report without plans, ${e1.toFixed(2)} with ` +
        `(+${(e1 - e0).toFixed(2)} µs)`,
    );
  } finally {
    await app.close();
    await database.close();
    await fresh.dispose();
  }
}

if (PARTS.has('list')) await listPart();
if (PARTS.has('ingest')) await ingestPart();
console.log(`load average at the end ${load()}`);
process.exit(0);
