import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityWithoutSuffix, coordinateText, debounce, roundCoordinate } from './addressPick';

describe('address picker helpers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes the trailing 市 of a city only', () => {
    expect(cityWithoutSuffix('鄂尔多斯市')).toBe('鄂尔多斯');
    expect(cityWithoutSuffix('北京市')).toBe('北京');
    expect(cityWithoutSuffix('锡林郭勒盟')).toBe('锡林郭勒盟');
    expect(cityWithoutSuffix('')).toBe('');
  });

  it('keeps six decimals', () => {
    expect(roundCoordinate(116.4041234567)).toBe(116.404123);
    expect(coordinateText(116.404, 39.915)).toBe('116.404000, 39.915000');
  });

  it('debounces: only the last call within the delay runs', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const run = debounce((word: string) => seen.push(word), 600);
    run('东');
    vi.advanceTimersByTime(300);
    run('东胜');
    vi.advanceTimersByTime(599);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['东胜']);
    run('x');
    run.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['东胜']);
  });
});
