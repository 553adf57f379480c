import { z } from 'zod';

export const PLATE_MESSAGE = '车牌号不符合规范';

/** Province abbreviations that open a mainland plate (GA 36). */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

const PROVINCE = `[${PLATE_PROVINCES}]`;
/** The issuing office letter: A-Z without I and O. */
const OFFICE = '[A-HJ-NP-Z]';
/** Serial characters: digits and letters without I and O. */
const SERIAL = '[A-HJ-NP-Z0-9]';

/**
 * Plates a truck fleet meets (GA 36-2018):
 * - ordinary: 京A12345 (5 serial characters), with the suffixes 挂 (trailer, 4 serial characters),
 *   学 (driving school) or 警 (police);
 * - new energy: small 京AD12345 / 京AF12345 (D or F, then a letter or digit, then 4 digits),
 *   large 京A12345D / 京A12345F (5 digits, then D or F);
 * - Hong Kong and Macao vehicles crossing the border: 粤Z1234港 / 粤Z1234澳.
 */
const PATTERNS = [
  new RegExp(`^${PROVINCE}${OFFICE}${SERIAL}{5}$`),
  new RegExp(`^${PROVINCE}${OFFICE}${SERIAL}{4}[挂学警]$`),
  new RegExp(`^${PROVINCE}${OFFICE}[DF][A-HJ-NP-Z0-9][0-9]{4}$`),
  new RegExp(`^${PROVINCE}${OFFICE}[0-9]{5}[DF]$`),
  new RegExp(`^粤Z${SERIAL}{4}[港澳]$`),
];

/** Upper-cases the letters and drops spaces and the middle dot some people type (京A·12345). */
export function normalizePlate(value: string): string {
  return value.replace(/[\s·•.]/g, '').toUpperCase();
}

/** A mainland plate number, after `normalizePlate`. */
export function isPlate(value: string): boolean {
  const plate = normalizePlate(value);
  return PATTERNS.some((pattern) => pattern.test(plate));
}

export const plateSchema = z
  .string({ error: PLATE_MESSAGE })
  .transform(normalizePlate)
  .refine((plate) => PATTERNS.some((pattern) => pattern.test(plate)), { error: PLATE_MESSAGE });
