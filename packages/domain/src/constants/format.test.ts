import { describe, expect, it } from 'vitest';
import { abbreviateNumber, truncateName } from './format';

describe('truncateName', () => {
  it('keeps names of up to 8 characters', () => {
    expect(truncateName('北京顺达物流')).toBe('北京顺达物流');
    expect(truncateName('12345678')).toBe('12345678');
    expect(truncateName('')).toBe('');
    expect(truncateName(null)).toBe('');
  });

  it('cuts longer names to 8 characters and an ellipsis', () => {
    expect(truncateName('北京顺达物流有限公司第一车队')).toBe('北京顺达物流有限…');
    expect(truncateName('123456789')).toBe('12345678…');
    expect(truncateName('abcdef', 3)).toBe('abc…');
    expect(truncateName('🚚🚚🚚🚚🚚🚚🚚🚚🚚')).toBe('🚚🚚🚚🚚🚚🚚🚚🚚…');
  });
});

describe('abbreviateNumber', () => {
  it('leaves numbers under 1000 as they are', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.5)).toBe('12.5');
  });

  it('uses k, M, G, T, P and E', () => {
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1234)).toBe('1.2k');
    expect(abbreviateNumber(1_500_000)).toBe('1.5M');
    expect(abbreviateNumber(2e9)).toBe('2G');
    expect(abbreviateNumber(3.25e12, 2)).toBe('3.25T');
    expect(abbreviateNumber(4e15)).toBe('4P');
    expect(abbreviateNumber(5e18)).toBe('5E');
    expect(abbreviateNumber(5e21)).toBe('5000E');
  });

  it('moves up a unit when rounding reaches 1000', () => {
    expect(abbreviateNumber(999_950)).toBe('1M');
  });

  it('keeps the sign and refuses non-finite input', () => {
    expect(abbreviateNumber(-1234)).toBe('-1.2k');
    expect(abbreviateNumber(Number.NaN)).toBe('-');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('-');
  });
});
