import { AMOUNT_2_MESSAGE, AMOUNT_3_MESSAGE, AMOUNT_5_MESSAGE, MONEY_MESSAGE } from './messages';
import { numericTextSchema } from './numeric-text';

/** Up to 15 integer digits and at most 2 decimals. */
export const AMOUNT_2_PATTERN = /^\d{1,15}(\.\d{1,2})?$/;
/** Up to 15 integer digits and at most 3 decimals. */
export const AMOUNT_3_PATTERN = /^\d{1,15}(\.\d{1,3})?$/;
/** Like AMOUNT_2_PATTERN with an optional minus sign. */
export const SIGNED_AMOUNT_2_PATTERN = /^-?\d{1,15}(\.\d{1,2})?$/;
/** Up to 5 integer digits and at most 2 decimals. */
export const AMOUNT_5_PATTERN = /^\d{1,5}(\.\d{1,2})?$/;
/** Up to 8 integer digits and 2 decimals, no leading zeros except a single 0 (0, 0.5, 0.05). */
export const MONEY_PATTERN = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;

/** Amount: up to 15 integer digits and 2 decimals; message AMOUNT_2_MESSAGE. */
export function isAmount(value: string): boolean {
  return AMOUNT_2_PATTERN.test(value);
}

/** Amount variant: up to 15 integer digits and 3 decimals; message AMOUNT_3_MESSAGE. */
export function isAmount3(value: string): boolean {
  return AMOUNT_3_PATTERN.test(value);
}

/** Amount variant: signed, up to 15 integer digits and 2 decimals; message AMOUNT_2_MESSAGE. */
export function isSignedAmount(value: string): boolean {
  return SIGNED_AMOUNT_2_PATTERN.test(value);
}

/** Amount variant: up to 5 integer digits and 2 decimals; message AMOUNT_5_MESSAGE. */
export function isAmount5(value: string): boolean {
  return AMOUNT_5_PATTERN.test(value);
}

/** Money: up to 8 integer digits and 2 decimals, no leading zeros; message MONEY_MESSAGE. */
export function isMoney(value: string): boolean {
  return MONEY_PATTERN.test(value);
}

/** Schemas take the typed text or a JSON number and give back the text. */
export const amountSchema = numericTextSchema(isAmount, AMOUNT_2_MESSAGE);
export const amount3Schema = numericTextSchema(isAmount3, AMOUNT_3_MESSAGE);
export const signedAmountSchema = numericTextSchema(isSignedAmount, AMOUNT_2_MESSAGE);
export const amount5Schema = numericTextSchema(isAmount5, AMOUNT_5_MESSAGE);
export const moneySchema = numericTextSchema(isMoney, MONEY_MESSAGE);
