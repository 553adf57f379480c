/** antd form rules of the shared field rules (spec core section 5), with their exact messages. */
import {
  CONTACT_PHONE_MESSAGE,
  isContactPhone,
  isNameText,
  isNationalId,
  isPhoneLoose,
  NAME_TEXT_MESSAGE,
  NATIONAL_ID_MESSAGE,
  PHONE_MESSAGE,
} from '@fleet/domain';
import type { FormRule } from 'antd';

/** An antd rule from a check that answers what is wrong, or null; empty values pass (see `required`). */
export function checkRule(check: (value: string) => string | null): FormRule {
  return {
    validator: (_, value: string | undefined | null) => {
      const text = (value ?? '').trim();
      const error = text === '' ? null : check(text);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}

/** Name/text rule (spec core section 5): 1-30 Chinese, English, digits or parentheses. */
export const nameRule = checkRule((v) => (isNameText(v) ? null : NAME_TEXT_MESSAGE));
/** Phone, variant 2. */
export const phoneRule = checkRule((v) => (isPhoneLoose(v) ? null : PHONE_MESSAGE));
/** Contact phone (customers, common addresses): mobile or landline, message after the field's label. */
export const contactPhoneRule = (label: string) =>
  checkRule((v) => (isContactPhone(v) ? null : `${label}${CONTACT_PHONE_MESSAGE}`));
/** National ID with its check character. */
export const idCardRule = checkRule((v) => (isNationalId(v.toUpperCase()) ? null : NATIONAL_ID_MESSAGE));
/** At most `max` characters. */
export const maxRule = (max: number): FormRule => ({ max, message: `最多输入${max}个字符` });
/** Required, with a message; blanks count as empty. */
export const requiredRule = (message: string): FormRule => ({ required: true, whitespace: true, message });
