import { fromShanghai, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';

// 线路节油计划 through the API: hand-made finished plans and recorded trips on a demo line give the
// analysis figures computed by hand; monitoring flags the runs above target × (1 + tolerance); the
// form refuses wrong input naming the field; another merchant's line and truck, and another team,
// are refused or see nothing.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const LINE = '北京至天津京津塘干线';
const at = (day: number, hour: number) => fromShanghai(2026, 11, day, hour).getTime();

describe.each(TEST_DATABASES)('oil-saving plans on $title', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let lineId: number;
  let otherLineId: number;
  let coalLineId: number;
  let coalTruckId: number;
  let merchantId: number;
  const trucks: { id: number; carNo: string; series: string | null }[] = [];
  let planNo = 0;

  /** A finished run of the line by `truck` on `day`, with its recorded trips (mileage 0.1 km, fuel 0.1 L). */
  const run = async (
    truck: { id: number },
    day: number,
    trips: [number, number][],
    options: { lineId?: number; state?: number } = {},
  ) => {
    const db = t.db.db;
    const depart = at(day, 8);
    const arrive = at(day, 12);
    planNo += 1;
    await db
      .insertInto('plan')
      .values({
        merchant_id: merchantId,
        team_code: TRUNK_ONE,
        plan_no: `JHTEST${planNo}`,
        state: options.state ?? 4,
        line_id: options.lineId ?? lineId,
        truck_id: truck.id,
        planned_depart_at: depart,
        planned_arrive_at: arrive,
        departed_at: depart,
        arrived_at: arrive,
        created_at: depart,
        updated_at: arrive,
      })
      .execute();
    let start = depart + 5 * 60_000;
    for (const [mileage, fuel] of trips) {
      await db
        .insertInto('trip')
        .values({
          merchant_id: merchantId,
          team_code: TRUNK_ONE,
          truck_id: truck.id,
          start_time: start,
          end_time: start + 60 * 60_000,
          start_lat: 39_900_000,
          start_lon: 116_400_000,
          mileage,
          fuel_used: fuel,
        })
        .execute();
      start += 70 * 60_000;
    }
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    const db = t.db.db;
    await withoutDemoPlans(db);
    await db.deleteFrom('trip').execute();
    await db.deleteFrom('fuel_efficient_monitor').execute();
    await db.deleteFrom('fuel_efficient_plan').execute();
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '二分队节油', codes: [...ROLE_PRESETS.dispatch] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'oil_d2',
        password: sha256Hex('Oil@12345'),
        nickname: 'oil_d2',
        teamCode: TRUNK_TWO,
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'oil_d2', 'Oil@12345');
    const line = await db
      .selectFrom('line')
      .select(['id', 'merchant_id'])
      .where('name', '=', LINE)
      .executeTakeFirstOrThrow();
    lineId = line.id;
    merchantId = line.merchant_id;
    otherLineId = (
      await db
        .selectFrom('line')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('id', '!=', lineId)
        .executeTakeFirstOrThrow()
    ).id;
    coalLineId = (
      await db
        .selectFrom('line')
        .select('id')
        .where('merchant_id', '!=', merchantId)
        .executeTakeFirstOrThrow()
    ).id;
    coalTruckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('merchant_id', '!=', merchantId)
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'series'])
      .where('team_code', '=', TRUNK_ONE)
      .orderBy('id')
      .limit(3)
      .execute();
    for (const r of rows) trucks.push({ id: r.id, carNo: r.car_no, series: r.series });
    const [a, b, c] = trucks as [(typeof trucks)[0], (typeof trucks)[0], (typeof trucks)[0]];
    // truck A: 30.0 and 32.0 L/100km; truck B: 28.0 and 35.0 (two trips of 100 km, 35 L each)
    await run(a, 10, [[1000, 300]]);
    await run(a, 12, [[1000, 320]]);
    await run(b, 11, [[1000, 280]]);
    await run(b, 13, [
      [1000, 350],
      [1000, 350],
    ]);
    // not counted: another line, a plan still running, a run before the period
    await run(c, 12, [[1000, 900]], { lineId: otherLineId });
    await run(c, 14, [[1000, 900]], { state: 3 });
    await run(a, 1, [[1000, 900]]);
    // a trip of truck A outside any run
    await db
      .insertInto('trip')
      .values({
        merchant_id: merchantId,
        team_code: TRUNK_ONE,
        truck_id: a.id,
        start_time: at(10, 20),
        end_time: at(10, 21),
        start_lat: 39_900_000,
        start_lon: 116_400_000,
        mileage: 500,
        fuel_used: 900,
      })
      .execute();
  });

  afterAll(async () => {
    await t?.close();
  });

  const period = { startDate: '2026-11-05', endDate: '2026-11-20' };

  it('analyses the line from finished plans and the trips recorded during each run', async () => {
    const res = await call(t.app, 'POST', '/api/fuel/efficient/route/analysis', {
      token: dispatch,
      body: { lineId, ...period },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const { summary, trucks: perTruck, runs } = res.body.data;
    expect(summary).toMatchObject({
      runs: 4,
      trucks: 2,
      mileageKm: 500,
      fuelL: 160,
      average: 32,
      best: 28,
      worst: 35,
      suggested: 29.5,
    });
    expect(runs.map((r: { fuelPer100: number }) => r.fuelPer100)).toEqual([30, 28, 32, 35]);
    const [a, b] = trucks as [(typeof trucks)[0], (typeof trucks)[0]];
    expect(
      perTruck.map((x: { carNo: string; average: number; best: number; worst: number }) => [
        x.carNo,
        x.average,
        x.best,
        x.worst,
      ]),
    ).toEqual([
      [a.carNo, 31, 30, 32],
      [b.carNo, 32.7, 28, 35],
    ]);
  });

  let planId: number;

  it('refuses a plan with wrong fields, naming each field', async () => {
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/fuel/efficient/add', { token: dispatch, body });
    expect((await add({ ...period, targetFuel: 30 })).body.msg).toBe('线路: 请选择线路');
    expect((await add({ lineId, ...period })).body.msg).toBe('目标油耗: 请输入目标油耗');
    expect((await add({ lineId, ...period, targetFuel: 30.25 })).body.msg).toBe('目标油耗: 最多一位小数');
    expect((await add({ lineId, ...period, targetFuel: 0 })).body.msg).toBe(
      '目标油耗: 应为0.1至100之间的数字',
    );
    expect(
      (await add({ lineId, startDate: '2026-11-20', endDate: '2026-11-05', targetFuel: 30 })).body.msg,
    ).toBe('结束日期: 结束日期不能早于开始日期');
    expect((await add({ lineId: coalLineId, ...period, targetFuel: 30 })).body.msg).toBe(
      '线路: 线路不存在或无权操作',
    );
  });

  it('saves a plan with the line stations and lists it', async () => {
    const res = await call(t.app, 'POST', '/api/fuel/efficient/add', {
      token: dispatch,
      body: { lineId, ...period, targetFuel: '30.0', remark: '冬季节油' },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    planId = res.body.data.id;
    const found = await call(t.app, 'GET', `/api/fuel/efficient/find/${planId}`, { token: dispatch });
    expect(found.body.data).toMatchObject({
      lineName: LINE,
      targetFuel: 30,
      tolerance: 5,
      remark: '冬季节油',
    });
    expect(found.body.data.routeStationDTOList.length).toBeGreaterThanOrEqual(2);
    expect(found.body.data.routeStationDTOList[0].stationType).toBe(1);
    const list = await call(t.app, 'GET', '/api/fuel/efficient/list', {
      token: dispatch,
      query: { pageNum: '1', pageSize: '10' },
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: planId, lineName: LINE, targetFuel: 30 });
    // another team of the merchant does not see it
    const theirs = await call(t.app, 'GET', '/api/fuel/efficient/list', { token: other });
    expect(theirs.body.data.total).toBe(0);
    expect((await call(t.app, 'GET', `/api/fuel/efficient/find/${planId}`, { token: other })).body.msg).toBe(
      '节油计划不存在或无权操作',
    );
  });

  it('monitors trucks and flags the runs above target by more than the tolerance', async () => {
    const [a, b] = trucks as [(typeof trucks)[0], (typeof trucks)[0]];
    const refused = await call(t.app, 'POST', '/api/fuel/efficient/car/monitor', {
      token: dispatch,
      body: { planId, truckIds: [a.id, coalTruckId] },
    });
    expect(refused.body.msg).toBe('监控车辆: 车辆不存在或无权操作');
    const ok = await call(t.app, 'POST', '/api/fuel/efficient/car/monitor', {
      token: dispatch,
      body: { planId, truckIds: [a.id, b.id] },
    });
    expect(ok.body.code, ok.body.msg).toBe(200);
    const res = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: dispatch,
      body: { planId, pageNum: 1, pageSize: 10 },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const rows = res.body.data.list as {
      carNo: string;
      fuelPer100: number;
      deviation: number;
      over: boolean;
    }[];
    expect(rows.map((r) => [r.fuelPer100, r.deviation, r.over])).toEqual([
      [35, 16.7, true],
      [32, 6.7, true],
      [28, -6.7, false],
      [30, 0, false],
    ]);
    expect(res.body.data.totalRow).toMatchObject({ runs: 4, overRuns: 2, trucks: 2 });
    const over = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: dispatch,
      body: { planId, onlyOver: true },
    });
    expect(over.body.data.total).toBe(2);

    // a wider tolerance: 32.0 is within 10 % of 30.0
    await call(t.app, 'POST', '/api/fuel/efficient/update', {
      token: dispatch,
      body: { id: planId, lineId, ...period, targetFuel: 30, tolerance: 10 },
    });
    const wider = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: dispatch,
      body: { planId, onlyOver: true },
    });
    expect(wider.body.data.list.map((r: { fuelPer100: number }) => r.fuelPer100)).toEqual([35]);

    // cancelling truck B leaves truck A's runs
    const check = await call(t.app, 'GET', `/api/fuel/efficient/check/monitor/${planId}`, {
      token: dispatch,
    });
    const monitorB = check.body.data.find((m: { truckId: number }) => m.truckId === b.id);
    expect(monitorB.stateName).toBe('监控中');
    const cancel = await call(t.app, 'GET', `/api/fuel/efficient/cancel/monitor/${monitorB.monitorId}`, {
      token: dispatch,
    });
    expect(cancel.body.code, cancel.body.msg).toBe(200);
    const after = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: dispatch,
      body: { planId },
    });
    expect(after.body.data.list.map((r: { carNo: string }) => r.carNo)).toEqual([a.carNo, a.carNo]);
    // another team can neither list nor cancel them
    const theirs = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', { token: other, body: {} });
    expect(theirs.body.data.total).toBe(0);
    const cancelTheirs = await call(
      t.app,
      'GET',
      `/api/fuel/efficient/cancel/monitor/${monitorB.monitorId}`,
      {
        token: other,
      },
    );
    expect(cancelTheirs.body.msg).toBe('监控车辆不存在或无权操作');
  });

  it('deletes a plan and its monitoring', async () => {
    const res = await call(t.app, 'GET', `/api/fuel/efficient/delete/${planId}`, { token: dispatch });
    expect(res.body.code, res.body.msg).toBe(200);
    const list = await call(t.app, 'GET', '/api/fuel/efficient/list', { token: dispatch });
    expect(list.body.data.total).toBe(0);
    const again = await call(t.app, 'GET', `/api/fuel/efficient/delete/${planId}`, { token: dispatch });
    expect(again.body.msg).toBe('节油计划不存在或无权操作');
  });
});
