/** Map picker and route playback constants (spec core section 9). */

export const MAP_PICKER_CENTER = { lng: 116.404, lat: 39.915 } as const;
export const MAP_PICKER_ZOOM = 13;
export const MAP_PICKER_MIN_ZOOM = 5;
export const MAP_PICKER_MAX_ZOOM = 19;
export const MAP_SEARCH_CAPACITY = 100;

export const ROUTE_MAP_MIN_ZOOM = 6;
export const ROUTE_MAP_MAX_ZOOM = 18;
export const ROUTE_MAP_INITIAL_ZOOM = 6;

export const PLAYBACK_MULTIPLIERS = [0.5, 1, 2, 4, 8, 16] as const;
export const DEFAULT_PLAYBACK_MULTIPLIER = 1;
export const PLAYBACK_SPEED_BASE = 100;
export const PLAYBACK_JUMP_POINTS = 20;
export const TRACK_LINE_WIDTH = 6;
/** Track and oil trend thinning level. */
export const TRACK_THIN_LEVEL = 8;
/** Oil trend around a time: plus or minus this many minutes (primary source). */
export const TREND_WINDOW_MINUTES = 10;
/** Live video jumps forward when its buffer is this many seconds ahead. */
export const LIVE_VIDEO_MAX_LAG_SECONDS = 3;
export const MAP_DISTANCE_UNITS = ['metric', 'us'] as const;
/** Reverse geocoding city code when none is given (Beijing). */
export const DEFAULT_CITY_CODE = '110100';

/** Milliseconds between two playback steps: speed × 100 / multiplier + 10. */
export function playbackStepDelay(
  speed: number = PLAYBACK_SPEED_BASE,
  multiplier: number = DEFAULT_PLAYBACK_MULTIPLIER,
): number {
  if (!(multiplier > 0) || !Number.isFinite(multiplier)) {
    throw new RangeError(`playback multiplier must be a positive number, got ${multiplier}`);
  }
  return (speed * 100) / multiplier + 10;
}

/** Keeps a playback position between the first and the last point. */
export function clampPlaybackIndex(index: number, pointCount: number): number {
  if (pointCount <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), pointCount - 1);
}
