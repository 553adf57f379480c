import { DAY_MS, parseDateTime } from '@fleet/domain';
import { z } from 'zod';
import { DATE_MESSAGE, isDateText } from '../http/form-fields';
import { blank } from './filters';

// The statistics read from the day and month sums the database keeps (bill_receive_day/_month,
// fee_payable_day/_month, migrations/helpers.ts periodSums): their period filter, how a period
// splits into whole months and cut days, and the period keys YYYYMMDD / YYYYMM.

export const STATISTICS_MAX_DAYS = 366;

const dayStart = (date: string) => (parseDateTime(date) as Date).getTime();

/** The required period of a statistics call and its day or month grouping (to extend with its filters). */
export const statisticsPeriod = {
  startDate: z.preprocess(blank, z.string({ error: '请选择开始日期' }).refine(isDateText, DATE_MESSAGE)),
  endDate: z.preprocess(blank, z.string({ error: '请选择结束日期' }).refine(isDateText, DATE_MESSAGE)),
  periodType: z.preprocess(
    blank,
    z.enum(['day', 'month'], { error: '统计周期应为day（按日）或month（按月）' }).default('month'),
  ),
};

/** The period ends after it starts and spans at most STATISTICS_MAX_DAYS days (for `superRefine`). */
export function checkStatisticsPeriod(f: { startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  if (f.endDate < f.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  else if ((dayStart(f.endDate) - dayStart(f.startDate)) / DAY_MS + 1 > STATISTICS_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `统计时间跨度不能超过${STATISTICS_MAX_DAYS}天`,
    });
}

/** 'YYYY-MM-DD' → the number YYYYMMDD of the daily sums. */
export const dayNumber = (date: string) => Number(date.replaceAll('-', ''));

/** The period text of a day number YYYYMMDD ('YYYY-MM-DD') or a month number YYYYMM ('YYYY-MM'). */
export function periodText(key: number, type: 'day' | 'month'): string {
  const text = String(key);
  return type === 'day'
    ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
    : `${text.slice(0, 4)}-${text.slice(4, 6)}`;
}

const nextMonth = (m: number) => (m % 100 === 12 ? (Math.floor(m / 100) + 1) * 100 + 1 : m + 1);
const previousMonth = (m: number) => (m % 100 === 1 ? (Math.floor(m / 100) - 1) * 100 + 12 : m - 1);
const lastDayOf = (m: number) => new Date(Date.UTC(Math.floor(m / 100), m % 100, 0)).getUTCDate();

/**
 * Days YYYYMMDD from `start` to `end` as the whole months YYYYMM inside them (read from the
 * monthly sums) and the days of the months they cut (read from the daily sums).
 */
export function splitDays(
  start: number,
  end: number,
): { months: [number, number] | null; days: [number, number][] } {
  const sm = Math.floor(start / 100);
  const em = Math.floor(end / 100);
  const startsMonth = start % 100 === 1;
  const endsMonth = end % 100 >= lastDayOf(em);
  if (sm === em)
    return startsMonth && endsMonth ? { months: [sm, sm], days: [] } : { months: null, days: [[start, end]] };
  const days: [number, number][] = [];
  let first = sm;
  let last = em;
  if (!startsMonth) {
    days.push([start, sm * 100 + 31]);
    first = nextMonth(sm);
  }
  if (!endsMonth) {
    days.push([em * 100 + 1, end]);
    last = previousMonth(em);
  }
  return { months: first <= last ? [first, last] : null, days };
}
