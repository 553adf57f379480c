import { type DateRange, formatDateTime, fromShanghai } from '@fleet/domain';

/** A calendar day as the date pickers give it. */
export interface CalendarDay {
  year(): number;
  month(): number;
  date(): number;
}

/** Shanghai 00:00:00 of the first day to 23:59:59 of the last, as API text. */
export function dayRangeText(start: CalendarDay, end: CalendarDay): [string, string] {
  const from = fromShanghai(start.year(), start.month() + 1, start.date());
  const to = new Date(fromShanghai(end.year(), end.month() + 1, end.date() + 1).getTime() - 1000);
  return [formatDateTime(from), formatDateTime(to)];
}

/** The instants of a DateRange as API text. */
export function rangeText(range: DateRange): [string, string] {
  return [formatDateTime(range[0]), formatDateTime(range[1])];
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A search form's values as a query: text trimmed, empty values left out. */
export function compactQuery(values: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!isEmpty(value)) query[key] = value;
  }
  return query;
}
