import { z } from 'zod';

/**
 * Reads a numeric field as the text the user typed: strings stay as they are, finite numbers
 * (JSON bodies) become their shortest decimal text. Anything else is left for the inner schema to
 * refuse.
 */
export function numericText(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

/** A schema for a numeric text field: string or number in, the validated text out. */
export function numericTextSchema(test: (value: string) => boolean, message: string) {
  return z.preprocess(numericText, z.string({ error: message }).refine(test, { error: message }));
}
