import { describe, expect, it } from 'vitest';
import {
  addDays,
  departMinuteText,
  isoWeekday,
  parseDepartMinute,
  parseWeekdays,
  scheduleDays,
  weekdaysText,
} from './plan-schedules';

describe('vehicle schedule days', () => {
  it('reads the stored weekdays, Monday 1 to Sunday 7, and names them', () => {
    expect(parseWeekdays('5,1,3,3,9,x')).toEqual([1, 3, 5]);
    expect(weekdaysText([1, 3, 5])).toBe('周一、周三、周五');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7])).toBe('每天');
  });

  it("reads 'HH:mm' as minutes after midnight and back", () => {
    expect(parseDepartMinute('08:30')).toBe(510);
    expect(parseDepartMinute('7:05')).toBe(425);
    expect(parseDepartMinute('24:00')).toBeNull();
    expect(parseDepartMinute('08:60')).toBeNull();
    expect(departMinuteText(425)).toBe('07:05');
  });

  it('finds the weekday of a date and steps over months and years', () => {
    expect(isoWeekday('2026-11-20')).toBe(5);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('lists the days a schedule runs within its validity', () => {
    const schedule = { weekdays: [1, 6], startDate: '2026-11-21', endDate: '2026-11-30' };
    expect(scheduleDays(schedule, '2026-11-16', '2026-12-07')).toEqual([
      '2026-11-21',
      '2026-11-23',
      '2026-11-28',
      '2026-11-30',
    ]);
    expect(scheduleDays({ ...schedule, endDate: null }, '2026-11-29', '2026-12-07')).toEqual([
      '2026-11-30',
      '2026-12-05',
      '2026-12-07',
    ]);
  });
});
