import { describe, expect, it } from 'vitest';
import { calibrationProblem, fuelPercent, litresFromReading } from './calibration';
import { labelledCurve } from './curves';
import { detectFuelEvents, FUEL_EVENT_KIND, type FuelPoint } from './detect';

const T0 = Date.UTC(2026, 5, 1);
const MIN = 60_000;

/** Reports every 10 s: `plan` gives speed (km/h) and the true litres at a minute; noise on top. */
function curve(
  minutes: number,
  plan: (min: number) => { speed: number; litres: number },
  noise = 0,
): FuelPoint[] {
  const points: FuelPoint[] = [];
  let seed = 7;
  const rand = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  let lat = 30_000_000;
  for (let s = 0; s <= minutes * 60; s += 10) {
    const { speed, litres } = plan(s / 60);
    lat += Math.round((speed / 3600) * 10 * 9);
    const slosh = speed > 0 ? noise * Math.sin(s / 3) + (rand() - 0.5) * noise : (rand() - 0.5) * 0.4;
    points.push({
      time: T0 + s * 1000,
      fuel: Math.round((litres + slosh) * 10),
      speed: speed * 10,
      lat,
      lon: 114_000_000,
    });
  }
  return points;
}

describe('litres from a reading', () => {
  const table = [
    { reading: 0, litres: 0 },
    { reading: 1000, litres: 1500 },
    { reading: 2000, litres: 4000 },
  ];
  it('reads the calibration table piecewise linearly, and the reading itself without one', () => {
    expect(litresFromReading(500, table, null)).toBe(750);
    expect(litresFromReading(1500, table, null)).toBe(2750);
    expect(litresFromReading(2100, table, 500)).toBe(4250);
    expect(litresFromReading(1234, null, 400)).toBe(1234);
    expect(litresFromReading(9000, null, 400)).toBe(4200);
    expect(fuelPercent(2000, 400)).toBe(50);
    expect(fuelPercent(2000, null)).toBeNull();
  });
  it('refuses a table of one row or that does not increase', () => {
    expect(calibrationProblem([{ reading: 0, litres: 0 }])).toBe('标定表至少需要2行');
    expect(
      calibrationProblem([
        { reading: 0, litres: 0 },
        { reading: 100, litres: 200 },
        { reading: 100, litres: 300 },
      ]),
    ).toBe('第3行：传感器读数应大于上一行（10）');
    expect(calibrationProblem(table)).toBeNull();
  });
});

describe('fuel events', () => {
  it('finds a refuel while parked between two drives, with its litres, and nothing in the sloshing', () => {
    // drive 60 min at 80 km/h (0.5 L/min), stand 30 min with 150 L put in at minute 70-74, drive on
    const points = curve(
      150,
      (m) => {
        const speed = m < 60 || m >= 90 ? 80 : 0;
        const used = Math.min(m, 60) * 0.5 + Math.max(0, m - 90) * 0.5;
        const added = m < 70 ? 0 : Math.min(150, (m - 70) * 37.5);
        return { speed, litres: 200 - used + added };
      },
      4,
    );
    const events = detectFuelEvents(points, { tankCapacityL: 500 });
    expect(events).toHaveLength(1);
    const e = events[0];
    expect(e?.kind).toBe(FUEL_EVENT_KIND.refuel);
    expect(e?.parked).toBe(true);
    expect(Math.abs((e?.litres ?? 0) - 1500)).toBeLessThan(40);
    expect(Math.abs((e?.before ?? 0) - 1700)).toBeLessThan(30);
    expect(e?.startTime).toBeGreaterThanOrEqual(T0 + 68 * MIN);
    expect(e?.endTime).toBeLessThanOrEqual(T0 + 76 * MIN);
  });

  it('finds a drain while parked and one while creeping, and no refuel under 20 L', () => {
    const points = curve(
      240,
      (m) => {
        const speed = m < 100 ? 0 : m < 120 ? 5 : 0;
        let litres = 300;
        if (m >= 30) litres -= Math.min(45, (m - 30) * 9); // 45 L siphoned while parked
        if (m >= 105) litres -= Math.min(30, (m - 105) * 10); // 30 L while creeping at 5 km/h
        if (m >= 180) litres += Math.min(15, (m - 180) * 15); // 15 L top-up: under the threshold
        return { speed, litres };
      },
      2,
    );
    const events = detectFuelEvents(points, { tankCapacityL: 500 });
    expect(events.map((e) => [e.kind, e.parked])).toEqual([
      [FUEL_EVENT_KIND.drain, true],
      [FUEL_EVENT_KIND.drain, false],
    ]);
    expect(Math.abs((events[0]?.litres ?? 0) - 450)).toBeLessThan(20);
    expect(Math.abs((events[1]?.litres ?? 0) - 300)).toBeLessThan(20);
  });

  it('measures litres through the calibration table', () => {
    // the sensor reads half of what is in the tank
    const points = curve(60, (m) => ({ speed: 0, litres: m < 30 ? 50 : 100 })).map((p) => ({
      ...p,
      fuel: Math.round((p.fuel ?? 0) / 2),
    }));
    const table = [
      { reading: 0, litres: 0 },
      { reading: 3000, litres: 6000 },
    ];
    const raw = detectFuelEvents(points, { tankCapacityL: 600 });
    const calibrated = detectFuelEvents(points, { tankCapacityL: 600, table });
    expect(raw[0]?.litres).toBeCloseTo(250, -1);
    expect(calibrated[0]?.litres).toBeCloseTo(500, -1);
  });

  it('normal driving burns fuel without events', () => {
    const points = curve(600, (m) => ({ speed: m % 120 < 100 ? 85 : 0, litres: 400 - m * 0.45 }), 5);
    expect(detectFuelEvents(points, { tankCapacityL: 500 })).toEqual([]);
  });

  it('finds every labelled refuel and drain of a simulated truck-month', () => {
    const month = labelledCurve({ seed: 3, days: 10 });
    const events = detectFuelEvents(month.points, { table: month.table, tankCapacityL: month.tankCapacityL });
    const big = month.events.filter((e) => e.litres >= 200);
    expect(big.length).toBeGreaterThan(5);
    for (const label of big) {
      const hit = events.find(
        (e) =>
          e.kind === label.kind &&
          e.startTime <= label.endTime + 10 * MIN &&
          e.endTime >= label.startTime - 10 * MIN,
      );
      expect(hit, `${label.kind} at ${new Date(label.startTime).toISOString()}`).toBeDefined();
      expect(Math.abs((hit?.litres ?? 0) - label.litres) / label.litres).toBeLessThan(0.05);
    }
    expect(events.length).toBe(big.length);
  });
});
