import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { DEMO_OIL_SAVING_LINE, DEMO_TRUNK_LINE } from './demo-oil-saving';

// The demo's oil-saving plan and trip reports as the admin of the coal merchant sees them at first
// start: the plan on the coal line passes its own form unchanged, its trucks are monitored with runs
// above the target, and the imported reports are compared with the trips recorded.

describe.each(TEST_DATABASES)('demo oil-saving on $title', (database) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const list = await call(t.app, 'GET', '/api/auth/getMerchantList', { token: admin });
    const coalId = Number(Object.keys(list.body.data)[1]);
    await call(t.app, 'POST', '/api/auth/pickMerchant', { token: admin, body: { merchantId: coalId } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('has a plan on the coal line whose monitored runs are partly above target', async () => {
    const plans = await call(t.app, 'GET', '/api/fuel/efficient/list', { token: admin });
    expect(plans.body.code, plans.body.msg).toBe(200);
    const plan = plans.body.data.list.find((p: { lineName: string }) => p.lineName === DEMO_OIL_SAVING_LINE);
    expect(plan).toBeDefined();
    expect(plan.monitorCount).toBeGreaterThan(1);
    const found = (await call(t.app, 'GET', `/api/fuel/efficient/find/${plan.id}`, { token: admin })).body
      .data;
    // saved again unchanged: the form's own rules accept it
    const again = await call(t.app, 'POST', '/api/fuel/efficient/update', {
      token: admin,
      body: {
        id: found.id,
        lineId: found.lineId,
        truckSeries: found.truckSeries,
        targetFuel: found.targetFuel,
        tolerance: found.tolerance,
        startDate: found.startDate,
        endDate: found.endDate,
        remark: found.remark,
      },
    });
    expect(again.body.code, again.body.msg).toBe(200);
    const runs = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', {
      token: admin,
      body: { planId: plan.id, pageSize: 500 },
    });
    const { runs: count, overRuns } = runs.body.data.totalRow;
    expect(count).toBeGreaterThan(3);
    expect(overRuns).toBeGreaterThan(0);
    expect(overRuns).toBeLessThan(count);
  });

  it('has a plan of 干线一分队 on its trunk line, with runs, that the dispatcher sees', async () => {
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const plans = await call(t.app, 'GET', '/api/fuel/efficient/list', { token: dispatch });
    expect(plans.body.data.list.map((p: { lineName: string }) => p.lineName)).toEqual([DEMO_TRUNK_LINE]);
    const runs = await call(t.app, 'POST', '/api/fuel/efficient/monitor/list', { token: dispatch, body: {} });
    expect(runs.body.data.total).toBeGreaterThan(0);
    const stats = await call(t.app, 'POST', '/api/tripReport/statistics', { token: admin, body: {} });
    expect(stats.body.code, stats.body.msg).toBe(200);
    expect(stats.body.data.list.length).toBeGreaterThan(0);
  });

  it('has imported trip reports, some differing from the recorded trips', async () => {
    const res = await call(t.app, 'POST', '/api/tripReport/queryList', {
      token: admin,
      body: { pageSize: 100 },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const rows = res.body.data.list as { abnormal: boolean; recordedTrips: number; sourceName: string }[];
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((r) => r.recordedTrips > 0 && r.sourceName === '导入')).toBe(true);
    expect(rows.some((r) => r.abnormal)).toBe(true);
    expect(rows.some((r) => !r.abnormal)).toBe(true);
    const imports = await call(t.app, 'POST', '/api/tripReport/importRecord', { token: admin, body: {} });
    expect(imports.body.data.list[0]).toMatchObject({ fileName: '司机行程上报.xlsx', stateName: '已导入' });
  });
});
