import { describe, expect, it } from 'vitest';
import {
  decideBackground,
  newTileStats,
  TILE_FALLBACK,
  tileFailed,
  tileLoaded,
  UnreachableTiles,
} from './tileFallback';

const repeat = <T>(n: number, f: (s: T) => T, s: T): T => (n <= 0 ? s : repeat(n - 1, f, f(s)));

describe('decideBackground', () => {
  it('waits while the first tiles are on their way', () => {
    expect(decideBackground(newTileStats(0), 100)).toBe('pending');
    expect(decideBackground(tileFailed(newTileStats(0)), 100)).toBe('pending');
  });

  it('keeps the tiles once one has loaded, whatever failed before', () => {
    const stats = tileLoaded(repeat(2, tileFailed, newTileStats(0)));
    expect(decideBackground(stats, 60_000)).toBe('tiles');
  });

  it('goes plain when the first tiles all fail (no tile server reachable)', () => {
    const stats = repeat(TILE_FALLBACK.failuresWithoutLoad, tileFailed, newTileStats(0));
    expect(decideBackground(stats, 50)).toBe('plain');
  });

  it('goes plain when no tile came in time (requests that hang)', () => {
    expect(decideBackground(newTileStats(1000), 1000 + TILE_FALLBACK.timeoutMs - 1)).toBe('pending');
    expect(decideBackground(newTileStats(1000), 1000 + TILE_FALLBACK.timeoutMs)).toBe('plain');
  });

  it('goes plain when a working connection goes away, not on a few bad tiles', () => {
    const working = tileLoaded(newTileStats(0));
    expect(decideBackground(repeat(3, tileFailed, working), 10)).toBe('tiles');
    expect(decideBackground(repeat(TILE_FALLBACK.failuresInRow, tileFailed, working), 10)).toBe('plain');
    const recovered = tileLoaded(repeat(TILE_FALLBACK.failuresInRow - 1, tileFailed, working));
    expect(decideBackground(repeat(3, tileFailed, recovered), 10)).toBe('tiles');
  });
});

describe('UnreachableTiles', () => {
  it('remembers a failed server for a while, then tries it again', () => {
    const memo = new UnreachableTiles(1000);
    expect(memo.isUnreachable('osm', 0)).toBe(false);
    memo.mark('osm', 0);
    expect(memo.isUnreachable('osm', 999)).toBe(true);
    expect(memo.isUnreachable('amap', 999)).toBe(false);
    expect(memo.isUnreachable('osm', 1000)).toBe(false);
    memo.mark('osm', 2000);
    memo.clear('osm');
    expect(memo.isUnreachable('osm', 2001)).toBe(false);
  });
});
