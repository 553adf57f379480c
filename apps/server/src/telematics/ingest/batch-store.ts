import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import type { PositionRow } from './position';
import { persistChanges, SqliteTrackWriter } from './track-store';
import type { TrackChange } from './trips';

/** The latest state of a truck, as kept in memory and in `vehicle_state`. */
export interface VehicleState {
  truck_id: number;
  terminal_id: number;
  time: number;
  received_at: number;
  lat: number;
  lon: number;
  altitude: number;
  speed: number;
  direction: number;
  acc: number;
  online: number;
  alarm_bits: number;
  status_bits: number;
  mileage: number | null;
  fuel: number | null;
  driver_id: number | null;
}

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

const POSITION_COLUMNS =
  'truck_id, terminal_id, time, received_at, lat, lon, altitude, speed, direction, alarm_bits, status_bits, mileage, fuel, extra';
const STATE_COLUMNS = [
  'truck_id',
  'terminal_id',
  'time',
  'received_at',
  'lat',
  'lon',
  'altitude',
  'speed',
  'direction',
  'acc',
  'online',
  'alarm_bits',
  'status_bits',
  'mileage',
  'fuel',
  'driver_id',
] as const;
/** A report without odometer or fuel keeps the values known before. */
const STATE_UPDATE = STATE_COLUMNS.filter((c) => c !== 'truck_id')
  .map((c) =>
    c === 'mileage' || c === 'fuel'
      ? `${c} = coalesce(excluded.${c}, vehicle_state.${c})`
      : `${c} = excluded.${c}`,
  )
  .join(', ');

function positionValues(r: PositionRow, out: unknown[], at: number): void {
  out[at] = r.truckId;
  out[at + 1] = r.terminalId;
  out[at + 2] = r.time;
  out[at + 3] = r.receivedAt;
  out[at + 4] = r.lat;
  out[at + 5] = r.lon;
  out[at + 6] = r.altitude;
  out[at + 7] = r.speed;
  out[at + 8] = r.direction;
  out[at + 9] = r.alarmBits;
  out[at + 10] = r.statusBits;
  out[at + 11] = r.mileage;
  out[at + 12] = r.fuel;
  out[at + 13] = r.extra;
}

function stateValues(s: VehicleState, out: unknown[], at: number): void {
  for (let c = 0; c < STATE_COLUMNS.length; c++) out[at + c] = s[STATE_COLUMNS[c] as keyof VehicleState];
}

/** Rows a multi-row SQLite statement carries; the rest of a batch goes row by row. */
const SQLITE_CHUNK = 64;

/**
 * SQLite: prepared statements on the one connection, run synchronously between BEGIN and COMMIT
 * while Kysely's lock on that connection is held (so no other query interleaves). Multi-row
 * statements of 64 rows (896 parameters) and a single-row one for the remainder; trips and stops
 * through `SqliteTrackWriter`; the batch's alarms (rare) through Kysely on the same connection.
 */
class SqliteBatchStore implements BatchStore {
  private prepared: ReturnType<typeof prepareSqlite> | null = null;
  private checkpointer: Checkpointer | null = null;
  private readonly tracks: SqliteTrackWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SQLite.Database,
    private readonly log: { error(obj: object, msg: string): void },
  ) {
    this.tracks = new SqliteTrackWriter(sqlite);
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.checkpointer = null;
  }

  async write(batch: Batch): Promise<void> {
    await this.db.connection().execute(async (conn) => {
      // Prepared on first use: the tables exist once the migrations ran.
      if (!this.prepared) {
        this.prepared = prepareSqlite(this.sqlite);
        this.checkpointer = startCheckpointer(this.sqlite, this.log);
      }
      const s = this.prepared;
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

function prepareSqlite(sqlite: SQLite.Database) {
  // Every truck appends to its own leaf of the position (truck_id, time) index, so each commit
  // dirties about one index page a report: a larger page cache keeps those leaves in memory, and
  // a longer WAL between checkpoints writes a leaf dirtied by several commits back only once.
  // Checkpoints run in a worker thread (see checkpointer.ts) unless that cannot start.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('wal_autocheckpoint = 10000');
  const rows = (n: number, width: number) =>
    Array.from({ length: n }, () => `(${Array.from({ length: width }, () => '?').join(',')})`).join(',');
  const insertPositions = (n: number) => `insert into position (${POSITION_COLUMNS}) values ${rows(n, 14)}`;
  const upsertStates = (n: number) =>
    `insert into vehicle_state (${STATE_COLUMNS.join(', ')}) values ${rows(n, STATE_COLUMNS.length)} ` +
    `on conflict (truck_id) do update set ${STATE_UPDATE}`;
  return {
    begin: sqlite.prepare('begin'),
    commit: sqlite.prepare('commit'),
    rollback: sqlite.prepare('rollback'),
    positions: sqlite.prepare(insertPositions(SQLITE_CHUNK)),
    position: sqlite.prepare(insertPositions(1)),
    states: sqlite.prepare(upsertStates(SQLITE_CHUNK)),
    state: sqlite.prepare(upsertStates(1)),
    online: sqlite.prepare('update vehicle_state set online = ? where truck_id = ?'),
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
const PG_INSERT_POSITIONS = `insert into position (${POSITION_COLUMNS}) select * from unnest(${unnest(POSITION_TYPES)})`;
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

export function batchStore(database: Db, log: { error(obj: object, msg: string): void }): BatchStore {
  if (database.dialect === 'sqlite') {
    if (!database.sqlite) throw new Error('the SQLite ingest needs the connection handle (Db.sqlite)');
    return new SqliteBatchStore(database.db, database.sqlite, log);
  }
  return new PostgresBatchStore(database.db);
}
