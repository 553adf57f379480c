import { describe, expect, it } from 'vitest';
import { emailSchema, isEmail } from './email';
import { EMAIL_MESSAGE } from './messages';

describe('isEmail', () => {
  it('accepts empty and standard addresses', () => {
    for (const value of [
      '',
      'dispatch@fleet.cn',
      'li.wei+ops@mail.example.com.cn',
      'a_b-c@sub-domain.org',
      '123456@qq.com',
    ]) {
      expect(isEmail(value)).toBe(true);
    }
  });

  it('rejects malformed addresses', () => {
    for (const value of [
      'plain',
      '@fleet.cn',
      'a@',
      'a@fleet',
      'a..b@fleet.cn',
      '.a@fleet.cn',
      'a@-fleet.cn',
      'a@fleet.c',
      'a b@fleet.cn',
      '张三@fleet.cn',
      `${'a'.repeat(250)}@x.cn`,
    ]) {
      expect(isEmail(value)).toBe(false);
    }
  });
});

describe('emailSchema', () => {
  it('parses valid input', () => {
    expect(emailSchema.parse('ops@fleet.cn')).toBe('ops@fleet.cn');
  });

  it('fails with the Chinese message', () => {
    expect(emailSchema.safeParse('ops@').error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
  });
});
