import { z } from 'zod';
import { EMAIL_MESSAGE } from './messages';

/** Common address shape: local part of letters, digits and ._%+- (no empty dot segments), a dotted domain. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Email rule: optional (empty passes); else a standard address of at most 254 characters. */
export function isEmail(value: string): boolean {
  return value === '' || (value.length <= 254 && EMAIL_PATTERN.test(value));
}

export const emailSchema = z.string({ error: EMAIL_MESSAGE }).refine(isEmail, { error: EMAIL_MESSAGE });
