/** Money in integer fen (1 yuan = 100 fen), so sums carry no float error. */
export type Fen = number & { readonly __brand: 'Fen' };

export const ZERO_FEN = 0 as Fen;

const YUAN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Brands a whole number of fen; throws a RangeError for anything else. */
export function fen(value: number): Fen {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of fen: ${value}`);
  return (value === 0 ? 0 : value) as Fen;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not an amount of yuan: ${value}`);
  const text = String(value);
  if (!text.includes('e')) return text;
  if (Math.abs(value) < 1) return '0';
  throw new RangeError(`amount of yuan out of range: ${value}`);
}

/**
 * Yuan to fen, exactly: '12.34' → 1234, '-0.5' → -50, 12.3 → 1230. Decimals beyond the fen are
 * rounded half away from zero ('1.005' → 101). Throws a RangeError for text that is not a plain
 * decimal number or an amount beyond the safe integer range.
 */
export function yuanToFen(yuan: string | number): Fen {
  const text = typeof yuan === 'number' ? numberText(yuan) : yuan.trim();
  const match = YUAN.exec(text);
  if (!match) throw new RangeError(`not an amount of yuan: ${JSON.stringify(yuan)}`);
  const [, sign, integer = '0', decimals = ''] = match;
  const cents = Number(`${decimals}00`.slice(0, 2));
  const roundUp = Number(decimals.charAt(2) || '0') >= 5 ? 1 : 0;
  const magnitude = Number(integer) * 100 + cents + roundUp;
  if (!Number.isSafeInteger(magnitude)) {
    throw new RangeError(`amount of yuan out of range: ${JSON.stringify(yuan)}`);
  }
  return fen(sign === '-' ? -magnitude : magnitude);
}

/** Fen to yuan text with two decimals: 1234 → '12.34', -5 → '-0.05'. */
export function fenToYuan(value: Fen | number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of fen: ${value}`);
  const abs = Math.abs(value);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return value < 0 ? `-${text}` : text;
}

/** Sum of amounts in fen. */
export function sumFen(...values: readonly Fen[]): Fen {
  return fen(values.reduce<number>((total, value) => total + value, 0));
}

/** a − b in fen. */
export function subtractFen(a: Fen, b: Fen): Fen {
  return fen(a - b);
}
