import { type CalibrationRow, litresFromReading } from './calibration';
import { timeMedian } from './median';

/** One report as the positions store it: fuel is the raw sensor reading (tenths). */
export interface FuelPoint {
  /** Epoch ms, ascending. */
  time: number;
  /** Sensor reading (JT/T 808 0x02, tenths); null when the report had none. */
  fuel: number | null;
  /** 0.1 km/h. */
  speed: number;
  /** Microdegrees WGS-84. */
  lat: number;
  lon: number;
}

export const FUEL_EVENT_KIND = { refuel: 1, drain: 2 } as const;
export type FuelEventKind = (typeof FUEL_EVENT_KIND)[keyof typeof FUEL_EVENT_KIND];

export interface FuelDetectOptions {
  /** The truck's calibration table (reading → litres), or none. */
  table?: readonly CalibrationRow[] | null;
  tankCapacityL?: number | null;
  /** Smallest rise reported as a refuel, litres (default 20). */
  minRefuelL?: number;
  /** Smallest fall beyond normal consumption reported as a drain, litres (default 20). */
  minDrainL?: number;
  /** Half window of the median that removes sloshing and sensor noise (default 2 min). */
  smoothMs?: number;
  /** Distance before and after each report over which the level change is measured (default 5 min). */
  lagMs?: number;
}

export interface FuelEvent {
  kind: FuelEventKind;
  startTime: number;
  endTime: number;
  /** Where it began, microdegrees. */
  lat: number;
  lon: number;
  /** Litres before and after, tenths of a litre (calibrated). */
  before: number;
  after: number;
  /** Litres put in or taken out beyond normal consumption, tenths, positive. */
  litres: number;
  /** The truck stood still while the level changed. */
  parked: boolean;
  /** The level after the change has been seen long enough for the event to be final. */
  settled: boolean;
}

export const FUEL_DETECT_DEFAULTS = {
  minRefuelL: 20,
  minDrainL: 20,
  smoothMs: 120_000,
  lagMs: 300_000,
} as const;

/** A level change smaller than this (litres) over 2 × lag is noise or driving; runs start above it. */
const TRIGGER_L = 5;
/** Fuel a heavy truck may burn per km when nothing is known of this one (tenths of a litre). */
const ALLOWED_PER_KM = 4;
/** Consumption per km assumed when the truck drove too little before to measure its own. */
const DEFAULT_PER_KM = 3;
/** The truck's own consumption is measured over this long before an event. */
const RATE_WINDOW_MS = 3_600_000;
/** Average speed under which the truck counts as standing, 0.1 km/h. */
const PARKED_SPEED = 30;

/**
 * Refuels and drains in one truck's reports, oldest first. The readings become litres through the
 * calibration table, a running median over ±`smoothMs` removes sloshing and sensor noise, and each
 * report compares the level `lagMs` after it with the level `lagMs` before it: a run of reports
 * whose comparison rises (or, less the fuel the distance driven may burn, falls) more than a few
 * litres marks one change, measured between the levels just outside the run, corrected by the
 * truck's own consumption per km over the hour before while it moved.
 */
