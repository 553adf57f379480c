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
 * `persistChanges` on SQLite's connection with statements prepared once (named parameters from the
 * same row builders): every open trip is saved each minute, so this runs a few hundred times a
 * second under a large fleet, where compiling and preparing each query cost more than the write.
 * Call it only where the caller holds the connection (inside the ingest's transaction).
 */
export class SqliteTrackWriter {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  write(changes: readonly TrackChange[]): void {
    for (const change of changes) {
      switch (change.kind) {
        case 'tripStart':
          change.trip.id = this.insert('trip', newTripRow(change.trip));
          break;
        case 'tripSave':
          if (change.trip.id !== null) this.update('trip', change.trip.id, tripProgress(change.trip));
          break;
        case 'tripDiscard':
          if (change.trip.id !== null) {
            this.statement('trip:delete', () => 'delete from trip where id = ?').run(change.trip.id);
          }
          break;
        case 'stopStart':
          change.stop.id = this.insert('stop', newStopRow(change.stop));
          break;
        case 'stopSave':
          if (change.stop.id !== null) this.update('stop', change.stop.id, stopProgress(change.stop));
          break;
      }
    }
  }

  private statement(key: string, text: () => string): SQLite.Statement {
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.sqlite.prepare(text());
      this.statements.set(key, statement);
    }
    return statement;
  }

  /** The builders give every key, always in the same order: one text a table. */
  private insert(table: 'trip' | 'stop', row: object): number {
    const statement = this.statement(`${table}:insert`, () => {
      const columns = Object.keys(row);
      return `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`;
    });
    return Number(statement.run(row).lastInsertRowid);
  }

  private update(table: 'trip' | 'stop', id: number, row: object): void {
    const statement = this.statement(`${table}:update`, () => {
      const columns = Object.keys(row);
      return `update ${table} set ${columns.map((c) => `${c} = @${c}`).join(', ')} where id = @id`;
    });
    statement.run({ ...row, id });
  }
}
