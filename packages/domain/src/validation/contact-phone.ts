import { z } from 'zod';
import { PHONE_LOOSE_PATTERN } from './phone';

/**
 * The message of a contact phone that is neither a mobile nor a landline number, after the field's
 * label: the API answers '联系电话: 应为…', a form shows '联系电话应为…' under the field.
 */
export const CONTACT_PHONE_MESSAGE = '应为手机号或固定电话（如13812345678、010-12345678、400-123-4567）';

/** The longest contact phone kept (the column is varchar(20)). */
export const CONTACT_PHONE_MAX_LENGTH = 20;
/** Landline with its area code (0 and 2-3 digits) and a 7-8 digit number: 010-12345678, 0755 1234567. */
const LANDLINE = /^0\d{2,3}[- ]?[1-9]\d{6,7}$/;
/** Nationwide service numbers: 400-123-4567, 800 123 4567, 4001234567. */
const SERVICE = /^[48]00[- ]?\d{3}[- ]?\d{4}$/;
/** An extension after the number: -123, 转123, #123, ext123 (1-6 digits). */
const EXTENSION = /^(.*?)(?:-|转|#|\s*(?:ext\.?|分机)\s*)(\d{1,6})$/i;

function isBareNumber(value: string): boolean {
  return PHONE_LOOSE_PATTERN.test(value) || LANDLINE.test(value) || SERVICE.test(value);
}

/**
 * A contact phone (customers, common addresses): a mobile number (11 digits starting with 1), a
 * landline with its area code (010-12345678, 0755-1234567) or a 400/800 number, a landline or
 * service number optionally with an extension (010-12345678-801, 400-123-4567转2), at most 20
 * characters. Empty passes (the field is optional). Spaces and hyphens may separate the groups.
 */
export function isContactPhone(value: string): boolean {
  if (value === '') return true;
  if (value.length > CONTACT_PHONE_MAX_LENGTH) return false;
  if (isBareNumber(value)) return true;
  const extension = EXTENSION.exec(value);
  const number = extension?.[1]?.trim() ?? '';
  return number !== '' && !PHONE_LOOSE_PATTERN.test(number) && isBareNumber(number);
}

/** The contact phone of a form or an import row, trimmed; '' and missing become null. */
export const contactPhoneField = z.preprocess(
  (value) => (value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: CONTACT_PHONE_MESSAGE })
    .refine(isContactPhone, CONTACT_PHONE_MESSAGE)
    .transform((text) => text || null),
);
