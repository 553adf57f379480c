import { z } from 'zod';
import { CREDIT_CODE_MESSAGE } from './messages';

/** GB 32100-2015 character set: digits and capitals without I, O, Z, S and V; index = value. */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weights of the first 17 characters. */
export const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/**
 * The check character for the first 17 characters of a unified social credit code:
 * 31 - (weighted sum mod 31), where 31 becomes 0. Null when the input is not 17 characters of the set.
 */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CREDIT_CODE_CHARSET.indexOf(first17.charAt(i));
    if (value < 0) return null;
    sum += value * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  const check = 31 - (sum % 31);
  return CREDIT_CODE_CHARSET.charAt(check === 31 ? 0 : check);
}

/** Unified social credit code (GB 32100-2015): 18 characters of the set with a valid check character. */
export function isCreditCode(value: string): boolean {
  return SHAPE.test(value) && creditCodeCheckChar(value.slice(0, 17)) === value.charAt(17);
}

export const creditCodeSchema = z
  .string({ error: CREDIT_CODE_MESSAGE })
  .refine(isCreditCode, { error: CREDIT_CODE_MESSAGE });
