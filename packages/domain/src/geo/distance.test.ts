import { describe, expect, it } from 'vitest';
import { bearingDegrees, distanceMeters } from './distance';

describe('distance and bearing', () => {
  it('measures Beijing to Tianjin port and one degree of latitude', () => {
    expect(distanceMeters(39.915, 116.404, 38.98, 117.78) / 1000).toBeCloseTo(157.4, 1);
    expect(distanceMeters(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
    expect(distanceMeters(39.9, 116.4, 39.9, 116.4)).toBe(0);
  });
  it('gives the bearing clockwise from north', () => {
    expect(bearingDegrees(0, 0, 1, 0)).toBeCloseTo(0, 6);
    expect(bearingDegrees(0, 0, 0, 1)).toBeCloseTo(90, 6);
    expect(bearingDegrees(0, 0, -1, 0)).toBeCloseTo(180, 6);
    expect(bearingDegrees(0, 0, 0, -1)).toBeCloseTo(270, 6);
  });
});
