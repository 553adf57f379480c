import { describe, expect, it } from 'vitest';
import { type Fen, fen, fenToYuan, subtractFen, sumFen, yuanToFen, ZERO_FEN } from './fen';

describe('yuanToFen', () => {
  it('converts yuan text exactly', () => {
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('100')).toBe(10000);
    expect(yuanToFen('-0.5')).toBe(-50);
    expect(yuanToFen('+3')).toBe(300);
    expect(yuanToFen(' 8.8 ')).toBe(880);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1.15')).toBe(115);
    expect(yuanToFen('99999999.99')).toBe(9999999999);
  });

  it('converts JSON numbers without float error', () => {
    expect(yuanToFen(12.3)).toBe(1230);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(1.15)).toBe(115);
    expect(yuanToFen(-4.35)).toBe(-435);
    expect(yuanToFen(1e-7)).toBe(0);
  });

  it('rounds beyond the fen half away from zero', () => {
    expect(yuanToFen('1.005')).toBe(101);
    expect(yuanToFen('1.004')).toBe(100);
    expect(yuanToFen('-1.005')).toBe(-101);
    expect(yuanToFen('-0.001')).toBe(0);
    expect(Object.is(yuanToFen('-0.001'), -0)).toBe(false);
  });

  it('refuses text that is not an amount', () => {
    for (const value of ['', 'abc', '1.2.3', '1,000', '.5', '1.', '1e3', '¥5']) {
      expect(() => yuanToFen(value)).toThrow(RangeError);
    }
    expect(() => yuanToFen(Number.NaN)).toThrow(RangeError);
    expect(() => yuanToFen(1e300)).toThrow(RangeError);
    expect(() => yuanToFen('90071992547410')).toThrow(RangeError);
  });
});

describe('fenToYuan', () => {
  it('gives two decimals', () => {
    expect(fenToYuan(1234)).toBe('12.34');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(-123456)).toBe('-1234.56');
    expect(fenToYuan(9999999999)).toBe('99999999.99');
  });

  it('round-trips with yuanToFen', () => {
    for (const text of ['0.01', '12.34', '-7.50', '123456789.00']) {
      expect(fenToYuan(yuanToFen(text))).toBe(text);
    }
  });

  it('refuses fractions of a fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(Number.NaN)).toThrow(RangeError);
  });
});

describe('fen, sumFen and subtractFen', () => {
  it('brand whole numbers only', () => {
    expect(fen(12)).toBe(12);
    expect(Object.is(fen(-0), 0)).toBe(true);
    expect(() => fen(0.5)).toThrow(RangeError);
    expect(() => fen(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('add and subtract exactly', () => {
    const a = yuanToFen('0.1');
    const b = yuanToFen('0.2');
    expect(fenToYuan(sumFen(a, b))).toBe('0.30');
    expect(sumFen()).toBe(ZERO_FEN);
    expect(subtractFen(a, b)).toBe(-10);
  });

  it('refuse sums beyond the safe range', () => {
    const big = fen(Number.MAX_SAFE_INTEGER);
    expect(() => sumFen(big, fen(1))).toThrow(RangeError);
    expect(() => subtractFen(fen(-Number.MAX_SAFE_INTEGER), fen(2) as Fen)).toThrow(RangeError);
  });
});
