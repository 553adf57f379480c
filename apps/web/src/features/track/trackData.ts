import type { TrackPoint } from '../../api/history';
import { haversineMeters } from '../../map/nearest';
import type { Projection } from '../../map/projection';

/**
 * A track as the playback needs it: typed columns, map coordinates worked out once, so that
 * drawing, stepping and the nearest-point search never touch the point objects again.
 */
export interface TrackData {
  readonly count: number;
  readonly points: readonly TrackPoint[];
  /** On the map (GCJ-02 on AMap tiles, else WGS-84). */
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  /** WGS-84, for reverse geocoding and distances. */
  readonly wgsLat: Float64Array;
  readonly wgsLng: Float64Array;
  /** km/h */
  readonly speed: Float32Array;
  readonly direction: Float32Array;
  /** Epoch ms. */
  readonly time: Float64Array;
}

const SHANGHAI_OFFSET_H = 8;

function digits(text: string, from: number, length: number): number {
  let value = 0;
  for (let i = from; i < from + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

/** Epoch ms of an API time 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai); NaN when it is not one. */
export function timeMs(text: string): number {
  if (typeof text !== 'string' || text.length < 19) return Number.NaN;
  return Date.UTC(
    digits(text, 0, 4),
    digits(text, 5, 2) - 1,
    digits(text, 8, 2),
    digits(text, 11, 2) - SHANGHAI_OFFSET_H,
    digits(text, 14, 2),
    digits(text, 17, 2),
  );
}

export function trackDataOf(points: readonly TrackPoint[], projection: Projection): TrackData {
  const n = points.length;
  const data = {
    count: n,
    points,
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    wgsLat: new Float64Array(n),
    wgsLng: new Float64Array(n),
    speed: new Float32Array(n),
    direction: new Float32Array(n),
    time: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const p = points[i] as TrackPoint;
    const lng = p.lng ?? p.lon ?? p.longitude;
    const lat = p.lat ?? p.latitude;
    data.wgsLng[i] = lng;
    data.wgsLat[i] = lat;
    const [mLat, mLng] = projection.pointToMap({ lng, lat, gcj02Lng: p.gcj02Lng, gcj02Lat: p.gcj02Lat });
    data.lat[i] = mLat;
    data.lng[i] = mLng;
    data.speed[i] = p.speed;
    data.direction[i] = p.direction;
    data.time[i] = timeMs(p.reportTime);
  }
  return data;
}

/** Below this speed a vehicle stands (the server's threshold: GPS drift stays under it). */
export const STANDING_KMH = 3;

export interface Trip {
  /** From 1. */
  no: number;
  startIndex: number;
  endIndex: number;
  startTime: string;
  endTime: string;
  durationMs: number;
  /** km, one decimal. */
  distanceKm: number;
  maxSpeed: number;
}

export interface TripOptions {
  /** Standing (or silent) at least this long ends a trip. */
  minStopMs?: number;
  /** Shorter movements (yard shunting) are not trips. */
  minTripMeters?: number;
}

function tripKm(data: TrackData, from: number, to: number): number {
  const first = data.points[from]?.mileage;
  const last = data.points[to]?.mileage;
  if (typeof first === 'number' && typeof last === 'number' && last >= first) return last - first;
  let meters = 0;
  for (let i = from + 1; i <= to; i++) {
    meters += haversineMeters(
      data.wgsLat[i - 1] as number,
      data.wgsLng[i - 1] as number,
      data.wgsLat[i] as number,
      data.wgsLng[i] as number,
    );
  }
  return meters / 1000;
}

/**
 * The trips of a track: stretches of driving between stops, a stop being standing still (under
 * 3 km/h) or reporting nothing for at least `minStopMs` (default 5 minutes).
 */
export function splitTrips(data: TrackData, options: TripOptions = {}): Trip[] {
  const minStop = options.minStopMs ?? 5 * 60_000;
  const minMeters = options.minTripMeters ?? 500;
  const n = data.count;
  // Breaks: [first, last] index of each stop; a trip runs from one break's last to the next's first.
  const breaks: [number, number][] = [];
  let standingFrom = -1;
  for (let i = 0; i < n; i++) {
    const standing = (data.speed[i] as number) < STANDING_KMH;
    if (standing && standingFrom < 0) standingFrom = i;
    const endOfRun = standingFrom >= 0 && (!standing || i === n - 1);
    if (endOfRun) {
      const last = standing ? i : i - 1;
      if ((data.time[last] as number) - (data.time[standingFrom] as number) >= minStop) {
        breaks.push([standingFrom, last]);
      }
      standingFrom = standing ? standingFrom : -1;
    }
    if (i + 1 < n && (data.time[i + 1] as number) - (data.time[i] as number) >= minStop) {
      breaks.push([i, i + 1]);
    }
  }
  breaks.sort((a, b) => a[0] - b[0]);
  const trips: Trip[] = [];
  let from = 0;
  const close = (to: number) => {
    if (to <= from) return;
    let maxSpeed = 0;
    for (let i = from; i <= to; i++) maxSpeed = Math.max(maxSpeed, data.speed[i] as number);
    if (maxSpeed < STANDING_KMH) return;
    const km = tripKm(data, from, to);
    if (km * 1000 < minMeters) return;
    const start = data.points[from] as TrackPoint;
    const end = data.points[to] as TrackPoint;
    trips.push({
      no: trips.length + 1,
      startIndex: from,
      endIndex: to,
      startTime: start.reportTime,
      endTime: end.reportTime,
      durationMs: (data.time[to] as number) - (data.time[from] as number),
      distanceKm: Math.round(km * 10) / 10,
      maxSpeed: Math.round(maxSpeed),
    });
  };
  for (const [first, last] of breaks) {
    if (first >= from) close(first);
    from = Math.max(from, last);
  }
  close(n - 1);
  return trips;
}
