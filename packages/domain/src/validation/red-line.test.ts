import { describe, expect, it } from 'vitest';
import {
  RED_LINE_FORMAT_MESSAGE,
  RED_LINE_MAX_MESSAGE,
  RED_LINE_MIN_MESSAGE,
  RED_LINE_REQUIRED_MESSAGE,
} from './messages';
import { DEFAULT_RED_LINE_RATE, isRedLineRate, redLineError, redLineRateSchema } from './red-line';

describe('redLineError', () => {
  it('accepts rates from 0 to 1000 with up to two decimals', () => {
    for (const value of ['0', '60', '60.5', '60.55', '1000', '1000.00', 0, 12.34, 1000, ' 45 ']) {
      expect(redLineError(value)).toBeNull();
    }
  });

  it('requires a value', () => {
    for (const value of ['', '   ', undefined, null]) {
      expect(redLineError(value)).toBe(RED_LINE_REQUIRED_MESSAGE);
    }
  });

  it('refuses text that is not a number', () => {
    for (const value of ['abc', '1.2.3', '1e3', '.5', '5.', Number.NaN, true, {}]) {
      expect(redLineError(value)).toBe(RED_LINE_FORMAT_MESSAGE);
    }
  });

  it('refuses more than two decimals', () => {
    expect(redLineError('60.555')).toBe(RED_LINE_FORMAT_MESSAGE);
    expect(redLineError(0.001)).toBe(RED_LINE_FORMAT_MESSAGE);
  });

  it('refuses rates below 0 and above 1000', () => {
    expect(redLineError('-1')).toBe(RED_LINE_MIN_MESSAGE);
    expect(redLineError(-0.5)).toBe(RED_LINE_MIN_MESSAGE);
    expect(redLineError('1000.01')).toBe(RED_LINE_MAX_MESSAGE);
    expect(redLineError(2000)).toBe(RED_LINE_MAX_MESSAGE);
  });

  it('has the messages of the spec', () => {
    expect(RED_LINE_FORMAT_MESSAGE).toBe('请输入最多两位小数的正数');
    expect(RED_LINE_MAX_MESSAGE).toBe('毛利率红线不能超过1000');
    expect(RED_LINE_MIN_MESSAGE).toBe('毛利率红线不能小于0');
    expect(RED_LINE_REQUIRED_MESSAGE).toBe('请输入毛利率红线');
  });
});

describe('isRedLineRate', () => {
  it('is true for the default and false for bad input', () => {
    expect(DEFAULT_RED_LINE_RATE).toBe(60);
    expect(isRedLineRate(DEFAULT_RED_LINE_RATE)).toBe(true);
    expect(isRedLineRate('1001')).toBe(false);
  });
});

describe('redLineRateSchema', () => {
  it('gives the rate as a number', () => {
    expect(redLineRateSchema.parse('60.25')).toBe(60.25);
    expect(redLineRateSchema.parse(45)).toBe(45);
  });

  it('fails with the message of the broken rule', () => {
    expect(redLineRateSchema.safeParse('').error?.issues[0]?.message).toBe(RED_LINE_REQUIRED_MESSAGE);
    expect(redLineRateSchema.safeParse('1200').error?.issues[0]?.message).toBe(RED_LINE_MAX_MESSAGE);
    expect(redLineRateSchema.safeParse('-3').error?.issues[0]?.message).toBe(RED_LINE_MIN_MESSAGE);
    expect(redLineRateSchema.safeParse('3.333').error?.issues).toHaveLength(1);
  });
});
