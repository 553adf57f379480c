import type { CalibrationRow } from './calibration';
import { FUEL_EVENT_KIND, type FuelEventKind, type FuelPoint } from './detect';

/**
 * Labelled fuel curves for tests and the benchmark: a truck-month of reports every `stepS` seconds
 * with the refuels and drains put into it. Days of 2-4 legs at 50-90 km/h burning 25-40 L/100 km,
 * stops between legs (a refuel at some of them when the tank is under 40 %), nights parked. The
 * tank sloshes ±2-5 L while moving (a wave of 5-30 s and a random part), the sensor adds ±0.5 L of
 * noise, rounds to tenths, drops 0.5 % of readings and now and then reports one wild value (±30 L).
 * Refuels put in 20-400 L at 30-60 L/min; drains take 20-150 L at 5-30 L/min, most while parked at
 * night, some while the truck creeps at 3-10 km/h. Half the trucks have a non-linear sensor with a
 * calibration table. Seeded: the same seed gives the same month.
 */
export interface LabelledEvent {
  kind: FuelEventKind;
  startTime: number;
  endTime: number;
  /** Tenths of a litre. */
  litres: number;
  parked: boolean;
}

export interface LabelledCurve {
  points: FuelPoint[];
  events: LabelledEvent[];
  tankCapacityL: number;
  table: CalibrationRow[] | null;
}

export interface CurveOptions {
  seed: number;
  days?: number;
  stepS?: number;
  start?: number;
  /** Chance of a drain per night, and per day while creeping. */
  drainPerNight?: number;
  drainCreepingPerDay?: number;
}

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sensor that reads high in the middle of the tank: reading = f(litres), and its table. */
function sensorOf(capacityL: number): { read: (litres: number) => number; table: CalibrationRow[] } {
  const f = (l: number) => l + 0.12 * l * (1 - l / capacityL); // tenths in, tenths out (bulge)
  const table: CalibrationRow[] = [];
  for (let i = 0; i <= 10; i++) {
    const litres = (capacityL * 10 * i) / 10;
    table.push({ reading: Math.round(f(litres / 10) * 10), litres: Math.round(litres) });
  }
  return { read: (litresTenths) => f(litresTenths / 10) * 10, table };
}

type Phase =
  | { kind: 'drive'; until: number; speed: number }
  | { kind: 'stand'; until: number }
  | { kind: 'creep'; until: number; speed: number };

