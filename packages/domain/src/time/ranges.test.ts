import { describe, expect, it } from 'vitest';
import { last7Days, last31Days, lastMonth, lastWeek } from './ranges';
import { formatDateTime } from './shanghai';

function shown(range: [Date, Date]): [string, string] {
  return [formatDateTime(range[0]), formatDateTime(range[1])];
}

// 2024-03-06 (a Wednesday) 10:15 Shanghai time.
const now = new Date('2024-03-06T02:15:00Z');

describe('last7Days and last31Days', () => {
  it('cover whole Shanghai days ending today', () => {
    expect(shown(last7Days(now))).toEqual(['2024-02-29 00:00:00', '2024-03-06 23:59:59']);
    expect(shown(last31Days(now))).toEqual(['2024-02-05 00:00:00', '2024-03-06 23:59:59']);
    expect(last7Days(now)[1].getUTCMilliseconds()).toBe(999);
  });

  it('use the Shanghai date, not the UTC date, just after midnight', () => {
    const justAfterMidnight = new Date('2024-03-06T16:05:00Z');
    expect(shown(last7Days(justAfterMidnight))).toEqual(['2024-03-01 00:00:00', '2024-03-07 23:59:59']);
  });
});

describe('lastWeek', () => {
  it('is Monday to Sunday of the previous week', () => {
    expect(shown(lastWeek(now))).toEqual(['2024-02-26 00:00:00', '2024-03-03 23:59:59']);
  });

  it('treats Sunday as the end of the current week', () => {
    const sunday = new Date('2024-03-10T12:00:00Z');
    expect(shown(lastWeek(sunday))).toEqual(['2024-02-26 00:00:00', '2024-03-03 23:59:59']);
    const monday = new Date('2024-03-10T16:30:00Z');
    expect(shown(lastWeek(monday))).toEqual(['2024-03-04 00:00:00', '2024-03-10 23:59:59']);
  });
});

describe('lastMonth', () => {
  it('is the previous calendar month, leap February included', () => {
    expect(shown(lastMonth(now))).toEqual(['2024-02-01 00:00:00', '2024-02-29 23:59:59']);
  });

  it('crosses the year in January', () => {
    expect(shown(lastMonth(new Date('2024-01-15T00:00:00Z')))).toEqual([
      '2023-12-01 00:00:00',
      '2023-12-31 23:59:59',
    ]);
  });
});
