import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { FleetSnapshots, type MapFilter } from './fleet-snapshot';
import { placeDemoVehicles, TEAM_1, TEAM_2 } from './monitor-fixture';

describe.each(TEST_DATABASES)('fleet snapshot on $name', (database) => {
  let t: TestApp;
  let snapshots: FleetSnapshots;
  beforeAll(async () => {
    t = await startTestApp(database);
    snapshots = new FleetSnapshots(t.db.db, t.db.dialect, t.now);
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  const filter = (teamCode: string, state: MapFilter['state'] = 'all'): MapFilter => ({
    scope: { merchantId: 1, teamCode },
    teamCodeList: [],
    vinList: [],
    keyword: '',
    state,
  });

  it('keeps each caller to their team subtree, and follows a truck moved to another team', async () => {
    const fleet = await placeDemoVehicles(t);
    const moved = fleet.nth(TEAM_1, 0);
    const first = await snapshots.index(filter(TEAM_1));
    expect(first.vehicles.map((v) => v.vin)).toContain(moved.vin);
    expect(first.vehicles.every((v) => v.teamCode === TEAM_1)).toBe(true);
    expect(first.counts).toEqual({ total: 4, online: 3, offline: 1, moving: 2, parked: 1, alarm: 1 });
    const whole = await snapshots.index(filter('1000001', 'moving'));
    expect(whole.vehicles).toHaveLength(3);
    expect(whole.counts.total).toBe(6);

    await t.db.db
      .updateTable('truck')
      .set({ team_code: TEAM_2, updated_at: t.now() + 1 })
      .where('id', '=', moved.id)
      .execute();
    await snapshots.refresh(1);
    const after = await snapshots.index(filter(TEAM_1));
    expect(after.vehicles.map((v) => v.vin)).not.toContain(moved.vin);
    const second = await snapshots.index(filter(TEAM_2));
    expect(second.vehicles.map((v) => v.vin)).toContain(moved.vin);
    // the other merchant's trucks are never in this merchant's snapshot
    const coal = await snapshots.index({
      ...filter('2000001'),
      scope: { merchantId: 2, teamCode: '2000001' },
    });
    expect(coal.vehicles.map((v) => v.carNo)).toEqual([expect.stringMatching(/^蒙K/)]);
  });
});
