import { describe, expect, it } from 'vitest';
import { type BaseMapData, shownAt, unpackRing } from './basemap';
import data from './china-basemap.json';

describe('offline base map data', () => {
  it('unpacks delta-coded rings into degrees', () => {
    expect(unpackRing([116400, 39900, 100, 0, 0, -50])).toEqual([
      [116.4, 39.9],
      [116.5, 39.9],
      [116.5, 39.85],
    ]);
  });

  it('holds the 34 provincial divisions and the prefecture-level cities, each inside China', () => {
    const base = data as BaseMapData;
    expect(base.provinces).toHaveLength(34);
    expect(base.cities.length).toBeGreaterThan(330);
    const names = base.cities.map((c) => c.name);
    for (const name of ['鄂尔多斯', '唐山', '沧州', '张家口', '北京', '天津']) expect(names).toContain(name);
    for (const shape of [...base.provinces, ...base.cities]) {
      const [lng, lat] = shape.at;
      expect(lng, shape.name).toBeGreaterThan(73);
      expect(lng, shape.name).toBeLessThan(136);
      expect(lat, shape.name).toBeGreaterThan(3);
      expect(lat, shape.name).toBeLessThan(54);
      for (const ring of shape.rings) expect(unpackRing(ring).length, shape.name).toBeGreaterThanOrEqual(3);
    }
    // 鄂尔多斯's outline holds its label point's neighbourhood (the coal lines' start)
    const ordos = base.cities.find((c) => c.name === '鄂尔多斯');
    const xs = unpackRing(ordos?.rings[0] ?? []).map(([x]) => x);
    expect(Math.min(...xs)).toBeLessThan(109.8);
    expect(Math.max(...xs)).toBeGreaterThan(109.8);
  });

  it('shows city outlines and names only when zoomed in', () => {
    expect(shownAt(4)).toEqual({ cityOutlines: false, provinceNames: true, cityNames: false });
    expect(shownAt(7)).toEqual({ cityOutlines: true, provinceNames: true, cityNames: true });
    expect(shownAt(10)).toEqual({ cityOutlines: true, provinceNames: false, cityNames: true });
  });
});
