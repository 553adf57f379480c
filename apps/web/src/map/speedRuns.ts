import { SPEED_BANDS } from '@fleet/domain';

/** Index of the speed band of a speed (km/h) in SPEED_BANDS; missing or negative speeds are band 0. */
export function bandIndexOf(kmh: number): number {
  const speed = Number.isFinite(kmh) ? kmh : 0;
  for (let band = 0; band < SPEED_BANDS.length - 1; band++) {
    if (speed <= (SPEED_BANDS[band] as (typeof SPEED_BANDS)[number]).max) return band;
  }
  return SPEED_BANDS.length - 1;
}

/** A stretch of track drawn in one colour: points `start`..`end` (inclusive). */
export interface BandRun {
  band: number;
  start: number;
  end: number;
}

/**
 * Cuts a track into runs of one speed band. The segment from point i to i + 1 takes the band of
 * point i; consecutive runs share their joining point, so the drawn line has no gaps.
 */
export function bandRuns(speeds: ArrayLike<number>): BandRun[] {
  const runs: BandRun[] = [];
  const n = speeds.length;
  if (n === 0) return runs;
  if (n === 1) return [{ band: bandIndexOf(speeds[0] as number), start: 0, end: 0 }];
  let start = 0;
  let band = bandIndexOf(speeds[0] as number);
  for (let i = 1; i < n - 1; i++) {
    const next = bandIndexOf(speeds[i] as number);
    if (next !== band) {
      runs.push({ band, start, end: i });
      start = i;
      band = next;
    }
  }
  runs.push({ band, start, end: n - 1 });
  return runs;
}

/**
 * The runs of each band, so a whole track is drawn as one multi-line a band (five canvas paths
 * however long the track): result[band] lists the [start, end] ranges of that band.
 */
export function runsByBand(runs: readonly BandRun[]): [number, number][][] {
  const groups: [number, number][][] = SPEED_BANDS.map(() => []);
  for (const run of runs) groups[run.band]?.push([run.start, run.end]);
  return groups;
}
