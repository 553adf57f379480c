/**
 * Asia/Shanghai wall-clock helpers. China keeps UTC+8 all year (no daylight saving), so a fixed
 * offset is exact and needs no time-zone database.
 */

export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Shanghai wall-clock parts of an instant. */
export function shanghaiParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
} {
  const shifted = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
  };
}

/** The instant of a Shanghai wall-clock time; month is 1-12, out-of-range parts roll over like Date.UTC. */
export function fromShanghai(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - SHANGHAI_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, the API's date-time text. */
export function formatDateTime(date: Date): string {
  const p = shanghaiParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** 'YYYY-MM-DD' in Asia/Shanghai. */
export function formatDate(date: Date): string {
  return formatDateTime(date).slice(0, 10);
}

/**
 * Reads 'YYYY-MM-DD HH:mm:ss' (also 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD' and a 'T' separator) as
 * Shanghai wall-clock time. Null when the text has another shape or names a time that does not exist.
 */
export function parseDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const date = fromShanghai(year, month, day, hour, minute, second);
  const check = shanghaiParts(date);
  if (check.year !== year || check.month !== month || check.day !== day) return null;
  return date;
}

/** Shifts a 'YYYY-MM-DD HH:mm:ss' text by ms; null when the text does not parse. */
export function shiftDateTime(text: string, ms: number): string | null {
  const date = parseDateTime(text);
  return date ? formatDateTime(new Date(date.getTime() + ms)) : null;
}

/** 00:00:00.000 Shanghai time of the day of an instant. */
export function startOfShanghaiDay(date: Date): Date {
  const p = shanghaiParts(date);
  return fromShanghai(p.year, p.month, p.day);
}

/** 23:59:59.999 Shanghai time of the day of an instant. */
export function endOfShanghaiDay(date: Date): Date {
  return new Date(startOfShanghaiDay(date).getTime() + DAY_MS - 1);
}
