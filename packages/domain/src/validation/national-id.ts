import { z } from 'zod';
import { NATIONAL_ID_MESSAGE } from './messages';

/** GB 11643-1999 weights of the first 17 characters. */
export const NATIONAL_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character by (weighted sum mod 11). */
export const NATIONAL_ID_CHECK_CHARS = '10X98765432';

const ID18 = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/;
const ID15 = /^[1-9]\d{5}(\d{2})(\d{2})(\d{2})\d{3}$/;

/** True when year, month and day make a real calendar date (Gregorian, leap years included). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The check character for the first 17 digits of an 18-digit ID, or null when the input is not
 * 17 digits.
 */
export function nationalIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    sum += Number(first17.charAt(i)) * (NATIONAL_ID_WEIGHTS[i] ?? 0);
  }
  return NATIONAL_ID_CHECK_CHARS.charAt(sum % 11);
}

/**
 * Birth date encoded in an 18-digit or 15-digit ID as { year, month, day }, or null when the
 * number has neither shape or the date is not a real date. 15-digit IDs are of the 1900s.
 * A lower-case x check character is read as X.
 */
export function nationalIdBirthDate(value: string): { year: number; month: number; day: number } | null {
  const id = value.toUpperCase();
  const long = ID18.exec(id);
  const short = long ? null : ID15.exec(id);
  const parts = long ?? short;
  if (!parts) return null;
  const year = long ? Number(parts[1]) : 1900 + Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (year < 1800 || !isRealDate(year, month, day)) return null;
  return { year, month, day };
}

/**
 * National ID rule: empty allowed; else an 18-digit ID (GB 11643-1999: real birth date and a valid
 * check character, X accepted in either case) or a 15-digit ID of the old format (real birth date
 * 19YYMMDD).
 */
export function isNationalId(value: string): boolean {
  if (value === '') return true;
  if (nationalIdBirthDate(value) === null) return false;
  if (value.length === 15) return true;
  const id = value.toUpperCase();
  return nationalIdCheckChar(id.slice(0, 17)) === id.charAt(17);
}

export const nationalIdSchema = z
  .string({ error: NATIONAL_ID_MESSAGE })
  .refine(isNationalId, { error: NATIONAL_ID_MESSAGE });
