import { formatDateTime, parseDateTime, shanghaiParts } from '@fleet/domain';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The alarm pages' search values. The time range is picked as Shanghai wall-clock time whatever the
 * browser's own zone: the picker's values are read as the text they show.
 */
export type TimeRange = [Dayjs, Dayjs];

const TEXT = 'YYYY-MM-DD HH:mm:ss';

/** A 'YYYY-MM-DD HH:mm:ss' Shanghai text as a picker value showing that text. */
export function pickerValue(text: string): Dayjs {
  return dayjs(text);
}

/** The Shanghai day of an instant, 00:00:00 to 23:59:59, as picker values. */
export function dayRange(at: Date): TimeRange {
  const { year, month, day } = shanghaiParts(at);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return [pickerValue(`${date} 00:00:00`), pickerValue(`${date} 23:59:59`)];
}

/** The last `days` days up to the end of today (Shanghai). */
export function lastDays(now: Date, days: number): TimeRange {
  const [, end] = dayRange(now);
  const [start] = dayRange(new Date(now.getTime() - (days - 1) * 86_400_000));
  return [start, end];
}

/** What a pop-up jump or a link passes: carNo, eventType (alarm code), startTime and endTime. */
export interface JumpQuery {
  carNo?: string;
  eventType?: number;
  range?: TimeRange;
}

/**
 * The filters a jump's query prefills: the plate, the type, and the day of startTime (or startTime
 * to endTime when both are given). Values that do not parse are left out.
 */
export function jumpQuery(search: URLSearchParams): JumpQuery {
  const query: JumpQuery = {};
  const carNo = search.get('carNo')?.trim();
  if (carNo) query.carNo = carNo;
  const eventType = Number(search.get('eventType'));
  if (Number.isInteger(eventType) && eventType > 0) query.eventType = eventType;
  const start = parseDateTime(search.get('startTime') ?? '');
  const end = parseDateTime(search.get('endTime') ?? '');
  if (start && end && start <= end) {
    query.range = [pickerValue(formatDateTime(start)), pickerValue(formatDateTime(end))];
  } else if (start) {
    query.range = dayRange(start);
  }
  return query;
}

/** The form values as the list call's query: the range as startTime and endTime texts. */
export function apiQuery(values: Record<string, unknown>): Record<string, unknown> {
  const { range, ...rest } = values;
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && value !== null && value !== '') query[key] = value;
  const pair = range as TimeRange | null | undefined;
  if (pair?.[0] && pair[1]) {
    query.startTime = pair[0].format(TEXT);
    query.endTime = pair[1].format(TEXT);
  }
  return query;
}
