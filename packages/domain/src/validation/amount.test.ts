import { describe, expect, it } from 'vitest';
import {
  amount3Schema,
  amount5Schema,
  amountSchema,
  isAmount,
  isAmount3,
  isAmount5,
  isMoney,
  isSignedAmount,
  moneySchema,
  signedAmountSchema,
} from './amount';
import { AMOUNT_2_MESSAGE, AMOUNT_3_MESSAGE, AMOUNT_5_MESSAGE, MONEY_MESSAGE } from './messages';

describe('isAmount (15 digits, 2 decimals)', () => {
  it('accepts', () => {
    for (const value of ['0', '12', '12.3', '12.34', '123456789012345', '123456789012345.99', '007.5']) {
      expect(isAmount(value)).toBe(true);
    }
  });

  it('rejects', () => {
    for (const value of ['', '1234567890123456', '12.345', '-1', '1.', '.5', '1,000', 'abc', ' 1']) {
      expect(isAmount(value)).toBe(false);
    }
  });
});

describe('isAmount3 (15 digits, 3 decimals)', () => {
  it('accepts', () => {
    for (const value of ['1.234', '123456789012345.123', '0.5']) {
      expect(isAmount3(value)).toBe(true);
    }
  });

  it('rejects', () => {
    for (const value of ['1.2345', '1234567890123456', '-1.2', '']) {
      expect(isAmount3(value)).toBe(false);
    }
  });
});

describe('isSignedAmount', () => {
  it('accepts positive and negative', () => {
    for (const value of ['-12.34', '12.34', '-0.01', '-123456789012345']) {
      expect(isSignedAmount(value)).toBe(true);
    }
  });

  it('rejects', () => {
    for (const value of ['+1', '--1', '-', '-1.234', '-1234567890123456', '']) {
      expect(isSignedAmount(value)).toBe(false);
    }
  });
});

describe('isAmount5', () => {
  it('accepts', () => {
    for (const value of ['99999.99', '0', '5.5']) {
      expect(isAmount5(value)).toBe(true);
    }
  });

  it('rejects', () => {
    for (const value of ['100000', '1.234', '-1', '']) {
      expect(isAmount5(value)).toBe(false);
    }
  });
});

describe('isMoney', () => {
  it('accepts up to 8 integer digits without leading zeros', () => {
    for (const value of ['0', '0.5', '0.05', '1', '10.1', '99999999.99', '12345678']) {
      expect(isMoney(value)).toBe(true);
    }
  });

  it('rejects leading zeros, too many digits and decimals', () => {
    for (const value of ['00', '01', '00.5', '123456789', '1.234', '-1', '', '1.', '.1']) {
      expect(isMoney(value)).toBe(false);
    }
  });
});

describe('amount schemas', () => {
  it('accept text and JSON numbers, giving text', () => {
    expect(amountSchema.parse('12.34')).toBe('12.34');
    expect(amountSchema.parse(12.5)).toBe('12.5');
    expect(amount3Schema.parse('1.234')).toBe('1.234');
    expect(signedAmountSchema.parse(-3.2)).toBe('-3.2');
    expect(amount5Schema.parse('99999.99')).toBe('99999.99');
    expect(moneySchema.parse(0.05)).toBe('0.05');
  });

  it('fail with the messages of the spec', () => {
    expect(amountSchema.safeParse('1.234').error?.issues[0]?.message).toBe(AMOUNT_2_MESSAGE);
    expect(amount3Schema.safeParse('1.2345').error?.issues[0]?.message).toBe(AMOUNT_3_MESSAGE);
    expect(signedAmountSchema.safeParse('-1.234').error?.issues[0]?.message).toBe(AMOUNT_2_MESSAGE);
    expect(amount5Schema.safeParse(123456).error?.issues[0]?.message).toBe(AMOUNT_5_MESSAGE);
    expect(moneySchema.safeParse('01').error?.issues[0]?.message).toBe(MONEY_MESSAGE);
    expect(moneySchema.safeParse(Number.NaN).error?.issues[0]?.message).toBe(MONEY_MESSAGE);
    expect(moneySchema.safeParse(undefined).error?.issues[0]?.message).toBe(MONEY_MESSAGE);
  });

  it('uses the full-width comma of the spec', () => {
    expect(AMOUNT_2_MESSAGE).toBe('请输入15位以内数字，最多包含两位小数');
    expect(AMOUNT_3_MESSAGE).toBe('请输入15位以内数字，最多包含三位小数');
    expect(AMOUNT_5_MESSAGE).toBe('请输入5位数字，最多包含两位小数');
  });
});
