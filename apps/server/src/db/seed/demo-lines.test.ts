import { describe, expect, it } from 'vitest';
import { distanceKm, toSegment } from '../../simulator/geo';
import { DEMO_LINES, type DemoLine, demoLine, pathLengthKm } from './demo-lines';

/** Shortest distance in km from a point to a line's path. */
function offPath(line: DemoLine, lng: number, lat: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.path.length; i++) {
    const a = line.path[i - 1];
    const b = line.path[i];
    if (a && b) best = Math.min(best, toSegment(lng, lat, a.lng, a.lat, b.lng, b.lat).km);
  }
  return best;
}

/** Km along the path of the path point nearest to a station. */
function kmAlong(line: DemoLine, lng: number, lat: number): number {
  let km = 0;
  let bestKm = 0;
  let best = Number.POSITIVE_INFINITY;
  line.path.forEach((p, i) => {
    const prev = line.path[i - 1];
    if (prev) km += distanceKm(prev.lng, prev.lat, p.lng, p.lat);
    const d = distanceKm(lng, lat, p.lng, p.lat);
    if (d < best) {
      best = d;
      bestKm = km;
    }
  });
  return bestKm;
}

// Seats of cities the lines run through or beside (WGS-84), and how near the road passes them.
const TOWNS: Record<string, { lng: number; lat: number; withinKm: number; lines: string[] }> = {
  包头东河: { lng: 110.044, lat: 40.576, withinKm: 6, lines: ['coal-dongsheng-tianjin'] },
  萨拉齐: { lng: 110.524, lat: 40.569, withinKm: 5, lines: ['coal-dongsheng-tianjin'] },
  呼和浩特: { lng: 111.67, lat: 40.8, withinKm: 8, lines: ['coal-dongsheng-tianjin'] },
  卓资: { lng: 112.577, lat: 40.894, withinKm: 3, lines: ['coal-dongsheng-tianjin'] },
  集宁: { lng: 113.105, lat: 41.035, withinKm: 3, lines: ['coal-dongsheng-tianjin'] },
  张家口: {
    lng: 114.887,
    lat: 40.8,
    withinKm: 8,
    lines: ['coal-dongsheng-tianjin', 'coal-zhungeer-tianjin'],
  },
  宣化: { lng: 115.099, lat: 40.609, withinKm: 3, lines: ['coal-dongsheng-tianjin'] },
  怀来: { lng: 115.518, lat: 40.415, withinKm: 3, lines: ['coal-zhungeer-tianjin'] },
  八达岭: { lng: 115.999, lat: 40.358, withinKm: 2, lines: ['coal-dongsheng-tianjin'] },
  准格尔旗: { lng: 111.24, lat: 39.865, withinKm: 5, lines: ['coal-zhungeer-tianjin'] },
  清水河: { lng: 111.647, lat: 39.921, withinKm: 3, lines: ['coal-zhungeer-tianjin'] },
  大同: { lng: 113.3, lat: 40.077, withinKm: 8, lines: ['coal-zhungeer-tianjin'] },
  阳高: { lng: 113.749, lat: 40.362, withinKm: 3, lines: ['coal-zhungeer-tianjin'] },
  塘沽: { lng: 117.647, lat: 39.021, withinKm: 3, lines: ['coal-dongsheng-tianjin'] },
  涿州: { lng: 115.974, lat: 39.485, withinKm: 4, lines: ['trunk-beijing-shijiazhuang'] },
  保定: { lng: 115.464, lat: 38.874, withinKm: 8, lines: ['trunk-beijing-shijiazhuang'] },
  定州: { lng: 114.99, lat: 38.516, withinKm: 4, lines: ['trunk-beijing-shijiazhuang'] },
  石家庄: { lng: 114.514, lat: 38.042, withinKm: 9, lines: ['trunk-beijing-shijiazhuang'] },
  廊坊: { lng: 116.683, lat: 39.538, withinKm: 8, lines: ['trunk-beijing-tianjin'] },
  武清: { lng: 117.044, lat: 39.384, withinKm: 4, lines: ['trunk-beijing-tianjin'] },
};

