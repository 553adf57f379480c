import { z } from 'zod';
import { ALPHANUMERIC_MESSAGE } from './messages';

/** English letters or digits only (at least one character; requiredness is the form's own rule). */
export const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;

export function isAlphanumeric(value: string): boolean {
  return ALPHANUMERIC_PATTERN.test(value);
}

export const alphanumericSchema = z
  .string({ error: ALPHANUMERIC_MESSAGE })
  .refine(isAlphanumeric, { error: ALPHANUMERIC_MESSAGE });
