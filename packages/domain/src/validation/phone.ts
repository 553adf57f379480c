import { z } from 'zod';
import { PHONE_MESSAGE } from './messages';

/** Mainland mobile number with a carrier prefix of 13x, 14x, 15x, 17x or 18x. */
export const PHONE_PATTERN = /^1[34578]\d{9}$/;
/** Any 11-digit number starting with 1 (second digit free: 16x and 19x numbers too). */
export const PHONE_LOOSE_PATTERN = /^1\d{10}$/;

/** Phone rule, variant 1: empty allowed; else 11 digits, starts with 1, second digit 3, 4, 5, 7 or 8. */
export function isPhone(value: string): boolean {
  return value === '' || PHONE_PATTERN.test(value);
}

/** Phone rule, variant 2: 11 digits starting with 1, any second digit. Empty is not a phone number. */
export function isPhoneLoose(value: string): boolean {
  return PHONE_LOOSE_PATTERN.test(value);
}

/** Variant 1 as a schema: '' passes (an optional field left empty). */
export const phoneSchema = z.string({ error: PHONE_MESSAGE }).refine(isPhone, { error: PHONE_MESSAGE });

/** Variant 2 as a schema. */
export const phoneLooseSchema = z
  .string({ error: PHONE_MESSAGE })
  .refine(isPhoneLoose, { error: PHONE_MESSAGE });
