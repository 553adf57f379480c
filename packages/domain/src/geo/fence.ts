import { distanceMeters } from './distance';

/**
 * Station fences (站点围栏): a circle (centre and radius in metres) or a polygon of WGS-84 points.
 * The station forms validate them with these rules, and the alarm engine asks `pointInFence` for
 * fence entry and exit and `distanceToPathMeters` for route deviation.
 */

export interface LngLat {
  lng: number;
  lat: number;
}

export type FenceShape =
  | { type: 'circle'; lng: number; lat: number; radius: number }
  | { type: 'polygon'; points: readonly LngLat[] };

export const FENCE_RADIUS_MIN_M = 50;
export const FENCE_RADIUS_MAX_M = 5000;
export const FENCE_POLYGON_MIN_POINTS = 3;
export const FENCE_POLYGON_MAX_POINTS = 100;

/** China's extent (with its islands), as the station forms accept it. */
export const CHINA_BOUNDS = { minLng: 73.4, maxLng: 135.1, minLat: 3.8, maxLat: 53.6 } as const;

export const FENCE_MESSAGES = {
  outsideChina: '经纬度不在中国境内',
  radius: `围栏半径须在${FENCE_RADIUS_MIN_M}-${FENCE_RADIUS_MAX_M}米之间`,
  tooFewPoints: `多边形围栏至少需要${FENCE_POLYGON_MIN_POINTS}个顶点`,
  tooManyPoints: `多边形围栏最多${FENCE_POLYGON_MAX_POINTS}个顶点`,
  repeatedPoint: '多边形围栏有重复的顶点',
  noArea: '多边形围栏的顶点不能在一条直线上',
  selfIntersecting: '多边形围栏的边不能交叉',
} as const;

export function inChina(lng: number, lat: number): boolean {
  return (
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    lng >= CHINA_BOUNDS.minLng &&
    lng <= CHINA_BOUNDS.maxLng &&
    lat >= CHINA_BOUNDS.minLat &&
    lat <= CHINA_BOUNDS.maxLat
  );
}

export function pointInCircle(point: LngLat, centre: LngLat, radiusMeters: number): boolean {
  return distanceMeters(point.lat, point.lng, centre.lat, centre.lng) <= radiusMeters;
}

/**
 * Even-odd ray casting in the lng/lat plane (fences are a few kilometres across, where the plane is
 * exact enough). A point on an edge counts as inside.
 */
export function pointInPolygon(point: LngLat, polygon: readonly LngLat[]): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = polygon[i] as LngLat;
    const b = polygon[j] as LngLat;
    if (onSegment(point, a, b)) return true;
    if (a.lat > point.lat !== b.lat > point.lat) {
      const x = ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
      if (point.lng < x) inside = !inside;
    }
  }
  return inside;
}

export function pointInFence(point: LngLat, fence: FenceShape): boolean {
  return fence.type === 'circle'
    ? pointInCircle(point, fence, fence.radius)
    : pointInPolygon(point, fence.points);
}

const EPS = 1e-12;

function cross(o: LngLat, a: LngLat, b: LngLat): number {
  return (a.lng - o.lng) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lng - o.lng);
}

function onSegment(p: LngLat, a: LngLat, b: LngLat): boolean {
  return (
    Math.abs(cross(a, b, p)) <= EPS &&
    p.lng >= Math.min(a.lng, b.lng) - EPS &&
    p.lng <= Math.max(a.lng, b.lng) + EPS &&
    p.lat >= Math.min(a.lat, b.lat) - EPS &&
    p.lat <= Math.max(a.lat, b.lat) + EPS
  );
}

/** Whether segments ab and cd share a point (touching and overlapping count). */
export function segmentsIntersect(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (
    ((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS)) &&
    ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))
  )
    return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
}

/** The points moved so that the first is the origin (keeps the sums below exact for small fences). */
function relative(points: readonly LngLat[]): LngLat[] {
  const o = points[0];
  return o ? points.map((p) => ({ lng: p.lng - o.lng, lat: p.lat - o.lat })) : [];
}

