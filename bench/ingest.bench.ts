/**
 * JT/T 808 ingest: location reports stored and acknowledged per second through the real gateway,
 * from a second process over loopback, with the 99th-percentile acknowledgement latency; beside it
 * the ceiling of decoding alone and of storing alone (in-process), and the memory of idle
 * authenticated connections held by this process.
 *   npm run bench:ingest -w @fleet/bench                 (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:ingest -w @fleet/bench   (a fresh schema)
 * Settings (env): BENCH_CONNECTIONS (10000), BENCH_SECONDS (20), BENCH_WARMUP (5), BENCH_RUNS (3),
 * BENCH_WINDOW (1, reports in flight per connection when saturating; paced runs allow 8), BENCH_RATE (30000, paced runs),
 * BENCH_IDLE_CONNECTIONS (100000, capped by the open-file limit), BENCH_PHASES (decode,store,idle,load),
 * BENCH_HISTORY (0, reports a truck stored before the store and load phases: see addBenchHistory),
 * BENCH_WRITER_THREAD (SQLite: `both` runs the store and load phases with the writer thread and then
 * without it, each on a fresh database, for the ratio in one run; `1` or `0` runs one of them).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Db } from '@fleet/server/src/db/connection';
import { Ingest } from '@fleet/server/src/telematics/ingest/ingest';
import { positionRow } from '@fleet/server/src/telematics/ingest/position';
import {
  decodeMessage,
  encodeLocation,
  FrameSplitter,
  type Location,
  parseFrame,
} from '@fleet/server/src/telematics/jt808';
import {
  addBenchFleet,
  addBenchHistory,
  type BenchDatabase,
  env,
  fmt,
  freshDatabase,
  type LoadResult,
  loadProcess,
  median,
  phoneOf,
  startServer,
} from './support';

const CONNECTIONS = env('BENCH_CONNECTIONS', 10_000);
const SECONDS = env('BENCH_SECONDS', 20);
const WARMUP = env('BENCH_WARMUP', 5);
const RUNS = env('BENCH_RUNS', 3);
const WINDOW = env('BENCH_WINDOW', 1);
const RATE = env('BENCH_RATE', 30_000);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'decode,store,idle,load').split(','));

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function openFileLimit(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line ?? '')
    .split(/\s{2,}/)
    .slice(1, 3)
    .map(Number);
  return { soft: soft ?? 0, hard: hard ?? 0 };
}

// --- phases ----------------------------------------------------------------------------------

function decodeCeiling(): { perSecond: number; perCpuSecond: number } {
  const frames = Array.from({ length: 10_000 }, (_, i) =>
    encodeLocation(
      { phone: phoneOf(i), serial: i & 0xffff },
      {
        status: 3,
        lat: 39.6 + i / 1e5,
        lon: 109.8,
        altitude: 1200,
        speed: 62.5,
        direction: 15,
        time: Date.now(),
        extras: { mileageKm: 12_345.6, fuelL: 400 },
      },
    ),
  );
  const stream = Buffer.concat(frames);
  const run = (rounds: number) => {
    let n = 0;
    for (let r = 0; r < rounds; r++) {
      const splitter = new FrameSplitter();
      for (let off = 0; off < stream.length; off += 1400) {
        for (const frame of splitter.push(stream.subarray(off, off + 1400))) {
          const message = decodeMessage(parseFrame(frame));
          if (message.kind === 'location') positionRow(message.location as Location, 1, 1, Date.now());
          n++;
        }
      }
    }
    return n;
  };
  run(5);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const n = run(50);
  const used = process.cpuUsage(cpu);
  return {
    perSecond: n / ((performance.now() - started) / 1000),
    perCpuSecond: n / ((used.user + used.system) / 1e6),
  };
}

async function storeCeiling(
  db: Db,
  trucks: number,
  writerThread: boolean,
): Promise<{ perSecond: number; perCpuSecond: number }> {
  const ingest = new Ingest(db, {
    stopThresholdMs: 180_000,
    writerThread,
    log: { error: (obj, msg) => console.error(msg, obj) },
  });
  await ingest.load();
  const truckIds = (await db.db.selectFrom('truck').select(['id', 'terminal_id']).execute()).slice(0, trucks);
  const message = decodeMessage(
    parseFrame(
      encodeLocation(
        { phone: '1', serial: 1 },
        {
          status: 3,
          lat: 39.6,
          lon: 109.8,
          speed: 62.5,
          time: Date.now(),
          extras: { mileageKm: 1000, fuelL: 400 },
        },
      ),
    ),
  );
  if (message.kind !== 'location') throw new Error('not a location');
  const location = message.location;
  let stored = 0;
  let counting = false;
  let stop = false;
  let i = 0;
  const inFlightTarget = 20_000;
  let inFlight = 0;
  const feed = () => {
    while (!stop && inFlight < inFlightTarget) {
      const truck = truckIds[i++ % truckIds.length] as { id: number; terminal_id: number | null };
      const row = positionRow(location, truck.id, truck.terminal_id ?? 0, Date.now());
      row.time = Date.now() + i;
      inFlight++;
      ingest.store(
        { truckId: truck.id, merchantId: 1, teamCode: '10000010010001', driverId: null },
        [row],
        (ok) => {
          inFlight--;
          if (ok && counting) stored++;
        },
      );
    }
  };
  ingest.onDrained = feed;
  feed();
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  counting = true;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await new Promise((r) => setTimeout(r, Math.min(SECONDS, 10) * 1000));
  counting = false;
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  // close, not just drain: it also stops this writer's WAL checkpointer thread, which would keep
  // the process alive when no load phase follows.
  await ingest.close();
  return { perSecond: stored / seconds, perCpuSecond: stored / ((used.user + used.system) / 1e6) };
}

async function idleMemory(database: BenchDatabase, limit: number) {
  const wanted = env('BENCH_IDLE_CONNECTIONS', 100_000);
  // This process needs one descriptor a connection plus the database and a margin.
  const count = Math.min(wanted, limit - 600);
  const db = database.open();
  const app = await startServer(database, db);
  await addBenchFleet(db, count);
  const port = app.jt808Port as number;
  gc();
  const before = process.memoryUsage();
  const clients = [];
  const perClient = 15_000;
  let connected = 0;
  for (let start = 0; start < count; start += perClient) {
    const client = loadProcess();
    await client.ready;
    const phones = Array.from({ length: Math.min(perClient, count - start) }, (_, i) => phoneOf(start + i));
    const result = await client.ask<{ connected: number; failed: number }>({ cmd: 'connect', port, phones });
    connected += result.connected;
    clients.push(client);
  }
  await new Promise((r) => setTimeout(r, 2000));
  gc();
  const after = process.memoryUsage();
  const held = app.telematics.ingest.latest.size;
  for (const client of clients) await client.close();
  await app.close();
  await db.close();
  return {
    wanted,
    connections: connected,
    rssBytes: after.rss - before.rss,
    heapBytes: after.heapUsed - before.heapUsed,
    externalBytes: after.external - before.external,
    held,
  };
}

// --- main ------------------------------------------------------------------------------------

const limit = openFileLimit();
const database = await freshDatabase();
console.log(
  `database: ${database.name}; open files: soft ${limit.soft}, hard ${limit.hard}; node ${process.version}`,
);

if (PHASES.has('decode')) {
  const decode = decodeCeiling();
  console.log(
    `decode ceiling (splitter + parse + decode + row, in-process): ${fmt(decode.perSecond)} reports/s ` +
      `(${fmt(decode.perCpuSecond)} a CPU second)`,
  );
}

if (PHASES.has('idle')) {
  const idle = await idleMemory(database, limit.soft);
  console.log(
    `idle connections: ${fmt(idle.connections)} of ${fmt(idle.wanted)} asked (open-file limit ${limit.soft}); ` +
      `RSS +${fmt(idle.rssBytes / 1024 / 1024)} MiB, heap +${fmt(idle.heapBytes / 1024 / 1024)} MiB: ` +
      `${fmt(idle.rssBytes / Math.max(1, idle.connections))} B RSS and ${fmt(idle.heapBytes / Math.max(1, idle.connections))} B heap a connection ` +
      `(100,000 at that rate: ${fmt(((idle.rssBytes / Math.max(1, idle.connections)) * 100_000) / 1024 / 1024)} MiB RSS)`,
  );
  await database.dispose();
}

const threadModes =
  database.name !== 'sqlite'
    ? [true]
    : process.env.BENCH_WRITER_THREAD === '0'
      ? [false]
      : process.env.BENCH_WRITER_THREAD === '1'
        ? [true]
        : [true, false];
let first = true;
for (const writerThread of threadModes) {
  const label =
    database.name === 'sqlite' ? (writerThread ? 'writer thread' : 'main connection') : 'postgres';
  console.log(`--- store and load: ${label}`);
  const loadDatabase = first && !PHASES.has('idle') ? database : await freshDatabase();
  first = false;
  await storeAndLoad(loadDatabase, writerThread);
  await loadDatabase.dispose();
}

async function storeAndLoad(loadDatabase: BenchDatabase, writerThread: boolean): Promise<void> {
  const db = loadDatabase.open();
  const app = await startServer(loadDatabase, db, { ingestWriterThread: writerThread });
  await addBenchFleet(db, CONNECTIONS);
  const HISTORY = env('BENCH_HISTORY', 0);
  if (HISTORY > 0) {
    const started = performance.now();
    await addBenchHistory(db, HISTORY);
    console.log(
      `history: ${fmt(HISTORY * CONNECTIONS)} positions stored first in ${fmt(performance.now() - started)} ms`,
    );
  }

  if (PHASES.has('store')) {
    const store = await storeCeiling(db, CONNECTIONS, writerThread);
    console.log(
      `store ceiling (group-commit writer fed in-process, ${fmt(CONNECTIONS)} trucks): ${fmt(store.perSecond)} reports/s ` +
        `(${fmt(store.perCpuSecond)} a CPU second)`,
    );
  }

  if (PHASES.has('load')) {
    const client = loadProcess();
    await client.ready;
    const phones = Array.from({ length: CONNECTIONS }, (_, i) => phoneOf(i));
    const connected = await client.ask<{ connected: number; failed: number; ms: number }>({
      cmd: 'connect',
      port: app.jt808Port,
      phones,
    });
    console.log(
      `connected and authenticated ${fmt(connected.connected)} terminals in ${fmt(connected.ms)} ms (${connected.failed} failed)`,
    );
    const ingest = app.telematics.ingest;
    const runMode = async (mode: 'saturate' | 'paced', rate: number) => {
      const results: (LoadResult & { serverUs: number; clientUs: number })[] = [];
      for (let run = 0; run < RUNS; run++) {
        const cpu = process.cpuUsage();
        const rows0 = ingest.storedRows;
        const r = await client.ask<LoadResult>({
          cmd: 'load',
          mode,
          seconds: SECONDS,
          warmup: WARMUP,
          window: mode === 'paced' ? 8 : WINDOW,
          rate,
        });
        const c = process.cpuUsage(cpu);
        // CPU of each process per stored report: the server over the whole run, the client over its window.
        const serverUs = (c.user + c.system) / Math.max(1, ingest.storedRows - rows0);
        const clientUs = (r.clientCpu * r.seconds * 1e6) / Math.max(1, r.acked);
        results.push({ ...r, serverUs, clientUs });
        console.log(
          `  ${mode}${mode === 'paced' ? ` ${fmt(rate)}/s` : ''} run ${run + 1}: ${fmt(r.perSecond)} reports/s acked ` +
            `(${r.failed} failed), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms; ` +
            `CPU a report: server ${serverUs.toFixed(1)} us, client ${clientUs.toFixed(1)} us; load average ${loadavg()[0]?.toFixed(1)}`,
        );
      }
      const perSecond = median(results.map((r) => r.perSecond));
      const cpuUs = median(results.map((r) => r.serverUs + r.clientUs));
      console.log(
        `${mode}${mode === 'paced' ? ` at ${fmt(rate)}/s offered` : `, window ${WINDOW}`}: median ${fmt(perSecond)} reports/s ` +
          `stored and acked, median p99 ${median(results.map((r) => r.p99)).toFixed(1)} ms, median CPU ${cpuUs.toFixed(1)} us a report ` +
          `(server + client; two idle cores would carry about ${fmt(2e6 / cpuUs)}/s) ` +
          `(${fmt(CONNECTIONS)} terminals, ${SECONDS} s after ${WARMUP} s warm-up, ${RUNS} runs)`,
      );
      return perSecond;
    };
    const saturated = await runMode('saturate', 0);
    await runMode('paced', RATE);
    const sustainable = Math.round((saturated * 0.8) / 1000) * 1000;
    if (sustainable > 0 && sustainable < RATE) await runMode('paced', sustainable);
    await client.close();
    const rows = await db.db
      .selectFrom('position')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const alarms = await db.db
      .selectFrom('alarm')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`rows in position: ${fmt(Number(rows.n))}; alarms raised: ${fmt(Number(alarms.n))}`);
  }

  await app.close();
  await db.close();
}
