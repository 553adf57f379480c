import { describe, expect, it } from 'vitest';
import {
  circleProblem,
  distanceToPathMeters,
  FENCE_MESSAGES,
  inChina,
  pointInCircle,
  pointInFence,
  pointInPolygon,
  polygonCentroid,
  polygonProblem,
  polygonSelfIntersects,
  segmentsIntersect,
} from './fence';

const square = [
  { lng: 116.4, lat: 39.9 },
  { lng: 116.41, lat: 39.9 },
  { lng: 116.41, lat: 39.91 },
  { lng: 116.4, lat: 39.91 },
];

describe('fence geometry', () => {
  it('tells whether a point lies in a circle by ground distance', () => {
    const centre = { lng: 116.404, lat: 39.915 };
    // 0.001° of latitude is about 111 m
    expect(pointInCircle({ lng: 116.404, lat: 39.9158 }, centre, 100)).toBe(true);
    expect(pointInCircle({ lng: 116.404, lat: 39.916 }, centre, 100)).toBe(false);
    expect(pointInFence({ lng: 116.404, lat: 39.915 }, { type: 'circle', ...centre, radius: 50 })).toBe(true);
  });

  it('tells whether a point lies in a polygon, edges counting as inside', () => {
    expect(pointInPolygon({ lng: 116.405, lat: 39.905 }, square)).toBe(true);
    expect(pointInPolygon({ lng: 116.415, lat: 39.905 }, square)).toBe(false);
    expect(pointInPolygon({ lng: 116.405, lat: 39.9 }, square)).toBe(true);
    expect(pointInPolygon({ lng: 116.4, lat: 39.91 }, square)).toBe(true);
    // a concave U: the notch is outside
    const u = [
      { lng: 0 + 110, lat: 30 },
      { lng: 3 + 110, lat: 30 },
      { lng: 3 + 110, lat: 33 },
      { lng: 2 + 110, lat: 33 },
      { lng: 2 + 110, lat: 31 },
      { lng: 1 + 110, lat: 31 },
      { lng: 1 + 110, lat: 33 },
      { lng: 0 + 110, lat: 33 },
    ];
    expect(pointInPolygon({ lng: 111.5, lat: 32 }, u)).toBe(false);
    expect(pointInPolygon({ lng: 110.5, lat: 32 }, u)).toBe(true);
    expect(pointInFence({ lng: 111.5, lat: 30.5 }, { type: 'polygon', points: u })).toBe(true);
    expect(pointInPolygon({ lng: 0, lat: 0 }, square.slice(0, 2))).toBe(false);
  });

  it('finds crossing and touching segments', () => {
    const p = (lng: number, lat: number) => ({ lng, lat });
    expect(segmentsIntersect(p(0, 0), p(2, 2), p(0, 2), p(2, 0))).toBe(true);
    expect(segmentsIntersect(p(0, 0), p(1, 1), p(2, 2), p(3, 3))).toBe(false);
    expect(segmentsIntersect(p(0, 0), p(2, 0), p(1, 0), p(3, 0))).toBe(true);
    expect(segmentsIntersect(p(0, 0), p(2, 0), p(1, 0), p(1, 5))).toBe(true);
    expect(segmentsIntersect(p(0, 0), p(2, 0), p(0, 1), p(2, 1))).toBe(false);
  });

  it('accepts a simple polygon and refuses a bow tie, too few or too many points, repeats, lines and places abroad', () => {
    expect(polygonProblem(square)).toBeNull();
    const bowTie = [square[0], square[2], square[1], square[3]] as typeof square;
    expect(polygonSelfIntersects(bowTie)).toBe(true);
    expect(polygonProblem(bowTie)).toBe(FENCE_MESSAGES.selfIntersecting);
    expect(polygonProblem(square.slice(0, 2))).toBe(FENCE_MESSAGES.tooFewPoints);
    const many = Array.from({ length: 101 }, (_, i) => ({
      lng: 116.4 + 0.01 * Math.cos((i / 101) * 2 * Math.PI),
      lat: 39.9 + 0.01 * Math.sin((i / 101) * 2 * Math.PI),
    }));
    expect(polygonProblem(many)).toBe(FENCE_MESSAGES.tooManyPoints);
    expect(polygonProblem(many.slice(0, 100))).toBeNull();
    expect(polygonProblem([...square, square[1] as (typeof square)[number]])).toBe(
      FENCE_MESSAGES.repeatedPoint,
    );
    expect(
      polygonProblem([
        { lng: 116.4, lat: 39.9 },
        { lng: 116.41, lat: 39.91 },
        { lng: 116.42, lat: 39.92 },
      ]),
    ).toBe(FENCE_MESSAGES.noArea);
    expect(polygonProblem(square.map((p) => ({ lng: p.lng - 100, lat: p.lat })))).toBe(
      FENCE_MESSAGES.outsideChina,
    );
  });

  it('checks a circle: in China, radius 50-5000 m', () => {
    expect(circleProblem({ lng: 116.4, lat: 39.9 }, 500)).toBeNull();
    expect(circleProblem({ lng: 116.4, lat: 39.9 }, 49)).toBe(FENCE_MESSAGES.radius);
    expect(circleProblem({ lng: 116.4, lat: 39.9 }, 5001)).toBe(FENCE_MESSAGES.radius);
    expect(circleProblem({ lng: 16.4, lat: 39.9 }, 500)).toBe(FENCE_MESSAGES.outsideChina);
    expect(inChina(109.78, 18.25)).toBe(true);
    expect(inChina(139.7, 35.7)).toBe(false);
  });

  it('finds the centroid of a polygon and the distance from a point to a path', () => {
    const c = polygonCentroid(square);
    expect(c.lng).toBeCloseTo(116.405, 9);
    expect(c.lat).toBeCloseTo(39.905, 9);
    const path = [
      { lng: 116.4, lat: 39.9 },
      { lng: 116.5, lat: 39.9 },
    ];
    // 0.01° north of the segment's middle: about 1113 m
    expect(distanceToPathMeters({ lng: 116.45, lat: 39.91 }, path)).toBeCloseTo(1113, -1);
    // beyond the end: the distance to the end point
    expect(distanceToPathMeters({ lng: 116.6, lat: 39.9 }, path)).toBeCloseTo(8540, -2);
    expect(distanceToPathMeters({ lng: 116.4, lat: 39.9 }, [])).toBe(Number.POSITIVE_INFINITY);
  });
});