describe('demo lines', () => {
  it('has coal lines from Ordos to Tianjin port, trunk lines from Beijing, and city rounds in Tianjin and Beijing', () => {
    const byKind = (kind: string) => DEMO_LINES.filter((l) => l.kind === kind).map((l) => l.code);
    expect(byKind('coal')).toEqual(['coal-dongsheng-tianjin', 'coal-zhungeer-tianjin']);
    expect(byKind('trunk')).toEqual(['trunk-beijing-shijiazhuang', 'trunk-beijing-tianjin']);
    expect(byKind('city')).toHaveLength(4);
    expect(DEMO_LINES.filter((l) => l.kind === 'city' && l.name.startsWith('北京'))).toHaveLength(1);
    expect(new Set(DEMO_LINES.map((l) => l.code)).size).toBe(DEMO_LINES.length);
    expect(pathLengthKm(demoLine('coal-dongsheng-tianjin').path)).toBeGreaterThan(800);
    expect(() => demoLine('nowhere')).toThrow();
  });

  it.each(DEMO_LINES.map((line) => ({ code: line.code, line })))(
    '$code: points every few km, length within 15 percent of the road distance',
    ({ line }) => {
      for (let i = 1; i < line.path.length; i++) {
        const a = line.path[i - 1];
        const b = line.path[i];
        if (!a || !b) continue;
        const gap = distanceKm(a.lng, a.lat, b.lng, b.lat);
        expect(gap, `point ${i}`).toBeLessThan(line.kind === 'city' ? 2.5 : 10);
        expect(gap, `point ${i}`).toBeGreaterThan(0.2);
      }
      const length = pathLengthKm(line.path);
      expect(length / line.roadKm).toBeGreaterThan(0.85);
      expect(length / line.roadKm).toBeLessThan(1.15);
      for (const p of line.path) {
        expect(p.lng).toBeGreaterThan(109);
        expect(p.lng).toBeLessThan(118.5);
        expect(p.lat).toBeGreaterThan(37.5);
        expect(p.lat).toBeLessThan(41.5);
      }
    },
  );

  it.each(DEMO_LINES.map((line) => ({ code: line.code, line })))(
    '$code: stations on the road, in driving order',
    ({ line }) => {
      const first = line.stations[0];
      const last = line.stations[line.stations.length - 1];
      if (!first || !last) throw new Error('no stations');
      expect(line.stations.length).toBeGreaterThanOrEqual(3);
      if (line.loop) {
        expect(first.role).toBe('depot');
        expect(last).toEqual(first);
        expect(line.stations.slice(1, -1).every((s) => s.role === 'store')).toBe(true);
      } else {
        expect(first.role).toBe('loading');
        expect(last.role).toBe('unloading');
        expect(line.stations.slice(1, -1).every((s) => s.role === 'service')).toBe(true);
      }
      const start = line.path[0];
      const end = line.path[line.path.length - 1];
      expect(distanceKm(first.lng, first.lat, start?.lng ?? 0, start?.lat ?? 0)).toBeLessThan(0.05);
      expect(distanceKm(last.lng, last.lat, end?.lng ?? 0, end?.lat ?? 0)).toBeLessThan(0.05);
      let previous = -1;
      for (const s of line.stations.slice(0, line.loop ? -1 : undefined)) {
        expect(offPath(line, s.lng, s.lat), s.name).toBeLessThan(0.5);
        const km = kmAlong(line, s.lng, s.lat);
        expect(km, s.name).toBeGreaterThan(previous);
        previous = km;
        expect(s.address.length).toBeGreaterThan(4);
        expect(s.radius).toBeGreaterThan(0);
      }
    },
  );

  it('runs through the real towns of each route', () => {
    for (const [name, town] of Object.entries(TOWNS)) {
      for (const code of town.lines) {
        expect(offPath(demoLine(code), town.lng, town.lat), `${name} on ${code}`).toBeLessThan(town.withinKm);
      }
    }
  });

  it('climbs to the Inner Mongolian plateau and comes down to the coast', () => {
    const dongsheng = demoLine('coal-dongsheng-tianjin');
    const alt = (lng: number, lat: number) => {
      let best = dongsheng.path[0];
      for (const p of dongsheng.path)
        if (best && distanceKm(lng, lat, p.lng, p.lat) < distanceKm(lng, lat, best.lng, best.lat)) best = p;
      return best?.alt ?? Number.NaN;
    };
    expect(alt(110.015, 39.858)).toBeGreaterThan(1300); // 东胜
    expect(alt(111.67, 40.75)).toBeGreaterThan(950); // 呼和浩特
    expect(alt(113.09, 41.03)).toBeGreaterThan(1300); // 集宁
    expect(alt(114.86, 40.75)).toBeLessThan(800); // 张家口
    expect(alt(116.135, 40.238)).toBeLessThan(150); // 南口
    expect(alt(117.79, 38.965)).toBeLessThan(10); // 天津港
    for (const line of DEMO_LINES) {
      for (let i = 1; i < line.path.length; i++) {
        const a = line.path[i - 1];
        const b = line.path[i];
        if (!a || !b) continue;
        expect(b.alt).toBeGreaterThanOrEqual(0);
        const grade = Math.abs(b.alt - a.alt) / (distanceKm(a.lng, a.lat, b.lng, b.lat) * 1000);
        expect(grade, `${line.code} point ${i}`).toBeLessThan(0.06);
      }
    }
  });
});
