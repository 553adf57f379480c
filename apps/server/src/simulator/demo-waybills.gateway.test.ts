import { WAYBILL_SOURCE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_DATABASE, startTestApp, type TestApp } from '../test/support';
import { acceleratedClock, type SimClock } from './clock';
import { type DemoWaybills, startDemoWaybills } from './demo-waybills';
import { type FleetSimulator, simulatedTrucks, startSimulator } from './fleet';
import { type VehicleProfile, vehicleProfiles } from './profile';
import { Route } from './route';
import type { TruckStart } from './truck';

/**
 * A simulated city truck on the priced 天津河西城配线 (a round from its depot and back) through the
 * real gateway, ingest and waybill fences, ten simulated minutes a real second: the demo's
 * dispatcher gives it an open waybill, its own fence events move the waybill 待装货 → 装货中 →
 * 运输中 → 已到达 (the loading slip weighed by the office while it stands at the depot), and the next
 * run of its line gets a new waybill.
 */

const SPEEDUP = 600;
const silent = { debug() {}, info() {}, warn() {} };
const truck = simulatedTrucks(50).find((t) => t.kind === 'city');

/** Two km before the depot at the end of its round, driving in. */
function startOf(profile: VehicleProfile, time: number): TruckStart {
  const route = Route.of(profile.line);
  return {
    route,
    km: route.lengthKm - 2,
    activity: 'drive',
    remainingMs: 0,
    speed: 30,
    load: 'empty',
    fuel: profile.tankCapacity * 0.7,
    odometer: 50_000,
    drivenSinceBreakS: 0,
    lastRestEnd: time - 2 * 3_600_000,
  };
}

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('waybills of the simulated trucks, moved by their own fence events', { timeout: 150_000 }, () => {
  let clock: SimClock;
  let t: TestApp;
  let sim: FleetSimulator;
  let demo: DemoWaybills;
  let truckId = 0;

  beforeAll(async () => {
    if (!truck) throw new Error('the demo fleet has no city truck');
    const profile = vehicleProfiles([truck])[0];
    expect(profile?.line.name).toBe('天津河西城配线');
    // 10:00 in Tianjin: the city truck works
    clock = acceleratedClock(SPEEDUP, Date.UTC(2026, 10, 20, 2, 0, 0));
    t = await startTestApp(SQLITE_FILE_DATABASE, { jt808Port: 0, now: () => clock.now() });
    const row = await t.db.db
      .selectFrom('truck')
      .select('id')
      .where('car_no', '=', truck.carNo)
      .executeTakeFirstOrThrow();
    truckId = row.id;
    sim = startSimulator({
      host: '127.0.0.1',
      port: t.app.jt808Port ?? 0,
      vehicles: 1,
      trucks: [truck],
      clock,
      log: silent,
      start: startOf,
      incidents: null,
    });
    // a simulated minute between rounds, as the demo runs them
    demo = startDemoWaybills({
      db: t.db.db,
      fences: t.app.telematics.waybills,
      profiles: sim.clients.map((c) => c.profile),
      now: () => clock.now(),
      everyMs: 100,
      log: { info() {}, error() {} },
    });
  });

  afterAll(async () => {
    await demo?.stop();
    await sim?.stop();
    await t?.close();
  });

  const waybillsOfTruck = () =>
    t.db.db.selectFrom('waybill').selectAll().where('truck_id', '=', truckId).orderBy('id').execute();

  it('an open waybill of the line’s priced customer moves 1 → 2 → 3 → 4 by 车辆定位, weighed by the office at loading', async () => {
    const [first] = await until('an open waybill of the truck', async () => {
      const rows = await waybillsOfTruck();
      return rows.length > 0 ? rows : null;
    });
    if (!first) throw new Error('no waybill');
    const line = await t.db.db
      .selectFrom('line')
      .select(['name', 'id'])
      .where('id', '=', first.line_id)
      .executeTakeFirstOrThrow();
    expect(line.name).toBe('天津河西城配线');
    const customer = await t.db.db
      .selectFrom('customer')
      .select('customer_name')
      .where('id', '=', first.customer_id)
      .executeTakeFirstOrThrow();
    expect(customer.customer_name).toBe('天津联华超市有限公司');
    expect(first.source).toBe(WAYBILL_SOURCE.office);
    const depot = await t.db.db
      .selectFrom('station')
      .select(['id', 'name'])
      .where('id', '=', first.loading_station_id)
      .executeTakeFirstOrThrow();
    expect(depot.name).toBe('河西陈塘庄配送中心');
    expect(first.unloading_station_id).toBe(depot.id);

    const arrived = await until('the waybill to arrive', async () => {
      const row = (await waybillsOfTruck()).find((w) => w.id === first.id);
      return row && row.status === 4 ? row : null;
    });
    const flow = await t.db.db
      .selectFrom('waybill_flow')
      .selectAll()
      .where('waybill_id', '=', first.id)
      .orderBy('id')
      .execute();
    const moves = flow.filter((f) => f.action === 2);
    expect(moves.map((f) => [f.from_status, f.to_status, f.source])).toEqual([
      [1, 2, WAYBILL_SOURCE.gps],
      [2, 3, WAYBILL_SOURCE.gps],
      [3, 4, WAYBILL_SOURCE.gps],
    ]);
    for (const m of moves) {
      expect(m.station_id).toBe(depot.id);
      expect(m.actor_name).toBe(truck?.carNo);
      expect(m.lat).toBeGreaterThan(38.9);
      expect(m.lng).toBeGreaterThan(117.1);
    }
    expect(moves[0]?.content).toContain('驶入装货地“河西陈塘庄配送中心”围栏');
    expect(moves[1]?.content).toContain('驶离装货地');
    expect(moves[2]?.content).toContain('驶入卸货地');
    // the loading slip, weighed by the office between entering and leaving the depot
    const pound = flow.find((f) => f.action === 3);
    expect(pound?.source).toBe(WAYBILL_SOURCE.office);
    expect(pound?.actor_name).toBe('系统管理员');
    expect(Number(pound?.at)).toBeGreaterThan(Number(moves[0]?.at));
    expect(Number(pound?.at)).toBeLessThan(Number(moves[1]?.at));
    expect(Number(arrived.loading_at)).toBeLessThan(Number(arrived.departed_at));
    expect(Number(arrived.departed_at)).toBeLessThan(Number(arrived.arrived_at));
    // a light truck's load, priced per trip (450.00 yuan) at loading
    expect(arrived.loading_net_kg).toBeGreaterThanOrEqual(1_500);
    expect(arrived.loading_net_kg).toBeLessThanOrEqual(3_800);
    expect(Number(arrived.price_fen)).toBe(45_000);
    expect(Number(arrived.freight_fen)).toBe(45_000);

    // the next run of the line: a new open waybill, which the truck's stay at the depot moves on
    const next = await until('the next waybill', async () => {
      const rows = await waybillsOfTruck();
      return rows.find((w) => w.id > first.id) ?? null;
    });
    expect(next.status).toBeLessThanOrEqual(2);
    expect(next.bill_no).not.toBe(first.bill_no);
    expect(demo.counts.created).toBeGreaterThanOrEqual(2);
    expect(demo.counts.departed).toBe(0);
  });
});
