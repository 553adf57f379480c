import { describe, expect, it } from 'vitest';
import {
  clampPlaybackIndex,
  DEFAULT_PLAYBACK_MULTIPLIER,
  MAP_PICKER_CENTER,
  MAP_PICKER_MAX_ZOOM,
  MAP_PICKER_MIN_ZOOM,
  MAP_PICKER_ZOOM,
  PLAYBACK_JUMP_POINTS,
  PLAYBACK_MULTIPLIERS,
  playbackStepDelay,
  ROUTE_MAP_INITIAL_ZOOM,
  ROUTE_MAP_MAX_ZOOM,
  ROUTE_MAP_MIN_ZOOM,
  TRACK_LINE_WIDTH,
} from './map';

describe('map constants', () => {
  it('have the values of the spec', () => {
    expect(MAP_PICKER_CENTER).toEqual({ lng: 116.404, lat: 39.915 });
    expect([MAP_PICKER_ZOOM, MAP_PICKER_MIN_ZOOM, MAP_PICKER_MAX_ZOOM]).toEqual([13, 5, 19]);
    expect([ROUTE_MAP_MIN_ZOOM, ROUTE_MAP_MAX_ZOOM, ROUTE_MAP_INITIAL_ZOOM]).toEqual([6, 18, 6]);
    expect(PLAYBACK_MULTIPLIERS).toEqual([0.5, 1, 2, 4, 8, 16]);
    expect([DEFAULT_PLAYBACK_MULTIPLIER, PLAYBACK_JUMP_POINTS, TRACK_LINE_WIDTH]).toEqual([1, 20, 6]);
  });
});

describe('playbackStepDelay', () => {
  it('is speed × 100 / multiplier + 10', () => {
    expect(playbackStepDelay(100, 1)).toBe(10010);
    expect(playbackStepDelay(100, 16)).toBe(635);
    expect(playbackStepDelay(100, 0.5)).toBe(20010);
    expect(playbackStepDelay(5, 2)).toBe(260);
    expect(playbackStepDelay()).toBe(10010);
  });

  it('refuses a multiplier that is not positive', () => {
    expect(() => playbackStepDelay(100, 0)).toThrow(RangeError);
    expect(() => playbackStepDelay(100, -2)).toThrow(RangeError);
    expect(() => playbackStepDelay(100, Number.NaN)).toThrow(RangeError);
    expect(() => playbackStepDelay(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('clampPlaybackIndex', () => {
  it('keeps the position between 0 and the last point', () => {
    expect(clampPlaybackIndex(-20, 100)).toBe(0);
    expect(clampPlaybackIndex(120, 100)).toBe(99);
    expect(clampPlaybackIndex(45, 100)).toBe(45);
    expect(clampPlaybackIndex(5, 0)).toBe(0);
    expect(clampPlaybackIndex(Number.NaN, 10)).toBe(0);
  });
});
