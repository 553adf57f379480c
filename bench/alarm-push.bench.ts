/**
 * Live alarm push under ingest load (issue 5: an alarm reaches 1,000 connected browsers' sockets
 * in scope within 200 ms at the 99th percentile while the gateway ingests 5,000 reports a second).
 * The real server (gateway on a free port, HTTP listener, fresh database) with:
 *   - BENCH_SOCKETS (1,000) users in the alarm truck's team subtree, each with a live message socket
 *     /api/ws/message2.0?token=... (sessions made by the auth repository, as a login makes them), and
 *     50 users of sibling teams whose sockets must stay silent;
 *   - a load process (ingest-load.ts) of BENCH_TERMINALS (10,000) terminals sending BENCH_RATE
 *     (5,000) location reports a second over TCP;
 *   - a clients process (alarm-push-clients.ts) holding the sockets and one more terminal that every
 *     BENCH_INTERVAL_MS (2,000) sends a report with the emergency bit (code 7001) and then one with
 *     it cleared: latency from writing that report to each socket's receipt of the push.
 * BENCH_ALARMS (50) alarms a run, BENCH_RUNS (3) runs; SQLite in a temp dir, then PostgreSQL in a
 * schema of its own when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (BENCH_DATABASES=sqlite or
 * postgres picks one).
 *   npx tsx bench/alarm-push.bench.ts
 */
