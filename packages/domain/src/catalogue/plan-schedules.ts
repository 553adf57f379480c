/**
 * 车辆排班计划: a recurring timetable of a line, truck and driver that creates each day's published
 * plans ahead of time. Weekdays are 1 Monday … 7 Sunday; the departure is minutes after midnight,
 * Shanghai time, written 'HH:mm'.
 */

export const SCHEDULE_WEEKDAYS = [
  { value: 1, label: '周一' },
  { value: 2, label: '周二' },
  { value: 3, label: '周三' },
  { value: 4, label: '周四' },
  { value: 5, label: '周五' },
  { value: 6, label: '周六' },
  { value: 7, label: '周日' },
] as const;

export const SCHEDULE_STATUSES = [
  { value: 1, label: '启用' },
  { value: 2, label: '暂停' },
] as const;

export const SCHEDULE_STATUS = { enabled: 1, paused: 2 } as const;

/** How many days ahead a schedule creates its plans: 1 to 14, 3 by default. */
export const SCHEDULE_DAYS_AHEAD = { min: 1, max: 14, default: 3 } as const;

/** The days after the generated ones that a conflict check looks at as well. */
export const SCHEDULE_CHECK_EXTRA_DAYS = 7;

/** '1,3,5' → [1, 3, 5]: the stored weekdays, sorted, without repeats or values out of 1–7. */
export function parseWeekdays(text: string | null | undefined): number[] {
  const days = String(text ?? '')
    .split(',')
    .map((d) => Number(d.trim()))
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
  return [...new Set(days)].sort((a, b) => a - b);
}

/** [1, 2, 3] → '周一、周二、周三'; every day is '每天'. */
export function weekdaysText(days: readonly number[]): string {
  if (days.length === 7) return '每天';
  return days.map((d) => SCHEDULE_WEEKDAYS[d - 1]?.label ?? '').join('、');
}

/** The weekday name of a 1–7 weekday. */
export function weekdayName(day: number): string {
  return SCHEDULE_WEEKDAYS[day - 1]?.label ?? '';
}

/** 'HH:mm' → minutes after midnight; null when it is not a time of day. */
export function parseDepartMinute(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return hour * 60 + minute;
}

/** Minutes after midnight → 'HH:mm'. */
export function departMinuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The 1–7 weekday (Monday 1) of an ISO date 'YYYY-MM-DD'. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The ISO date `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The days from `from` through `to` (ISO dates) on which a schedule runs: one of its weekdays, within
 * its validity (`end` null: open).
 */
export function scheduleDays(
  schedule: { weekdays: readonly number[]; startDate: string; endDate: string | null },
  from: string,
  to: string,
): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (day < schedule.startDate) continue;
    if (schedule.endDate && day > schedule.endDate) break;
    if (schedule.weekdays.includes(isoWeekday(day))) days.push(day);
  }
  return days;
}
