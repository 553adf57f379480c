import { DAY_MS, endOfShanghaiDay, fromShanghai, shanghaiParts, startOfShanghaiDay } from './shanghai';

/** A closed range of instants: [start, end]. */
export type DateRange = [start: Date, end: Date];

function lastDays(now: Date, days: number): DateRange {
  const end = endOfShanghaiDay(now);
  const start = new Date(startOfShanghaiDay(now).getTime() - (days - 1) * DAY_MS);
  return [start, end];
}

/** The 7 Shanghai days ending today: 00:00 six days ago to 23:59:59.999 today. */
export function last7Days(now: Date): DateRange {
  return lastDays(now, 7);
}

/** The 31 Shanghai days ending today: 00:00 thirty days ago to 23:59:59.999 today. */
export function last31Days(now: Date): DateRange {
  return lastDays(now, 31);
}

/** The previous calendar week, Monday 00:00 to Sunday 23:59:59.999 (the Chinese week starts on Monday). */
export function lastWeek(now: Date): DateRange {
  const { weekday } = shanghaiParts(now);
  const sinceMonday = (weekday + 6) % 7;
  const thisMonday = startOfShanghaiDay(now).getTime() - sinceMonday * DAY_MS;
  return [new Date(thisMonday - 7 * DAY_MS), new Date(thisMonday - 1)];
}

/** The previous calendar month, the 1st 00:00 to its last day 23:59:59.999. */
export function lastMonth(now: Date): DateRange {
  const { year, month } = shanghaiParts(now);
  const start = fromShanghai(year, month - 1, 1);
  const end = new Date(fromShanghai(year, month, 1).getTime() - 1);
  return [start, end];
}