/** Signed area in square degrees (positive when counter-clockwise). */
export function polygonArea(points: readonly LngLat[]): number {
  const rel = relative(points);
  let sum = 0;
  for (let i = 0, j = rel.length - 1; i < rel.length; j = i++) {
    const a = rel[j] as LngLat;
    const b = rel[i] as LngLat;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum / 2;
}

/** Whether two edges that are not neighbours along the ring cross or touch. */
export function polygonSelfIntersects(points: readonly LngLat[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i] as LngLat;
    const b = points[(i + 1) % n] as LngLat;
    for (let j = i + 1; j < n; j++) {
      // neighbouring edges share a vertex by construction
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const c = points[j] as LngLat;
      const d = points[(j + 1) % n] as LngLat;
      if (segmentsIntersect(a, b, c, d)) return true;
    }
  }
  return false;
}

/** What is wrong with a polygon fence, in Chinese, or null when it is a valid simple polygon in China. */
export function polygonProblem(points: readonly LngLat[]): string | null {
  if (points.length < FENCE_POLYGON_MIN_POINTS) return FENCE_MESSAGES.tooFewPoints;
  if (points.length > FENCE_POLYGON_MAX_POINTS) return FENCE_MESSAGES.tooManyPoints;
  if (points.some((p) => !inChina(p.lng, p.lat))) return FENCE_MESSAGES.outsideChina;
  const seen = new Set<string>();
  for (const p of points) {
    const key = `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;
    if (seen.has(key)) return FENCE_MESSAGES.repeatedPoint;
    seen.add(key);
  }
  if (polygonSelfIntersects(points)) return FENCE_MESSAGES.selfIntersecting;
  if (Math.abs(polygonArea(points)) < 1e-10) return FENCE_MESSAGES.noArea;
  return null;
}

/** What is wrong with a circle fence, in Chinese, or null. */
export function circleProblem(centre: LngLat, radius: number): string | null {
  if (!inChina(centre.lng, centre.lat)) return FENCE_MESSAGES.outsideChina;
  if (!Number.isFinite(radius) || radius < FENCE_RADIUS_MIN_M || radius > FENCE_RADIUS_MAX_M)
    return FENCE_MESSAGES.radius;
  return null;
}

/** The area centroid of a simple polygon (the station point of a polygon fence). */
export function polygonCentroid(points: readonly LngLat[]): LngLat {
  const area = polygonArea(points);
  if (Math.abs(area) < 1e-14) {
    const lng = points.reduce((s, p) => s + p.lng, 0) / Math.max(1, points.length);
    const lat = points.reduce((s, p) => s + p.lat, 0) / Math.max(1, points.length);
    return { lng, lat };
  }
  const origin = points[0] as LngLat;
  const rel = relative(points);
  let x = 0;
  let y = 0;
  for (let i = 0, j = rel.length - 1; i < rel.length; j = i++) {
    const a = rel[j] as LngLat;
    const b = rel[i] as LngLat;
    const f = a.lng * b.lat - b.lng * a.lat;
    x += (a.lng + b.lng) * f;
    y += (a.lat + b.lat) * f;
  }
  return { lng: origin.lng + x / (6 * area), lat: origin.lat + y / (6 * area) };
}

/**
 * Shortest ground distance in metres from a point to a path (a line's stations in order), on a
 * local equirectangular plane around the point: exact to well under 1% over tens of kilometres.
 */
export function distanceToPathMeters(point: LngLat, path: readonly LngLat[]): number {
  if (path.length === 0) return Number.POSITIVE_INFINITY;
  const first = path[0] as LngLat;
  if (path.length === 1) return distanceMeters(point.lat, point.lng, first.lat, first.lng);
  const mPerLat = 111_320;
  const mPerLng = 111_320 * Math.cos((point.lat * Math.PI) / 180);
  const xy = (p: LngLat) => [(p.lng - point.lng) * mPerLng, (p.lat - point.lat) * mPerLat] as const;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = xy(path[i - 1] as LngLat);
    const [bx, by] = xy(path[i] as LngLat);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}
