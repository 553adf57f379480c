import {
  isNationalId,
  isPhoneLoose,
  isRealDate,
  NATIONAL_ID_MESSAGE,
  PHONE_MESSAGE,
  parseDateTime,
} from '@fleet/domain';
import { z } from 'zod';

// Field schemas the master-data forms share. Optional text fields take '' (or nothing) as "not
// given" and give back null, so a form can clear a field; imports hand every cell in as text.

export const DATE_MESSAGE = '日期格式应为YYYY-MM-DD';
export const DATE_TIME_MESSAGE = '格式应为YYYY-MM-DD HH:mm:ss';
export const TEAM_MESSAGE = '请选择所属车队';

const blank = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Trimmed text of at most `max` characters; '' and missing become null. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : blank(value)),
    z
      .string({ error: '应为文本' })
      .max(max, `最多输入${max}个字符`)
      .transform((text) => text || null),
  );
}

/** Trimmed text of 1 to `max` characters; `required` is the message when it is empty. */
export function requiredText(max: number, required: string) {
  return z.preprocess(blank, z.string({ error: required }).min(1, required).max(max, `最多输入${max}个字符`));
}

export function isDateText(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** 'YYYY-MM-DD' (a real date); '' and missing become null. */
export const optionalDate = z.preprocess(
  (value) => (value === undefined || value === null ? '' : blank(value)),
  z
    .string({ error: DATE_MESSAGE })
    .refine((text) => text === '' || isDateText(text), DATE_MESSAGE)
    .transform((text) => text || null),
);

/**
 * A time of a filter, 'YYYY-MM-DD HH:mm:ss' Shanghai time (also 'YYYY-MM-DD HH:mm' or a day), as
 * epoch ms; '' and missing become null, and any other text is refused, never ignored.
 */
export const optionalDateTime = z.preprocess(
  (value) => (value === undefined || value === null ? '' : blank(value)),
  z.string({ error: DATE_TIME_MESSAGE }).transform((text, ctx) => {
    if (text === '') return null;
    const date = parseDateTime(text);
    if (date) return date.getTime();
    ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
    return z.NEVER;
  }),
);

/** Phone, variant 2 (any second digit); '' and missing become null. */
export const optionalPhone = z.preprocess(
  (value) => (value === undefined || value === null ? '' : blank(value)),
  z
    .string({ error: PHONE_MESSAGE })
    .refine((text) => text === '' || isPhoneLoose(text), PHONE_MESSAGE)
    .transform((text) => text || null),
);

/** National ID with its check character (lower-case x read as X); '' and missing become null. */
export const optionalNationalId = z.preprocess(
  (value) => (value === undefined || value === null ? '' : blank(value)),
  z
    .string({ error: NATIONAL_ID_MESSAGE })
    .transform((text) => text.toUpperCase())
    .refine(isNationalId, NATIONAL_ID_MESSAGE)
    .transform((text) => text || null),
);

/** A team code of the merchant's tree (letters and digits, 7 to 36 characters). */
export const teamCodeField = z
  .string({ error: TEAM_MESSAGE })
  .trim()
  .regex(/^[0-9A-Za-z]{7,36}$/, TEAM_MESSAGE);

/** A positive record id, from JSON or a query string. */
export function idField(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message);
}

/** Team codes of a GET filter: one value or repeated keys (`teamCodeList=a&teamCodeList=b`). */
export const teamCodeListField = z
  .preprocess(
    (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value]),
    z.array(teamCodeField).max(200, '最多选择200个车队').optional(),
  )
  .optional();
