import { describe, expect, it } from 'vitest';
import { enumLabel } from './enum-label';

const LIST = [
  { value: 1, label: '一' },
  { value: 2, label: '二' },
];

describe('enumLabel', () => {
  it('finds the label of a value, also given as numeric text', () => {
    expect(enumLabel(LIST, 1)).toBe('一');
    expect(enumLabel(LIST, '2')).toBe('二');
  });

  it('shows the fallback for unknown, empty and missing values', () => {
    expect(enumLabel(LIST, 3)).toBe('-');
    expect(enumLabel(LIST, '')).toBe('-');
    expect(enumLabel(LIST, null)).toBe('-');
    expect(enumLabel(LIST, undefined)).toBe('-');
    expect(enumLabel(LIST, 9, '--')).toBe('--');
  });

  it('works with text values', () => {
    expect(enumLabel([{ value: 'a', label: 'A' }], 'a')).toBe('A');
    expect(enumLabel([{ value: 'a', label: 'A' }], 'b')).toBe('-');
  });
});
