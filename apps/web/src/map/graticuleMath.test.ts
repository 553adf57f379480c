import { describe, expect, it } from 'vitest';
import { degreesText, graticuleStep, gridLines } from './graticuleMath';
import { latToTilePixel, tileLat, tileLng } from './graticuleTiles';

describe('graticuleStep', () => {
  it('spaces lines at least 120 px apart, finer as the map zooms in', () => {
    const steps = [3, 6, 10, 13, 18].map((z) => graticuleStep(z));
    expect(steps).toEqual([...steps].sort((a, b) => b - a));
    for (const z of [3, 6, 10, 13, 18]) {
      const degreesPerPixel = 360 / (256 * 2 ** z);
      expect(graticuleStep(z) / degreesPerPixel).toBeGreaterThanOrEqual(120);
    }
    expect(graticuleStep(6)).toBe(5);
    expect(graticuleStep(0)).toBe(30);
  });
});

describe('gridLines', () => {
  it('lists the multiples of the step in a range, without float noise', () => {
    expect(gridLines(116.33, 116.71, 0.1)).toEqual([116.4, 116.5, 116.6, 116.7]);
    expect(gridLines(-7, 12, 5)).toEqual([-5, 0, 5, 10]);
    expect(gridLines(1, 0, 1)).toEqual([]);
    expect(gridLines(0, 10, 0)).toEqual([]);
  });
});

describe('degreesText', () => {
  it('names the hemisphere', () => {
    expect(degreesText(116.5, 'lng', 0.5)).toBe('116.5°E');
    expect(degreesText(-73.25, 'lng', 0.05)).toBe('73.25°W');
    expect(degreesText(39.9, 'lat', 0.1)).toBe('39.9°N');
    expect(degreesText(-12, 'lat')).toBe('12°S');
    expect(degreesText(0, 'lat')).toBe('0°');
    expect(degreesText(190, 'lng')).toBe('170°W');
  });
});

describe('tile geometry', () => {
  it('matches Web Mercator tile edges', () => {
    expect(tileLng(0, 0)).toBe(-180);
    expect(tileLng(1, 1)).toBe(0);
    expect(tileLat(1, 1)).toBeCloseTo(0, 10);
    expect(tileLat(0, 0)).toBeCloseTo(85.0511, 3);
    expect(latToTilePixel(0, 0, 1, 256)).toBeCloseTo(256, 6);
    expect(latToTilePixel(tileLat(5, 4), 5, 4, 256)).toBeCloseTo(0, 6);
  });
});
