import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, creditCodeSchema, isCreditCode } from './credit-code';
import { CREDIT_CODE_MESSAGE } from './messages';

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Independent implementation of the GB 32100-2015 check for the tests. */
function withCheck(first17: string): string {
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += CHARSET.indexOf(first17[i] ?? '') * (weights[i] ?? 0);
  const check = (31 - (sum % 31)) % 31;
  return first17 + CHARSET[check];
}

describe('creditCodeCheckChar', () => {
  it('gives the check character of a real code', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('agrees with an independent computation', () => {
    for (const first17 of [
      '91110000100000000',
      '91310115MA1H7GX0U',
      '12100000400000624',
      '52440300MJL1234AB',
    ]) {
      expect(first17 + creditCodeCheckChar(first17)).toBe(withCheck(first17));
    }
  });

  it('maps a remainder of 0 to the character 0', () => {
    let found = '';
    for (let n = 0; n < 2000 && !found; n += 1) {
      const first17 = `9111000010000${String(n).padStart(4, '0')}`;
      if (withCheck(first17).endsWith('0')) found = first17;
    }
    expect(found).not.toBe('');
    expect(creditCodeCheckChar(found)).toBe('0');
  });

  it('returns null for bad input', () => {
    expect(creditCodeCheckChar('9111000010000000')).toBeNull();
    expect(creditCodeCheckChar('9111000010000000I')).toBeNull();
  });
});

describe('isCreditCode', () => {
  it('accepts real and computed codes', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode(withCheck('91110000100000000'))).toBe(true);
    expect(isCreditCode(withCheck('91310115MA1H7GX0U'))).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4X')).toBe(false);
  });

  it('rejects forbidden letters, lower case and wrong lengths', () => {
    for (const value of [
      '',
      '91350100M000100Y4',
      '91350100M000100Y433',
      '91350100m000100y43',
      '91350100I000100Y43',
      '91350100O000100Y43',
      '91350100Z000100Y43',
      '91350100S000100Y43',
      '91350100V000100Y43',
    ]) {
      expect(isCreditCode(value)).toBe(false);
    }
  });
});

describe('creditCodeSchema', () => {
  it('parses and fails with the Chinese message', () => {
    expect(creditCodeSchema.parse('91350100M000100Y43')).toBe('91350100M000100Y43');
    expect(creditCodeSchema.safeParse('91350100M000100Y44').error?.issues[0]?.message).toBe(
      CREDIT_CODE_MESSAGE,
    );
  });
});
