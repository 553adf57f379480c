/**
 * What the benchmarks of this folder share: a fresh database (SQLite in a temp dir, or a schema of
 * its own on PostgreSQL), the bench fleet of terminals and trucks, the server with its gateway, the
 * load generator process of ingest-load.ts, and small statistics helpers.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, buildApp } from '@fleet/server/src/app';
import { type AppConfig, loadConfig } from '@fleet/server/src/config';
import { connect, type Db } from '@fleet/server/src/db/connection';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The q-quantile of values sorted ascending. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** A number knob of the environment (BENCH_…), or its default. */
export const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** A small deterministic generator (mulberry32), so every run measures the same data. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// --- fresh database --------------------------------------------------------------------------

export interface BenchDatabase {
  url: string;
  name: 'sqlite' | 'postgres';
  /** PostgreSQL: the schema of this run. */
  schema?: string;
  open(poolSize?: number): Db;
  dispose(): Promise<void>;
}

/** SQLite in a temp dir, or with a PostgreSQL URL a fresh schema on it (dropped by `dispose`). */
export async function freshDatabase(
  url: string | null | undefined = process.env.BENCH_DATABASE_URL,
): Promise<BenchDatabase> {
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'fleet-bench-'));
    const file = `sqlite:${path.join(dir, 'fleet.db')}`;
    return {
      url: file,
      name: 'sqlite',
      open: () => connect(file),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    url,
    name: 'postgres',
    schema,
    open: (poolSize = 10) => connect(url, { schema, poolSize }),
    dispose: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

// --- fleet and server ------------------------------------------------------------------------

export const phoneOf = (i: number) => String(15_000_000_000 + i + 1);

/** The team of the demo seed the bench trucks belong to (干线一分队). */
export const BENCH_TEAM = '10000010010001';

/** Terminals and trucks the bench's terminals report as (first merchant and a team of the demo seed). */
export async function addBenchFleet(db: Db, count: number): Promise<void> {
  const merchant = await db.db.selectFrom('merchant').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const scope = { merchant_id: merchant.id, team_code: BENCH_TEAM, created_at: now, updated_at: now };
  for (let start = 0; start < count; start += 500) {
    const n = Math.min(500, count - start);
    await db.db.transaction().execute(async (tx) => {
      const terminals = await tx
        .insertInto('terminal')
        .values(Array.from({ length: n }, (_, i) => ({ ...scope, phone: phoneOf(start + i) })))
        .returning('id')
        .execute();
      await tx
        .insertInto('truck')
        .values(
          terminals.map((t, i) => ({
            ...scope,
            car_no: `蒙K${String(start + i).padStart(6, '0')}`,
            vin: `BENCH${String(start + i).padStart(12, '0')}`,
            terminal_id: t.id,
          })),
        )
        .execute();
    });
  }
}

/**
 * History already stored before a load phase: `perTruck` reports every 10 s up to a minute ago for
 * each bench truck, written by the database itself in (truck, time) order. The cost of a report
 * grows with the history (each truck appends to its own leaf of the position index), so a fresh
 * database alone would flatter the ingest.
 */
export async function addBenchHistory(db: Db, perTruck: number): Promise<void> {
  if (perTruck <= 0) return;
  const end = Date.now() - 60_000;
  const columns =
    'truck_id, terminal_id, time, received_at, lat, lon, altitude, speed, direction, alarm_bits, status_bits, mileage, fuel';
  const values = (n: string) =>
    `t.id, t.terminal_id, ${end} - (${perTruck} - ${n}) * 10000, ${end} - (${perTruck} - ${n}) * 10000, ` +
    `39600000 + ${n}, 109800000, 1200, 600, 15, 0, 3, 100000 + ${n}, 4000`;
  const query =
    db.dialect === 'sqlite'
      ? `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${perTruck})
         insert into position (${columns}) select ${values('n')} from truck t, seq
         where t.vin like 'BENCH%' order by t.id, n`
      : `insert into position (${columns}) select ${values('n')} from truck t, generate_series(1, ${perTruck}) n
         where t.vin like 'BENCH%' order by t.id, n`;
  await sql.raw(query).execute(db.db);
}

/** The app on `db` with its gateway on a free port (no HTTP listener; `app.listen` adds one). */
export async function startServer(
  database: BenchDatabase,
  db: Db,
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'bus'> = {},
): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    jt808Port: 0,
    simulatorVehicles: 0,
    logLevel: 'warn',
    jt808IdleMs: 3600_000,
    // every simulated terminal connects from loopback, thousands at once
    jt808PreAuthPerAddress: 1_000_000,
    ...overrides,
  };
  const app = await buildApp(config, { ...options, database: db, logger: { level: 'warn' } });
  await app.ready();
  return app;
}

