import {
  type AlarmRuleSettings,
  distanceToPathMeters,
  type FenceShape,
  type LngLat,
  pointInFence,
} from '@fleet/domain';
import { type AlarmExtras, type AlarmPoint, PLATFORM, type Report, type TruckAlarms } from './alarm';

/** A station fence watched for a truck by its fence sets. */
export interface FenceWatch {
  stationId: number;
  name: string;
  /** The fence in WGS-84 degrees (circle radius in metres). */
  shape: FenceShape;
  /** Bounding box in microdegrees (quick rejection). */
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  notifyEnter: boolean;
  notifyExit: boolean;
  /** Fence sets that watch it. */
  fenceSetIds: readonly number[];
}

/** A line's path (its station rows in order, degrees) and corridor half-width, for deviation. */
export interface LineCorridor {
  lineId: number;
  name: string;
  path: readonly LngLat[];
  widthMeters: number;
}

/** Metres per microdegree of latitude. */
const METRES_PER_MICRODEGREE = 0.111_32;

export function insideFence(f: FenceWatch, lat: number, lon: number): boolean {
  const b = f.box;
  if (lat < b.minLat || lat > b.maxLat || lon < b.minLon || lon > b.maxLon) return false;
  return pointInFence({ lat: lat / 1e6, lng: lon / 1e6 }, f.shape);
}

/** The bounding box of a fence in microdegrees (a circle: centre ± radius, with a margin). */
export function fenceBox(shape: FenceShape): FenceWatch['box'] {
  if (shape.type === 'polygon') {
    const lats = shape.points.map((p) => Math.round(p.lat * 1e6));
    const lons = shape.points.map((p) => Math.round(p.lng * 1e6));
    return {
      minLat: Math.min(...lats),
      maxLat: Math.max(...lats),
      minLon: Math.min(...lons),
      maxLon: Math.max(...lons),
    };
  }
  const dLat = (shape.radius * 1.01) / METRES_PER_MICRODEGREE;
  const dLon = dLat / Math.max(0.01, Math.cos((shape.lat * Math.PI) / 180));
  const lat = shape.lat * 1e6;
  const lon = shape.lng * 1e6;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

/**
 * 7101 / 7102: entering and leaving a watched station fence, each an event at the report that showed
 * it (when the fence set asks for it). A station seen for the first time (after a start, or newly
 * watched) only sets where the truck is: no event for being inside already.
 */
export function stationFences(t: TruckAlarms, r: Report, fences: readonly FenceWatch[]): void {
  const s = t.state;
  if (!r.located || (fences.length === 0 && s.watched.length === 0)) return;
  const inside: number[] = [];
  for (const f of fences) {
    const now = insideFence(f, r.lat, r.lon);
    if (now) inside.push(f.stationId);
    if (!s.watched.includes(f.stationId)) continue;
    const before = s.inside.includes(f.stationId);
    if (now === before) continue;
    if (now ? !f.notifyEnter : !f.notifyExit) continue;
    t.event(now ? 7101 : 7102, PLATFORM, r, {
      stationId: f.stationId,
      detail: { stationName: f.name, fenceSetIds: f.fenceSetIds },
    });
  }
  s.inside = inside;
  s.watched = fences.map((f) => f.stationId);
}

/**
 * `distanceToPathMeters` of @fleet/domain (the same local projection around the point) without
 * allocating: it runs on every report of a truck that follows a line.
 */
export function corridorDistance(lat: number, lng: number, path: readonly LngLat[]): number {
  if (path.length < 2) return distanceToPathMeters({ lat, lng }, path);
  const mPerLat = 111_320;
  const mPerLng = 111_320 * Math.cos((lat * Math.PI) / 180);
  const first = path[0] as LngLat;
  let ax = (first.lng - lng) * mPerLng;
  let ay = (first.lat - lat) * mPerLat;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < path.length; i++) {
    const p = path[i] as LngLat;
    const bx = (p.lng - lng) * mPerLng;
    const by = (p.lat - lat) * mPerLat;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const x = ax + t * dx;
    const y = ay + t * dy;
    const d2 = x * x + y * y;
    if (d2 < best) best = d2;
    ax = bx;
    ay = by;
  }
  return Math.sqrt(best);
}

/**
 * 4005 route deviation: farther than the line's corridor from its path (the polyline through the
 * line's station rows in order) for `minSeconds`; the alarm starts where the truck left the
 * corridor and ends at the first report back inside it. `plan` (the running plan's fields, when the
 * line is its plan's) rides along on the alarm.
 */
export function deviation(
  t: TruckAlarms,
  r: Report,
  rule: AlarmRuleSettings['deviation'],
  line: LineCorridor | null,
  plan: AlarmExtras | null = null,
): void {
  const s = t.state;
  if (!rule.enabled || !line || !r.located) {
    if (!rule.enabled || !line) {
      s.offLineSince = null;
      t.end('p4005', r);
    }
    return;
  }
  const metres = corridorDistance(r.lat / 1e6, r.lon / 1e6, line.path);
  if (metres <= line.widthMeters) {
    s.offLineSince = null;
    t.end('p4005', r);
    return;
  }
  const since: AlarmPoint = s.offLineSince ?? { time: r.time, lat: r.lat, lon: r.lon, speed: r.speed };
  s.offLineSince = since;
  const open = t.open.get('p4005');
  if (open) {
    if (metres > Number(open.detail?.maxMeters ?? 0)) t.note(open, { maxMeters: Math.round(metres) });
  } else if (r.time - since.time >= rule.minSeconds * 1000) {
    t.start('p4005', 4005, PLATFORM, since, {
      lineId: line.lineId,
      planId: plan?.planId ?? null,
      detail: {
        ...plan?.detail,
        lineName: line.name,
        corridorMeters: line.widthMeters,
        maxMeters: Math.round(metres),
        minSeconds: rule.minSeconds,
      },
    });
  }
}
