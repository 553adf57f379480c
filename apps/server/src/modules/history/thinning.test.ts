import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_LITRES, fuelEvents } from './fuel-events';
import { cumulativeMeters, roadTypeData, slopeData } from './road';
import { bandIndex, EVENT_ALARM_MASK, thinSeries, thinTrack, toleranceMeters } from './thinning';
import type { Track } from './trail';

/** A track of `n` one-second reports heading east from 40°N 110°E; `at(i)` gives speed etc. */
function track(
  n: number,
  at: (i: number) => { speed: number; alarm?: number; acc?: boolean; dLat?: number; altitude?: number },
): Track {
  const t: Track = {
    length: n,
    time: new Float64Array(n),
    lat: new Int32Array(n),
    lon: new Int32Array(n),
    speed: new Int32Array(n),
    direction: new Int32Array(n),
    altitude: new Int32Array(n),
    alarm: new Float64Array(n),
    status: new Float64Array(n),
    mileage: new Float64Array(n).fill(Number.NaN),
  };
  let lon = 110;
  for (let i = 0; i < n; i++) {
    const p = at(i);
    // metres per second at the speed, eastward (1° of longitude at 40°N is about 85.3 km)
    lon += (p.speed / 3.6 / 85_300) * (i === 0 ? 0 : 1);
    t.time[i] = Date.UTC(2026, 10, 20) + i * 1000;
    t.lat[i] = Math.round((40 + (p.dLat ?? 0)) * 1e6);
    t.lon[i] = Math.round(lon * 1e6);
    t.speed[i] = Math.round(p.speed * 10);
    t.altitude[i] = p.altitude ?? 1000;
    t.alarm[i] = p.alarm ?? 0;
    t.status[i] = (p.acc === false ? 0 : 1) | 2;
  }
  return t;
}

describe('track thinning', () => {
  it('reduces a straight line at one speed to its two ends', () => {
    const t = track(86_400, () => ({ speed: 45 }));
    expect(thinTrack(t, toleranceMeters(8))).toEqual([0, 86_399]);
  });

  it('keeps both ends of every stop and the first point of every speed band and ACC state', () => {
    const speeds = (i: number) => (i < 100 ? 50 : i < 200 ? 0 : i < 300 ? 70 : 95);
    const t = track(400, (i) => ({ speed: speeds(i), acc: !(i >= 150 && i < 180) }));
    const kept = thinTrack(t, 20);
    // stop 100-199 with its neighbours 99 and 200; ACC off at 150, on at 180; 70 → 95 km/h at 300
    expect(kept).toEqual([0, 99, 100, 150, 180, 199, 200, 300, 399]);
  });

  it('keeps every point with a driving alarm, and only the start and end of a device fault', () => {
    const overspeed = 1 << 1;
    const antenna = 1 << 5;
    const t = track(1000, (i) => ({
      speed: 45,
      alarm: (i >= 100 && i < 110 ? overspeed : 0) | (i >= 500 && i < 900 ? antenna : 0),
    }));
    const kept = thinTrack(t, 20);
    for (let i = 100; i < 111; i++) expect(kept).toContain(i);
    expect(kept).toContain(500);
    expect(kept).toContain(900);
    expect(kept.filter((i) => i > 500 && i < 900)).toEqual([]);
    expect((overspeed & EVENT_ALARM_MASK) !== 0).toBe(true);
    expect((antenna & EVENT_ALARM_MASK) !== 0).toBe(false);
  });

  it('keeps the shape: a corner survives, points on a straight leg do not', () => {
    // east for 600 s, then north-east
    const t = track(1200, (i) => ({ speed: 45, dLat: i < 600 ? 0 : (i - 600) * 0.0001 }));
    const kept = thinTrack(t, 20);
    expect(kept.length).toBeLessThan(6);
    expect(kept.some((i) => Math.abs(i - 600) <= 1)).toBe(true);
    // a finer level keeps at least as many points
    expect(thinTrack(t, toleranceMeters(1)).length).toBeGreaterThanOrEqual(kept.length);
  });

  it('bands speeds as core section 9 says', () => {
    expect([0, 300, 301, 600, 601, 800, 801, 1000, 1001].map(bandIndex)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('thins a series by vertical distance', () => {
    const x = Array.from({ length: 100 }, (_, i) => i);
    const y = x.map((i) => (i < 50 ? 10 : 60));
    const kept = thinSeries(x, y, 0.5);
    expect(kept).toEqual([0, 49, 50, 99]);
  });
});

describe('road data', () => {
  it('finds the slope from altitude over distance', () => {
    // 72 km/h = 20 m/s: 2 km flat, then 2 km climbing 100 m (5 %)
    const t = track(200, (i) => ({ speed: 72, altitude: i < 100 ? 1000 : 1000 + (i - 100) }));
    const along = cumulativeMeters(t);
    const slope = slopeData(t, along);
    const climb = slope.segments.find((s) => s.type === '上坡');
    expect(climb?.slope).toBeCloseTo(5, 0);
    expect(slope.segments[0]?.type).toBe('平路');
    const flat = slope.distribution.find((d) => d.name === '平路');
    expect(flat?.ratio).toBeGreaterThan(30);
    expect(slope.distribution.reduce((n, d) => n + d.ratio, 0)).toBeCloseTo(100, 0);
  });

  it('tells highway from city streets by speed and stops', () => {
    const highway = track(1800, () => ({ speed: 88 }));
    const city = track(1800, (i) => ({ speed: i % 120 < 30 ? 0 : 32 }));
    expect(roadTypeData(highway, cumulativeMeters(highway)).segments.map((s) => s.type)).toEqual(['高速']);
    const cityData = roadTypeData(city, cumulativeMeters(city));
    expect(cityData.segments.map((s) => s.type)).toEqual(['城市道路']);
    expect(cityData.distribution.find((d) => d.name === '城市道路')?.ratio).toBe(100);
    expect(cityData.method).toContain('85分位车速');
    const trunk = track(1800, (i) => ({ speed: i % 900 < 60 ? 0 : 62 }));
    expect(roadTypeData(trunk, cumulativeMeters(trunk)).segments.map((s) => s.type)).toContain('国省道');
  });
});

describe('fuel events', () => {
  const samples = (fuel: number[], speed: number[]) => ({
    length: fuel.length,
    time: fuel.map((_, i) => i * 30_000),
    fuel: fuel.map((l) => l * 10),
    speed: speed.map((s) => s * 10),
  });

  it('finds a refuel and a drain while standing, and ignores sloshing while driving', () => {
    const fuel = [300, 299, 298, 298, 350, 450, 520, 520, 519, 518, 600, 517, 516, 516, 500, 490, 489, 488];
    const speed = [60, 60, 60, 0, 0, 0, 0, 0, 55, 60, 60, 60, 60, 0, 0, 0, 0, 50];
    const events = fuelEvents(samples(fuel, speed));
    expect(events).toEqual([
      { type: 'refuel', from: 3, to: 7, before: 298, after: 520, change: 222 },
      { type: 'drain', from: 13, to: 16, before: 516, after: 489, change: 27 },
    ]);
  });

  it('leaves small changes alone', () => {
    const fuel = [300, 300, 300 - DEFAULT_DRAIN_LITRES + 1, 291, 291];
    expect(fuelEvents(samples(fuel, [50, 0, 0, 0, 50]))).toEqual([]);
  });
});
