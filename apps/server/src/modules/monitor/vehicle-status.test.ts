import { formatDateTime } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { unpackRows } from './packed-rows';
import { alarmTexts, isOnline, matchesFilter, stateCode, timeText } from './vehicle-status';

describe('vehicle status', () => {
  it('formats times as formatDateTime does, across days and years', () => {
    const start = Date.UTC(2025, 11, 31, 15, 59, 0);
    for (let ms = start - 3_000_000; ms < start + 3_000_000; ms += 997) {
      expect(timeText(ms)).toBe(formatDateTime(new Date(ms)));
    }
    expect(timeText(null)).toBe('');
    expect(timeText(Date.UTC(2026, 10, 20, 2, 0, 0))).toBe('2026-11-20 10:00:00');
  });

  it('is online with the gateway’s session or a report within 5 minutes', () => {
    const now = 1_000_000_000;
    expect(isOnline({ receivedAt: now - 299_000, online: 0, speed: 0 }, now)).toBe(true);
    expect(isOnline({ receivedAt: now - 301_000, online: 0, speed: 0 }, now)).toBe(false);
    expect(isOnline({ receivedAt: now - 3_600_000, online: 1, speed: 0 }, now)).toBe(true);
    expect(isOnline({ receivedAt: null, online: null, speed: null }, now)).toBe(false);
    expect(stateCode({ receivedAt: now, online: 1, speed: 29 }, now)).toBe('parked');
    expect(stateCode({ receivedAt: now, online: 1, speed: 30 }, now)).toBe('moving');
    expect(matchesFilter('online', 'parked', false)).toBe(true);
    expect(matchesFilter('alarm', 'offline', true)).toBe(true);
    expect(matchesFilter('moving', 'parked', true)).toBe(false);
  });

  it('names JT/T 808 alarm bits in Chinese', () => {
    expect(alarmTexts(0)).toEqual([]);
    expect(alarmTexts(2 ** 1 + 2 ** 29)).toEqual(['超速报警', '碰撞预警']);
    expect(alarmTexts(2 ** 31)).toEqual(['非法开门报警']);
  });
});

describe('packed rows', () => {
  it('reads rows of a packed text, putting them in order of their first value when asked', () => {
    expect(unpackRows('[3,30,null,1,10,11]', 3)).toEqual({
      length: 2,
      width: 3,
      values: [3, 30, null, 1, 10, 11],
    });
    expect(unpackRows('[3,30,null,1,10,11]', 3, true).values).toEqual([1, 10, 11, 3, 30, null]);
    expect(unpackRows(null, 3)).toEqual({ length: 0, width: 3, values: [] });
  });
});
