import { describe, expect, it } from 'vitest';
import { formatDistance, pathMeters } from './measure';

describe('formatDistance', () => {
  it('writes metres below a kilometre and kilometres above, in metric', () => {
    expect(formatDistance(0, 'metric')).toBe('0 米');
    expect(formatDistance(849.6, 'metric')).toBe('850 米');
    expect(formatDistance(12_345, 'metric')).toBe('12.35 公里');
    expect(formatDistance(1_234_567, 'metric')).toBe('1,234.57 公里');
  });

  it('writes feet below a mile and miles above, in US units', () => {
    expect(formatDistance(100, 'us')).toBe('328 英尺');
    expect(formatDistance(1609.344, 'us')).toBe('1.00 英里');
    expect(formatDistance(12_360, 'us')).toBe('7.68 英里');
  });

  it('takes a bad distance as zero', () => {
    expect(formatDistance(Number.NaN, 'metric')).toBe('0 米');
    expect(formatDistance(-5, 'us')).toBe('0 英尺');
  });
});

describe('pathMeters', () => {
  it('adds up the legs of a path', () => {
    const a = { lat: 39.9, lng: 116.4 };
    const b = { lat: 39.91, lng: 116.4 };
    const c = { lat: 39.92, lng: 116.4 };
    expect(pathMeters([a, b, c])).toBeCloseTo(pathMeters([a, c]), 3);
    expect(pathMeters([a, c])).toBeGreaterThan(2200);
    expect(pathMeters([a, c])).toBeLessThan(2250);
    expect(pathMeters([a])).toBe(0);
    expect(pathMeters([])).toBe(0);
  });
});
