import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from './messages';
import { isPhone, isPhoneLoose, phoneLooseSchema, phoneSchema } from './phone';

describe('isPhone (variant 1)', () => {
  it('accepts empty and numbers with second digit 3, 4, 5, 7 or 8', () => {
    for (const value of ['', '13800138000', '14712345678', '15912345678', '17700001111', '18612345678']) {
      expect(isPhone(value)).toBe(true);
    }
  });

  it('rejects other second digits, wrong lengths and non-digits', () => {
    for (const value of [
      '16612345678',
      '19912345678',
      '12345678901',
      '1381234567',
      '138123456789',
      '23812345678',
      '1381234567a',
      ' 13812345678',
      '+8613812345678',
    ]) {
      expect(isPhone(value)).toBe(false);
    }
  });
});

describe('isPhoneLoose (variant 2)', () => {
  it('accepts any 11-digit number starting with 1', () => {
    for (const value of ['16612345678', '19912345678', '10000000000', '13800138000']) {
      expect(isPhoneLoose(value)).toBe(true);
    }
  });

  it('rejects empty, wrong first digit, wrong length', () => {
    for (const value of ['', '23812345678', '1991234567', '199123456789', '1991234567x']) {
      expect(isPhoneLoose(value)).toBe(false);
    }
  });
});

describe('phone schemas', () => {
  it('pass valid values through', () => {
    expect(phoneSchema.parse('')).toBe('');
    expect(phoneSchema.parse('13800138000')).toBe('13800138000');
    expect(phoneLooseSchema.parse('19912345678')).toBe('19912345678');
  });

  it('fail with the Chinese message', () => {
    const first = phoneSchema.safeParse('19912345678');
    expect(first.success).toBe(false);
    expect(first.error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    expect(phoneLooseSchema.safeParse('').error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    expect(phoneSchema.safeParse(13800138000).error?.issues[0]?.message).toBe(PHONE_MESSAGE);
  });
});
