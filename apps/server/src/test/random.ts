import { Rng } from '../simulator/rng';

/** Mulberry32, the simulator's generator: small, seeded, reproducible; uniform in [0, 1). */
export function prng(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}
