import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { persistChanges, SqliteTrackWriter } from './track-store';
import { type TrackChange, type TrackPoint, TruckTrack } from './trips';

const MIN = 60_000;
const T0 = Date.UTC(2024, 4, 1, 0, 0);

function point(minute: number, speed: number, acc: boolean, km: number, fuel: number): TrackPoint {
  return {
    time: T0 + minute * MIN,
    lat: 39_600_000 + minute * 1000,
    lon: 109_780_000,
    speed,
    acc,
    located: true,
    mileage: km * 10,
    fuel: fuel * 10,
  };
}

/**
 * A day of every change kind: parked (stop), a trip with a save, a stop, an idle start that never
 * moved (discarded, the stop reopened and saved), then a last trip.
 */
function changeBatches(truckId: number): TrackChange[][] {
  const track = new TruckTrack(
    { truckId, merchantId: 1, teamCode: '10000010010001', driverId: null },
    3 * MIN,
  );
  const points = [
    ...[0, 1, 2, 3, 4].map((m) => point(m, 0, false, 100, 300)),
    ...[5, 6, 7, 8, 9, 10, 11].map((m) => point(m, 600, true, 100 + m, 300 - m)),
    ...[12, 13, 14, 15, 16, 17].map((m) => point(m, 0, false, 111, 289)),
    ...[18, 19, 20, 21, 22].map((m) => point(m, 0, true, 111, 289)),
    ...[23, 24, 25].map((m) => point(m, 0, false, 111, 289)),
    ...[26, 27].map((m) => point(m, 500, true, 111 + m - 25, 288)),
  ];
  return points.map((p) => {
    const changes: TrackChange[] = [];
    track.observe(p, changes);
    return changes;
  });
}

async function rows(db: Db, truckId: number) {
  const trips = await db.db
    .selectFrom('trip')
    .selectAll()
    .where('truck_id', '=', truckId)
    .orderBy('start_time')
    .execute();
  const stops = await db.db
    .selectFrom('stop')
    .selectAll()
    .where('truck_id', '=', truckId)
    .orderBy('start_time')
    .execute();
  const strip = <T extends { id: number }>({ id: _, ...rest }: T) => rest;
  return { trips: trips.map(strip), stops: stops.map(strip) };
}

describe('SqliteTrackWriter', () => {
  let db: Db;
  beforeEach(async () => {
    db = connect('sqlite::memory:');
    await migrateToLatest(db.db);
  });
  afterEach(() => db.close());

  it('writes the same trips and stops as the Kysely writer, ids set on new rows', async () => {
    const batches = changeBatches(1);
    const kinds = new Set(batches.flat().map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['stopSave', 'stopStart', 'tripDiscard', 'tripSave', 'tripStart']);
    for (const changes of batches) await persistChanges(db.db, changes);

    const writer = new SqliteTrackWriter(db.sqlite as NonNullable<Db['sqlite']>);
    const ids = { trip: new Set<number>(), stop: new Set<number>() };
    for (const changes of changeBatches(2)) {
      writer.write(changes);
      for (const c of changes) {
        const [table, row] = 'trip' in c ? (['trip', c.trip] as const) : (['stop', c.stop] as const);
        expect(row.id).toBeGreaterThan(0);
        if (c.kind === 'tripStart' || c.kind === 'stopStart') {
          expect(ids[table].has(row.id as number)).toBe(false);
          ids[table].add(row.id as number);
        }
      }
    }

    const kysely = await rows(db, 1);
    const prepared = await rows(db, 2);
    expect(kysely.trips.length).toBe(2);
    expect(kysely.stops.length).toBeGreaterThanOrEqual(2);
    const truck = <T extends { truck_id: number }>(r: T) => ({ ...r, truck_id: 0 });
    expect(prepared.trips.map(truck)).toEqual(kysely.trips.map(truck));
    expect(prepared.stops.map(truck)).toEqual(kysely.stops.map(truck));
  });
});
