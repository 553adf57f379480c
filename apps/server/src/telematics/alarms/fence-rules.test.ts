import { distanceToPathMeters, type FenceShape, pointInFence } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { corridorDistance, type FenceWatch, fenceBox, insideFence, type LineCorridor } from './fence-rules';
import { Harness, minute } from './track.fixture';

const round: FenceShape = { type: 'circle', lat: 39, lng: 117.7, radius: 500 };
const circle = (over: Partial<FenceWatch> = {}): FenceWatch => ({
  stationId: 5,
  name: '天津港煤码头',
  shape: round,
  box: fenceBox(round),
  notifyEnter: true,
  notifyExit: true,
  fenceSetIds: [2],
  ...over,
});

const square: FenceShape = {
  type: 'polygon',
  points: [
    { lng: 117, lat: 39 },
    { lng: 117.01, lat: 39 },
    { lng: 117.01, lat: 39.01 },
    { lng: 117, lat: 39.01 },
  ],
};

describe('fence boxes', () => {
  it('reject far points at once and agree with the fence inside', () => {
    const c = circle();
    expect(insideFence(c, 39_000_000, 117_700_000)).toBe(true);
    expect(insideFence(c, 39_004_000, 117_700_000)).toBe(true); // 445 m north
    expect(insideFence(c, 39_005_000, 117_700_000)).toBe(false); // 557 m north
    expect(insideFence(c, 39_000_000, 117_705_500)).toBe(true); // 475 m east
    const p = circle({ shape: square, box: fenceBox(square) });
    expect(insideFence(p, 39_005_000, 117_005_000)).toBe(true);
    expect(insideFence(p, 39_011_000, 117_005_000)).toBe(false);
    for (let i = 0; i < 200; i++) {
      const lat = 38_990_000 + i * 100;
      const lon = 117_690_000 + ((i * 37) % 200) * 100;
      expect(insideFence(c, lat, lon)).toBe(pointInFence({ lat: lat / 1e6, lng: lon / 1e6 }, round));
    }
  });
});

describe('station fence enter and exit (7101, 7102)', () => {
  it('raises an event on entering and one on leaving, none for being inside already at the first report', () => {
    const h = new Harness({}, { fences: [circle()] });
    h.feed(
      { minute: 0, speed: 40, lat: 39.02, lon: 117.7 },
      { minute: 1, speed: 20, lat: 39.001, lon: 117.7 },
      { minute: 2, speed: 0, lat: 39.0, lon: 117.7 },
      { minute: 3, speed: 30, lat: 39.01, lon: 117.7 },
    );
    expect(
      h.alarms.filter((a) => a.code > 7100).map((a) => [a.code, minute(a.startTime), a.stationId]),
    ).toEqual([
      [7101, 1, 5],
      [7102, 3, 5],
    ]);
    expect(h.of(7101)[0]?.detail).toMatchObject({ stationName: '天津港煤码头' });

    const already = new Harness({}, { fences: [circle()] });
    already.feed({ minute: 0, lat: 39.0, lon: 117.7 }, { minute: 1, lat: 39.0, lon: 117.7 });
    expect(already.alarms.filter((a) => a.code > 7100)).toHaveLength(0);
  });

  it('raises only what the fence set asks for', () => {
    const h = new Harness({}, { fences: [circle({ notifyEnter: false })] });
    h.feed(
      { minute: 0, lat: 39.02, lon: 117.7 },
      { minute: 1, lat: 39.0, lon: 117.7 },
      { minute: 2, lat: 39.02, lon: 117.7 },
    );
    expect(h.alarms.filter((a) => a.code > 7100).map((a) => a.code)).toEqual([7102]);
  });
});

describe('route deviation (4005)', () => {
  const line: LineCorridor = {
    lineId: 3,
    name: '北京—天津',
    path: [
      { lat: 39.9, lng: 116.4 },
      { lat: 39.9, lng: 117 },
    ],
    widthMeters: 500,
  };

  it('raises one alarm for leaving the corridor longer than the minimum and ends it back on the line', () => {
    const h = new Harness({ deviation: { lineId: 3, minSeconds: 120 } }, { line });
    h.feed(
      { minute: 0, speed: 60, lat: 39.9, lon: 116.5 },
      { minute: 1, speed: 60, lat: 39.91, lon: 116.55 }, // 1.1 km off
      { minute: 2, speed: 60, lat: 39.92, lon: 116.6 },
      { minute: 3, speed: 60, lat: 39.93, lon: 116.65 },
      { minute: 4, speed: 60, lat: 39.902, lon: 116.7 }, // back within 500 m
    );
    const [a, ...rest] = h.of(4005);
    expect(rest).toHaveLength(0);
    expect([minute(a?.startTime ?? null), minute(a?.endTime ?? null)]).toEqual([1, 4]);
    expect(a).toMatchObject({ lineId: 3 });
    expect(a?.detail).toMatchObject({ lineName: '北京—天津', corridorMeters: 500 });
    expect(Number(a?.detail?.maxMeters)).toBeGreaterThan(3000);
  });

  it('does nothing without a line', () => {
    const h = new Harness({ deviation: { minSeconds: 0 } });
    h.feed({ minute: 0, lat: 30, lon: 100 }, { minute: 1, lat: 31, lon: 101 });
    expect(h.of(4005)).toHaveLength(0);
  });
});

describe('corridor distance', () => {
  it('is the domain distance to a path, without allocating', () => {
    const path = [
      { lng: 116.4, lat: 39.9 },
      { lng: 116.5, lat: 39.9 },
      { lng: 116.6, lat: 39.7 },
      { lng: 116.6, lat: 39.7 },
    ];
    for (let i = 0; i < 300; i++) {
      const lat = 39.6 + (i % 17) * 0.02;
      const lng = 116.3 + ((i * 7) % 23) * 0.02;
      expect(corridorDistance(lat, lng, path)).toBeCloseTo(distanceToPathMeters({ lat, lng }, path), 6);
    }
    expect(corridorDistance(39.9, 116.4, [])).toBe(Number.POSITIVE_INFINITY);
  });
});
