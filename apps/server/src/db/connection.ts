import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The SQLite handle under `db`, for the ingest's prepared statements (hot path). Use it only
   * inside `db.connection().execute(...)`, which holds Kysely's lock on this single connection.
   */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds and fen: numbers well inside 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric columns are read as numbers too.
pg.types.setTypeParser(1700, (value) => Number(value));

export interface ConnectOptions {
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  schema?: string;
  poolSize?: number;
}

/**
 * SQLite transactions begin IMMEDIATE: the ingest's writer thread commits on a second connection,
 * and a deferred transaction that read before that commit could not write after it
 * (SQLITE_BUSY_SNAPSHOT, never retried). Taking the write lock at BEGIN waits for the thread's
 * commit through busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/** Opens the database named by DATABASE_URL: `sqlite:<path>` or `postgres://...`. */
export function connect(url: string, options: ConnectOptions = {}): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (!url.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit syncs the WAL, so what was acknowledged survives a power loss (see README).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}
