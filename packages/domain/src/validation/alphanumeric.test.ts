import { describe, expect, it } from 'vitest';
import { alphanumericSchema, isAlphanumeric } from './alphanumeric';
import { ALPHANUMERIC_MESSAGE } from './messages';

describe('isAlphanumeric', () => {
  it('accepts letters and digits', () => {
    for (const value of ['LFWADRJF1J1000001', 'abc', '123', 'A1b2']) {
      expect(isAlphanumeric(value)).toBe(true);
    }
  });

  it('rejects empty, spaces, punctuation, Chinese and full-width characters', () => {
    for (const value of ['', 'A 1', 'A-1', '京A12345', 'ＡＢＣ', 'abc_1']) {
      expect(isAlphanumeric(value)).toBe(false);
    }
  });
});

describe('alphanumericSchema', () => {
  it('parses and fails with the Chinese message', () => {
    expect(alphanumericSchema.parse('VIN123')).toBe('VIN123');
    expect(alphanumericSchema.safeParse('VIN-123').error?.issues[0]?.message).toBe(ALPHANUMERIC_MESSAGE);
  });
});
