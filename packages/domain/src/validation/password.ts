import { z } from 'zod';
import { PASSWORD_MESSAGE } from './messages';

/**
 * Password policy: 6-20 printable ASCII characters (no spaces) with at least one lower-case letter,
 * one upper-case letter, one digit and one special character (ASCII punctuation such as !@#$%^&*).
 */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!-/:-@[-`{-~])[\x21-\x7e]{6,20}$/;

export function isStrongPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .refine(isStrongPassword, { error: PASSWORD_MESSAGE });
