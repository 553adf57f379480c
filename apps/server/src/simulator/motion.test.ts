import { describe, expect, it } from 'vitest';
import { type MotionLimits, step, stoppingSpeed } from './motion';

const heavy: MotionLimits = { accel: 0.3, decel: 0.6 };

describe('motion', () => {
  it('accelerates a heavy truck from standstill to 80 km/h in about a minute and a quarter', () => {
    let speed = 0;
    let km = 0;
    let seconds = 0;
    while (speed < 80) {
      const s = step(speed, 80, 1, heavy, null);
      speed = s.speed;
      km += s.km;
      seconds++;
    }
    expect(seconds).toBeGreaterThan(65);
    expect(seconds).toBeLessThan(85);
    expect(km).toBeGreaterThan(0.7);
    expect(km).toBeLessThan(1.0);
  });

  it('never exceeds the target and slows down to a lower one', () => {
    let speed = 80;
    for (let i = 0; i < 30; i++) {
      const s = step(speed, 40, 1, heavy, null);
      expect(s.speed).toBeLessThanOrEqual(80);
      expect(s.speed).toBeGreaterThanOrEqual(40);
      speed = s.speed;
    }
    expect(speed).toBe(40);
  });

  it('brakes in time and stops exactly at the stop', () => {
    let speed = 80;
    let left = 2;
    let arrived = false;
    let seconds = 0;
    while (!arrived && seconds < 600) {
      const s = step(speed, 80, 1, heavy, left);
      expect(s.km).toBeLessThanOrEqual(left + 1e-9);
      speed = s.speed;
      left -= s.km;
      arrived = s.arrived;
      seconds++;
    }
    expect(arrived).toBe(true);
    expect(speed).toBe(0);
    expect(left).toBeCloseTo(0, 9);
    expect(seconds).toBeGreaterThan(60);
  });

  it('creeps up to a stop instead of halting short of it', () => {
    const s = step(0, 0, 1, heavy, 0.05);
    expect(s.speed).toBeGreaterThan(0);
    expect(s.km).toBeGreaterThan(0);
    expect(step(0, 50, 1, heavy, 0.002)).toEqual({ speed: 0, km: 0.002, arrived: true });
  });

  it('knows the speed from which a truck stops within a distance', () => {
    // v² = 2 a d: 0.6 m/s² over 411 m stops a truck from 80 km/h.
    expect(stoppingSpeed(0.4115, 0.6)).toBeCloseTo(80, 0);
    expect(stoppingSpeed(-1, 0.6)).toBe(0);
  });
});
