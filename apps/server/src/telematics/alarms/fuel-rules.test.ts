import { describe, expect, it } from 'vitest';
import type { OpenTrip } from '../ingest/trips';
import { AlarmBatch } from './engine';
import { BASE, every, Harness, MIN, minute, SCOPE } from './track.fixture';

describe('suspected oil theft (5012)', () => {
  it('raises one alarm when the level falls while parked, follows a further drop, ends when the truck moves', () => {
    const h = new Harness({ oilTheft: { minLitres: 10 } });
    h.feed(
      { minute: 0, speed: 50, fuel: 300 },
      ...every(1, 5, () => ({ speed: 0, acc: false, fuel: 300 })),
      { minute: 6, speed: 0, acc: false, fuel: 296 },
      { minute: 7, speed: 0, acc: false, fuel: 285 },
      { minute: 8, speed: 0, acc: false, fuel: 270 },
      { minute: 9, speed: 0, acc: false, fuel: 270 },
      { minute: 10, speed: 40, fuel: 270 },
    );
    const [a, ...rest] = h.of(5012);
    expect(rest).toHaveLength(0);
    expect([minute(a?.startTime ?? null), minute(a?.endTime ?? null)]).toEqual([7, 10]);
    expect(a?.detail).toMatchObject({ beforeL: 300, afterL: 270, dropL: 30, parkedSince: BASE + MIN });
  });

  it('does not count fuel burnt while driving', () => {
    const h = new Harness({ oilTheft: { minLitres: 10 } });
    h.feed(...every(0, 30, (i) => ({ speed: 60, fuel: 300 - i })));
    expect(h.of(5012)).toHaveLength(0);
  });
});

describe('abnormal refuel (5002)', () => {
  it('flags a rise while moving and a rise beyond the tank, not a refuel at a standstill', () => {
    const h = new Harness({ refuel: { minLitres: 20 } }, { tankCapacityL: 400 });
    h.feed(
      { minute: 0, speed: 60, fuel: 100 },
      { minute: 1, speed: 60, fuel: 150 }, // rose 50 L on the road
      { minute: 2, speed: 0, fuel: 150 },
      { minute: 3, speed: 0, fuel: 350 }, // an ordinary refuel
      { minute: 4, speed: 0, fuel: 460 }, // more than the 400 L tank holds
    );
    const found = h.of(5002);
    expect(found.map((a) => [minute(a.startTime), a.detail?.reason, a.detail?.addedL])).toEqual([
      [1, 'moving', 50],
      [4, 'overCapacity', 110],
    ]);
    expect(found.every((a) => a.endTime === a.startTime)).toBe(true);
  });
});

describe('abnormal fuel use (5001)', () => {
  const trip = (km: number, litres: number): OpenTrip => ({
    id: 91,
    scope: SCOPE,
    startTime: BASE,
    startLat: 39_900_000,
    startLon: 116_400_000,
    startMileage: 10_000,
    startFuel: 3000,
    distance: 0,
    mileageNow: 10_000 + km * 10,
    fuelNow: 3000 - litres * 10,
    refuelled: 0,
    maxSpeed: 880,
    endTime: BASE + 120 * MIN,
    endLat: 40_000_000,
    endLon: 116_500_000,
    closed: true,
    savedAt: BASE,
  });

  it('raises an alarm spanning a finished trip that used more than the limit per 100 km', () => {
    const h = new Harness({ fuelUse: { maxLPer100km: 40, minKm: 20 } });
    h.feed({ minute: 0, speed: 50 });
    const batch = new AlarmBatch();
    h.engine.afterTrips(batch, [
      { kind: 'tripSave', trip: trip(100, 55) },
      { kind: 'tripSave', trip: trip(100, 35) },
      { kind: 'tripSave', trip: trip(10, 20) },
      { kind: 'tripSave', trip: { ...trip(100, 60), closed: false } },
    ]);
    h.keep(batch);
    const [a, ...rest] = h.of(5001);
    expect(rest).toHaveLength(0);
    expect(a).toMatchObject({
      startTime: BASE,
      endTime: BASE + 120 * MIN,
      maxSpeed: 880,
      endLat: 40_000_000,
    });
    expect(a?.detail).toMatchObject({ tripId: 91, mileageKm: 100, fuelUsedL: 55, lPer100km: 55 });
  });
});
