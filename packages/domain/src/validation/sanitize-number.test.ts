import { describe, expect, it } from 'vitest';
import { sanitizeNumber } from './sanitize-number';

describe('sanitizeNumber', () => {
  it('strips characters that are not digits or a dot', () => {
    expect(sanitizeNumber('12a3')).toBe('123');
    expect(sanitizeNumber('¥1,234.50元')).toBe('1234.50');
    expect(sanitizeNumber('abc')).toBe('');
    expect(sanitizeNumber('')).toBe('');
  });

  it('keeps only the first dot', () => {
    expect(sanitizeNumber('1.2.3')).toBe('1.23');
    expect(sanitizeNumber('1..5')).toBe('1.5');
  });

  it('enforces decimal places', () => {
    expect(sanitizeNumber('3.14159', { decimals: 2 })).toBe('3.14');
    expect(sanitizeNumber('3.14159', { decimals: 3 })).toBe('3.141');
    expect(sanitizeNumber('3.9', { decimals: 0 })).toBe('3');
    expect(sanitizeNumber('3.', { decimals: 2 })).toBe('3.');
  });

  it('normalises leading zeros and a leading dot', () => {
    expect(sanitizeNumber('007')).toBe('7');
    expect(sanitizeNumber('00.5')).toBe('0.5');
    expect(sanitizeNumber('.5')).toBe('0.5');
    expect(sanitizeNumber('0')).toBe('0');
  });

  it('converts full-width digits', () => {
    expect(sanitizeNumber('１２．５')).toBe('12.5');
  });

  it('drops the minus sign unless negatives are allowed', () => {
    expect(sanitizeNumber('-12.5')).toBe('12.5');
    expect(sanitizeNumber('-12.5', { allowNegative: true })).toBe('-12.5');
    expect(sanitizeNumber('-', { allowNegative: true })).toBe('-');
    expect(sanitizeNumber('1-2', { allowNegative: true })).toBe('12');
    expect(sanitizeNumber('－3', { allowNegative: true })).toBe('-3');
  });

  it('clamps to max and min', () => {
    expect(sanitizeNumber('150', { max: 100 })).toBe('100');
    expect(sanitizeNumber('100', { max: 100 })).toBe('100');
    expect(sanitizeNumber('100.01', { max: 100, decimals: 2 })).toBe('100');
    expect(sanitizeNumber('0', { min: 1 })).toBe('1');
    expect(sanitizeNumber('-20', { min: -10, allowNegative: true })).toBe('-10');
    expect(sanitizeNumber('1000', { min: 0, max: 999.999, decimals: 2 })).toBe('999.99');
    expect(sanitizeNumber('5', { min: 0, max: 10 })).toBe('5');
  });

  it('leaves unfinished text alone', () => {
    expect(sanitizeNumber('', { min: 1 })).toBe('');
    expect(sanitizeNumber('-', { min: 1, allowNegative: true })).toBe('-');
  });
});
