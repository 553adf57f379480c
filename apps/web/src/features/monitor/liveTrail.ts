/** The trail of a vehicle followed live: its reports since the page opened, oldest first. */
export interface LivePoint {
  lng: number;
  lat: number;
  gcj02Lng?: number | null;
  gcj02Lat?: number | null;
  speed: number;
  direction: number;
  reportTime: string;
}

/** A long shift of 10-second reports; older points drop off the start. */
export const LIVE_TRAIL_MAX = 10_000;

function located(p: Partial<LivePoint>): p is LivePoint {
  return (
    typeof p.lng === 'number' &&
    typeof p.lat === 'number' &&
    Number.isFinite(p.lng) &&
    Number.isFinite(p.lat) &&
    !(p.lng === 0 && p.lat === 0) &&
    typeof p.reportTime === 'string' &&
    p.reportTime !== ''
  );
}

/**
 * The trail with a new report added: the same array when the report is not new (same or older
 * time, or no position), so React sees no change.
 */
export function appendLivePoint(
  trail: readonly LivePoint[],
  point: Partial<LivePoint> | null | undefined,
  max: number = LIVE_TRAIL_MAX,
): readonly LivePoint[] {
  if (!point || !located(point)) return trail;
  const last = trail[trail.length - 1];
  // 'YYYY-MM-DD HH:mm:ss' texts sort as their times do.
  if (last && point.reportTime <= last.reportTime) return trail;
  const next = [...trail, { ...point }];
  return next.length > max ? next.slice(next.length - max) : next;
}
