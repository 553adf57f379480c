import { z } from 'zod';
import { NAME_TEXT_MESSAGE, TEXT_32_MESSAGE } from './messages';

/** 1-30 Chinese characters, English letters, digits, or parentheses (ASCII () and full-width （）). */
export const NAME_TEXT_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9()（）]{1,30}$/;
export const TEXT_MAX_LENGTH = 32;

export function isNameText(value: string): boolean {
  return NAME_TEXT_PATTERN.test(value);
}

/** Text length rule: at most 32 characters, counted as the user sees them (code points). */
export function isShortText(value: string): boolean {
  return [...value].length <= TEXT_MAX_LENGTH;
}

export const nameTextSchema = z
  .string({ error: NAME_TEXT_MESSAGE })
  .refine(isNameText, { error: NAME_TEXT_MESSAGE });

export const shortTextSchema = z
  .string({ error: TEXT_32_MESSAGE })
  .refine(isShortText, { error: TEXT_32_MESSAGE });
