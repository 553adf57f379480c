import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import type { PositionRow } from './position';
import {
  POSITION_COLUMNS,
  positionValues,
  SQLITE_CHUNK,
  SQLITE_INGEST_SQL,
  STATE_COLUMNS,
  STATE_UPDATE,
  stateValues,
  type VehicleState,
} from './rows';
import { startWriterThread, type WriterThread } from './sqlite-writer';
import { persistChanges, SqliteTrackWriter } from './track-store';
import type { TrackChange } from './trips';

export type { VehicleState };

/** Everything one group commit writes, in one transaction. */
export interface Batch {
  positions: PositionRow[];
  /** Newest state per truck (at most one row a truck). */
  states: VehicleState[];
  online: { truckId: number; online: boolean }[];
  changes: TrackChange[];
  /** More writes of the same transaction, after the rows above (the batch's alarms). */
  within?: ((tx: Kysely<Database>) => Promise<void>) | null;
}

export interface BatchStore {
  write(batch: Batch): Promise<void>;
  /** Stops background work (SQLite's checkpointer). */
  close(): Promise<void>;
}

/**
 * SQLite: a group commit is written by the writer thread (sqlite-writer.ts) on a connection of its
 * own, so the statements run beside the gateway's decoding rather than in turn with it. A batch with
 * alarms (rare), and every batch where no thread can run (an in-memory database, or after the thread
 * failed), is written here instead: prepared statements run synchronously between BEGIN and COMMIT
 * while Kysely's lock on the connection is held (so no other query interleaves), the alarms through
 * Kysely on the same connection. Batches never overlap (one group commit at a time); an API write
 * on the main connection meanwhile waits for the thread's commit (busy_timeout, and transactions
 * begin IMMEDIATE: see db/connection.ts).
 */
class SqliteBatchStore implements BatchStore {
  private prepared: ReturnType<typeof prepareSqlite> | null = null;
  private checkpointer: Checkpointer | null = null;
  private thread: WriterThread | null = null;
  private readonly tracks: SqliteTrackWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SQLite.Database,
    private readonly log: { error(obj: object, msg: string): void },
    private readonly useThread: boolean,
  ) {
    this.tracks = new SqliteTrackWriter(sqlite);
  }

  async close(): Promise<void> {
    await this.thread?.close();
    this.thread = null;
    await this.checkpointer?.stop();
    this.checkpointer = null;
  }

  async write(batch: Batch): Promise<void> {
    // Prepared on first use: the tables exist once the migrations ran.
    if (!this.prepared) {
      this.prepared = prepareSqlite(this.sqlite);
      this.checkpointer = startCheckpointer(this.sqlite, this.log);
      if (this.useThread) {
        this.thread = startWriterThread(this.sqlite, {
          // Its own automatic checkpoint stays on as a safety net: the checkpointer keeps the WAL short.
          pragmas: [`cache_size = ${CACHE_SIZE}`, `wal_autocheckpoint = ${WAL_PAGES}`],
          log: this.log,
          onFailed: () => {
            this.thread = null;
          },
        });
      }
    }
    if (this.thread && !batch.within) return this.thread.write(batch);
    await this.db.connection().execute(async (conn) => {
      const s = this.prepared as ReturnType<typeof prepareSqlite>;
      s.begin.run();
      try {
        runRows(batch.positions, s.positions, s.position, 14, positionValues);
        runRows(batch.states, s.states, s.state, STATE_COLUMNS.length, stateValues);
        for (const op of batch.online) s.online.run(op.online ? 1 : 0, op.truckId);
        if (batch.changes.length > 0) this.tracks.write(batch.changes);
        if (batch.within) await batch.within(conn);
        s.commit.run();
      } catch (error) {
        if (this.sqlite.inTransaction) s.rollback.run();
        throw error;
      }
    });
  }
}

/** Page cache of the ingest's connections (KiB when negative). */
const CACHE_SIZE = -65536;
/** WAL pages between automatic checkpoints when the checkpointer thread does not run. */
const WAL_PAGES = 10000;

