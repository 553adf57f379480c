/**
 * Fuel events: refuel and drain detection (packages/domain/src/fuel) on simulated truck-months.
 *   (a) speed: one truck-month of reports every 10 s (31 days, 267,840 reports) through
 *       detectFuelEvents, 21 runs after 3 warm-ups: median and p95 ms;
 *   (b) accuracy: 200 labelled truck-months (labelledCurve, seeds 1-200: days of 2-4 legs at
 *       50-90 km/h burning 25-40 L/100 km, sloshing ±2-5 L while moving, ±0.5 L sensor noise, 0.5 %
 *       readings missing, 0.1 % wild readings ±30 L, half of the trucks with a non-linear sensor and
 *       its calibration table; refuels 20-400 L at 30-60 L/min while parked, drains 20-150 L at
 *       5-30 L/min parked at night and 20-80 L while creeping at 3-10 km/h). A found event matches a
 *       labelled one of the same kind whose span it overlaps within 10 minutes. Prints recall of
 *       refuels and of drains, false events per found event and the litre error (median, p95).
 *   (c) through the database (fuel-events.db.ts): one truck-month scanned, written and reconciled as
 *       the scan job does it, the reconciliation alone, the job's pass over changed costs and the
 *       refuel list read; FUEL_BENCH_DB=0 leaves it out, BENCH_DATABASE_URL runs it on PostgreSQL.
 *   npm run bench:fuel-events -w @fleet/bench
 */
import {
  detectFuelEvents,
  FUEL_EVENT_KIND,
  type FuelEvent,
  type LabelledEvent,
  labelledCurve,
} from '@fleet/domain';
import { benchFuelDatabase } from './fuel-events.db';

const TRUCK_MONTHS = Number(process.env.FUEL_BENCH_TRUCKS ?? 200);
const MATCH_MS = 10 * 60_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

// (a) speed
const month = labelledCurve({ seed: 424242 });
const times: number[] = [];
for (let run = 0; run < 24; run++) {
  const t0 = performance.now();
  detectFuelEvents(month.points, { table: month.table, tankCapacityL: month.tankCapacityL });
  if (run >= 3) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(
  `detection, one truck-month at 10 s (${month.points.length} reports): median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`,
);

// (b) accuracy
const kinds = [FUEL_EVENT_KIND.refuel, FUEL_EVENT_KIND.drain] as const;
const truth = { [FUEL_EVENT_KIND.refuel]: 0, [FUEL_EVENT_KIND.drain]: 0 };
const found = { [FUEL_EVENT_KIND.refuel]: 0, [FUEL_EVENT_KIND.drain]: 0 };
let detected = 0;
let falseEvents = 0;
const errors: number[] = [];
const relErrors: number[] = [];
const misses: string[] = [];
for (let seed = 1; seed <= TRUCK_MONTHS; seed++) {
  const curve = labelledCurve({ seed });
  const events = detectFuelEvents(curve.points, { table: curve.table, tankCapacityL: curve.tankCapacityL });
  const used = new Set<FuelEvent>();
  const matchOf = (label: LabelledEvent) =>
    events.find(
      (e) =>
        !used.has(e) &&
        e.kind === label.kind &&
        e.startTime <= label.endTime + MATCH_MS &&
        e.endTime >= label.startTime - MATCH_MS,
    );
  for (const label of curve.events) {
    if (label.litres < 200) continue;
    truth[label.kind]++;
    const hit = matchOf(label);
    if (!hit) {
      if (misses.length < 10)
        misses.push(
          `seed ${seed} kind ${label.kind} ${label.litres / 10} L at ${new Date(label.startTime).toISOString()} parked ${label.parked}`,
        );
      continue;
    }
    used.add(hit);
    found[label.kind]++;
    errors.push(Math.abs(hit.litres - label.litres) / 10);
    relErrors.push(Math.abs(hit.litres - label.litres) / label.litres);
  }
  detected += events.length;
  for (const e of events) {
    if (used.has(e)) continue;
    // an event matching a labelled one under 20 L is not false
    const small = curve.events.some(
      (l) => l.kind === e.kind && e.startTime <= l.endTime + MATCH_MS && e.endTime >= l.startTime - MATCH_MS,
    );
    if (!small) {
      falseEvents++;
      if (misses.length < 20)
        misses.push(
          `false: seed ${seed} kind ${e.kind} ${e.litres / 10} L at ${new Date(e.startTime).toISOString()} parked ${e.parked}`,
        );
    }
  }
}
errors.sort((a, b) => a - b);
relErrors.sort((a, b) => a - b);
const pct = (a: number, b: number) => `${((a / Math.max(1, b)) * 100).toFixed(2)} %`;
console.log(`accuracy on ${TRUCK_MONTHS} labelled truck-months:`);
for (const kind of kinds)
  console.log(
    `  ${kind === FUEL_EVENT_KIND.refuel ? 'refuels' : 'drains'} of 20 L or more: ${truth[kind]}, found ${found[kind]} (recall ${pct(found[kind], truth[kind])})`,
  );
console.log(
  `  events found ${detected}, false ${falseEvents} (${pct(falseEvents, detected)} of found events)`,
);
console.log(
  `  litre error: median ${percentile(errors, 0.5).toFixed(1)} L (${(percentile(relErrors, 0.5) * 100).toFixed(1)} %), p95 ${percentile(errors, 0.95).toFixed(1)} L (${(percentile(relErrors, 0.95) * 100).toFixed(1)} %)`,
);
if (process.env.FUEL_BENCH_VERBOSE) for (const m of misses) console.log(`  ${m}`);

if (process.env.FUEL_BENCH_DB !== '0') await benchFuelDatabase();
