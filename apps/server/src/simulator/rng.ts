/**
 * A small seeded pseudo-random generator (mulberry32): the simulation draws every random choice from
 * one of these, so a seed replays the same fleet.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator seeded from text (FNV-1a), e.g. a terminal phone and a run seed. */
  static of(...parts: (string | number)[]): Rng {
    let h = 0x811c9dc5;
    for (const ch of parts.join('|')) {
      h ^= ch.codePointAt(0) as number;
      h = Math.imul(h, 0x01000193);
    }
    return new Rng(h >>> 0);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
}
