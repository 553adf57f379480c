import { describe, expect, it } from 'vitest';
import {
  endOfShanghaiDay,
  formatDate,
  formatDateTime,
  fromShanghai,
  parseDateTime,
  shanghaiParts,
  shiftDateTime,
  startOfShanghaiDay,
} from './shanghai';

describe('formatDateTime and formatDate', () => {
  it('show the Shanghai wall clock', () => {
    const instant = new Date('2024-03-05T16:30:05Z');
    expect(formatDateTime(instant)).toBe('2024-03-06 00:30:05');
    expect(formatDate(instant)).toBe('2024-03-06');
    expect(formatDateTime(new Date('2024-01-01T00:00:00Z'))).toBe('2024-01-01 08:00:00');
  });
});

describe('shanghaiParts and fromShanghai', () => {
  it('round-trip', () => {
    const date = fromShanghai(2024, 2, 29, 23, 59, 58);
    expect(date.toISOString()).toBe('2024-02-29T15:59:58.000Z');
    expect(shanghaiParts(date)).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 23,
      minute: 59,
      second: 58,
      weekday: 4,
    });
  });
});

describe('parseDateTime', () => {
  it('reads API text as Shanghai time', () => {
    expect(parseDateTime('2024-03-06 00:30:05')?.toISOString()).toBe('2024-03-05T16:30:05.000Z');
    expect(parseDateTime('2024-03-06 00:30')?.toISOString()).toBe('2024-03-05T16:30:00.000Z');
    expect(parseDateTime('2024-03-06')?.toISOString()).toBe('2024-03-05T16:00:00.000Z');
    expect(parseDateTime('2024-03-06T08:00:00')?.toISOString()).toBe('2024-03-06T00:00:00.000Z');
  });

  it('refuses other shapes and times that do not exist', () => {
    for (const text of [
      '',
      '2024/03/06',
      '2024-3-6',
      '2024-02-30 00:00:00',
      '2024-13-01',
      '2024-01-01 24:00:00',
      '2024-01-01 12:60',
      'now',
    ]) {
      expect(parseDateTime(text)).toBeNull();
    }
  });
});

describe('shiftDateTime', () => {
  it('adds time across day and year boundaries', () => {
    expect(shiftDateTime('2024-03-06 10:00:00', 60_000)).toBe('2024-03-06 10:01:00');
    expect(shiftDateTime('2023-12-31 23:59:30', 60_000)).toBe('2024-01-01 00:00:30');
  });

  it('is null for bad text', () => {
    expect(shiftDateTime('yesterday', 60_000)).toBeNull();
  });
});

describe('startOfShanghaiDay and endOfShanghaiDay', () => {
  it('bound the Shanghai day, not the UTC day', () => {
    const lateUtc = new Date('2024-03-05T17:00:00Z');
    expect(formatDateTime(startOfShanghaiDay(lateUtc))).toBe('2024-03-06 00:00:00');
    expect(startOfShanghaiDay(lateUtc).toISOString()).toBe('2024-03-05T16:00:00.000Z');
    expect(endOfShanghaiDay(lateUtc).toISOString()).toBe('2024-03-06T15:59:59.999Z');
  });
});
