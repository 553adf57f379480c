import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import { coordSetMicro } from '../geo/coords';
import { alarmTexts, timeText } from '../monitor/vehicle-status';
import { type PositionColumn, readPositionRows } from './position-reader';

/** Columns of a stretch of track, read with one range query on (truck_id, time). */
export interface Track {
  length: number;
  time: Float64Array;
  lat: Int32Array;
  lon: Int32Array;
  speed: Int32Array;
  direction: Int32Array;
  /** Metres; zeros unless read with `altitude`. */
  altitude: Int32Array;
  alarm: Float64Array;
  /** JT/T 808 status word (bit 0 ACC). */
  status: Float64Array;
  /** Odometer in 0.1 km, NaN where the report had none. */
  mileage: Float64Array;
}

/**
 * Reads a stretch of track: what thinning needs for every report (time, position, speed, alarm
 * and status words); direction and odometer too with `details` (else `readDetails` fetches them for
 * the kept points only); altitude when asked for.
 */
export async function readTrack(
  db: Kysely<Database>,
  dialect: Dialect,
  truckId: number,
  from: number,
  to: number,
  options: { details?: boolean; altitude?: boolean } = {},
): Promise<Track> {
  const columns: PositionColumn[] = ['time', 'lat', 'lon', 'speed', 'alarm_bits', 'status_bits'];
  if (options.details) columns.push('direction', 'mileage');
  if (options.altitude) columns.push('altitude');
  const rows = await readPositionRows(db, dialect, truckId, from, to, columns);
  const n = rows.length;
  const w = rows.width;
  const v = rows.values;
  const track: Track = {
    length: n,
    time: new Float64Array(n),
    lat: new Int32Array(n),
    lon: new Int32Array(n),
    speed: new Int32Array(n),
    direction: new Int32Array(n),
    altitude: new Int32Array(n),
    alarm: new Float64Array(n),
    status: new Float64Array(n),
    mileage: new Float64Array(n).fill(Number.NaN),
  };
  const direction = columns.indexOf('direction');
  const mileage = columns.indexOf('mileage');
  const altitude = columns.indexOf('altitude');
  for (let i = 0, o = 0; i < n; i++, o += w) {
    track.time[i] = v[o] as number;
    track.lat[i] = v[o + 1] as number;
    track.lon[i] = v[o + 2] as number;
    track.speed[i] = v[o + 3] as number;
    track.alarm[i] = v[o + 4] as number;
    track.status[i] = v[o + 5] as number;
    if (direction >= 0) track.direction[i] = v[o + direction] as number;
    if (mileage >= 0) track.mileage[i] = v[o + mileage] ?? Number.NaN;
    if (altitude >= 0) track.altitude[i] = v[o + altitude] as number;
  }
  return track;
}

/** Direction and odometer of some points of a track read without details (keyed lookups by time). */
export async function readDetails(
  db: Kysely<Database>,
  truckId: number,
  t: Track,
  indices: readonly number[],
): Promise<void> {
  const byTime = new Map<number, number[]>();
  for (const i of indices) {
    const time = t.time[i] as number;
    const list = byTime.get(time);
    if (list) list.push(i);
    else byTime.set(time, [i]);
  }
  const times = [...byTime.keys()];
  for (let start = 0; start < times.length; start += 1000) {
    const rows = await db
      .selectFrom('position')
      .select(['time', 'direction', 'mileage'])
      .where('truck_id', '=', truckId)
      .where('time', 'in', times.slice(start, start + 1000))
      .execute();
    for (const r of rows) {
      for (const i of byTime.get(r.time) ?? []) {
        t.direction[i] = r.direction;
        t.mileage[i] = r.mileage ?? Number.NaN;
      }
    }
  }
}

/** A track point of core section 3, in all three coordinate systems. */
export function trackPoint(t: Track, i: number, indexKey: number) {
  const c = coordSetMicro(t.lon[i] as number, t.lat[i] as number);
  const alarm = t.alarm[i] as number;
  const mileage = t.mileage[i] as number;
  return {
    lon: c.lng,
    lng: c.lng,
    longitude: c.lng,
    lat: c.lat,
    latitude: c.lat,
    bd09Lng: c.bd09Lng,
    bd09Lat: c.bd09Lat,
    gcj02Lng: c.gcj02Lng,
    gcj02Lat: c.gcj02Lat,
    /** km/h */
    speed: (t.speed[i] as number) / 10,
    direction: t.direction[i] as number,
    reportTime: timeText(t.time[i] as number),
    /** JT/T 808 reports no driving mode: 0 人工驾驶 unless a terminal says otherwise. */
    autoDriverFlag: 0,
    /** Place of the point in the answered list (the playback index). */
    indexKey,
    /** Odometer, km. */
    mileage: Number.isNaN(mileage) ? null : mileage / 10,
    acc: (t.status[i] as number) & 1,
    alarm: alarm === 0 ? 0 : 1,
    alarmText: alarm === 0 ? '' : alarmTexts(alarm).join('、'),
  };
}

export type TrackPoint = ReturnType<typeof trackPoint>;

/**
 * Kilometres driven over a track: the odometer's difference between the first and the last of
 * `indices` (all points when left out) that carry one, else the length of the GPS path.
 */
export function trackKilometres(t: Track, indices?: readonly number[]): number {
  let first = Number.NaN;
  let last = Number.NaN;
  const count = indices ? indices.length : t.length;
  for (let k = 0; k < count; k++) {
    const m = t.mileage[indices ? (indices[k] as number) : k] as number;
    if (Number.isNaN(m)) continue;
    if (Number.isNaN(first)) first = m;
    last = m;
  }
  if (!Number.isNaN(first) && last >= first) return Math.round(last - first) / 10;
  let meters = 0;
  const ky = 0.111_32;
  for (let i = 1; i < t.length; i++) {
    const kx = ky * Math.cos(((t.lat[i] as number) / 1e6) * (Math.PI / 180));
    const dx = ((t.lon[i] as number) - (t.lon[i - 1] as number)) * kx;
    const dy = ((t.lat[i] as number) - (t.lat[i - 1] as number)) * ky;
    meters += Math.sqrt(dx * dx + dy * dy);
  }
  return Math.round(meters / 100) / 10;
}

/** The points of a track as the history answers them: all, or those of `indices` (thinned). */
export function trailPoints(t: Track, indices: readonly number[] | null): TrackPoint[] {
  const count = indices ? indices.length : t.length;
  const points = new Array<TrackPoint>(count);
  for (let k = 0; k < count; k++) points[k] = trackPoint(t, indices ? (indices[k] as number) : k, k);
  return points;
}