function prepareSqlite(sqlite: SQLite.Database) {
  // Every truck appends to its own leaf of the position (truck_id, time) index, so each commit
  // dirties about one index page a report: a larger page cache keeps those leaves in memory, and
  // a longer WAL between checkpoints writes a leaf dirtied by several commits back only once.
  // Checkpoints run in a worker thread (see checkpointer.ts) unless that cannot start.
  sqlite.pragma(`cache_size = ${CACHE_SIZE}`);
  sqlite.pragma(`wal_autocheckpoint = ${WAL_PAGES}`);
  return {
    begin: sqlite.prepare('begin immediate'),
    commit: sqlite.prepare('commit'),
    rollback: sqlite.prepare('rollback'),
    positions: sqlite.prepare(SQLITE_INGEST_SQL.positions),
    position: sqlite.prepare(SQLITE_INGEST_SQL.position),
    states: sqlite.prepare(SQLITE_INGEST_SQL.states),
    state: sqlite.prepare(SQLITE_INGEST_SQL.state),
    online: sqlite.prepare(SQLITE_INGEST_SQL.online),
  };
}

function runRows<T>(
  rows: T[],
  many: SQLite.Statement,
  one: SQLite.Statement,
  width: number,
  fill: (row: T, out: unknown[], at: number) => void,
): void {
  let i = 0;
  if (rows.length >= SQLITE_CHUNK) {
    const params: unknown[] = new Array(SQLITE_CHUNK * width);
    for (; i + SQLITE_CHUNK <= rows.length; i += SQLITE_CHUNK) {
      for (let j = 0; j < SQLITE_CHUNK; j++) fill(rows[i + j] as T, params, j * width);
      many.run(params);
    }
  }
  const single: unknown[] = new Array(width);
  for (; i < rows.length; i++) {
    fill(rows[i] as T, single, 0);
    one.run(single);
  }
}

const POSITION_TYPES = [
  'int4',
  'int4',
  'int8',
  'int8',
  'int4',
  'int4',
  'int4',
  'int4',
  'int4',
  'int8',
  'int8',
  'int4',
  'int4',
  'text',
];
const STATE_TYPES = [
  'int4',
  'int4',
  'int8',
  'int8',
  'int4',
  'int4',
  'int4',
  'int4',
  'int4',
  'int4',
  'int4',
  'int8',
  'int8',
  'int4',
  'int4',
  'int4',
];
const unnest = (types: string[]) => types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
const PG_INSERT_POSITIONS = `insert into position (${POSITION_COLUMNS}) select * from unnest(${unnest(POSITION_TYPES)}) on conflict do nothing`;
const PG_UPSERT_STATES =
  `insert into vehicle_state (${STATE_COLUMNS.join(', ')}) select * from unnest(${unnest(STATE_TYPES)}) ` +
  `on conflict (truck_id) do update set ${STATE_UPDATE}`;

/** Column arrays of `rows` for an unnest() statement. */
function columns<T>(
  rows: T[],
  width: number,
  fill: (row: T, out: unknown[], at: number) => void,
): unknown[][] {
  const cols: unknown[][] = Array.from({ length: width }, () => new Array(rows.length));
  const one: unknown[] = new Array(width);
  for (let i = 0; i < rows.length; i++) {
    fill(rows[i] as T, one, 0);
    for (let c = 0; c < width; c++) (cols[c] as unknown[])[i] = one[c];
  }
  return cols;
}

/**
 * PostgreSQL: one transaction; positions and states each in one statement of column arrays
 * (insert ... select from unnest), a fixed text of 14 or 16 parameters whatever the batch size.
 */
class PostgresBatchStore implements BatchStore {
  constructor(private readonly db: Kysely<Database>) {}

  async close(): Promise<void> {}

  async write(batch: Batch): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (batch.positions.length > 0) {
        const params = columns(batch.positions, 14, positionValues);
        await tx.executeQuery(CompiledQuery.raw(PG_INSERT_POSITIONS, params));
      }
      if (batch.states.length > 0) {
        const params = columns(batch.states, STATE_COLUMNS.length, stateValues);
        await tx.executeQuery(CompiledQuery.raw(PG_UPSERT_STATES, params));
      }
      for (const op of batch.online) {
        await tx
          .updateTable('vehicle_state')
          .set({ online: op.online ? 1 : 0 })
          .where('truck_id', '=', op.truckId)
          .execute();
      }
      if (batch.changes.length > 0) await persistChanges(tx, batch.changes);
      if (batch.within) await batch.within(tx);
    });
  }
}

/**
 * The ingest's writer for `database`. On SQLite, `writerThread` (default true) writes the group
 * commits from a thread of their own where the database is a file.
 */
export function batchStore(
  database: Db,
  log: { error(obj: object, msg: string): void },
  writerThread = true,
): BatchStore {
  if (database.dialect === 'sqlite') {
    if (!database.sqlite) throw new Error('the SQLite ingest needs the connection handle (Db.sqlite)');
    return new SqliteBatchStore(database.db, database.sqlite, log, writerThread);
  }
  return new PostgresBatchStore(database.db);
}