import { cpus, loadavg } from 'node:os';
import { createSession } from '@fleet/server/src/modules/auth/auth.repository';
import { hashPassword, hashToken, newToken, sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import { MESSAGE_CHANNEL, type PushEvent } from '@fleet/server/src/modules/messages/delivery';
import { inProcessBus, postgresBus } from '@fleet/server/src/realtime/bus';
import pino from 'pino';
import type { AlarmRunResult } from './alarm-push-clients';
import {
  addBenchFleet,
  BENCH_TEAM,
  type BenchDatabase,
  env,
  fmt,
  freshDatabase,
  type LoadResult,
  loadProcess,
  median,
  phoneOf,
  quantile,
  startServer,
} from './support';

const SOCKETS = env('BENCH_SOCKETS', 1000);
const OUTSIDERS = 50;
const TERMINALS = env('BENCH_TERMINALS', 10_000);
const RATE = env('BENCH_RATE', 5000);
const ALARMS = env('BENCH_ALARMS', 50);
const INTERVAL_MS = env('BENCH_INTERVAL_MS', 2000);
const RUNS = env('BENCH_RUNS', 3);
const WARMUP = 5;

/** Teams holding the bench truck's team (干线一分队) in their subtree, and siblings that do not. */
const IN_SCOPE_TEAMS = ['1000001', '1000001001', BENCH_TEAM];
const OUTSIDE_TEAMS = ['10000010010002', '10000010020001'];

/** Users with one live session each; answers their tokens. */
async function addUsers(
  database: ReturnType<BenchDatabase['open']>,
  prefix: string,
  teams: string[],
  n: number,
) {
  const db = database.db;
  const merchant = await db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  // The watchers hold the demo administrator's role: alarms go only to users who may open their page.
  const role = await db
    .selectFrom('user_role')
    .innerJoin('app_user', 'app_user.id', 'user_role.user_id')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .where('app_user.username', '=', 'admin')
    .where('role.merchant_id', '=', merchant.id)
    .select('user_role.role_id')
    .executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(sha256Hex('Bench@1234'));
  const tokens: string[] = [];
  for (let start = 0; start < n; start += 250) {
    const count = Math.min(250, n - start);
    await db.transaction().execute(async (tx) => {
      const users = await tx
        .insertInto('app_user')
        .values(
          Array.from({ length: count }, (_, i) => ({
            username: `${prefix}${start + i}`,
            password_hash: passwordHash,
            nickname: `值班员${start + i}`,
            phone: null,
            email: null,
            avatar: null,
            introduction: null,
            last_merchant_id: merchant.id,
            locked_until: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      await tx
        .insertInto('user_merchant')
        .values(
          users.map((u, i) => ({
            user_id: u.id,
            merchant_id: merchant.id,
            team_code: teams[(start + i) % teams.length] as string,
            entry_time: now,
          })),
        )
        .execute();
      await tx
        .insertInto('user_role')
        .values(users.map((u) => ({ user_id: u.id, role_id: role.role_id })))
        .execute();
      for (const u of users) {
        const token = newToken();
        await createSession(tx, {
          tokenHash: hashToken(token),
          refreshHash: hashToken(newToken()),
          userId: u.id,
          merchantId: merchant.id,
          now,
          refreshMs: 86_400_000,
        });
        tokens.push(token);
      }
    });
  }
  return tokens;
}

async function benchOn(url: string | null) {
  const database = await freshDatabase(url);
  const db = database.open(20);
  const bus = database.schema
    ? await postgresBus(database.url, pino({ level: 'silent' }), { schema: database.schema })
    : inProcessBus();
  // When the bus carried each alarm's push (it reaches every process's sockets from there).
  const published = new Map<string, number>();
  bus.subscribe(MESSAGE_CHANNEL, (payload) => {
    const at = performance.timeOrigin + performance.now();
    for (const item of (payload as PushEvent).items) {
      if (item.push.alarmCode === 7001 && !published.has(item.push.startTime))
        published.set(item.push.startTime, at);
    }
  });
  const app = await startServer(database, db, {}, { bus });
  // Subscribed after the server's socket hub: called once the hub wrote the push to every socket.
  const handedOut = new Map<string, number>();
  bus.subscribe(MESSAGE_CHANNEL, (payload) => {
    const at = performance.timeOrigin + performance.now();
    for (const item of (payload as PushEvent).items) {
      if (item.push.alarmCode === 7001) handedOut.set(item.push.startTime, at);
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : 0;
  await addBenchFleet(db, TERMINALS + 1);
  const tokens = await addUsers(db, 'bench_watch_', IN_SCOPE_TEAMS, SOCKETS);
  const outsiders = await addUsers(db, 'bench_other_', OUTSIDE_TEAMS, OUTSIDERS);

  const clients = loadProcess('alarm-push-clients.ts');
  const load = loadProcess();
  await Promise.all([clients.ready, load.ready]);
  const opened = await clients.ask<{ opened: number; failed: number; ms: number }>({
    cmd: 'open',
    url: `ws://127.0.0.1:${httpPort}/api/ws/message2.0`,
    tokens,
    outsiders,
  });
  const terminal = await clients.ask<{ ok?: boolean; error?: string }>({
    cmd: 'terminal',
    port: app.jt808Port,
    phone: phoneOf(TERMINALS),
  });
  if (!terminal.ok) throw new Error(`alarm terminal: ${terminal.error}`);
  const connected = await load.ask<{ connected: number; failed: number; ms: number }>({
    cmd: 'connect',
    port: app.jt808Port,
    phones: Array.from({ length: TERMINALS }, (_, i) => phoneOf(i)),
  });
  console.log(
    `${database.name}: ${fmt(opened.opened)} sockets open (${opened.failed} failed) in ${fmt(opened.ms)} ms; ` +
      `${fmt(connected.connected)} terminals authenticated (${connected.failed} failed) in ${fmt(connected.ms)} ms`,
  );

  // The first alarms fill the recipient cache and warm the paths; they are not counted.
  await clients.ask<AlarmRunResult>({ cmd: 'alarms', count: 3, intervalMs: 1000, timeoutMs: 5000 });

  const runs: {
    p50: number;
    p95: number;
    p99: number;
    max: number;
    all99: number;
    bus50: number;
    bus99: number;
    out50: number;
    out99: number;
    rate: number;
    load: number;
  }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const seconds = Math.ceil((ALARMS * INTERVAL_MS) / 1000) + 2;
    const loading = load.ask<LoadResult>({
      cmd: 'load',
      mode: 'paced',
      seconds,
      warmup: WARMUP,
      window: 8,
      rate: RATE,
    });
    await new Promise((resolve) => setTimeout(resolve, WARMUP * 1000));
    const r = await clients.ask<AlarmRunResult>({
      cmd: 'alarms',
      count: ALARMS,
      intervalMs: INTERVAL_MS,
      timeoutMs: 5000,
    });
    const ingest = await loading;
    if (r.error || ingest.error) throw new Error(r.error ?? ingest.error);
    const sorted = [...r.latencies].sort((a, b) => a - b);
    // The time until the last of the sockets had each alarm.
    const lastOf: number[] = [];
    for (let i = 0; i < r.alarms; i++) {
      const slice = r.latencies.slice(i * r.sockets, (i + 1) * r.sockets);
      if (slice.length === r.sockets) lastOf.push(Math.max(...slice));
    }
    lastOf.sort((a, b) => a - b);
    const acks = [...r.acks].sort((a, b) => a - b);
    // From writing the report to the bus event: gateway, ingest, rules, message rows, commit.
    const toBus = r.sent
      .map((s) => (published.get(s.startTime) ?? Number.NaN) - s.at)
      .filter((ms) => !Number.isNaN(ms))
      .sort((a, b) => a - b);
    // From the bus event to the hub's last socket write (every part of the push a process sends).
    const fanOut = r.sent
      .map((s) => (handedOut.get(s.startTime) ?? Number.NaN) - (published.get(s.startTime) ?? Number.NaN))
      .filter((ms) => !Number.isNaN(ms))
      .sort((a, b) => a - b);
    const stats = {
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
      all99: quantile(lastOf, 0.99),
      bus50: quantile(toBus, 0.5),
      bus99: quantile(toBus, 0.99),
      out50: quantile(fanOut, 0.5),
      out99: quantile(fanOut, 0.99),
      rate: ingest.perSecond,
      load: loadavg()[0] ?? 0,
    };
    runs.push(stats);
    console.log(
      `  run ${run + 1}: ${r.alarms} alarms x ${r.sockets} sockets: push p50 ${stats.p50.toFixed(1)} ms, ` +
        `p95 ${stats.p95.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, max ${stats.max.toFixed(1)} ms; ` +
        `last socket of an alarm p50 ${quantile(lastOf, 0.5).toFixed(1)} ms, p99 ${stats.all99.toFixed(1)} ms; ` +
        `report to bus event p50 ${stats.bus50.toFixed(1)} ms, p99 ${stats.bus99.toFixed(1)} ms, ` +
        `bus event to the last socket write p50 ${stats.out50.toFixed(1)} ms, p99 ${stats.out99.toFixed(1)} ms; ` +
        `report ack p50 ${quantile(acks, 0.5).toFixed(1)} ms; missing ${r.missing}, duplicates ${r.duplicates}, ` +
        `out-of-scope pushes ${r.leaks}, other pushes ${r.strays}; ingest ${fmt(ingest.perSecond)} reports/s acked ` +
        `(${ingest.failed} failed, ack p99 ${ingest.p99.toFixed(1)} ms); load average ${stats.load.toFixed(1)}`,
    );
  }
  const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
  console.log(
    `${database.name}: median of ${RUNS} runs: push p50 ${m('p50').toFixed(1)} ms, p95 ${m('p95').toFixed(1)} ms, ` +
      `p99 ${m('p99').toFixed(1)} ms (target < 200 ms), last socket p99 ${m('all99').toFixed(1)} ms; ` +
      `report to bus event p50 ${m('bus50').toFixed(1)} ms, p99 ${m('bus99').toFixed(1)} ms, ` +
      `bus event to the last socket write p50 ${m('out50').toFixed(1)} ms, p99 ${m('out99').toFixed(1)} ms; ` +
      `ingest ${fmt(m('rate'))} reports/s of ${fmt(RATE)} offered (${fmt(TERMINALS)} terminals); ` +
      `load average ${m('load').toFixed(1)}`,
  );

  await clients.close();
  await load.close();
  // Closing waits on unreferenced timers (the sockets' close); keep the process alive meanwhile.
  const keepAlive = setInterval(() => {}, 1000);
  const closing = performance.now();
  await app.close();
  clearInterval(keepAlive);
  console.log(`${database.name}: server closed in ${fmt(performance.now() - closing)} ms`);
  await bus.close();
  await db.close();
  await database.dispose();
}

console.log(
  `alarm push: ${SOCKETS} sockets in scope + ${OUTSIDERS} outside, ${ALARMS} alarms a run every ${INTERVAL_MS} ms, ` +
    `${fmt(RATE)} reports/s from ${fmt(TERMINALS)} terminals; Node ${process.version}, ${cpus().length} cores, ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const wanted = process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres'];
if (wanted.includes('sqlite')) await benchOn(null);
if (pgUrl && wanted.includes('postgres')) await benchOn(pgUrl);
