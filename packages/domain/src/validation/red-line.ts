import { z } from 'zod';
import {
  RED_LINE_FORMAT_MESSAGE,
  RED_LINE_MAX_MESSAGE,
  RED_LINE_MIN_MESSAGE,
  RED_LINE_REQUIRED_MESSAGE,
} from './messages';
import { numericText } from './numeric-text';

/** Default gross-margin red-line rate, in percent. */
export const DEFAULT_RED_LINE_RATE = 60;
export const RED_LINE_MIN = 0;
export const RED_LINE_MAX = 1000;

const NUMBER_TEXT = /^[+-]?\d+(\.\d+)?$/;
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/**
 * Checks a gross-margin red-line rate as typed (or as a JSON number) and returns the message of the
 * first broken rule, or null when the rate is acceptable: required; a number; not below 0; not
 * above 1000; a non-negative number with at most two decimals.
 */
export function redLineError(value: unknown): string | null {
  const text = numericText(value);
  if (text === undefined || text === null || (typeof text === 'string' && text.trim() === '')) {
    return RED_LINE_REQUIRED_MESSAGE;
  }
  if (typeof text !== 'string') return RED_LINE_FORMAT_MESSAGE;
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return RED_LINE_FORMAT_MESSAGE;
  const rate = Number(trimmed);
  if (rate < RED_LINE_MIN) return RED_LINE_MIN_MESSAGE;
  if (rate > RED_LINE_MAX) return RED_LINE_MAX_MESSAGE;
  if (!TWO_DECIMALS.test(trimmed.replace(/^\+/, ''))) return RED_LINE_FORMAT_MESSAGE;
  return null;
}

export function isRedLineRate(value: unknown): boolean {
  return redLineError(value) === null;
}

/** The red-line rate: text or number in, the rate as a number out (percent, 0-1000, two decimals). */
export const redLineRateSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const message = redLineError(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => Number(String(numericText(value)).trim()));
