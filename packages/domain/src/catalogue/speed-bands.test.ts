import { describe, expect, it } from 'vitest';
import { SPEED_BANDS, speedBand, speedColor } from './speed-bands';

describe('speedBand', () => {
  it('has the five bands of the spec, each with its own colour', () => {
    expect(SPEED_BANDS.map((b) => b.label)).toEqual([
      '0-30km/h',
      '30-60km/h',
      '60-80km/h',
      '80-100km/h',
      '>100km/h',
    ]);
    expect(new Set(SPEED_BANDS.map((b) => b.color)).size).toBe(5);
  });

  it('puts band edges in the lower band', () => {
    expect(speedBand(0).label).toBe('0-30km/h');
    expect(speedBand(30).label).toBe('0-30km/h');
    expect(speedBand(30.1).label).toBe('30-60km/h');
    expect(speedBand(60).label).toBe('30-60km/h');
    expect(speedBand(75).label).toBe('60-80km/h');
    expect(speedBand(100).label).toBe('80-100km/h');
    expect(speedBand(100.5).label).toBe('>100km/h');
    expect(speedBand(160).label).toBe('>100km/h');
  });

  it('puts negative and non-numeric speeds in the first band', () => {
    expect(speedBand(-5).label).toBe('0-30km/h');
    expect(speedBand(Number.NaN).label).toBe('0-30km/h');
  });

  it('gives the colour of the band', () => {
    expect(speedColor(120)).toBe(SPEED_BANDS[4].color);
    expect(speedColor(10)).toBe(SPEED_BANDS[0].color);
  });
});
