import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMaintenance } from '../../db/seed/demo-maintenance';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

describe.each(TEST_DATABASES)('demo maintenance on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let admin: string;
  beforeAll(async () => {
    // the maintenance demo on the demo fleet, as the seed writes it with the operations history
    t = await startTestApp(database);
    await t.db.db.transaction().execute((tx) => seedDemoMaintenance(tx, t.now()));
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const post = async (token: string, url: string, body: unknown = {}) => {
    const res = await call(t.app, 'POST', url, { token, body });
    expect(res.body.code, `${url} ${res.body.msg}`).toBe(200);
    return res.body.data;
  };

  it('shows findings on every maintenance page at first start', async () => {
    const remind = await post(dispatch, '/api/maintenance/remind/page');
    expect(
      remind.list.map((r: { planName: string; stateName: string }) => `${r.planName}${r.stateName}`),
    ).toEqual(expect.arrayContaining(['刹车系统检查已到期', '常规保养即将到期']));
    const certificates = await post(dispatch, '/api/reminder/certificate/page');
    expect(certificates).toMatchObject({ expiredCount: 1, expiringCount: 3 });
    const health = await post(dispatch, '/api/intellect-repair/fleet-check/page');
    expect(health.summary.faultCount).toBeGreaterThanOrEqual(1);
    const cleared = await post(dispatch, '/api/intellect-repair/clear-code/page');
    expect(cleared.list[0]).toMatchObject({ reason: '更换尿素泵后故障消除', clearedByName: '系统管理员' });
    const records = await post(dispatch, '/api/maintenance/record/page');
    expect(records.total).toBe(3);
    const summary = await post(admin, '/api/maintenance-summary/page');
    expect(Number(summary.summary.yearCostYuan)).toBeGreaterThan(0);
    const plans = await post(dispatch, '/api/maintenance/plan/page');
    expect(plans.total).toBe(3);
  });

  it('each demo plan saves unchanged through its form', async () => {
    const plans = await post(admin, '/api/maintenance/plan/page', { pageSize: 50 });
    for (const p of plans.list) {
      const info = await call(t.app, 'GET', '/api/maintenance/plan/info', {
        token: admin,
        query: { id: String(p.id) },
      });
      const v = info.body.data;
      const res = await call(t.app, 'POST', '/api/maintenance/plan/edit', {
        token: admin,
        body: {
          id: v.id,
          planName: v.planName,
          targetType: v.targetType,
          truckId: v.truckId,
          brand: v.brand,
          series: v.series,
          intervalKm: v.intervalKm,
          intervalMonths: v.intervalMonths,
          lastDate: v.lastDate,
          lastKm: v.lastKm,
          remindKm: v.remindKm,
          remindDays: v.remindDays,
          items: v.items,
          remark: v.remark,
          teamCode: v.teamCode,
        },
      });
      expect(res.body.code, `${v.planName} ${res.body.msg}`).toBe(200);
    }
  });
});
