export interface SanitizeNumberOptions {
  /** Decimal places kept; 0 keeps an integer; omitted keeps any number of decimals. */
  decimals?: number;
  /** Values below are replaced by min (once the text reads as a number). */
  min?: number;
  /** Values above are replaced by max (once the text reads as a number). */
  max?: number;
  /** Keeps one leading minus sign. */
  allowNegative?: boolean;
}

const FULL_WIDTH = /[０-９．－]/g;

function toHalfWidth(input: string): string {
  return input.replace(FULL_WIDTH, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
}

function clean(input: string, decimals: number | undefined, allowNegative: boolean): string {
  const text = toHalfWidth(input);
  const negative = allowNegative && text.trimStart().startsWith('-');
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  let integer = dot < 0 ? kept : kept.slice(0, dot);
  let fraction = dot < 0 ? null : kept.slice(dot + 1).replace(/\./g, '');
  if (decimals !== undefined && fraction !== null) {
    fraction = decimals <= 0 ? null : fraction.slice(0, Math.floor(decimals));
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  if (integer === '' && fraction !== null) integer = '0';
  const body = fraction === null ? integer : `${integer}.${fraction}`;
  return negative ? `-${body}` : body;
}

/**
 * Cleans what a user typed into a numeric input: converts full-width digits, strips every other
 * character, keeps the first dot, cuts the decimals to `decimals`, drops leading zeros ('007' → '7',
 * '.5' → '0.5'), keeps a leading minus only with `allowNegative`, and replaces a value outside
 * [min, max] by the bound. Text still being typed ('', '-', '12.') is kept as it is when in range.
 */
export function sanitizeNumber(input: string, opts: SanitizeNumberOptions = {}): string {
  const { decimals, min, max, allowNegative = false } = opts;
  const text = clean(input, decimals, allowNegative);
  const value = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  if (text === '' || text === '-' || Number.isNaN(value)) return text;
  if (max !== undefined && value > max) return clean(String(max), decimals, true);
  if (min !== undefined && value < min) return clean(String(min), decimals, true);
  return text;
}
