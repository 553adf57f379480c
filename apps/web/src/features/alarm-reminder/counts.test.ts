import { capCount } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { clearCode, countedTypes, lowerCounts, NO_COUNTS, normaliseCounts, raiseCounts } from './counts';

describe('alarm counts', () => {
  it('a type-1 alarm raises the total and its code by one', () => {
    const once = raiseCounts(NO_COUNTS, 1, 5004);
    expect(once).toEqual({ bos: [{ code: 5004, count: 1 }], totalCount: 1 });
    const twice = raiseCounts(raiseCounts(once, 1, 5004), 1, 3002);
    expect(twice).toEqual({
      bos: [
        { code: 5004, count: 2 },
        { code: 3002, count: 1 },
      ],
      totalCount: 3,
    });
    expect(once.totalCount).toBe(1);
  });

  it('an in-transit reminder (type 2) changes no count', () => {
    const counts = raiseCounts(NO_COUNTS, 1, 5004);
    expect(raiseCounts(counts, 2, 5004)).toBe(counts);
  });

  it('reading lowers the codes read and the total, never below zero', () => {
    const counts = {
      bos: [
        { code: 5004, count: 2 },
        { code: 3002, count: 1 },
      ],
      totalCount: 3,
    };
    expect(lowerCounts(counts, [5004])).toEqual({
      bos: [
        { code: 5004, count: 1 },
        { code: 3002, count: 1 },
      ],
      totalCount: 2,
    });
    expect(lowerCounts(counts, [5004, 5004, 5004, 3002, 3002])).toEqual({
      bos: [
        { code: 5004, count: 0 },
        { code: 3002, count: 0 },
      ],
      totalCount: 0,
    });
    expect(lowerCounts(NO_COUNTS, [1001])).toEqual(NO_COUNTS);
  });

  it('reading a whole code takes its count off the total', () => {
    const counts = {
      bos: [
        { code: 5004, count: 2 },
        { code: 3002, count: 1 },
      ],
      totalCount: 3,
    };
    expect(clearCode(counts, 5004)).toEqual({
      bos: [
        { code: 5004, count: 0 },
        { code: 3002, count: 1 },
      ],
      totalCount: 1,
    });
    expect(clearCode(counts, 9001)).toBe(counts);
  });

  it('cleans what the server sent and lists the counted types, most first', () => {
    const counts = normaliseCounts({
      bos: [
        { code: 3002, count: 4 },
        { code: 5004, count: -1 },
        { code: 1001, count: 4 },
        { code: 3002, count: 1 },
      ],
      totalCount: 9,
    });
    expect(counts.bos).toEqual([
      { code: 3002, count: 5 },
      { code: 5004, count: 0 },
      { code: 1001, count: 4 },
    ]);
    expect(countedTypes(counts)).toEqual([
      { code: 3002, count: 5 },
      { code: 1001, count: 4 },
    ]);
    expect(normaliseCounts(undefined)).toEqual(NO_COUNTS);
  });

  it('shows counts capped at 999+', () => {
    let counts = { bos: [{ code: 5004, count: 999 }], totalCount: 999 };
    expect(capCount(counts.totalCount)).toBe('999');
    counts = raiseCounts(counts, 1, 5004);
    expect(capCount(counts.totalCount)).toBe('999+');
    expect(capCount(counts.bos[0]?.count ?? 0)).toBe('999+');
    expect(capCount(lowerCounts(counts, [5004]).totalCount)).toBe('999');
  });
});
