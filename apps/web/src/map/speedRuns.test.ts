import { SPEED_BANDS } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { bandIndexOf, bandRuns, runsByBand } from './speedRuns';

describe('bandIndexOf', () => {
  it('puts speeds in the five bands of the spec, edges in the lower band', () => {
    expect([0, 30, 30.1, 60, 61, 80, 99, 100, 100.1, 150].map(bandIndexOf)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('agrees with the domain bands and takes bad speeds as the first band', () => {
    expect(SPEED_BANDS).toHaveLength(5);
    expect(bandIndexOf(Number.NaN)).toBe(0);
    expect(bandIndexOf(-3)).toBe(0);
  });
});

describe('bandRuns', () => {
  it('cuts a track where the band changes, neighbours sharing the joining point', () => {
    const speeds = [10, 20, 50, 55, 70, 120, 125, 20];
    expect(bandRuns(speeds)).toEqual([
      { band: 0, start: 0, end: 2 },
      { band: 1, start: 2, end: 4 },
      { band: 2, start: 4, end: 5 },
      { band: 4, start: 5, end: 7 },
    ]);
  });

  it('covers every segment exactly once', () => {
    const speeds = Array.from({ length: 500 }, (_, i) => (i * 37) % 140);
    const runs = bandRuns(speeds);
    expect(runs[0]?.start).toBe(0);
    expect(runs[runs.length - 1]?.end).toBe(499);
    for (let k = 1; k < runs.length; k++) expect(runs[k]?.start).toBe(runs[k - 1]?.end);
    const segments = runs.reduce((n, r) => n + (r.end - r.start), 0);
    expect(segments).toBe(499);
    for (const run of runs) {
      for (let i = run.start; i < run.end; i++) expect(bandIndexOf(speeds[i] as number)).toBe(run.band);
    }
  });

  it('handles empty and single-point tracks', () => {
    expect(bandRuns([])).toEqual([]);
    expect(bandRuns([85])).toEqual([{ band: 3, start: 0, end: 0 }]);
    expect(bandRuns([85, 10])).toEqual([{ band: 3, start: 0, end: 1 }]);
  });
});

describe('runsByBand', () => {
  it('groups the runs into one multi-line a band, so a track is five paths', () => {
    const groups = runsByBand(bandRuns([10, 50, 10, 50, 10, 200]));
    expect(groups).toHaveLength(5);
    expect(groups[0]).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(groups[1]).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(groups[2]).toEqual([]);
    expect(groups[4]).toEqual([]);
  });

  it('keeps a day of one-second points to a handful of paths', () => {
    const speeds = new Float32Array(86_400).map((_, i) => 40 + 35 * Math.sin(i / 900));
    const groups = runsByBand(bandRuns(speeds));
    expect(groups.filter((g) => g.length > 0).length).toBeLessThanOrEqual(5);
    const points = groups.flat().reduce((n, [s, e]) => n + (e - s + 1), 0);
    expect(points).toBeLessThan(86_400 + 400);
  });
});
