/** Display formats of the spec (core section 9, business section 9). */

export const NAME_TRUNCATE_LENGTH = 8;
export const ELLIPSIS = '…';

/** Keeps the first `max` characters of a name and adds '…' when it is longer. */
export function truncateName(name: string | null | undefined, max: number = NAME_TRUNCATE_LENGTH): string {
  const chars = [...(name ?? '')];
  return chars.length > max ? `${chars.slice(0, Math.max(0, max)).join('')}${ELLIPSIS}` : chars.join('');
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

function trimZeros(text: string): string {
  return text.replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
}

/**
 * A number with a k, M, G, T, P or E suffix and up to `digits` decimals (trailing zeros dropped):
 * 1234 → '1.2k', 1500000 → '1.5M', 999 → '999'. Non-finite input is shown as '-'.
 */
export function abbreviateNumber(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return '-';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (let i = 0; i < SI.length; i += 1) {
    const unit = SI[i];
    if (unit && abs >= unit.value) {
      const bigger = SI[i - 1];
      const scaled = Number((abs / unit.value).toFixed(digits));
      if (scaled >= 1000 && bigger) {
        return `${sign}${trimZeros((abs / bigger.value).toFixed(digits))}${bigger.symbol}`;
      }
      return `${sign}${trimZeros((abs / unit.value).toFixed(digits))}${unit.symbol}`;
    }
  }
  return String(n);
}
