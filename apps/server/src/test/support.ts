import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { type BuildOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { connect, type Db } from '../db/connection';
import type { SmsProvider } from '../modules/auth/sms';
import { sha256Hex } from '../modules/auth/tokens';
import { type EventBus, inProcessBus, postgresBus } from '../realtime/bus';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
  /** Shown in test titles. */
  title: string;
}

/** A fresh SQLite database file in a temporary folder (removed on close). */
const SQLITE_TEMP_FILE = 'sqlite:temp-file';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const TEST_DATABASES: TestDatabase[] = [
  { name: 'sqlite', url: 'sqlite::memory:', title: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL, title: 'postgres' }]
    : []),
];

/**
 * For the ingest's tests: also SQLite on a file, where the group commits are written by the writer
 * thread on a second connection (an in-memory database is written on the main one).
 */
export const SQLITE_FILE_DATABASE: TestDatabase = {
  name: 'sqlite',
  url: SQLITE_TEMP_FILE,
  title: 'sqlite file (writer thread)',
};
export const INGEST_TEST_DATABASES: TestDatabase[] = [...TEST_DATABASES, SQLITE_FILE_DATABASE];

export interface TestApp {
  app: FastifyInstance;
  bus: EventBus;
  db: Db;
  /** SMS texts the server sent, newest last. */
  sms: { phone: string; text: string }[];
  /** The server's clock. */
  now(): number;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database: SQLite in memory, or a PostgreSQL schema of its own. */
export async function startTestApp(
  database: TestDatabase,
  settings: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'features'> = {},
): Promise<TestApp> {
  let clock = Date.UTC(2026, 10, 20, 2, 0, 0);
  const config: AppConfig = {
    ...loadConfig({}),
    now: () => clock,
    logLevel: 'silent',
    loginRateLimit: 10_000,
    // API tests run without the JT/T 808 gateway; gateway tests pass jt808Port: 0 (a free port).
    jt808Port: null,
    // the demo's past alarms only where a test asks for them: alarm tests count their own
    seedDemoAlarms: false,
    // and the demo's past waybills: waybill tests count their own
    seedDemoWaybills: false,
    ...settings,
  };
  let schema: string | undefined;
  if (database.name === 'postgres') {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const folder = database.url === SQLITE_TEMP_FILE ? await mkdtemp(path.join(tmpdir(), 'fleet-test-')) : null;
  const url = folder ? `sqlite:${path.join(folder, 'fleet.db')}` : database.url;
  const db = connect(url, { schema, poolSize: 4 });
  const sent: { phone: string; text: string }[] = [];
  const sms: SmsProvider = {
    async send(phone, text) {
      sent.push({ phone, text });
    },
  };
  const bus = schema
    ? await postgresBus(database.url, pino({ level: 'silent' }), { schema })
    : inProcessBus();
  const app = await buildApp(config, { ...options, database: db, sms, bus, logger: false });
  await app.ready();
  return {
    app,
    bus,
    db,
    sms: sent,
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    async close() {
      await app.close();
      await bus.close();
      await db.close();
      if (schema) {
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
      if (folder) await rm(folder, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the envelope carries
  body: { code: number; msg: string; data: any };
  text: string;
}

/** One HTTP call through the app, with the token in the Auth-Token header. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<Answer> {
  const request: InjectOptions = { method, url, query: options.query };
  if (options.token) request.headers = { 'auth-token': options.token };
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  const res = await app.inject(request);
  let body: Answer['body'];
  try {
    body = res.json();
  } catch {
    body = { code: -1, msg: res.body, data: null };
  }
  return { status: res.statusCode, body, text: res.body };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/login', {
    body: { username, password: sha256Hex(password) },
  });
  if (res.body.code !== 200) throw new Error(`login ${username} failed: ${res.body.msg}`);
  return res.body.data.token as string;
}

export const DEMO = {
  admin: 'Admin@123',
  dispatch: 'Dispatch@123',
  finance: 'Finance@123',
  safety: 'Safety@123',
} as const;

/** A multipart/form-data body with one file and optional text fields, for app.inject. */
export function multipartBody(
  file: { field?: string; filename: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----fleet${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
