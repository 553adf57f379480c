import { describe, expect, it } from 'vitest';
import { dateTimeText, orDash } from './format';

describe('dateTimeText', () => {
  it('shows epoch milliseconds in Shanghai time', () => {
    expect(dateTimeText(Date.UTC(2025, 0, 31, 16, 5, 9))).toBe('2025-02-01 00:05:09');
    expect(dateTimeText(String(Date.UTC(2025, 0, 31, 16, 5, 9)))).toBe('2025-02-01 00:05:09');
  });

  it('keeps API text and shows -- for nothing', () => {
    expect(dateTimeText('2025-02-01 00:05:09')).toBe('2025-02-01 00:05:09');
    expect(dateTimeText(null)).toBe('--');
    expect(dateTimeText('')).toBe('--');
    expect(orDash('')).toBe('--');
    expect(orDash(0)).toBe('0');
  });
});