export function labelledCurve(options: CurveOptions): LabelledCurve {
  const r = rng(options.seed);
  const range = (lo: number, hi: number) => lo + (hi - lo) * r();
  const days = options.days ?? 31;
  const step = (options.stepS ?? 10) * 1000;
  const start = options.start ?? Date.UTC(2026, 0, 1, 16); // Shanghai midnight
  const capacity = Math.round(range(400, 600));
  const per100 = range(25, 40);
  const calibrated = r() < 0.5;
  const sensor = calibrated ? sensorOf(capacity) : null;
  const gauss = () => (r() + r() + r() + r() - 2) * 0.87; // σ ≈ 0.5
  const events: LabelledEvent[] = [];
  const points: FuelPoint[] = [];
  let fuel = capacity * range(0.5, 0.9); // litres
  let lat = range(30, 40);
  let lon = range(110, 120);
  let heading = range(0, Math.PI * 2);
  const end = start + days * 86_400_000;

  // a day's plan: phases and the events planned in them
  interface Planned {
    kind: FuelEventKind;
    at: number;
    litres: number;
    rate: number;
    parked: boolean;
    done: number;
  }
  let phases: Phase[] = [];
  let planned: Planned[] = [];
  const planDay = (day0: number) => {
    phases = [];
    planned = [];
    let t = day0 + range(5, 8) * 3_600_000;
    phases.push({ kind: 'stand', until: t });
    const legs = 2 + Math.floor(r() * 3);
    for (let leg = 0; leg < legs; leg++) {
      t += range(1.5, 4) * 3_600_000;
      phases.push({ kind: 'drive', until: t, speed: range(50, 90) });
      const stop = range(15, 60) * 60_000;
      phases.push({ kind: 'stand', until: t + stop });
      if (r() < 0.6)
        planned.push({
          kind: FUEL_EVENT_KIND.refuel,
          at: t + range(2, 6) * 60_000,
          litres: 0,
          rate: range(30, 60),
          parked: true,
          done: 0,
        });
      t += stop;
      if (r() < (options.drainCreepingPerDay ?? 0.08) && leg < legs - 1) {
        const creep = range(6, 12) * 60_000;
        phases.push({ kind: 'creep', until: t + creep, speed: range(3, 10) });
        planned.push({
          kind: FUEL_EVENT_KIND.drain,
          at: t + range(1, 3) * 60_000,
          litres: range(20, 80),
          rate: range(10, 30),
          parked: false,
          done: 0,
        });
        t += creep;
      }
    }
    phases.push({ kind: 'stand', until: day0 + 86_400_000 });
    if (r() < (options.drainPerNight ?? 0.25))
      planned.push({
        kind: FUEL_EVENT_KIND.drain,
        at: t + range(1, 5) * 3_600_000,
        litres: range(20, 150),
        rate: range(5, 30),
        parked: true,
        done: 0,
      });
  };

  let day0 = start;
  planDay(day0);
  let phase = 0;
  let active: { p: Planned; from: number; target: number } | null = null;
  let slosh = 0;
  const wave = range(5, 30) * 1000;
  const amp = range(2, 5);
  for (let time = start; time < end; time += step) {
    if (time >= day0 + 86_400_000) {
      day0 += 86_400_000;
      planDay(day0);
      phase = 0;
    }
    while (phase < phases.length - 1 && time >= (phases[phase] as Phase).until) phase++;
    const ph = phases[phase] as Phase;
    const speed = ph.kind === 'stand' ? 0 : ph.speed * range(0.9, 1.1);
    // driving
    const kmStep = (speed * step) / 3_600_000;
    fuel -= (per100 * kmStep) / 100 + (ph.kind === 'stand' ? 0 : 0);
    heading += range(-0.05, 0.05);
    lat += (Math.cos(heading) * kmStep) / 111.2;
    lon += (Math.sin(heading) * kmStep) / (111.2 * Math.cos((lat * Math.PI) / 180));
    // planned events
    for (const p of planned) {
      if (p.done || active || time < p.at) continue;
      if (p.kind === FUEL_EVENT_KIND.refuel) {
        if (fuel > capacity * 0.4) {
          p.done = 1;
          continue;
        }
        p.litres = Math.min(range(20, 400), capacity * 0.98 - fuel);
        if (p.litres < 20) {
          p.done = 1;
          continue;
        }
      } else p.litres = Math.min(p.litres, fuel - 30);
      if (p.litres < 20) {
        p.done = 1;
        continue;
      }
      if (p.parked === false && ph.kind !== 'creep') {
        p.done = 1;
        continue;
      }
      if (p.parked && ph.kind !== 'stand') continue;
      active = {
        p,
        from: time,
        target: p.kind === FUEL_EVENT_KIND.refuel ? fuel + p.litres : fuel - p.litres,
      };
      p.done = 1;
    }
    if (active) {
      const delta = (active.p.rate * step) / 60_000;
      const p = active.p;
      if (p.kind === FUEL_EVENT_KIND.refuel) fuel = Math.min(active.target, fuel + delta);
      else fuel = Math.max(active.target, fuel - delta);
      if (fuel === active.target) {
        events.push({
          kind: p.kind,
          startTime: active.from,
          endTime: time,
          litres: Math.round(p.litres * 10),
          parked: p.parked,
        });
        active = null;
      }
    }
    if (fuel < 0) fuel = 0;
    // what the sensor says
    slosh = speed > 0 ? 0.7 * slosh + range(-0.3, 0.3) * amp : 0;
    const sloshing = speed > 0 ? amp * Math.sin((2 * Math.PI * time) / wave) * range(0.6, 1) + slosh : 0;
    let litres = fuel + sloshing + gauss();
    if (r() < 0.001) litres += range(-30, 30);
    const tenths = Math.max(0, litres * 10);
    const reading = r() < 0.005 ? null : Math.round(sensor ? sensor.read(tenths) : tenths);
    points.push({
      time,
      fuel: reading,
      speed: Math.round(speed * 10),
      lat: Math.round(lat * 1e6),
      lon: Math.round(lon * 1e6),
    });
  }
  return { points, events, tankCapacityL: capacity, table: sensor?.table ?? null };
}
