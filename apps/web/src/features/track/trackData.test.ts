import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '../../api/history';
import { projectionFor } from '../../map/projection';
import { splitTrips, timeMs, trackDataOf } from './trackData';

const BASE = Date.UTC(2025, 5, 1, 0, 0, 0) - 8 * 3600_000; // 2025-06-01 00:00:00 Shanghai

function text(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** A point every `stepS` seconds moving north at `speed` km/h (0: standing). */
function points(plan: { seconds: number; speed: number }[], stepS = 10): TrackPoint[] {
  const out: TrackPoint[] = [];
  let t = BASE;
  let lat = 39.9;
  for (const leg of plan) {
    for (let s = 0; s < leg.seconds; s += stepS) {
      out.push({
        lng: 116.4,
        lat,
        gcj02Lng: 116.406,
        gcj02Lat: lat + 0.001,
        speed: leg.speed,
        direction: 0,
        reportTime: text(t),
      });
      lat += ((leg.speed / 3600) * stepS) / 111.2;
      t += stepS * 1000;
    }
  }
  return out;
}

describe('timeMs', () => {
  it('reads API times as Asia/Shanghai', () => {
    expect(timeMs('2025-06-01 00:00:00')).toBe(BASE);
    expect(timeMs('2025-06-01 08:30:15')).toBe(BASE + (8 * 3600 + 30 * 60 + 15) * 1000);
    expect(Number.isNaN(timeMs('yesterday'))).toBe(true);
  });
});

describe('trackDataOf', () => {
  it('puts the track in columns, on the map coordinates of the tiles', () => {
    const pts = points([{ seconds: 30, speed: 50 }]);
    const wgs = trackDataOf(pts, projectionFor('wgs84'));
    expect(wgs.count).toBe(3);
    expect(wgs.lng[0]).toBe(116.4);
    expect(wgs.speed[1]).toBe(50);
    expect(wgs.time[1]).toBe(BASE + 10_000);
    const gcj = trackDataOf(pts, projectionFor('gcj02'));
    expect(gcj.lng[0]).toBe(116.406);
    expect(gcj.wgsLng[0]).toBe(116.4);
  });
});

describe('splitTrips', () => {
  it('cuts the day at stops of 5 minutes or more', () => {
    const data = trackDataOf(
      points([
        { seconds: 600, speed: 0 },
        { seconds: 1800, speed: 60 },
        { seconds: 120, speed: 0 }, // a short stop (lights) does not end the trip
        { seconds: 1200, speed: 50 },
        { seconds: 900, speed: 0 },
        { seconds: 600, speed: 40 },
      ]),
      projectionFor('wgs84'),
    );
    const trips = splitTrips(data);
    expect(trips).toHaveLength(2);
    expect(trips[0]?.no).toBe(1);
    expect(trips[0]?.startTime).toBe('2025-06-01 00:09:50');
    expect(trips[0]?.distanceKm).toBeCloseTo(30 + 16.7, 0);
    expect(trips[0]?.maxSpeed).toBe(60);
    expect(trips[1]?.distanceKm).toBeCloseTo(6.7, 0);
    expect(trips[1]?.endIndex).toBe(data.count - 1);
  });

  it('also cuts where the vehicle reported nothing for a while, and skips yard moves', () => {
    const first = points([{ seconds: 900, speed: 60 }]);
    const later = points([{ seconds: 900, speed: 60 }]).map((p) => ({
      ...p,
      reportTime: text(timeMs(p.reportTime) + 3600_000),
    }));
    const shunt = points([{ seconds: 20, speed: 5 }]).map((p) => ({
      ...p,
      reportTime: text(timeMs(p.reportTime) + 3 * 3600_000),
    }));
    const trips = splitTrips(trackDataOf([...first, ...later, ...shunt], projectionFor('wgs84')));
    expect(trips.map((t) => t.no)).toEqual([1, 2]);
    expect(trips[1]?.startTime).toBe(later[0]?.reportTime);
  });

  it('prefers the odometer for the distance', () => {
    const pts = points([{ seconds: 600, speed: 60 }]).map((p, i) => ({ ...p, mileage: 1000 + i * 0.5 }));
    const trips = splitTrips(trackDataOf(pts, projectionFor('wgs84')));
    expect(trips[0]?.distanceKm).toBe(29.5);
  });

  it('finds no trip in a track that stands still', () => {
    expect(splitTrips(trackDataOf(points([{ seconds: 3600, speed: 0 }]), projectionFor('wgs84')))).toEqual(
      [],
    );
    expect(splitTrips(trackDataOf([], projectionFor('wgs84')))).toEqual([]);
  });
});
