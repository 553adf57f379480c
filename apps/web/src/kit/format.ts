import { formatDateTime } from '@fleet/domain';

const EMPTY = '--';

/**
 * An API time as 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai: epoch milliseconds (number or numeric
 * text) are formatted, text already in that shape is kept; nothing shows '--'.
 */
export function dateTimeText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const ms = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isFinite(ms)) return formatDateTime(new Date(ms));
  return typeof value === 'string' ? value : EMPTY;
}

/** Text or '--' when empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY : String(value);
}
