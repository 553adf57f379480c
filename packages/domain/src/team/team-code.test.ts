import { describe, expect, it } from 'vitest';
import {
  ancestors,
  isInSubtree,
  isTeamCode,
  nextChildCode,
  parentTeamCode,
  TEAM_CODE_LEVELS,
  teamLevel,
} from './team-code';

/** A code of the given level made of '1's and a distinguishing tail. */
function code(level: number, tail = ''): string {
  const length = TEAM_CODE_LEVELS[level - 1] ?? 0;
  return `${'1'.repeat(length - tail.length)}${tail}`;
}

const L1 = '1000001';
const L2 = '1000001001';
const L3 = '10000010010001';

describe('teamLevel', () => {
  it('reads levels 1-8 from the code length', () => {
    TEAM_CODE_LEVELS.forEach((length, i) => {
      expect(teamLevel('9'.repeat(length))).toBe(i + 1);
    });
  });

  it('is 0 for other lengths', () => {
    for (const length of [0, 1, 6, 8, 9, 11, 20, 37]) expect(teamLevel('1'.repeat(length))).toBe(0);
    expect(isTeamCode('12345')).toBe(false);
    expect(isTeamCode(L1)).toBe(true);
  });
});

describe('parentTeamCode', () => {
  it('is the prefix of the previous level', () => {
    expect(parentTeamCode(L2)).toBe(L1);
    expect(parentTeamCode(L3)).toBe(L2);
    expect(parentTeamCode(code(8))).toBe(code(7));
    expect(parentTeamCode(code(5))).toHaveLength(18);
  });

  it('is null at the top and for invalid codes', () => {
    expect(parentTeamCode(L1)).toBeNull();
    expect(parentTeamCode('123')).toBeNull();
    expect(parentTeamCode('')).toBeNull();
  });
});

describe('ancestors', () => {
  it('lists the ancestors top first', () => {
    expect(ancestors(L3)).toEqual([L1, L2]);
    expect(ancestors(code(8)).map((c) => c.length)).toEqual([7, 10, 14, 18, 25, 28, 32]);
  });

  it('is empty at the top and for invalid codes', () => {
    expect(ancestors(L1)).toEqual([]);
    expect(ancestors('12345678')).toEqual([]);
  });
});

describe('isInSubtree', () => {
  it('includes the root and its descendants', () => {
    expect(isInSubtree(L1, L1)).toBe(true);
    expect(isInSubtree(L2, L1)).toBe(true);
    expect(isInSubtree(L3, L1)).toBe(true);
  });

  it('excludes other branches, ancestors and invalid codes', () => {
    expect(isInSubtree('1000002001', L1)).toBe(false);
    expect(isInSubtree(L1, L2)).toBe(false);
    expect(isInSubtree(`${L1}00`, L1)).toBe(false);
    expect(isInSubtree(L2, '100')).toBe(false);
    expect(isInSubtree(L2, '')).toBe(false);
  });
});

describe('nextChildCode', () => {
  it('starts at 1, padded to the level width', () => {
    expect(nextChildCode(L1, [])).toBe('1000001001');
    expect(nextChildCode(L2, [])).toBe('10000010010001');
    expect(nextChildCode(null, [])).toBe('0000001');
    expect(nextChildCode(code(4), [])).toBe(`${code(4)}0000001`);
  });

  it('takes one above the highest existing child', () => {
    expect(nextChildCode(L1, ['1000001001', '1000001007', '1000001003'])).toBe('1000001008');
    expect(nextChildCode(null, ['1000001', '1000002'])).toBe('1000003');
  });

  it('ignores codes that are not direct children', () => {
    expect(nextChildCode(L1, ['1000002009', L3, '100000100A', L1])).toBe('1000001001');
  });

  it('refuses the deepest level, invalid parents and a full segment', () => {
    expect(() => nextChildCode(code(8), [])).toThrow(RangeError);
    expect(() => nextChildCode('123', [])).toThrow(RangeError);
    expect(() => nextChildCode(L1, ['1000001999'])).toThrow(RangeError);
  });
});
