import { describe, expect, it } from 'vitest';
import { appendLivePoint, type LivePoint } from './liveTrail';

const at = (time: string, lng = 116.4, lat = 39.9): LivePoint => ({
  lng,
  lat,
  speed: 40,
  direction: 90,
  reportTime: `2025-06-01 ${time}`,
});

describe('appendLivePoint', () => {
  it('adds reports newer than the last one', () => {
    let trail = appendLivePoint([], at('10:00:00'));
    trail = appendLivePoint(trail, at('10:00:10', 116.41));
    expect(trail.map((p) => p.reportTime)).toEqual(['2025-06-01 10:00:00', '2025-06-01 10:00:10']);
  });

  it('answers the same trail for a repeated, older or unlocated report', () => {
    const trail = appendLivePoint([], at('10:00:10'));
    expect(appendLivePoint(trail, at('10:00:10'))).toBe(trail);
    expect(appendLivePoint(trail, at('10:00:05'))).toBe(trail);
    expect(appendLivePoint(trail, { ...at('10:00:20'), lng: Number.NaN })).toBe(trail);
    expect(appendLivePoint(trail, at('10:00:20', 0, 0))).toBe(trail);
    expect(appendLivePoint(trail, { lng: 1, lat: 2, reportTime: '' })).toBe(trail);
    expect(appendLivePoint(trail, null)).toBe(trail);
  });

  it('keeps at most the last `max` points', () => {
    let trail: readonly LivePoint[] = [];
    for (let s = 0; s < 15; s++)
      trail = appendLivePoint(trail, at(`10:00:${String(s).padStart(2, '0')}`), 10);
    expect(trail).toHaveLength(10);
    expect(trail[0]?.reportTime).toBe('2025-06-01 10:00:05');
  });
});
