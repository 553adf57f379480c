import { SPEED_BANDS } from '@fleet/domain';
import { MOVING_MIN_SPEED } from '../monitor/vehicle-status';

/** A track in columns: microdegrees, speed in 0.1 km/h, JT/T 808 alarm and status words. */
export interface TrackColumns {
  length: number;
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  speed: ArrayLike<number>;
  alarm: ArrayLike<number>;
  status: ArrayLike<number>;
}

/** Douglas–Peucker tolerance of a thin level: level × 2.5 m (level 8, the default, is 20 m). */
export const METERS_PER_THIN_LEVEL = 2.5;
export const DEFAULT_THIN_LEVEL = 8;

export function toleranceMeters(thinLevel: number): number {
  return thinLevel * METERS_PER_THIN_LEVEL;
}

/**
 * Alarm bits that are events of driving (emergency, overspeed, fatigue, collision, ...): every point
 * carrying one is kept. The other bits are device conditions that hold for hours (GNSS and power
 * faults, bits 4-12 and 24): for those only the points where they start or end are kept.
 */
const DEVICE_CONDITION_BITS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 24];
export const EVENT_ALARM_MASK =
  DEVICE_CONDITION_BITS.reduce((mask, bit) => mask & ~(1 << bit), 0xffffffff) >>> 0;

const BAND_LIMITS = SPEED_BANDS.map((band) => band.max * 10);

/** Index of the speed band (core section 9) of a speed in 0.1 km/h. */
export function bandIndex(speedTenths: number): number {
  for (let b = 0; b < BAND_LIMITS.length; b++) if (speedTenths <= (BAND_LIMITS[b] as number)) return b;
  return BAND_LIMITS.length - 1;
}

/**
 * The points a thinned track keeps, in order. Kept always: the first and last point; both sides of
 * every start and end of a stop (speed under 3 km/h); the first point of every speed band and of
 * every ACC state; every point with a driving alarm and every point where the alarm word changes.
 * Between two kept points the shape is kept by Douglas–Peucker with `tolerance` metres.
 */
export function thinTrack(t: TrackColumns, tolerance: number): number[] {
  const n = t.length;
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  let prevBand = bandIndex(t.speed[0] as number);
  let prevStanding = (t.speed[0] as number) < MOVING_MIN_SPEED;
  let prevAlarm = (t.alarm[0] as number) >>> 0;
  let prevAcc = (t.status[0] as number) & 1;
  for (let i = 1; i < n; i++) {
    const speed = t.speed[i] as number;
    const band = bandIndex(speed);
    const standing = speed < MOVING_MIN_SPEED;
    const alarm = (t.alarm[i] as number) >>> 0;
    const acc = (t.status[i] as number) & 1;
    // a stop keeps its first and last point, and the moving points on either side
    if (standing !== prevStanding) {
      keep[i - 1] = 1;
      keep[i] = 1;
    }
    // the first point of a new speed band or ACC state: the stretch up to it keeps the old colour
    if (band !== prevBand || acc !== prevAcc) keep[i] = 1;
    if (alarm !== prevAlarm || (alarm & EVENT_ALARM_MASK) !== 0) keep[i] = 1;
    prevBand = band;
    prevStanding = standing;
    prevAlarm = alarm;
    prevAcc = acc;
  }

  // metres on a local plane around the first point
  const lat0 = (t.lat[0] as number) / 1e6;
  const ky = 0.111_32;
  const kx = 0.111_32 * Math.cos((lat0 * Math.PI) / 180);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const lon0 = t.lon[0] as number;
  const latRef = t.lat[0] as number;
  for (let i = 0; i < n; i++) {
    x[i] = ((t.lon[i] as number) - lon0) * kx;
    y[i] = ((t.lat[i] as number) - latRef) * ky;
  }
  const tol2 = tolerance * tolerance;
  const stack: number[] = [];
  let start = 0;
  for (let i = 1; i < n; i++) {
    if (!keep[i]) continue;
    if (i - start > 1) stack.push(start, i);
    start = i;
  }
  while (stack.length > 0) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const ax = x[first] as number;
    const ay = y[first] as number;
    const dx = (x[last] as number) - ax;
    const dy = (y[last] as number) - ay;
    const len2 = dx * dx + dy * dy;
    let maxD2 = -1;
    let maxI = -1;
    for (let i = first + 1; i < last; i++) {
      const px = (x[i] as number) - ax;
      const py = (y[i] as number) - ay;
      let d2: number;
      if (len2 === 0) d2 = px * px + py * py;
      else {
        const cross = px * dy - py * dx;
        d2 = (cross * cross) / len2;
        // beyond the ends of the segment the distance is to the nearer end
        const along = px * dx + py * dy;
        if (along < 0) d2 = px * px + py * py;
        else if (along > len2) {
          const qx = px - dx;
          const qy = py - dy;
          d2 = qx * qx + qy * qy;
        }
      }
      if (d2 > maxD2) {
        maxD2 = d2;
        maxI = i;
      }
    }
    if (maxD2 > tol2 && maxI > 0) {
      keep[maxI] = 1;
      if (maxI - first > 1) stack.push(first, maxI);
      if (last - maxI > 1) stack.push(maxI, last);
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(i);
  return kept;
}

/**
 * Douglas–Peucker on a series y(x) by vertical distance: the points whose value differs by more
 * than `tolerance` from the line between kept neighbours. Used for the fuel and altitude curves.
 */
export function thinSeries(x: ArrayLike<number>, y: ArrayLike<number>, tolerance: number): number[] {
  const n = x.length;
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack = [0, n - 1];
  while (stack.length > 0) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const x0 = x[first] as number;
    const y0 = y[first] as number;
    const span = (x[last] as number) - x0;
    const rise = (y[last] as number) - y0;
    let maxD = -1;
    let maxI = -1;
    for (let i = first + 1; i < last; i++) {
      const expected = span === 0 ? y0 : y0 + (rise * ((x[i] as number) - x0)) / span;
      const d = Math.abs((y[i] as number) - expected);
      if (d > maxD) {
        maxD = d;
        maxI = i;
      }
    }
    if (maxD > tolerance && maxI > 0) {
      keep[maxI] = 1;
      if (maxI - first > 1) stack.push(first, maxI);
      if (last - maxI > 1) stack.push(maxI, last);
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(i);
  return kept;
}