export function detectFuelEvents(points: readonly FuelPoint[], options: FuelDetectOptions = {}): FuelEvent[] {
  const minRefuel = (options.minRefuelL ?? FUEL_DETECT_DEFAULTS.minRefuelL) * 10;
  const minDrain = (options.minDrainL ?? FUEL_DETECT_DEFAULTS.minDrainL) * 10;
  const smooth = options.smoothMs ?? FUEL_DETECT_DEFAULTS.smoothMs;
  const lag = options.lagMs ?? FUEL_DETECT_DEFAULTS.lagMs;
  const table = options.table ?? null;
  const capacity = options.tankCapacityL ?? null;

  // reports with a reading, strictly later than the one before
  const count = points.length;
  const idx = new Int32Array(count);
  let n = 0;
  let lastTime = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const p = points[i] as FuelPoint;
    if (p.fuel === null || p.time <= lastTime) continue;
    idx[n++] = i;
    lastTime = p.time;
  }
  if (n < 3) return [];
  const t = new Float64Array(n);
  const level = new Float64Array(n);
  const speed = new Float64Array(n);
  const km = new Float64Array(n); // cumulative distance, tenths of a km
  const first = points[idx[0] as number] as FuelPoint;
  const lonScale = Math.cos(first.lat * 1.745329e-8);
  for (let k = 0; k < n; k++) {
    const p = points[idx[k] as number] as FuelPoint;
    t[k] = p.time;
    level[k] = litresFromReading(p.fuel as number, table, capacity);
    speed[k] = p.speed;
    if (k > 0) {
      const q = points[idx[k - 1] as number] as FuelPoint;
      const dLat = (p.lat - q.lat) * 1e-6;
      const dLon = (p.lon - q.lon) * 1e-6 * lonScale;
      km[k] = (km[k - 1] as number) + Math.sqrt(dLat * dLat + dLon * dLon) * 1111.95;
    }
  }
  const m = timeMedian(t, level, smooth);

  // last index at or before a time / first at or after (clamped), by moving pointers in the loops
  const atOrBefore = (time: number, from: number) => {
    let k = from;
    while (k + 1 < n && (t[k + 1] as number) <= time) k++;
    while (k > 0 && (t[k] as number) > time) k--;
    return k;
  };
  const atOrAfter = (time: number, from: number) => {
    let k = from;
    while (k > 0 && (t[k - 1] as number) >= time) k--;
    while (k + 1 < n && (t[k] as number) < time) k++;
    return k;
  };

  // rise[k] / fall[k]: level change across report k, tenths
  const rise = new Float64Array(n);
  const fall = new Float64Array(n);
  let a = 0;
  let b = 0;
  for (let k = 0; k < n; k++) {
    const tk = t[k] as number;
    while (a + 1 < n && (t[a + 1] as number) <= tk - lag) a++;
    while (b + 1 < n && (t[b] as number) < tk + lag) b++;
    const change = (m[b] as number) - (m[a] as number);
    rise[k] = change;
    fall[k] = -change - ALLOWED_PER_KM * ((km[b] as number) - (km[a] as number)) * 0.1;
  }

  const events: FuelEvent[] = [];
  const trigger = TRIGGER_L * 10;
  const tLast = t[n - 1] as number;
  for (const kind of [FUEL_EVENT_KIND.refuel, FUEL_EVENT_KIND.drain] as const) {
    const score = kind === FUEL_EVENT_KIND.refuel ? rise : fall;
    const minimum = kind === FUEL_EVENT_KIND.refuel ? minRefuel : minDrain;
    let k = 0;
    while (k < n) {
      if ((score[k] as number) < trigger) {
        k++;
        continue;
      }
      const ra = k;
      while (k + 1 < n && (score[k + 1] as number) >= trigger) k++;
      const rb = k;
      k++;
      const iA = atOrBefore((t[ra] as number) - smooth, ra);
      const iB = atOrAfter((t[rb] as number) + smooth, rb);
      const before = m[iA] as number;
      const after = m[iB] as number;
      // the truck's own use per km over the hour before, while it moved
      const j = atOrBefore((t[iA] as number) - RATE_WINDOW_MS, iA);
      const drivenBefore = ((km[iA] as number) - (km[j] as number)) * 0.1;
      const perKm =
        drivenBefore >= 5
          ? Math.min(6, Math.max(0, ((m[j] as number) - (m[iA] as number)) / drivenBefore))
          : DEFAULT_PER_KM;
      const used = perKm * ((km[iB] as number) - (km[iA] as number)) * 0.1;
      const litres = kind === FUEL_EVENT_KIND.refuel ? after - before + used : before - after - used;
      if (litres < minimum) continue;
      // where the smoothed level leaves the level before and reaches the level after
      const step = (after - before) * 0.1;
      let s = iA;
      while (s < iB && Math.abs((m[s + 1] as number) - before) <= Math.abs(step)) s++;
      let e = Math.min(s + 1, iB);
      while (e < iB && Math.abs(after - (m[e] as number)) > Math.abs(step)) e++;
      let moving = 0;
      for (let q = s; q <= e; q++) moving += speed[q] as number;
      const start = points[idx[s] as number] as FuelPoint;
      events.push({
        kind,
        startTime: t[s] as number,
        endTime: t[e] as number,
        lat: start.lat,
        lon: start.lon,
        before: Math.round(before),
        after: Math.round(after),
        litres: Math.round(litres),
        parked: moving / (e - s + 1) < PARKED_SPEED,
        settled: (t[iB] as number) + lag <= tLast,
      });
    }
  }
  return events.sort((x, y) => x.startTime - y.startTime);
}
