import { describe, expect, it } from 'vitest';
import { compactQuery, dayRangeText } from './searchQuery';

const day = (year: number, month: number, date: number) => ({
  year: () => year,
  month: () => month - 1,
  date: () => date,
});

describe('search query', () => {
  it('leaves out empty values and trims text', () => {
    expect(
      compactQuery({ keyword: '  张 ', status: undefined, teamCode: '', codes: [], page: 0, on: false }),
    ).toEqual({
      keyword: '张',
      page: 0,
      on: false,
    });
  });

  it('turns a day range into Shanghai start and end times', () => {
    expect(dayRangeText(day(2025, 1, 31), day(2025, 2, 1))).toEqual([
      '2025-01-31 00:00:00',
      '2025-02-01 23:59:59',
    ]);
    expect(dayRangeText(day(2024, 12, 31), day(2024, 12, 31))).toEqual([
      '2024-12-31 00:00:00',
      '2024-12-31 23:59:59',
    ]);
  });
});
