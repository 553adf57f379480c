import { describe, expect, it } from 'vitest';
import { durationText } from './duration';

describe('durationText', () => {
  it('shows days, hours, minutes and seconds', () => {
    expect(durationText(((1 * 24 + 2) * 60 * 60 + 3 * 60 + 4) * 1000)).toBe('1天2小时3分4秒');
    expect(durationText(65_000)).toBe('1分5秒');
    expect(durationText(3_605_000)).toBe('1小时5秒');
    expect(durationText(86_400_000)).toBe('1天');
    expect(durationText(59_999)).toBe('59秒');
  });

  it('shows 0秒 under a second', () => {
    expect(durationText(0)).toBe('0秒');
    expect(durationText(999)).toBe('0秒');
  });

  it('shows - for negative and non-finite values', () => {
    expect(durationText(-1)).toBe('-');
    expect(durationText(Number.NaN)).toBe('-');
    expect(durationText(Number.POSITIVE_INFINITY)).toBe('-');
  });
});
