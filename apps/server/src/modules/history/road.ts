import { MOVING_MIN_SPEED, timeText } from '../monitor/vehicle-status';
import type { Track } from './trail';

/** Metres along the track from its first point to each point (GPS path on a local plane). */
export function cumulativeMeters(t: {
  length: number;
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
}): Float64Array {
  const out = new Float64Array(t.length);
  const ky = 0.111_32;
  for (let i = 1; i < t.length; i++) {
    const kx = ky * Math.cos(((t.lat[i] as number) / 1e6) * (Math.PI / 180));
    const dx = ((t.lon[i] as number) - (t.lon[i - 1] as number)) * kx;
    const dy = ((t.lat[i] as number) - (t.lat[i - 1] as number)) * ky;
    out[i] = (out[i - 1] as number) + Math.sqrt(dx * dx + dy * dy);
  }
  return out;
}

/** Altitude smoothed by the median of the points within 100 m either side (GPS altitude jitters). */
function smoothedAltitude(t: Pick<Track, 'length' | 'altitude'>, along: Float64Array): Float64Array {
  const out = new Float64Array(t.length);
  let lo = 0;
  let hi = 0;
  const window: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const at = along[i] as number;
    while ((along[lo] as number) < at - 100) lo++;
    while (hi + 1 < t.length && (along[hi + 1] as number) <= at + 100) hi++;
    window.length = 0;
    // at most 41 samples: a standing truck reports many points at one place
    const step = Math.max(1, Math.floor((hi - lo + 1) / 41));
    for (let k = lo; k <= hi; k += step) window.push(t.altitude[k] as number);
    window.sort((a, b) => a - b);
    out[i] = window[window.length >> 1] ?? (t.altitude[i] as number);
  }
  return out;
}

/** Slope classes (%), from steep descent to steep climb. */
export const SLOPE_CLASSES = [
  { name: '下坡', max: -3 },
  { name: '缓下坡', max: -1 },
  { name: '平路', max: 1 },
  { name: '缓上坡', max: 3 },
  { name: '上坡', max: Number.POSITIVE_INFINITY },
] as const;

export function slopeClass(percent: number): string {
  return (SLOPE_CLASSES.find((c) => percent < c.max) ?? SLOPE_CLASSES[4]).name;
}

/** Slopes are measured over stretches of this length. */
export const SLOPE_STRETCH_M = 500;

interface Segment {
  type: string;
  from: number;
  to: number;
  meters: number;
  rise: number;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function distribution(segments: readonly Segment[], names: readonly string[]) {
  const total = segments.reduce((n, s) => n + s.meters, 0);
  return names.map((name) => {
    const meters = segments.filter((s) => s.type === name).reduce((n, s) => n + s.meters, 0);
    return {
      name,
      distance: round(meters / 1000, 2),
      ratio: total === 0 ? 0 : round((meters / total) * 100, 1),
    };
  });
}

function merge(segments: Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const s of segments) {
    const last = merged[merged.length - 1];
    if (last && last.type === s.type && last.to === s.from) {
      last.to = s.to;
      last.meters += s.meters;
      last.rise += s.rise;
    } else merged.push({ ...s });
  }
  return merged;
}

function segmentOut(t: Track, along: Float64Array, s: Segment) {
  return {
    type: s.type,
    startTime: timeText(t.time[s.from] as number),
    endTime: timeText(t.time[s.to] as number),
    startMile: round((along[s.from] as number) / 1000, 2),
    endMile: round((along[s.to] as number) / 1000, 2),
    distance: round(s.meters / 1000, 2),
    startLng: (t.lon[s.from] as number) / 1e6,
    startLat: (t.lat[s.from] as number) / 1e6,
    endLng: (t.lon[s.to] as number) / 1e6,
    endLat: (t.lat[s.to] as number) / 1e6,
  };
}

/**
 * Entry 1 of the road data: the track cut into stretches of about 500 m, the slope of each from the
 * smoothed altitude over the distance (%), neighbours of one class merged; with the share of each class.
 */
export function slopeData(t: Track, along: Float64Array) {
  const height = smoothedAltitude(t, along);
  const raw: Segment[] = [];
  let start = 0;
  for (let i = 1; i < t.length; i++) {
    const meters = (along[i] as number) - (along[start] as number);
    if (meters < SLOPE_STRETCH_M && i < t.length - 1) continue;
    if (meters >= 50) {
      const rise = (height[i] as number) - (height[start] as number);
      raw.push({ type: slopeClass((rise / meters) * 100), from: start, to: i, meters, rise });
    }
    start = i;
  }
  const segments = merge(raw);
  return {
    segments: segments.map((s) => ({
      ...segmentOut(t, along, s),
      slope: round((s.rise / s.meters) * 100, 2),
    })),
    distribution: distribution(
      segments,
      SLOPE_CLASSES.map((c) => c.name),
    ),
  };
}

export const ROAD_TYPES = ['高速', '国省道', '城市道路'] as const;
/** Road type is judged over windows of this many minutes of driving. */
export const ROAD_WINDOW_MS = 5 * 60_000;
export const ROAD_TYPE_METHOD =
  '按速度分布与停车密度分类：每5分钟行驶窗口计算行驶点85分位车速与每公里停车次数(停车≥10秒)；' +
  '85分位车速≥70km/h且停车<0.1次/公里为高速，85分位车速<45km/h或停车≥1次/公里为城市道路，其余为国省道；窗口内行驶不足200米不计';

/** The road type of one window from its moving speeds (0.1 km/h), stop count and distance. */
export function classifyRoad(movingSpeeds: number[], stops: number, meters: number): string {
  const sorted = [...movingSpeeds].sort((a, b) => a - b);
  const p85 = (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.85))] ?? 0) / 10;
  const stopsPerKm = stops / (meters / 1000);
  if (p85 >= 70 && stopsPerKm < 0.1) return '高速';
  if (p85 < 45 || stopsPerKm >= 1) return '城市道路';
  return '国省道';
}

/** Entry 2 of the road data: road type by speed profile and stop density, window by window. */
export function roadTypeData(t: Track, along: Float64Array) {
  const raw: Segment[] = [];
  let start = 0;
  while (start < t.length - 1) {
    let end = start;
    while (end + 1 < t.length && (t.time[end + 1] as number) - (t.time[start] as number) <= ROAD_WINDOW_MS)
      end++;
    if (end === start) end = start + 1;
    const speeds: number[] = [];
    let stops = 0;
    let standingSince = -1;
    for (let i = start; i <= end; i++) {
      const speed = t.speed[i] as number;
      if (speed >= MOVING_MIN_SPEED) {
        speeds.push(speed);
        if (standingSince >= 0 && (t.time[i] as number) - standingSince >= 10_000) stops++;
        standingSince = -1;
      } else if (standingSince < 0) standingSince = t.time[i] as number;
    }
    const meters = (along[end] as number) - (along[start] as number);
    if (meters >= 200 && speeds.length > 0) {
      raw.push({ type: classifyRoad(speeds, stops, meters), from: start, to: end, meters, rise: 0 });
    }
    start = end;
  }
  const segments = merge(raw);
  return {
    method: ROAD_TYPE_METHOD,
    segments: segments.map((s) => segmentOut(t, along, s)),
    distribution: distribution(segments, ROAD_TYPES),
  };
}
