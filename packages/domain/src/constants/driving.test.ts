import { describe, expect, it } from 'vitest';
import {
  acceleratorDepthLevel,
  acceleratorDistributionLevel,
  hasDrivingScore,
  isSpeedBucketAbnormal,
  isSpeedDistributionAbnormal,
} from './driving';

describe('hasDrivingScore', () => {
  it('needs 50 km for vehicles and 10 km for trips and drivers', () => {
    expect(hasDrivingScore(50)).toBe(true);
    expect(hasDrivingScore(49.9)).toBe(false);
    expect(hasDrivingScore(10, 'trip')).toBe(true);
    expect(hasDrivingScore(9.9, 'trip')).toBe(false);
    expect(hasDrivingScore(Number.NaN)).toBe(false);
  });
});

describe('speed distribution rule', () => {
  it('flags slow and 90-120 km/h buckets over 5%', () => {
    expect(isSpeedBucketAbnormal({ from: 0, to: 30, share: 5.1 })).toBe(true);
    expect(isSpeedBucketAbnormal({ from: 10, to: 20, share: 8 })).toBe(true);
    expect(isSpeedBucketAbnormal({ from: 90, to: 120, share: 6 })).toBe(true);
    expect(isSpeedBucketAbnormal({ from: 100, to: 110, share: 20 })).toBe(true);
  });

  it('does not flag shares of 5% or less, nor other speeds', () => {
    expect(isSpeedBucketAbnormal({ from: 0, to: 30, share: 5 })).toBe(false);
    expect(isSpeedBucketAbnormal({ from: 60, to: 90, share: 60 })).toBe(false);
    expect(isSpeedBucketAbnormal({ from: 30, to: 60, share: 30 })).toBe(false);
    expect(isSpeedBucketAbnormal({ from: 120, to: 150, share: 10 })).toBe(false);
    expect(isSpeedBucketAbnormal({ from: 0, to: 30, share: Number.NaN })).toBe(false);
  });

  it('judges a whole distribution', () => {
    expect(
      isSpeedDistributionAbnormal([
        { from: 0, to: 30, share: 3 },
        { from: 60, to: 90, share: 90 },
        { from: 90, to: 120, share: 7 },
      ]),
    ).toBe(true);
    expect(isSpeedDistributionAbnormal([{ from: 60, to: 90, share: 100 }])).toBe(false);
    expect(isSpeedDistributionAbnormal([])).toBe(false);
  });
});

describe('accelerator depth rule', () => {
  it('grades deep pedal shares over 5%', () => {
    expect(acceleratorDepthLevel({ from: 90, to: 100, share: 6 })).toBe('high');
    expect(acceleratorDepthLevel({ from: 80, to: 90, share: 6 })).toBe('ordinary');
  });

  it('is normal at 5% or less and below 80%', () => {
    expect(acceleratorDepthLevel({ from: 90, to: 100, share: 5 })).toBe('normal');
    expect(acceleratorDepthLevel({ from: 70, to: 80, share: 50 })).toBe('normal');
    expect(acceleratorDepthLevel({ from: 80, to: 100, share: 50 })).toBe('normal');
  });

  it('takes the worst level of a distribution', () => {
    expect(
      acceleratorDistributionLevel([
        { from: 80, to: 90, share: 10 },
        { from: 90, to: 100, share: 10 },
      ]),
    ).toBe('high');
    expect(acceleratorDistributionLevel([{ from: 80, to: 90, share: 10 }])).toBe('ordinary');
    expect(acceleratorDistributionLevel([{ from: 0, to: 10, share: 90 }])).toBe('normal');
  });
});
