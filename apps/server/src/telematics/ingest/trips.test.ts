import { describe, expect, it } from 'vitest';
import {
  haversineMetres,
  type TrackChange,
  type TrackPoint,
  TruckTrack,
  tripAverageSpeed,
  tripFuelUsed,
  tripMileage,
} from './trips';
import { restoreTrack } from './trips-restore';

const scope = { truckId: 7, merchantId: 1, teamCode: '1000001', driverId: 3 };
const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);

function point(minute: number, p: Partial<TrackPoint> = {}): TrackPoint {
  return {
    time: T0 + minute * MIN,
    lat: 39_900_000,
    lon: 116_400_000,
    speed: 0,
    acc: false,
    located: true,
    mileage: null,
    fuel: null,
    ...p,
  };
}

/**
 * Feeds points, assigning ids as the writer would; answers the changes without the periodic saves
 * of open trips, and their kinds as they were when made (a save of a closed trip is 'tripEnd').
 */
function feed(track: TruckTrack, points: TrackPoint[]): TrackChange[] & { kinds: string[] } {
  const all = Object.assign([] as TrackChange[], { kinds: [] as string[] });
  let id = 100;
  for (const p of points) {
    const changes: TrackChange[] = [];
    track.observe(p, changes);
    for (const c of changes) {
      if (c.kind === 'tripStart') c.trip.id = id++;
      if (c.kind === 'stopStart') c.stop.id = id++;
      if (c.kind === 'tripSave' && !c.trip.closed) continue;
      all.push(c);
      all.kinds.push(c.kind === 'tripSave' ? 'tripEnd' : c.kind);
    }
  }
  return all;
}

