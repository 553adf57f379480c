import { describe, expect, it } from 'vitest';
import { apiQuery, dayRange, jumpQuery, lastDays } from './alarmFilters';

const TEXT = 'YYYY-MM-DD HH:mm:ss';

describe('alarm page filters', () => {
  it('takes today as the Shanghai day, whatever the hour in UTC', () => {
    // 2026-11-20 23:30 UTC is already the 21st in Shanghai
    const [start, end] = dayRange(new Date(Date.UTC(2026, 10, 20, 23, 30)));
    expect([start.format(TEXT), end.format(TEXT)]).toEqual(['2026-11-21 00:00:00', '2026-11-21 23:59:59']);
    const [from, to] = lastDays(new Date(Date.UTC(2026, 10, 20, 2)), 7);
    expect([from.format(TEXT), to.format(TEXT)]).toEqual(['2026-11-14 00:00:00', '2026-11-20 23:59:59']);
  });

  it("prefills a pop-up jump's plate, type and the day of its start", () => {
    const query = jumpQuery(
      new URLSearchParams('carNo=京A00001&eventType=1001&startTime=2026-11-20 09:10:11'),
    );
    expect(query.carNo).toBe('京A00001');
    expect(query.eventType).toBe(1001);
    expect(query.range?.map((d) => d.format(TEXT))).toEqual(['2026-11-20 00:00:00', '2026-11-20 23:59:59']);
    const both = jumpQuery(new URLSearchParams('startTime=2026-11-14 00:00:00&endTime=2026-11-20 23:59:59'));
    expect(both.range?.map((d) => d.format(TEXT))).toEqual(['2026-11-14 00:00:00', '2026-11-20 23:59:59']);
    expect(jumpQuery(new URLSearchParams('eventType=abc&startTime=yesterday'))).toEqual({});
  });

  it('sends the range as startTime and endTime and leaves out empty values', () => {
    const range = dayRange(new Date(Date.UTC(2026, 10, 20, 2)));
    expect(apiQuery({ range, carNo: '京A', eventType: undefined, teamCode: '' })).toEqual({
      carNo: '京A',
      startTime: '2026-11-20 00:00:00',
      endTime: '2026-11-20 23:59:59',
    });
    expect(apiQuery({ range: null, handleStatus: 0 })).toEqual({ handleStatus: 0 });
  });
});
