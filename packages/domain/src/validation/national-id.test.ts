import { describe, expect, it } from 'vitest';
import { NATIONAL_ID_MESSAGE } from './messages';
import {
  isNationalId,
  isRealDate,
  nationalIdBirthDate,
  nationalIdCheckChar,
  nationalIdSchema,
} from './national-id';

/** Independent implementation of GB 11643-1999 for the tests. */
function withCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

describe('nationalIdCheckChar', () => {
  it('computes the check character of known IDs', () => {
    expect(nationalIdCheckChar('11010519491231002')).toBe('X');
    expect(nationalIdCheckChar('44052418800101001')).toBe('4');
  });

  it('agrees with an independent computation', () => {
    for (const first17 of [
      '32010619900307123',
      '51010720001229456',
      '65010219851111000',
      '21020320200229987',
    ]) {
      expect(first17 + nationalIdCheckChar(first17)).toBe(withCheck(first17));
    }
  });

  it('returns null for input that is not 17 digits', () => {
    expect(nationalIdCheckChar('1101051949123100')).toBeNull();
    expect(nationalIdCheckChar('1101051949123100A')).toBeNull();
  });
});

describe('isNationalId', () => {
  it('accepts empty', () => {
    expect(isNationalId('')).toBe(true);
  });

  it('accepts well-known valid 18-digit IDs', () => {
    expect(isNationalId('11010519491231002X')).toBe(true);
    expect(isNationalId('11010519491231002x')).toBe(true);
    expect(isNationalId('440524188001010014')).toBe(true);
  });

  it('accepts computed 18-digit IDs, including 29 February of a leap year', () => {
    for (const first17 of [
      '32010619900307123',
      '51010720001229456',
      '21020320000229987',
      '37020219770531000',
    ]) {
      expect(isNationalId(withCheck(first17))).toBe(true);
    }
  });

  it('rejects a wrong check character', () => {
    expect(isNationalId('110105194912310021')).toBe(false);
    expect(isNationalId('440524188001010015')).toBe(false);
  });

  it('rejects impossible birth dates even with a correct check character', () => {
    for (const first17 of [
      '11010519490230002',
      '11010519491301002',
      '11010519490000002',
      '11010519000229002',
    ]) {
      expect(isNationalId(withCheck(first17))).toBe(false);
    }
  });

  it('rejects wrong shapes', () => {
    for (const value of [
      '01010519491231002X',
      '1101051949123100X',
      '11010519491231002XX',
      'abcdefghijklmnopqr',
      '11010517491231002X',
    ]) {
      expect(isNationalId(value)).toBe(false);
    }
  });

  it('accepts 15-digit IDs with a real 19YYMMDD date', () => {
    expect(isNationalId('110105491231002')).toBe(true);
    expect(isNationalId('440524800229001')).toBe(true);
  });

  it('rejects 15-digit IDs with an impossible date or letters', () => {
    expect(isNationalId('110105491331002')).toBe(false);
    expect(isNationalId('440524810229001')).toBe(false);
    expect(isNationalId('11010549123100X')).toBe(false);
  });
});

describe('nationalIdBirthDate', () => {
  it('reads the birth date of both formats', () => {
    expect(nationalIdBirthDate('11010519491231002X')).toEqual({ year: 1949, month: 12, day: 31 });
    expect(nationalIdBirthDate('110105491231002')).toEqual({ year: 1949, month: 12, day: 31 });
  });

  it('returns null for other input', () => {
    expect(nationalIdBirthDate('')).toBeNull();
    expect(nationalIdBirthDate('110105194902300021')).toBeNull();
  });
});

describe('isRealDate', () => {
  it('knows leap years', () => {
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(2023, 2, 29)).toBe(false);
  });

  it('rejects out-of-range parts', () => {
    expect(isRealDate(2020, 0, 1)).toBe(false);
    expect(isRealDate(2020, 13, 1)).toBe(false);
    expect(isRealDate(2020, 4, 31)).toBe(false);
    expect(isRealDate(2020, 1, 0)).toBe(false);
    expect(isRealDate(2020.5, 1, 1)).toBe(false);
  });
});

describe('nationalIdSchema', () => {
  it('parses valid IDs and empty', () => {
    expect(nationalIdSchema.parse('440524188001010014')).toBe('440524188001010014');
    expect(nationalIdSchema.parse('')).toBe('');
  });

  it('fails with the Chinese message', () => {
    expect(nationalIdSchema.safeParse('110105194912310021').error?.issues[0]?.message).toBe(
      NATIONAL_ID_MESSAGE,
    );
  });
});