describe('trips and stops', () => {
  it('measures a great-circle distance', () => {
    // Tiananmen to Shanghai People's Square: about 1,067 km.
    const metres = haversineMetres(39_908_692, 116_397_477, 31_230_416, 121_473_701);
    expect(metres / 1000).toBeGreaterThan(1060);
    expect(metres / 1000).toBeLessThan(1075);
  });

  it('opens a stop after standing past the threshold, a trip on ACC on, and ends it where standing began', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    const changes = feed(track, [
      point(0, { mileage: 10_000, fuel: 3000 }),
      point(2, { mileage: 10_000, fuel: 3000 }),
      point(4, { mileage: 10_000, fuel: 3000 }), // 4 minutes standing: stop from minute 0
      point(5, { acc: true, mileage: 10_000, fuel: 3000 }), // ACC on: trip starts, stop ends
      ...Array.from({ length: 10 }, (_, i) =>
        point(6 + i, {
          acc: true,
          speed: 600,
          lat: 39_900_000 + (i + 1) * 9000,
          mileage: 10_000 + (i + 1) * 10,
          fuel: 3000 - (i + 1) * 3,
        }),
      ),
      point(16, { acc: true, lat: 39_990_000, mileage: 10_100, fuel: 2970 }),
      point(18, { acc: true, lat: 39_990_000, mileage: 10_100, fuel: 2970 }),
      point(20, { lat: 39_990_000, mileage: 10_100, fuel: 2970 }), // standing since 16: trip ends at 16
    ]);
    expect(changes.kinds).toEqual(['stopStart', 'stopSave', 'tripStart', 'tripEnd', 'stopStart']);
    const [firstStop, , started, ended, secondStop] = changes;
    expect(firstStop?.kind === 'stopStart' && firstStop.stop).toMatchObject({
      startTime: T0,
      endTime: T0 + 5 * MIN,
      accOff: true,
    });
    if (started?.kind !== 'tripStart' || ended?.kind !== 'tripSave') throw new Error('trip changes');
    const trip = ended.trip;
    expect(trip).toMatchObject({
      startTime: T0 + 5 * MIN,
      endTime: T0 + 16 * MIN,
      closed: true,
      maxSpeed: 600,
    });
    expect(tripMileage(trip)).toBe(100);
    expect(tripFuelUsed(trip)).toBe(30);
    // 10 km in 11 minutes
    expect(tripAverageSpeed(trip)).toBe(Math.round((100 * 3_600_000) / (11 * MIN)));
    expect(secondStop?.kind === 'stopStart' && secondStop.stop).toMatchObject({
      startTime: T0 + 16 * MIN,
      lat: 39_990_000,
      endTime: null,
    });
    expect(track.trip).toBeNull();
  });

  it('sums distances when there is no odometer, and starts a trip on speed alone (ACC not wired)', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    const changes = feed(track, [
      point(0, { speed: 400 }),
      point(1, { speed: 400, lat: 39_910_000 }),
      point(2, { speed: 400, lat: 39_920_000 }),
      point(3, { speed: 0, lat: 39_920_000 }),
      point(7, { speed: 0, lat: 39_920_000 }),
    ]);
    expect(changes.kinds).toEqual(['tripStart', 'tripEnd', 'stopStart']);
    const closed = changes[1];
    if (closed?.kind !== 'tripSave') throw new Error('trip not closed');
    // 0.02 degrees of latitude is about 2.22 km
    expect(tripMileage(closed.trip)).toBe(22);
    expect(closed.trip.endTime).toBe(T0 + 3 * MIN);
    expect(tripFuelUsed(closed.trip)).toBeNull();
  });

  it('counts refuelling back into the fuel used', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    const changes = feed(track, [
      point(0, { acc: true, speed: 500, fuel: 1000 }),
      point(1, { acc: true, speed: 500, fuel: 900 }),
      point(2, { acc: true, speed: 0, fuel: 1900 }), // +100 L at a station
      point(3, { acc: true, speed: 500, fuel: 1850 }),
    ]);
    const trip = changes[0]?.kind === 'tripStart' ? changes[0].trip : null;
    expect(trip && tripFuelUsed(trip)).toBe(1000 + 1000 - 1850);
  });

  it('discards a trip that never moved and reopens the stop it interrupted', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    const changes = feed(track, [
      point(0),
      point(5), // stop from 0
      point(10, { acc: true }), // ACC on: trip from 10
      point(11, { acc: true }),
      point(15, { acc: true }), // idling 5 minutes: no trip after all
    ]);
    expect(changes.map((c) => c.kind)).toEqual([
      'stopStart',
      'stopSave',
      'tripStart',
      'tripDiscard',
      'stopSave',
    ]);
    expect(track.stop).toMatchObject({ startTime: T0, endTime: null });
    expect(track.trip).toBeNull();
  });

  it('ignores reports older than the last one (blind-area backfill) and ends silent standing trips', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    const changes = feed(track, [
      point(10, { speed: 500 }),
      point(11, { speed: 0 }),
      point(5, { speed: 900 }),
    ]);
    expect(changes.kinds).toEqual(['tripStart']);
    expect(track.trip?.maxSpeed).toBe(500);
    expect(track.expires(T0 + 13 * MIN)).toBe(false);
    const later: TrackChange[] = [];
    track.expire(T0 + 15 * MIN, later);
    expect(later.map((c) => c.kind)).toEqual(['tripSave', 'stopStart']);
    expect(track.trip).toBeNull();
  });

  it('saves an open trip every minute of device time and restores it after a restart', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    const changes = feed(track, [
      point(0, { acc: true, speed: 500, mileage: 5000, fuel: 2000 }),
      point(0.5, { acc: true, speed: 700, mileage: 5005, fuel: 1995 }),
      point(1, { acc: true, speed: 500, mileage: 5010, fuel: 1990 }),
    ]);
    expect(changes.kinds).toEqual(['tripStart']);
    const saved = changes[0]?.kind === 'tripStart' ? changes[0].trip : null;
    if (!saved) throw new Error('no save');
    const restored = restoreTrack(scope, 3 * MIN, {
      trip: {
        id: saved.id as number,
        start_time: saved.startTime,
        start_lat: saved.startLat,
        start_lon: saved.startLon,
        start_mileage: saved.startMileage,
        start_fuel: saved.startFuel,
        mileage: tripMileage(saved),
        fuel_used: tripFuelUsed(saved),
        max_speed: saved.maxSpeed,
        driver_id: 3,
      },
      stop: null,
      last: {
        time: T0 + MIN,
        lat: 39_900_000,
        lon: 116_400_000,
        speed: 500,
        acc: 1,
        status_bits: 3,
        mileage: 5010,
        fuel: 1990,
      },
    });
    const after = feed(restored, [
      point(2, { acc: true, speed: 800, mileage: 5020, fuel: 1980 }),
      point(3, { acc: true, speed: 0, mileage: 5030, fuel: 1970 }),
      point(7, { speed: 0, mileage: 5030, fuel: 1970 }),
    ]);
    const closed = after.find((c) => c.kind === 'tripSave' && c.trip.closed);
    if (closed?.kind !== 'tripSave') throw new Error('trip not closed');
    expect(closed.trip.id).toBe(saved.id);
    expect(tripMileage(closed.trip)).toBe(30);
    expect(tripFuelUsed(closed.trip)).toBe(30);
    expect(closed.trip.maxSpeed).toBe(800);
    expect(closed.trip.endTime).toBe(T0 + 3 * MIN);
  });

  it('restores its former state when the transaction persisting a change fails', () => {
    const track = new TruckTrack(scope, 3 * MIN);
    feed(track, [point(0, { acc: true, speed: 500 })]);
    const undo = track.snapshot();
    const changes: TrackChange[] = [];
    track.observe(point(1, { speed: 0 }), changes);
    track.observe(point(5, { speed: 0 }), changes);
    expect(track.trip).toBeNull();
    undo();
    expect(track.trip).toMatchObject({ startTime: T0, closed: false });
    expect(track.last?.time).toBe(T0);
  });
});
