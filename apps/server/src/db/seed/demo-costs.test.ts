import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

// The demo's costs (成本中心): refuels at plausible litres and prices, before the fuel demo's days,
// tolls on trips, services and sundry costs, depreciation of the own trucks; each saves unchanged
// through the cost form's own rules, and the analysis shows them with depreciation.

describe.each(TEST_DATABASES)('demo costs on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
  });
  afterAll(() => t?.close());

  it('seeds refuels of 150–400 L at 7.30–8.10 元/L, tolls, services and depreciation that pass the form', async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const refuels = await t.db.db
      .selectFrom('cost')
      .select(['quantity', 'unit_price', 'amount', 'occurred_at', 'cost_date'])
      .where('cost_type', '=', 1)
      .execute();
    expect(refuels.length).toBeGreaterThan(100);
    for (const r of refuels) {
      expect(Number(r.quantity)).toBeGreaterThanOrEqual(15_000);
      expect(Number(r.quantity)).toBeLessThanOrEqual(40_000);
      expect(Number(r.unit_price)).toBeGreaterThanOrEqual(730);
      expect(Number(r.unit_price)).toBeLessThanOrEqual(810);
      expect(r.occurred_at).not.toBeNull();
    }
    const types = await t.db.db
      .selectFrom('cost')
      .select(['cost_type', (eb) => eb.fn.countAll().as('n')])
      .groupBy('cost_type')
      .execute();
    expect(types.map((x) => x.cost_type).sort()).toEqual([1, 2, 3, 4, 5]);

    const list = await call(t.app, 'POST', '/api/miscellaneous/list/car', {
      token: admin,
      body: { pageNum: 1, pageSize: 500 },
    });
    expect(list.body.code).toBe(200);
    const refused: string[] = [];
    for (const row of list.body.data.list.slice(0, 150)) {
      const saved = await call(t.app, 'POST', '/api/miscellaneous/update', { token: admin, body: row });
      if (saved.body.code !== 200) refused.push(`${row.id}: ${saved.body.msg}`);
    }
    expect(refused).toEqual([]);

    const today = new Date(t.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const start = new Date(t.now() + 8 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
    const analysis = await call(t.app, 'POST', '/api/miscellaneous/analysis', {
      token: admin,
      body: { startDate: start, endDate: today, periodType: 'day' },
    });
    expect(analysis.body.code).toBe(200);
    expect(Number(analysis.body.data.total.depreciation)).toBeGreaterThan(0);
    expect(Number(analysis.body.data.total.byType['1'])).toBeGreaterThan(0);

    // the tolls of trips run for a plan sit on its line, so 成本分析 by line shows lines besides 未关联线路
    const byLine = await call(t.app, 'POST', '/api/miscellaneous/analysis', {
      token: admin,
      body: { startDate: start, endDate: today, periodType: 'day', groupBy: 'line' },
    });
    expect(byLine.body.code).toBe(200);
    const lines = (byLine.body.data.byLine as { lineId: number; total: number }[]).filter(
      (row) => row.lineId > 0 && Number(row.total) > 0,
    );
    expect(lines.length).toBeGreaterThan(0);
  });
});
