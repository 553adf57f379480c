import { describe, expect, it } from 'vitest';
import { demoLine, pathLengthKm } from '../db/seed/demo-lines';
import { distanceKm } from './geo';
import { Route } from './route';

const coal = demoLine('coal-dongsheng-tianjin');

describe('route along a demo line', () => {
  const forward = Route.of(coal);
  const back = forward.opposite();

  it('measures the line and places its stations in driving order, the ends at 0 and the full length', () => {
    expect(forward.lengthKm).toBeCloseTo(pathLengthKm(coal.path), 6);
    expect(forward.stops.map((s) => s.station.name)).toEqual(coal.stations.map((s) => s.name));
    expect(forward.stops[0]?.km).toBe(0);
    expect(forward.stops.at(-1)?.km).toBeCloseTo(forward.lengthKm, 3);
    const kms = forward.stops.map((s) => s.km);
    expect(kms).toEqual([...kms].sort((a, b) => a - b));
    expect(back.stops.map((s) => s.station.name)).toEqual([...coal.stations].reverse().map((s) => s.name));
  });

  it('gives the same place at km x forwards and at length - x backwards', () => {
    for (const km of [0, 12.3, 250, 612.8, forward.lengthKm]) {
      const a = forward.at(km);
      const b = back.at(back.lengthKm - km);
      expect(distanceKm(a.lng, a.lat, b.lng, b.lat)).toBeLessThan(0.001);
      expect(a.altitude).toBeCloseTo(b.altitude, 3);
    }
    const start = forward.at(0);
    expect(start).toMatchObject({ lng: 110.015, lat: 39.858, altitude: 1440 });
    expect(forward.at(-5)).toEqual(start);
    expect(forward.at(forward.lengthKm + 5).lng).toBeCloseTo(117.79, 6);
  });

  it('heads the way the road runs: north out of Ordos, east along the G6, and the opposite way back', () => {
    expect(forward.at(20).direction).toBeLessThan(20);
    const stop = forward.stops.find((s) => s.station.name === '萨拉齐服务区');
    if (!stop) throw new Error('no 萨拉齐');
    const east = forward.at(stop.km + 5).direction;
    expect(east).toBeGreaterThan(70);
    expect(east).toBeLessThan(100);
    const west = back.at(back.lengthKm - stop.km - 5).direction;
    expect(Math.abs(west - ((east + 180) % 360))).toBeLessThanOrEqual(1);
  });

  it('knows the grade: down the 关沟 from 八达岭, flat on the coast', () => {
    const huailai = forward.stops.find((s) => s.station.name === '怀来服务区');
    if (!huailai) throw new Error('no 怀来');
    // 八达岭 lies about 47 km past the 怀来 service area.
    let steepest = 0;
    for (let km = huailai.km + 40; km < huailai.km + 70; km += 1)
      steepest = Math.min(steepest, forward.grade(km));
    expect(steepest).toBeLessThan(-0.03);
    expect(Math.abs(forward.grade(forward.lengthKm - 20))).toBeLessThan(0.002);
    expect(forward.grade(forward.lengthKm)).toBe(0);
  });

  it('finds the next stop ahead', () => {
    expect(forward.nextStop(0)?.index).toBe(0);
    expect(forward.nextStop(0.5)?.index).toBe(1);
    expect(forward.nextStop(forward.lengthKm)?.index).toBe(coal.stations.length - 1);
    expect(forward.nextStop(forward.lengthKm + 1)).toBeUndefined();
  });

  it('drives a city round from the depot back to the depot', () => {
    const round = Route.of(demoLine('city-tianjin-hexi'));
    expect(round.stops[0]?.km).toBe(0);
    expect(round.stops.at(-1)?.km).toBeCloseTo(round.lengthKm, 3);
    expect(round.stops.at(-1)?.station.name).toBe(round.stops[0]?.station.name);
  });
});
