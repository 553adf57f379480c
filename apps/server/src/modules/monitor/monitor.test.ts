import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { CITY, COAL, placeDemoVehicles, TEAM_1, TEAM_2 } from './monitor-fixture';
import { placeTruck } from './test-fixtures';

describe.each(TEST_DATABASES)('monitoring on $name', (database) => {
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

  it('clusters vehicles on the server at a low zoom and shows single vehicles at a high zoom', async () => {
    const low = await call(t.app, 'POST', '/api/monitor/point/aggregate2', {
      token: admin,
      body: { zoom: 4 },
    });
    expect(low.body.code).toBe(200);
    const { clusters, vehicles, counts, total } = low.body.data;
    expect(total).toBe(6);
    expect(counts).toEqual({ total: 6, online: 5, offline: 1, moving: 3, parked: 2, alarm: 1 });
    const big = clusters.find((c: { count: number }) => c.count >= 4);
    expect(big).toMatchObject({
      id: expect.any(Number),
      lng: expect.any(Number),
      gcj02Lng: expect.any(Number),
    });
    expect(big.expansionZoom).toBeGreaterThan(4);
    expect(clusters.reduce((n: number, c: { count: number }) => n + c.count, 0) + vehicles.length).toBe(6);
    expect(low.text).not.toContain(nth(COAL, 0).vin);

    const high = await call(t.app, 'POST', '/api/monitor/point/aggregate2', {
      token: admin,
      body: { zoom: 18, minLng: 116.39, minLat: 39.9, maxLng: 116.41, maxLat: 39.92 },
    });
    expect(high.body.data.clusters).toEqual([]);
    expect(high.body.data.vehicles.map((v: { vin: string }) => v.vin).sort()).toEqual(
      [nth(TEAM_1, 0).vin, nth(TEAM_1, 1).vin].sort(),
    );
    const moving = high.body.data.vehicles.find((v: { vin: string }) => v.vin === nth(TEAM_1, 0).vin);
    expect(moving).toMatchObject({
      carNo: nth(TEAM_1, 0).car_no,
      lng: 116.397,
      lat: 39.908,
      direction: 45,
      speed: 62,
      online: true,
      state: '行驶',
      stateCode: 'moving',
      alarm: false,
      bd09Lng: expect.any(Number),
    });

    const alarms = await call(t.app, 'POST', '/api/monitor/point/aggregate2', {
      token: admin,
      body: { zoom: 18, state: 'ALARM' },
    });
    expect(alarms.body.data.vehicles.map((v: { vin: string }) => v.vin)).toEqual([nth(TEAM_1, 3).vin]);
    const team = await call(t.app, 'POST', '/api/monitor/point/aggregate2', {
      token: admin,
      body: { zoom: 18, teamCodeList: [CITY] },
    });
    expect(team.body.data.vehicles.map((v: { vin: string }) => v.vin)).toEqual([nth(CITY, 0).vin]);
    // the snapshot is kept about 2 s; the tree's flush drops it at once
    const newcomer = nth(TEAM_2, 1);
    await placeTruck(t.db.db, newcomer.id, { lat: 40.5, lng: 115.5, speed: 40 }, t.now());
    await call(t.app, 'POST', '/api/local/team/tree/flush', { token: admin });
    const fresh = await call(t.app, 'POST', '/api/monitor/point/aggregate2', {
      token: admin,
      body: { zoom: 18, vinList: [newcomer.vin] },
    });
    expect(fresh.body.data.vehicles).toMatchObject([{ vin: newcomer.vin, lng: 115.5, lat: 40.5, speed: 40 }]);
    await t.db.db.deleteFrom('vehicle_state').where('truck_id', '=', newcomer.id).execute();
    await call(t.app, 'POST', '/api/local/team/tree/flush', { token: admin });

    const bad = await call(t.app, 'POST', '/api/monitor/point/aggregate2', {
      token: admin,
      body: { state: 'flying' },
    });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('车辆状态');
    // the dispatcher has no full-map monitoring menu
    const refused = await call(t.app, 'POST', '/api/monitor/point/aggregate2', { token: dispatch, body: {} });
    expect(refused.status).toBe(403);
  });

  it('shows the vehicle card with driver, place, state and its duration, fuel and mileage', async () => {
    const truck = nth(TEAM_1, 0);
    const res = await call(t.app, 'POST', '/api/monitor/car/card', {
      token: admin,
      body: { vin: truck.vin },
    });
    expect(res.body.code).toBe(200);
    const card = res.body.data;
    const driver = await t.db.db
      .selectFrom('driver')
      .select(['name', 'phone'])
      .where('id', '=', truck.driver_id as number)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({
      vin: truck.vin,
      carNo: truck.car_no,
      tid: expect.stringMatching(/^138000000\d\d$/),
      driverName: driver.name,
      driverPhone: driver.phone,
      teamName: '干线一分队',
      speed: 62,
      direction: 45,
      directionText: '东北',
      state: '行驶',
      stateCode: 'moving',
      online: true,
      acc: 1,
      accText: '开',
      mileage: 120345.6,
      fuel: 300,
      fuelPercent: 50,
      cityCode: '110100',
    });
    expect(card.place).toMatch(/^北京市/);
    expect(card.reportTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const offline = nth(TEAM_1, 2);
    const got = await call(t.app, 'GET', '/api/local/truck/card/info', {
      token: admin,
      query: { vin: offline.vin },
    });
    expect(got.body.data).toMatchObject({ state: '离线', online: false, stateDuration: '1小时' });

    await t.db.db.updateTable('truck').set({ driver_id: null }).where('id', '=', offline.id).execute();
    const unknown = await call(t.app, 'POST', '/api/monitor/car/card', {
      token: admin,
      body: { vin: offline.vin },
    });
    expect(unknown.body.data.driverName).toBe('未知司机');

    const foreign = await call(t.app, 'POST', '/api/monitor/car/card', {
      token: admin,
      body: { vin: nth(COAL, 0).vin },
    });
    expect(foreign.body.code).toBe(404);
    const missing = await call(t.app, 'POST', '/api/monitor/car/card', { token: admin, body: {} });
    expect(missing.body).toMatchObject({ code: 400, msg: '车架号: 请选择车辆' });

    const info = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/info', {
      token: admin,
      body: { vin: truck.vin },
    });
    expect(info.body.data).toMatchObject({ vin: truck.vin, protocolVersion: '2013', alarms: [] });
    const alarming = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/info', {
      token: admin,
      body: { vin: nth(TEAM_1, 3).vin },
    });
    expect(alarming.body.data.alarms).toEqual(['超速报警']);
    expect(alarming.body.data.place).toContain('延庆区');
  });

  it('the parked duration comes from the open stop', async () => {
    const parked = nth(TEAM_1, 1);
    await t.db.db
      .insertInto('stop')
      .values({
        merchant_id: 1,
        team_code: TEAM_1,
        truck_id: parked.id,
        start_time: t.now() - 25 * 60_000,
        end_time: null,
        lat: 39_910_000,
        lon: 116_400_000,
      })
      .execute();
    const card = await call(t.app, 'POST', '/api/monitor/car/card', {
      token: admin,
      body: { vin: parked.vin },
    });
    expect(card.body.data).toMatchObject({ state: '停车', stateDuration: '25分' });
  });

  it('lists the monitored vehicles with counts and exports them as a real xlsx', async () => {
    const res = await call(t.app, 'POST', '/api/v2/web/monitor/local/team/carList', {
      token: admin,
      body: { state: 'ONLINE', pageSize: 3 },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.list).toHaveLength(3);
    expect(res.body.data.counts).toMatchObject({ total: 40, online: 5, offline: 35 });
    expect(res.body.data.list[0]).toMatchObject({
      vin: expect.any(String),
      place: expect.any(String),
      online: true,
    });

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v2/web/monitor/local/team/carList/export',
      headers: { 'auth-token': admin },
      payload: { teamCodeList: [TEAM_1] },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.headers['content-disposition']).toContain(encodeURIComponent('监控车辆列表.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('车牌号');
    expect(sheet?.rowCount).toBe(of(TEAM_1).length + 1);
    const plates = (sheet?.getColumn(2).values ?? []).slice(2);
    expect(new Set(plates)).toEqual(new Set(of(TEAM_1).map((x) => x.car_no)));
    const moving = sheet
      ?.getRows(2, of(TEAM_1).length)
      ?.find((r) => r.getCell(3).value === nth(TEAM_1, 0).vin);
    expect(moving?.getCell(9).value).toBe('行驶');
    expect(String(moving?.getCell(16).value)).toMatch(/^北京市/);
  });

  it('answers terminal status, fleet figures, vehicle info, live positions and today’s trips', async () => {
    const truck = nth(TEAM_1, 0);
    const status = await call(t.app, 'POST', '/api/truck/queryTerminal/status', {
      token: dispatch,
      body: { vin: truck.vin },
    });
    expect(status.body.data).toMatchObject({
      vin: truck.vin,
      online: true,
      onlineText: '在线',
      bound: true,
      protocolVersion: '2013',
    });
    const byTid = await call(t.app, 'POST', '/api/truck/queryTerminal/status', {
      token: dispatch,
      body: { tid: status.body.data.tid },
    });
    expect(byTid.body.data.vin).toBe(truck.vin);
    const other = await call(t.app, 'POST', '/api/truck/queryTerminal/status', {
      token: dispatch,
      body: { vin: nth(TEAM_2, 0).vin },
    });
    expect(other.body.code).toBe(404);

    const data = await call(t.app, 'GET', '/api/truck/data', { token: admin });
    expect(data.body.data).toEqual({
      total: 40,
      online: 5,
      offline: 35,
      moving: 3,
      parked: 2,
      alarm: 1,
      noPosition: 34,
      onlineRate: 12.5,
    });
    const team2 = await call(t.app, 'GET', '/api/truck/data', {
      token: admin,
      query: { teamCodeList: TEAM_2 },
    });
    expect(team2.body.data).toMatchObject({ total: of(TEAM_2).length, online: 1 });

    const info = await call(t.app, 'GET', '/api/local/truck/info', {
      token: admin,
      query: { vin: truck.vin },
    });
    expect(info.body.data).toMatchObject({
      vin: truck.vin,
      brand: expect.any(String),
      tankCapacity: 600,
      terminal: { tid: expect.any(String), model: 'FL-808A', protocolVersion: '2013' },
    });

    const live = await call(t.app, 'POST', '/api/monitor/car/monitor', {
      token: admin,
      body: { vinList: [truck.vin, nth(TEAM_2, 0).vin] },
    });
    expect(live.body.data.total).toBe(2);
    expect(live.body.data.list[0]).toMatchObject({
      lng: expect.any(Number),
      gcj02Lat: expect.any(Number),
      online: true,
    });

    await t.db.db
      .insertInto('trip')
      .values({
        merchant_id: 1,
        team_code: TEAM_1,
        truck_id: truck.id,
        start_time: t.now() - 3_600_000,
        end_time: null,
        start_lat: 39_900_000,
        start_lon: 116_300_000,
        mileage: 523,
        max_speed: 880,
        avg_speed: 520,
      })
      .execute();
    const orders = await call(t.app, 'POST', '/api/monitor/order/list', {
      token: admin,
      body: { vin: truck.vin },
    });
    expect(orders.body.data).toMatchObject({ kind: 'todayTrips', total: 1 });
    expect(orders.body.data.list[0]).toMatchObject({
      status: '进行中',
      mileage: 52.3,
      maxSpeed: 88,
      duration: '1小时',
    });
    const none = await call(t.app, 'POST', '/api/monitor/order/list', {
      token: admin,
      body: { vin: nth(TEAM_2, 0).vin },
    });
    expect(none.body.data).toMatchObject({ total: 0, list: [] });
  });
});
