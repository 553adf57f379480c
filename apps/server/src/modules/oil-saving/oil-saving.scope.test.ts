import { ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';

// 线路节油计划 and 线路节油监控 refusing what a fleet office would not want: a second plan of the same
// line and truck series over an overlapping period, and a plan, line or truck out of the caller's
// scope named in monitoring or in a list's filter (each refused naming the field).

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const LINE = '北京至天津京津塘干线';

describe.each(TEST_DATABASES)('oil-saving refusals on $title', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let lineId: number;
  let coalLineId: number;
  let coalTruckId: number;
  let planId: number;
  const trucks: { id: number }[] = [];
  const period = { startDate: '2026-11-05', endDate: '2026-11-20' };

  beforeAll(async () => {
    t = await startTestApp(database);
    const db = t.db.db;
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
    coalLineId = (
      await db
        .selectFrom('line')
        .select('id')
        .where('merchant_id', '!=', line.merchant_id)
        .executeTakeFirstOrThrow()
    ).id;
    coalTruckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('merchant_id', '!=', line.merchant_id)
        .executeTakeFirstOrThrow()
    ).id;
    trucks.push(
      ...(await db.selectFrom('truck').select('id').where('team_code', '=', TRUNK_ONE).limit(1).execute()),
    );
    const saved = await call(t.app, 'POST', '/api/fuel/efficient/add', {
      token: dispatch,
      body: { lineId, ...period, targetFuel: 30 },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    planId = saved.body.data.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a second plan of the line whose period overlaps, for the same truck series', async () => {
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/fuel/efficient/add', { token: dispatch, body });
    const overlapping = await add({ lineId, startDate: '2026-11-18', endDate: '2026-12-10', targetFuel: 28 });
    expect(overlapping.body.msg).toBe(
      '结束日期: 该线路在2026-11-05至2026-11-20已有节油计划，计划周期不能重叠',
    );
    // another series, or a period after the plan's, is a plan of its own
    const series = await add({ lineId, ...period, truckSeries: '测试车系', targetFuel: 28 });
    expect(series.body.code, series.body.msg).toBe(200);
    const later = await add({ lineId, startDate: '2026-11-21', endDate: '2026-11-30', targetFuel: 28 });
    expect(later.body.code, later.body.msg).toBe(200);
    // moving the later plan onto the first one's period is refused too
    const moved = await call(t.app, 'POST', '/api/fuel/efficient/update', {
      token: dispatch,
      body: {
        id: later.body.data.id,
        lineId,
        startDate: '2026-11-20',
        endDate: '2026-11-30',
        targetFuel: 28,
      },
    });
    expect(moved.body.msg).toBe('结束日期: 该线路在2026-11-05至2026-11-20已有节油计划，计划周期不能重叠');
    for (const id of [series.body.data.id, later.body.data.id])
      await call(t.app, 'GET', `/api/fuel/efficient/delete/${id}`, { token: dispatch });
  });

  it('refuses a plan, line or truck out of scope named in monitoring and in the list filters', async () => {
    const [a] = trucks as [(typeof trucks)[0]];
    const theirs = await call(t.app, 'POST', '/api/fuel/efficient/car/monitor', {
      token: other,
      body: { planId, truckIds: [a.id] },
    });
    expect(theirs.body.msg).toBe('节油计划: 节油计划不存在或无权操作');
    const listed = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: other,
      body: { planId },
    });
    expect(listed.body.msg).toBe('节油计划: 节油计划不存在或无权操作');
    const byTruck = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: dispatch,
      body: { truckId: coalTruckId },
    });
    expect(byTruck.body.msg).toBe('车辆: 车辆不存在或无权操作');
    const byLine = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: dispatch,
      body: { lineId: coalLineId },
    });
    expect(byLine.body.msg).toBe('线路: 线路不存在或无权操作');
    const plans = await call(t.app, 'GET', '/api/fuel/efficient/list', {
      token: dispatch,
      query: { lineId: String(coalLineId) },
    });
    expect(plans.body.msg).toBe('线路: 线路不存在或无权操作');
    // nothing was put under monitoring by the refused call
    const check = await call(t.app, 'GET', `/api/fuel/efficient/check/monitor/${planId}`, {
      token: dispatch,
    });
    expect(check.body.data).toEqual([]);
  });
});
