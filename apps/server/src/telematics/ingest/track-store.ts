import type SQLite from 'better-sqlite3';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { StopTable, TripTable } from '../telematics.table';
import {
  type OpenStop,
  type OpenTrip,
  type TrackChange,
  tripAverageSpeed,
  tripFuelUsed,
  tripMileage,
} from './trips';

// The rows each change writes, shared by the Kysely writer (PostgreSQL, shutdown) and the
// prepared statements of the SQLite ingest: one place says which column takes which value.

function newTripRow(t: OpenTrip): Insertable<TripTable> {
  return {
    merchant_id: t.scope.merchantId,
    team_code: t.scope.teamCode,
    truck_id: t.scope.truckId,
    driver_id: t.scope.driverId,
    start_time: t.startTime,
    start_lat: t.startLat,
    start_lon: t.startLon,
    start_mileage: t.startMileage,
    start_fuel: t.startFuel,
    mileage: 0,
    fuel_used: t.startFuel === null ? null : 0,
    max_speed: t.maxSpeed,
    avg_speed: 0,
  };
}

function tripProgress(t: OpenTrip): Updateable<TripTable> {
  return {
    end_time: t.closed ? t.endTime : null,
    end_lat: t.closed ? t.endLat : null,
    end_lon: t.closed ? t.endLon : null,
    start_mileage: t.startMileage,
    start_fuel: t.startFuel,
    mileage: tripMileage(t),
    fuel_used: tripFuelUsed(t),
    max_speed: t.maxSpeed,
    avg_speed: tripAverageSpeed(t),
  };
}

function newStopRow(s: OpenStop): Insertable<StopTable> {
  return {
    merchant_id: s.scope.merchantId,
    team_code: s.scope.teamCode,
    truck_id: s.scope.truckId,
    start_time: s.startTime,
    end_time: s.endTime,
    lat: s.lat,
    lon: s.lon,
    acc_off: s.accOff ? 1 : 0,
  };
}

function stopProgress(s: OpenStop): Updateable<StopTable> {
  return { end_time: s.endTime, acc_off: s.accOff ? 1 : 0 };
}

/** Writes trip and stop changes in order, inside the caller's transaction; sets ids of new rows. */
export async function persistChanges(tx: Kysely<Database>, changes: readonly TrackChange[]): Promise<void> {
  for (const change of changes) {
    switch (change.kind) {
      case 'tripStart': {
        const row = await tx
          .insertInto('trip')
          .values(newTripRow(change.trip))
          .returning('id')
          .executeTakeFirstOrThrow();
        change.trip.id = row.id;
        break;
      }
      case 'tripSave':
        if (change.trip.id === null) break;
        await tx
          .updateTable('trip')
          .set(tripProgress(change.trip))
          .where('id', '=', change.trip.id)
          .execute();
        break;
      case 'tripDiscard':
        if (change.trip.id !== null) await tx.deleteFrom('trip').where('id', '=', change.trip.id).execute();
        break;
      case 'stopStart': {
        const row = await tx
          .insertInto('stop')
          .values(newStopRow(change.stop))
          .returning('id')
          .executeTakeFirstOrThrow();
        change.stop.id = row.id;
        break;
      }
      case 'stopSave':
        if (change.stop.id === null) break;
        await tx
          .updateTable('stop')
          .set(stopProgress(change.stop))
          .where('id', '=', change.stop.id)
          .execute();
        break;
    }
  }
}

/**
 * One statement of `trackOps`: `sql` with named parameters `params`. `insert` names the slot its
 * new row's id goes to; `idFrom` takes `@id` from such a slot (a row inserted earlier in the same
 * batch). Plain data, so the SQLite writer thread can run it (sqlite-writer.worker.cjs).
 */
export interface TrackOp {
  sql: string;
  params: Record<string, unknown>;
  insert?: number;
  idFrom?: number;
}

/** The rows inserted by a batch's ops, by slot: `setIds` writes their new ids back. */
export interface TrackOps {
  ops: TrackOp[];
  inserted: (OpenTrip | OpenStop)[];
}

const insertSql = (table: string, row: object) => {
  const columns = Object.keys(row);
  return `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`;
};
const updateSql = (table: string, row: object) =>
  `update ${table} set ${Object.keys(row)
    .map((c) => `${c} = @${c}`)
    .join(', ')} where id = @id`;

/**
 * `persistChanges` as statements for SQLite's own connection (prepared once, cached by text):
 * every open trip is saved each minute, so this runs a few hundred times a second under a large
 * fleet, where compiling a Kysely query cost more than the write. The builders give every key in
 * the same order, so there is one text a table and kind.
 */
export function trackOps(changes: readonly TrackChange[]): TrackOps {
  const ops: TrackOp[] = [];
  const inserted: (OpenTrip | OpenStop)[] = [];
  const target = (row: OpenTrip | OpenStop, op: Omit<TrackOp, 'idFrom'>) => {
    if (row.id !== null) ops.push({ ...op, params: { ...op.params, id: row.id } });
    else {
      const slot = inserted.indexOf(row);
      if (slot >= 0) ops.push({ ...op, idFrom: slot });
    }
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'tripStart': {
        const row = newTripRow(change.trip);
        ops.push({ sql: insertSql('trip', row), params: row, insert: inserted.push(change.trip) - 1 });
        break;
      }
      case 'tripSave': {
        const row = tripProgress(change.trip);
        target(change.trip, { sql: updateSql('trip', row), params: row });
        break;
      }
      case 'tripDiscard':
        target(change.trip, { sql: 'delete from trip where id = @id', params: {} });
        break;
      case 'stopStart': {
        const row = newStopRow(change.stop);
        ops.push({ sql: insertSql('stop', row), params: row, insert: inserted.push(change.stop) - 1 });
        break;
      }
      case 'stopSave': {
        const row = stopProgress(change.stop);
        target(change.stop, { sql: updateSql('stop', row), params: row });
        break;
      }
    }
  }
  return { ops, inserted };
}

/** Writes the new rows' ids (by slot) back to the trips and stops once their batch committed. */
export function setIds(track: TrackOps, ids: readonly number[]): void {
  track.inserted.forEach((row, slot) => {
    row.id = ids[slot] ?? null;
  });
}

/**
 * Runs `trackOps` on SQLite's connection where the caller holds it (inside the ingest's
 * transaction); answers the new ids by slot. The writer thread runs the same loop.
 */
export class SqliteTrackWriter {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  run(ops: readonly TrackOp[]): number[] {
    const ids: number[] = [];
    for (const op of ops) {
      let statement = this.statements.get(op.sql);
      if (!statement) {
        statement = this.sqlite.prepare(op.sql);
        this.statements.set(op.sql, statement);
      }
      const params = op.idFrom === undefined ? op.params : { ...op.params, id: ids[op.idFrom] };
      const result = statement.run(params);
      if (op.insert !== undefined) ids[op.insert] = Number(result.lastInsertRowid);
    }
    return ids;
  }

  /** Writes `changes` and sets the ids of new rows at once (the caller rolls back on failure). */
  write(changes: readonly TrackChange[]): void {
    const track = trackOps(changes);
    setIds(track, this.run(track.ops));
  }
}