/**
 * The app on `db` with an HTTP listener on a free port and no gateway, as the latency benchmarks
 * call it; `base` is the URL of its API.
 */
export async function startHttpServer(
  database: BenchDatabase,
  db: Db,
  overrides: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    port: 0,
    logLevel: 'silent',
    loginRateLimit: 1_000_000,
    jt808Port: null,
    simulatorVehicles: 0,
    ...overrides,
  };
  const app = await buildApp(config, { database: db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api` };
}

// --- report benchmarks ----------------------------------------------------------------------

/** A truck of the demo fleet, as the report benchmarks write their rows for it. */
export interface BenchTruck {
  id: number;
  merchant_id: number;
  team_code: string;
  driver_id: number | null;
}

/** Rows written in bulk: prepared statements in one transaction on SQLite, unnest on PostgreSQL. */
export async function bulkInsert(db: Db, table: string, names: string[], kinds: string[], rows: unknown[][]) {
  if (rows.length === 0) return;
  if (db.sqlite) {
    const insert = db.sqlite.prepare(
      `insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
    );
    const batch = db.sqlite.transaction((list: unknown[][]) => {
      for (const row of list) insert.run(...row);
    });
    await db.db.connection().execute(async () => batch(rows));
    return;
  }
  for (let i = 0; i < rows.length; i += 20_000) {
    const part = rows.slice(i, i + 20_000);
    const arrays = kinds.map((kind, c) => sql`${part.map((r) => r[c])}::${sql.raw(kind)}[]`);
    await sql`insert into ${sql.table(table)} (${sql.raw(names.join(', '))}) select * from unnest(${sql.join(arrays)})`.execute(
      db.db,
    );
  }
}

/**
 * The set-up of the report benchmarks (costs, energy reports): a fresh database with the demo
 * organisation and `count` demo trucks (the demo's past waybills left out), the app listening on a
 * free port with its clock stopped at `now`, and the trucks in id order. `close` stops and removes
 * it all.
 */
export async function startReportBench(count: number, now: number) {
  const fresh = await freshDatabase();
  const database = fresh.open();
  const { app, base } = await startHttpServer(fresh, database, {
    simulatorVehicles: count,
    seedDemoWaybills: false,
    now: () => now,
  });
  const close = async () => {
    await app.close();
    await database.close();
    await fresh.dispose();
  };
  try {
    const trucks: BenchTruck[] = await database.db
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code', 'driver_id'])
      .orderBy('id')
      .execute();
    console.log(`${fresh.name}: ${fmt(trucks.length)} trucks`);
    return { fresh, database, app, base, trucks, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// --- load process ----------------------------------------------------------------------------

export interface LoadResult {
  mode: string;
  connections: number;
  acked: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  clientCpu: number;
  stillInFlight: number;
  error?: string;
}

/**
 * A child process (`script`, default the load generator ingest-load.ts) answering one IPC request
 * at a time, in order.
 */
export function loadProcess(script = 'ingest-load.ts') {
  const child = fork(path.join(here, script), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending: ((value: unknown) => void)[] = [];
  child.on('message', (m) => {
    if ((m as { ready?: boolean }).ready) return;
    pending.shift()?.(m);
  });
  const ready = new Promise<void>((resolve) =>
    child.on('message', (m) => (m as { ready?: boolean }).ready && resolve()),
  );
  return {
    ready,
    ask<T>(message: object): Promise<T> {
      return new Promise((resolve) => {
        pending.push(resolve as (value: unknown) => void);
        child.send(message);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.send({ cmd: 'close' });
      }),
  };
}
