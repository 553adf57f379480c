import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE } from './messages';
import { isStrongPassword, passwordSchema } from './password';

describe('isStrongPassword', () => {
  it('accepts 6-20 characters with lower, upper, digit and special', () => {
    for (const value of ['Aa1!aa', 'Fleet@2024', 'Zz9_zzzzzzzzzzzzzzzz', 'p@SS0rd', 'A{b}1c~', 'x-Y-1-z']) {
      expect(isStrongPassword(value)).toBe(true);
    }
  });

  it('rejects missing classes, bad lengths, spaces and non-ASCII', () => {
    for (const value of [
      '',
      'Aa1!a',
      'Aa1!aaaaaaaaaaaaaaaaa',
      'aa1!aa',
      'AA1!AA',
      'Aaa!aa',
      'Aa1aaa',
      'Aa1! aa',
      'Aa1!密码',
      'Aa1！aa',
    ]) {
      expect(isStrongPassword(value)).toBe(false);
    }
  });
});

describe('passwordSchema', () => {
  it('parses a strong password', () => {
    expect(passwordSchema.parse('Fleet@2024')).toBe('Fleet@2024');
  });

  it('fails with the exact message', () => {
    expect(passwordSchema.safeParse('fleet2024').error?.issues[0]?.message).toBe(
      '密码6-20位,且包含大小写、数字和特殊字符',
    );
    expect(passwordSchema.safeParse(undefined).error?.issues[0]?.message).toBe(PASSWORD_MESSAGE);
  });
});
