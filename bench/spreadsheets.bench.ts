/**
 * Spreadsheets: export of 100,000 truck-like rows as a background task (streamed .xlsx) with the
 * time to a finished file and the memory the process peaks at, and import of 10,000 rows with the
 * same kind of validation as the truck form (plate, VIN check digit, dates, numbers, duplicates),
 * through the real routes (registerExport / registerImport) and app.inject.
 *   npm run bench -- spreadsheets           (SQLite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://... npm run bench -- spreadsheets
 * Settings (env): BENCH_EXPORT_ROWS (100000), BENCH_IMPORT_ROWS (10000), BENCH_RUNS (3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '@fleet/server/src/app';
import { loadConfig } from '@fleet/server/src/config';
import { sha256Hex } from '@fleet/server/src/modules/auth/tokens';
import type { Kysely } from 'kysely';
import { benchTruckRows, createBenchTrucks, registerBenchSheets, truckSheet } from './spreadsheets.support';
import { env, fmt, freshDatabase, median } from './support';

const EXPORT_ROWS = env('BENCH_EXPORT_ROWS', 100_000);
const IMPORT_ROWS = env('BENCH_IMPORT_ROWS', 10_000);
const RUNS = env('BENCH_RUNS', 3);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

/** The bench table, as far as this file deletes from it. */
interface BenchTables {
  bench_truck: { car_no: string };
}

const database = await freshDatabase();
const db = database.open();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'fleet-bench-sheets-'));
const config = {
  ...loadConfig({}),
  databaseUrl: database.url,
  jt808Port: null,
  simulatorVehicles: 0,
  logLevel: 'warn',
  uploadDir,
  loginRateLimit: 1_000_000,
};
const app = await buildApp(config, {
  database: db,
  logger: { level: 'warn' },
  features: [registerBenchSheets],
});
await app.ready();
const startupRss = process.memoryUsage().rss / MB;
await createBenchTrucks(db.db, EXPORT_ROWS);

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'admin', password: sha256Hex('Admin@123') },
});
const token = login.json().data.token as string;
const headers = { 'auth-token': token };

/** Samples the process memory every 10 ms while `run` goes; answers its time and the peaks. */
async function measured(run: () => Promise<void>) {
  gc();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 10);
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  clearInterval(timer);
  return {
    ms,
    rss: rss / MB,
    rssBefore: base.rss / MB,
    heap: heap / MB,
    rssGrowth: (rss - base.rss) / MB,
    heapGrowth: (heap - base.heapUsed) / MB,
  };
}

async function exportOnce(): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/bench/truck/export', payload: {}, headers });
  const taskId = res.json().data?.taskId as number;
  if (!taskId) throw new Error(`no export task: ${res.body}`);
  for (;;) {
    const task = await db.db
      .selectFrom('file_task')
      .select(['status', 'done_rows', 'error'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    if (task.status === 'done') {
      if (task.done_rows !== EXPORT_ROWS) throw new Error(`exported ${task.done_rows} rows`);
      return;
    }
    if (task.status === 'failed') throw new Error(`export failed: ${task.error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function importOnce(file: Buffer, expect: 200 | 400): Promise<void> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="车辆.xlsx"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/bench/truck/import',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const body = res.json();
  if (body.code !== expect) throw new Error(`import answered ${body.code}: ${body.msg}`);
}

const exports = [];
for (let i = 0; i < RUNS; i++) exports.push(await measured(exportOnce));

const good = await truckSheet(benchTruckRows(IMPORT_ROWS, 'import'));
const badRows = benchTruckRows(IMPORT_ROWS, 'import');
badRows[IMPORT_ROWS - 2] = {
  ...(badRows[IMPORT_ROWS - 2] as Record<string, string>),
  vin: 'LSVAM4187C2184840',
};
const bad = await truckSheet(badRows);
const imports = [];
const refused = [];
for (let i = 0; i < RUNS; i++) {
  refused.push(await measured(() => importOnce(bad, 400)));
  imports.push(await measured(() => importOnce(good, 200)));
  await (db.db as unknown as Kysely<BenchTables>)
    .deleteFrom('bench_truck')
    .where('car_no', 'like', '蒙B%')
    .execute();
}

const row = (name: string, runs: Awaited<ReturnType<typeof measured>>[], target: string) => ({
  what: name,
  'median ms': fmt(median(runs.map((r) => r.ms))),
  'RSS before MB': fmt(Math.max(...runs.map((r) => r.rssBefore))),
  'peak RSS MB': fmt(Math.max(...runs.map((r) => r.rss))),
  'RSS growth MB': fmt(Math.max(...runs.map((r) => r.rssGrowth))),
  'peak heap MB': fmt(Math.max(...runs.map((r) => r.heap))),
  'heap growth MB': fmt(Math.max(...runs.map((r) => r.heapGrowth))),
  target,
});
console.log(
  `database: ${database.name}; runs: ${RUNS}; node ${process.version}; ` +
    `process RSS after start ${fmt(startupRss)} MB (app under tsx, before the bench rows)`,
);
console.table([
  row(`export ${fmt(EXPORT_ROWS)} rows (task, streamed .xlsx)`, exports, '< 10 s, < 300 MB'),
  row(`import ${fmt(IMPORT_ROWS)} rows, all valid (written)`, imports, '< 10 s'),
  row(`import ${fmt(IMPORT_ROWS)} rows, one bad (refused)`, refused, '< 10 s, row named'),
]);

await app.close();
await db.close();
await database.dispose();
rmSync(uploadDir, { recursive: true, force: true });
