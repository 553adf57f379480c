import { hex } from './bytes';
import { Jt808Error } from './errors';

/** Terminals report local time of China (GMT+8, no daylight saving). */
const GMT8_MS = 8 * 3600_000;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The nibbles of `data` as a string, as the bytes carry them ('0'-'9', and 'a'-'f' if not BCD). */
export function bcdString(data: Uint8Array, start = 0, end = data.length): string {
  return hex(data, start, Math.min(end, data.length));
}

/** True when every nibble of `data[start..end)` is a decimal digit. */
export function isBcd(data: Uint8Array, start = 0, end = data.length): boolean {
  for (let i = start; i < end; i++) {
    const b = data[i] as number;
    if (b >> 4 > 9 || (b & 15) > 9) return false;
  }
  return true;
}

/**
 * `digits` written as BCD in exactly `size` bytes, left-padded with zeros (the way a phone number
 * is sent). Hex letters are accepted when `allowHex` (ids of devices that do not send BCD).
 */
export function toBcd(digits: string, size: number, field: string, allowHex = false): Buffer {
  const pattern = allowHex ? /^[0-9a-fA-F]*$/ : /^[0-9]*$/;
  if (!pattern.test(digits)) throw new Jt808Error('bcd', `${field} must be decimal digits, got "${digits}"`);
  if (digits.length > size * 2) {
    throw new Jt808Error('range', `${field} has ${digits.length} digits, the field holds ${size * 2}`);
  }
  return Buffer.from(digits.padStart(size * 2, '0'), 'hex');
}

/** Value 0-99 of one BCD byte, -1 when a nibble is above 9. */
function pair(byte: number | undefined): number {
  const b = byte ?? 0;
  const hi = b >> 4;
  const lo = b & 15;
  return hi > 9 || lo > 9 ? -1 : hi * 10 + lo;
}

export interface BcdTime {
  /** UTC epoch milliseconds, or null when the digits are not a calendar date (e.g. all zeros). */
  time: number | null;
  /** The 12 digits YYMMDDhhmmss as sent. */
  raw: string;
}

/**
 * BCD[6] YYMMDDhhmmss in GMT+8 (years 2000-2099). A nibble above 9 throws `Jt808Error('bcd')`
 * when `strict`; otherwise it gives `time: null` and the raw nibbles.
 */
export function readBcdTime(data: Uint8Array, offset: number, strict: boolean): BcdTime {
  return { time: readBcdTimeValue(data, offset, strict), raw: bcdString(data, offset, offset + 6) };
}

/**
 * The instant of `readBcdTime` without its digits (no string made): UTC epoch ms, or null when the
 * digits are not a calendar date (or, unless `strict`, not BCD).
 */
export function readBcdTimeValue(data: Uint8Array, offset: number, strict: boolean): number | null {
  const yy = pair(data[offset]);
  const mo = pair(data[offset + 1]);
  const dd = pair(data[offset + 2]);
  const hh = pair(data[offset + 3]);
  const mi = pair(data[offset + 4]);
  const ss = pair(data[offset + 5]);
  if ((yy | mo | dd | hh | mi | ss) < 0) {
    if (strict) throw new Jt808Error('bcd', `time ${bcdString(data, offset, offset + 6)} is not BCD`);
    return null;
  }
  const year = 2000 + yy;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = mo === 2 && leap ? 29 : (DAYS[mo - 1] ?? 0);
  if (mo < 1 || mo > 12 || dd < 1 || dd > days || hh > 23 || mi > 59 || ss > 59) return null;
  return Date.UTC(year, mo - 1, dd, hh, mi, ss) - GMT8_MS;
}

/** 12 digits YYMMDDhhmmss (GMT+8) of a UTC instant. */
export function bcdTimeDigits(time: number): string {
  if (!Number.isFinite(time)) throw new Jt808Error('range', `time must be a finite epoch, got ${time}`);
  const d = new Date(time + GMT8_MS);
  const year = d.getUTCFullYear();
  if (year < 2000 || year > 2099) throw new Jt808Error('range', `time year ${year} is outside 2000..2099`);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    two(year - 2000) +
    two(d.getUTCMonth() + 1) +
    two(d.getUTCDate()) +
    two(d.getUTCHours()) +
    two(d.getUTCMinutes()) +
    two(d.getUTCSeconds())
  );
}

/** BCD[6] of a UTC epoch (ms) or of 12 digits given as they should be sent. */
export function toBcdTime(time: number | string, field = 'time'): Buffer {
  const digits = typeof time === 'number' ? bcdTimeDigits(time) : time;
  if (!/^[0-9]{12}$/.test(digits)) throw new Jt808Error('bcd', `${field} must be 12 digits, got "${digits}"`);
  return Buffer.from(digits, 'hex');
}
