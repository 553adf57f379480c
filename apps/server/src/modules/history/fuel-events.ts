import { MOVING_MIN_SPEED } from '../monitor/vehicle-status';

/** Fuel readings of one vehicle in time order: fuel in 0.1 L, speed in 0.1 km/h. */
export interface FuelSamples {
  length: number;
  time: ArrayLike<number>;
  fuel: ArrayLike<number>;
  speed: ArrayLike<number>;
}

export interface FuelEvent {
  type: 'refuel' | 'drain';
  /** Indices of the first and last sample of the stop in which the level changed. */
  from: number;
  to: number;
  /** Litres before and after, and the change (positive for both kinds). */
  before: number;
  after: number;
  change: number;
}

/** A rise of at least this many litres while standing is a refuel (加油). */
export const DEFAULT_REFUEL_LITRES = 20;
/** A drop of at least this many litres while standing is a suspected drain (疑似偷漏油). */
export const DEFAULT_DRAIN_LITRES = 10;

function median3(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

/**
 * Refuels and drains found in a fuel curve: for every stretch of standing (speed under 3 km/h) the
 * level on arrival (median of the last moving sample and the first two standing ones) is compared
 * with the level on leaving (median of the last two standing samples and the first moving one), so a
 * single sloshing reading moves neither. Fuel does not change while standing except by a hose.
 */
export function fuelEvents(
  s: FuelSamples,
  thresholds: { refuelLitres?: number; drainLitres?: number } = {},
): FuelEvent[] {
  const refuel = (thresholds.refuelLitres ?? DEFAULT_REFUEL_LITRES) * 10;
  const drain = (thresholds.drainLitres ?? DEFAULT_DRAIN_LITRES) * 10;
  const events: FuelEvent[] = [];
  const n = s.length;
  let i = 0;
  while (i < n) {
    if ((s.speed[i] as number) >= MOVING_MIN_SPEED) {
      i++;
      continue;
    }
    const a = i;
    while (i + 1 < n && (s.speed[i + 1] as number) < MOVING_MIN_SPEED) i++;
    const b = i;
    i++;
    const level = (lo: number, hi: number) => {
      const values: number[] = [];
      for (let k = Math.max(0, lo); k <= Math.min(n - 1, hi); k++) values.push(s.fuel[k] as number);
      return median3(values);
    };
    const before = level(a - 1, Math.min(a + 1, b));
    const after = level(Math.max(b - 1, a), b + 1);
    const delta = after - before;
    if (delta >= refuel || -delta >= drain) {
      events.push({
        type: delta > 0 ? 'refuel' : 'drain',
        from: a,
        to: b,
        before: before / 10,
        after: after / 10,
        change: Math.abs(delta) / 10,
      });
    }
  }
  return events;
}
