import { describe, expect, it } from 'vitest';
import { haversineMeters, nearestIndex } from './nearest';

describe('nearestIndex', () => {
  const lats = [39.9, 39.91, 39.92, 39.93, 39.94];
  const lngs = [116.3, 116.31, 116.32, 116.33, 116.34];

  it('finds the point of the track nearest to a click', () => {
    expect(nearestIndex(lats, lngs, 39.921, 116.3195)).toBe(2);
    expect(nearestIndex(lats, lngs, 39.0, 115.0)).toBe(0);
    expect(nearestIndex(lats, lngs, 41, 118)).toBe(4);
  });

  it('weighs longitude by the cosine of the latitude', () => {
    // 0.01° of longitude at 60°N is about half as far as 0.01° of latitude
    const la = [60, 60.008];
    const ln = [10.015, 10];
    expect(nearestIndex(la, ln, 60, 10)).toBe(0);
  });

  it('searches a range only, and answers -1 for no points', () => {
    expect(nearestIndex(lats, lngs, 39.9, 116.3, 2, 4)).toBe(2);
    expect(nearestIndex([], [], 39.9, 116.3)).toBe(-1);
  });

  it('searches a day of one-second points quickly', () => {
    const n = 86_400;
    const la = new Float64Array(n).map((_, i) => 39 + i * 1e-5);
    const ln = new Float64Array(n).map((_, i) => 116 + i * 1e-5);
    const started = performance.now();
    expect(nearestIndex(la, ln, 39 + 50_000e-5, 116 + 50_000e-5)).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('haversineMeters', () => {
  it('measures a degree of latitude at 111.2 km and Beijing to Tianjin at about 103 km', () => {
    expect(haversineMeters(0, 0, 1, 0)).toBeCloseTo(111_195, 0);
    const d = haversineMeters(39.9042, 116.4074, 39.3434, 117.3616);
    expect(d).toBeGreaterThan(100_000);
    expect(d).toBeLessThan(106_000);
  });

  it('is zero for one place', () => {
    expect(haversineMeters(30, 120, 30, 120)).toBe(0);
  });
});
