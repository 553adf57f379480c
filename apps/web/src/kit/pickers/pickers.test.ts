import { describe, expect, it } from 'vitest';
import { PLATE_HISTORY_KEY, readPlateHistory, rememberPlate } from './plateHistory';
import { fromCodeList, toCodeList } from './teamValue';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    data,
  };
}

describe('team picker value', () => {
  it('reads arrays and comma strings', () => {
    expect(toCodeList(['1000001', '1000001001'])).toEqual(['1000001', '1000001001']);
    expect(toCodeList('1000001, 1000001001,')).toEqual(['1000001', '1000001001']);
    expect(toCodeList(undefined)).toEqual([]);
    expect(toCodeList('')).toEqual([]);
  });

  it('hands out an array or a comma string by setting', () => {
    expect(fromCodeList(['1000001', '1000002'], 'array')).toEqual(['1000001', '1000002']);
    expect(fromCodeList(['1000001', '1000002'], 'string')).toBe('1000001,1000002');
    expect(fromCodeList([], 'string')).toBe('');
  });
});

describe('plate history', () => {
  it('keeps the last 10 plates under carHistory, newest first, without repeats', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 12; i++) rememberPlate(`京A0000${i}`, storage);
    rememberPlate('京A00005', storage);
    const history = readPlateHistory(storage);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('京A00005');
    expect(history[1]).toBe('京A000011');
    expect(history.filter((p) => p === '京A00005')).toHaveLength(1);
    expect(JSON.parse(storage.data.get(PLATE_HISTORY_KEY) ?? '')).toEqual(history);
  });

  it('survives broken or missing storage', () => {
    expect(readPlateHistory(memoryStorage({ [PLATE_HISTORY_KEY]: '{not json' }))).toEqual([]);
    expect(readPlateHistory(memoryStorage({ [PLATE_HISTORY_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readPlateHistory(undefined)).toEqual([]);
    expect(rememberPlate('京B12345', undefined)).toEqual(['京B12345']);
  });
});
