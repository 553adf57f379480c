import { describe, expect, it } from 'vitest';
import { NAME_TEXT_MESSAGE, TEXT_32_MESSAGE } from './messages';
import { isNameText, isShortText, nameTextSchema, shortTextSchema } from './text';

describe('isNameText', () => {
  it('accepts 1-30 Chinese, English, digits and both kinds of parentheses', () => {
    for (const value of ['北京顺达物流', 'Fleet01', '一车队(北京)', '二车队（天津）', 'a', '车'.repeat(30)]) {
      expect(isNameText(value)).toBe(true);
    }
  });

  it('rejects empty, over 30, spaces and other punctuation', () => {
    for (const value of ['', '车'.repeat(31), '一 车队', '车队-1', '车队_1', '车队!', '【车队】']) {
      expect(isNameText(value)).toBe(false);
    }
  });
});

describe('isShortText', () => {
  it('accepts up to 32 characters', () => {
    expect(isShortText('')).toBe(true);
    expect(isShortText('a'.repeat(32))).toBe(true);
    expect(isShortText('运'.repeat(32))).toBe(true);
    expect(isShortText('🚚'.repeat(32))).toBe(true);
  });

  it('rejects 33 characters and more', () => {
    expect(isShortText('a'.repeat(33))).toBe(false);
    expect(isShortText('运'.repeat(40))).toBe(false);
  });
});

describe('text schemas', () => {
  it('parse valid values', () => {
    expect(nameTextSchema.parse('一车队(北京)')).toBe('一车队(北京)');
    expect(shortTextSchema.parse('备注')).toBe('备注');
  });

  it('fail with the Chinese messages', () => {
    expect(nameTextSchema.safeParse('车队-1').error?.issues[0]?.message).toBe(NAME_TEXT_MESSAGE);
    expect(shortTextSchema.safeParse('x'.repeat(33)).error?.issues[0]?.message).toBe(TEXT_32_MESSAGE);
  });
});
