import { PLAN_STATE } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { demoStationKm, demoTimetable } from '../db/seed/demo-plans';
import { type PlannedRun, plannedStart } from './demo-plans';
import { simulatedTrucks } from './fleet';
import { vehicleProfiles } from './profile';
import { Rng } from './rng';
import { TruckSim } from './truck';

const MINUTE = 60_000;
// 09:00 in Beijing
const NOW = Date.UTC(2026, 10, 20, 1, 0, 0);
const profiles = vehicleProfiles(simulatedTrucks(50));
const trunk = profiles.find((p) => p.line.name === '北京大兴至石家庄干线');

const run = (over: Partial<PlannedRun>): PlannedRun => ({
  planId: 1,
  planNo: 'JH1',
  state: PLAN_STATE.distributed,
  plate: trunk?.plate ?? '',
  leaveAt: NOW + 20 * MINUTE,
  pace: 1,
  maxSeq: 0,
  leftLastAt: null,
  ...over,
});

/** The times (ms) the truck comes to stand at each station after the start, driving until `hours`. */
function arrivals(truck: TruckSim, hours: number): { index: number; at: number }[] {
  const out: { index: number; at: number }[] = [];
  const route = truck.route;
  let last: number | null = truck.standingAt?.index ?? null;
  for (let t = NOW; t < NOW + hours * 3_600_000 && truck.route === route; t += 30_000) {
    truck.advanceTo(t);
    const at = truck.standingAt?.index ?? null;
    if (at !== null && at !== last) out.push({ index: at, at: t });
    last = at;
  }
  return out;
}

describe('a demo truck on a plan', () => {
  it('stands at the start until it leaves, then stops at every station of the line in order', () => {
    if (!trunk) throw new Error('no truck on the line');
    const start = plannedStart(trunk, run({}), NOW);
    expect(start).toMatchObject({ km: 0, activity: 'dwell', remainingMs: 20 * MINUTE, plan: { pace: 1 } });
    const truck = new TruckSim(trunk, start, NOW, Rng.of('drive', 1, trunk.phone, NOW));
    truck.advanceTo(NOW + 15 * MINUTE);
    expect(truck.km).toBe(0);
    const seen = arrivals(truck, 12);
    const stations = trunk.line.stations.length;
    expect(seen.map((s) => s.index).slice(0, stations - 1)).toEqual(
      Array.from({ length: stations - 1 }, (_, i) => i + 1),
    );
    // on time at the pace the office plans: no station reached more than 15 minutes late
    const timed = demoTimetable('trunk', demoStationKm(trunk.line), NOW + 20 * MINUTE);
    for (const s of seen.slice(0, stations - 1))
      expect(s.at - (timed[s.index]?.arrive ?? 0)).toBeLessThan(15 * MINUTE);
  });

  it('a slower truck reaches the end of its plan late', () => {
    if (!trunk) throw new Error('no truck on the line');
    const truck = new TruckSim(
      trunk,
      plannedStart(trunk, run({ pace: 0.75 }), NOW),
      NOW,
      Rng.of('drive', 1, trunk.phone, NOW),
    );
    const seen = arrivals(truck, 12);
    const end = seen.find((s) => s.index === trunk.line.stations.length - 1);
    const timed = demoTimetable('trunk', demoStationKm(trunk.line), NOW + 20 * MINUTE);
    expect(Number(end?.at) - Number(timed.at(-1)?.arrive)).toBeGreaterThan(15 * MINUTE);
  });

  it('a running plan starts past the last station it reached, and drives on as usual after the end', () => {
    if (!trunk) throw new Error('no truck on the line');
    const start = plannedStart(
      trunk,
      run({ state: PLAN_STATE.running, maxSeq: 2, leftLastAt: NOW - 10 * MINUTE }),
      NOW,
    );
    const km = demoStationKm(trunk.line);
    expect(start.activity).toBe('drive');
    expect(start.km).toBeGreaterThan(km[1] as number);
    expect(start.km).toBeLessThan(km[2] as number);
    const standing = plannedStart(
      trunk,
      run({ state: PLAN_STATE.running, maxSeq: 3, leftLastAt: null }),
      NOW,
    );
    expect(standing).toMatchObject({ activity: 'dwell', km: km[2] });
    const truck = new TruckSim(trunk, start, NOW, Rng.of('drive', 1, trunk.phone, NOW));
    expect(truck.planned).not.toBeNull();
    arrivals(truck, 24);
    // back on its way home: no plan any more
    expect(truck.route.reversed).toBe(true);
    expect(truck.planned).toBeNull();
  });
});
