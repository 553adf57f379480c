/**
 * Simulated time. The simulation reads `now()` and waits with `after()`, both in simulated
 * milliseconds; an accelerated clock runs `speedup` times faster than the wall clock, so tests and
 * fast-forward demos see hours pass in minutes. Network time-outs and reconnect back-off stay in
 * wall-clock time (they are about the network, not the trucks).
 */
export interface SimClock {
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Calls `fn` once `ms` of simulated time have passed; answers a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** A clock that starts at `start` (default: now) and runs `speedup` times faster than real time. */
export function acceleratedClock(speedup = 1, start = Date.now()): SimClock {
  if (!(speedup >= 1)) throw new Error(`speedup must be at least 1, got ${speedup}`);
  const realStart = Date.now();
  return {
    now: () => Math.round(start + (Date.now() - realStart) * speedup),
    after(ms, fn) {
      const timer = setTimeout(fn, Math.max(0, ms / speedup));
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
}
