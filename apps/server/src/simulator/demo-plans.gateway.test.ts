import { PLAN_STATE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_DATABASE, startTestApp, type TestApp } from '../test/support';
import { acceleratedClock, type SimClock } from './clock';
import { type PlannedRun, plannedStarts } from './demo-plans';
import { type FleetSimulator, simulatedTrucks, startSimulator } from './fleet';
import { distanceKm } from './geo';
import { vehicleProfiles } from './profile';

/**
 * A demo truck with a distributed plan of today (as the demo seeds it) through the real gateway and
 * ingest, ten simulated minutes a real second: it stands at its line's start station until it
 * leaves (on time or late), drives the line and stops at the plan's next station; the plan monitor
 * sees it leave (the plan runs, its first row left) and reach that station (max_seq 2).
 */

const SPEEDUP = 600;
const silent = { debug() {}, info() {}, warn() {} };

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Stop {
  seq: number;
  name: string;
  lat: number;
  lon: number;
  radius: number;
}

describe('a planned demo truck drives its plan’s line', { timeout: 150_000 }, () => {
  let clock: SimClock;
  let t: TestApp;
  let sim: FleetSimulator;
  let run: PlannedRun;
  let truckId = 0;
  let stops: Stop[] = [];

  beforeAll(async () => {
    // 10:00 in Beijing, the demo seeded at this moment
    clock = acceleratedClock(SPEEDUP, Date.UTC(2026, 10, 20, 2, 0, 0));
    t = await startTestApp(SQLITE_FILE_DATABASE, { jt808Port: 0, now: () => clock.now() });
    const now = clock.now();
    // a truck driven alone keeps its line only when it is the first line of its kind: pick the
    // soonest distributed plan of such a truck
    const fleet = simulatedTrucks(50);
    const plans = await t.db.db
      .selectFrom('plan')
      .innerJoin('truck', 'truck.id', 'plan.truck_id')
      .innerJoin('line', 'line.id', 'plan.line_id')
      .select([
        'plan.id',
        'plan.truck_id',
        'truck.car_no',
        'line.name as line_name',
        'plan.planned_depart_at',
      ])
      .where('plan.state', '=', PLAN_STATE.distributed)
      .orderBy('plan.planned_depart_at')
      .execute();
    const plan = plans.find((p) => {
      const truck = fleet.find((f) => f.carNo === p.car_no);
      return truck && vehicleProfiles([truck])[0]?.line.name === p.line_name;
    });
    if (!plan) throw new Error('the demo has no distributed plan of a truck on the first line of its kind');
    const truck = fleet.find((f) => f.carNo === plan.car_no);
    if (!truck) throw new Error('no such demo truck');
    truckId = plan.truck_id as number;
    const profiles = vehicleProfiles([truck]);
    const planned = await plannedStarts(t.db.db, profiles, now);
    run = planned.runs.get(truck.carNo) as PlannedRun;
    expect(run?.planId).toBe(plan.id);
    stops = (await t.db.db
      .selectFrom('plan_station as ps')
      .innerJoin('station as s', 's.id', 'ps.station_id')
      .select(['ps.seq', 's.name', 's.lat', 's.lon', 's.radius'])
      .where('ps.plan_id', '=', plan.id)
      .orderBy('ps.seq')
      .execute()) as Stop[];
    sim = startSimulator({
      host: '127.0.0.1',
      port: t.app.jt808Port ?? 0,
      vehicles: 1,
      trucks: [truck],
      clock,
      log: silent,
      start: planned.start,
      incidents: null,
    });
  });

  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  const positions = () =>
    t.db.db
      .selectFrom('position')
      .select(['time', 'lat', 'lon', 'speed'])
      .where('truck_id', '=', truckId)
      .orderBy('time')
      .execute();
  const metres = (p: { lat: number; lon: number }, s: Stop) =>
    distanceKm(p.lon / 1e6, p.lat / 1e6, s.lon / 1e6, s.lat / 1e6) * 1000;

  it('stands at the start station until it leaves, then reaches the next station of its plan', async () => {
    const [start, next] = stops;
    if (!start || !next) throw new Error('the plan has fewer than two stations');
    const first = await until('the first report', async () => (await positions())[0] ?? null);
    // at the start station, standing
    expect(metres(first, start)).toBeLessThan(start.radius);
    expect(first.speed).toBe(0);
    const reached = await until(`the truck at ${next.name}`, async () => {
      const rows = await positions();
      return rows.find((r) => metres(r, next) < next.radius) ?? null;
    });
    const rows = await positions();
    // it left the start fence no earlier than planned (or than the start, for a plan already late)
    const left = rows.find((r) => metres(r, start) > start.radius);
    expect(left).toBeDefined();
    expect(Number(left?.time)).toBeGreaterThanOrEqual(Math.min(run.leaveAt, Number(first.time)));
    expect(Number(left?.time)).toBeLessThan(Number(reached.time));
    // every report between the two stations lies on the way between them
    const between = rows.filter((r) => r.time > (left?.time ?? 0) && r.time < reached.time);
    expect(between.length).toBeGreaterThan(0);
    const legKm = distanceKm(start.lon / 1e6, start.lat / 1e6, next.lon / 1e6, next.lat / 1e6);
    for (const r of between) expect(metres(r, next) / 1000).toBeLessThan(legKm * 1.3);
    // it stops there (the plan's stations are stops)
    await until(`the truck standing at ${next.name}`, async () => {
      const after = (await positions()).filter((r) => r.time >= reached.time);
      return after.some((r) => r.speed === 0 && metres(r, next) < next.radius);
    });

    // the plan monitor moved the plan by these reports: running since it left, the next station reached
    const plan = await until('the plan at its second station', async () => {
      const row = await t.db.db
        .selectFrom('plan')
        .selectAll()
        .where('id', '=', run.planId)
        .executeTakeFirstOrThrow();
      return row.max_seq >= 2 ? row : null;
    });
    expect(plan.state).toBe(PLAN_STATE.running);
    expect(plan.max_seq).toBe(2);
    expect(Number(plan.departed_at)).toBeGreaterThan(Number(first.time));
    expect(Number(plan.departed_at)).toBeLessThanOrEqual(Number(left?.time));
    const stationRows = await t.db.db
      .selectFrom('plan_station')
      .select(['seq', 'actual_arrive_at', 'actual_depart_at'])
      .where('plan_id', '=', run.planId)
      .orderBy('seq')
      .execute();
    expect(stationRows[0]?.actual_depart_at).toBe(plan.departed_at);
    expect(Number(stationRows[1]?.actual_arrive_at)).toBeGreaterThan(Number(plan.departed_at));
    expect(Number(stationRows[1]?.actual_arrive_at)).toBeLessThanOrEqual(Number(reached.time));
    expect(stationRows.slice(2).every((r) => r.actual_arrive_at === null)).toBe(true);
  });
});
