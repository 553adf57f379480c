import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { CITY, placeDemoVehicles, TEAM_1, TEAM_2 } from './monitor-fixture';

describe.each(TEST_DATABASES)('vehicle lookups and trees on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let fleet: Awaited<ReturnType<typeof placeDemoVehicles>>;
  const of = (team: string) => fleet.of(team);
  const nth = (team: string, i: number) => fleet.nth(team, i);

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    fleet = await placeDemoVehicles(t);
  });
  afterAll(() => t.close());

  it('lookups list only the caller’s subtree, page by 20 and leave out empty plates', async () => {
    const mine = await call(t.app, 'POST', '/api/truck/no/list', {
      token: dispatch,
      body: { pageSize: 500 },
    });
    expect(mine.body.code).toBe(200);
    expect(new Set(mine.body.data.map((o: { vin: string }) => o.vin))).toEqual(
      new Set(of(TEAM_1).map((x) => x.vin)),
    );
    expect(mine.body.data[0]).toEqual({
      value: expect.stringMatching(/^京A/),
      vin: expect.any(String),
      id: expect.any(Number),
      tid: expect.stringMatching(/^138/),
      disabled: false,
    });
    const all = await call(t.app, 'POST', '/api/truck/no/list', { token: admin, body: {} });
    expect(all.body.data).toHaveLength(20);
    const page3 = await call(t.app, 'POST', '/api/truck/no/list', { token: admin, body: { pageNum: 3 } });
    // 40 trucks in the logistics merchant: the third page is empty, and no coal truck shows
    expect(page3.body.data).toEqual([]);
    const every = await call(t.app, 'POST', '/api/truck/no/list', { token: admin, body: { pageSize: 500 } });
    expect(every.body.data).toHaveLength(40);
    expect(every.text).not.toContain('蒙K');

    const blank = nth(TEAM_1, 5);
    await t.db.db.updateTable('truck').set({ car_no: ' ' }).where('id', '=', blank.id).execute();
    try {
      const after = await call(t.app, 'POST', '/api/truck/no/listNew', {
        token: dispatch,
        body: { pageSize: 500 },
      });
      expect(after.body.data).toHaveLength(of(TEAM_1).length - 1);
      expect(after.body.data.every((o: { value: string }) => o.value.trim() !== '')).toBe(true);
      expect(after.body.data[0]).toMatchObject({
        teamName: '干线一分队',
        teamCode: TEAM_1,
        carId: expect.any(Number),
      });
    } finally {
      await t.db.db.updateTable('truck').set({ car_no: blank.car_no }).where('id', '=', blank.id).execute();
    }
    const search = await call(t.app, 'POST', '/api/truck/no/car/list', {
      token: admin,
      body: { carNo: nth(TEAM_2, 0).car_no.slice(1), teamCodeList: [TEAM_2] },
    });
    expect(search.body.data.map((o: { vin: string }) => o.vin)).toEqual([nth(TEAM_2, 0).vin]);
  });

  it('safety lookups list vehicles with video terminals, and the online ones', async () => {
    const video = nth(TEAM_1, 0);
    const silent = nth(TEAM_1, 2);
    await t.db.db
      .updateTable('truck')
      .set({ video_channels: 4 })
      .where('id', 'in', [video.id, silent.id])
      .execute();
    try {
      const safety = await call(t.app, 'POST', '/api/truck/no/listFilterSafety', {
        token: dispatch,
        body: {},
      });
      expect(safety.body.data.map((o: { vin: string }) => o.vin).sort()).toEqual(
        [video.vin, silent.vin].sort(),
      );
      const online = await call(t.app, 'POST', '/api/truck/no/listFilterSafetyAndOnLine', {
        token: dispatch,
        body: {},
      });
      expect(online.body.data.map((o: { vin: string }) => o.vin)).toEqual([video.vin]);
      const tree = await call(t.app, 'GET', '/api/local/team/truckAdasTree', { token: dispatch });
      expect(tree.body.data[0].total).toBe(2);
    } finally {
      await t.db.db
        .updateTable('truck')
        .set({ video_channels: 0 })
        .where('id', 'in', [video.id, silent.id])
        .execute();
    }
  });

  it('builds the team tree with vehicles and online counts, scoped to the caller', async () => {
    const tree = await call(t.app, 'GET', '/api/local/team/truckTree', { token: admin });
    expect(tree.body.code).toBe(200);
    const [root] = tree.body.data;
    expect(root).toMatchObject({ teamCode: '1000001', total: 40, onlineCount: 5, cars: [] });
    const trunk = root.children.find((c: { teamCode: string }) => c.teamCode === '1000001001');
    expect(trunk).toMatchObject({ teamName: '干线运输车队', onlineCount: 4 });
    const first = trunk.children.find((c: { teamCode: string }) => c.teamCode === TEAM_1);
    expect(first.cars).toHaveLength(of(TEAM_1).length);
    expect(first.cars[0]).toMatchObject({
      vin: expect.any(String),
      carNo: expect.any(String),
      tid: expect.any(String),
    });

    const mine = await call(t.app, 'GET', '/api/local/team/truckTree', { token: dispatch });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      teamCode: TEAM_1,
      total: of(TEAM_1).length,
      onlineCount: 3,
      children: [],
    });

    const filtered = await call(t.app, 'POST', '/api/monitor/carTree', {
      token: admin,
      body: { state: 'moving' },
    });
    expect(filtered.body.data[0].total).toBe(3);
    const cars = await call(t.app, 'POST', '/api/local/team/cars', {
      token: admin,
      body: { teamCode: '1000001002' },
    });
    expect(cars.body.data.list.map((c: { vin: string }) => c.vin)).toEqual(
      of(CITY)
        .map((x) => x.vin)
        .sort((a, b) => {
          const pa = of(CITY).find((x) => x.vin === a)?.car_no ?? '';
          const pb = of(CITY).find((x) => x.vin === b)?.car_no ?? '';
          return pa < pb ? -1 : pa > pb ? 1 : 0;
        }),
    );
    const flushed = await call(t.app, 'POST', '/api/local/team/tree/flush', { token: dispatch });
    expect(flushed.body.data[0]).toMatchObject({ teamCode: TEAM_1, total: of(TEAM_1).length });
  });
});
