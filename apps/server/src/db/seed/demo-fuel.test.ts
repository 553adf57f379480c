import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costRuleError } from '../../modules/costs/cost-write';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

// The demo's fuel: 加油记录 and 异常油耗 show findings at first start, as the dispatcher sees them.
describe.each(TEST_DATABASES)('demo fuel on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
  });
  afterAll(() => t.close());

  it('finds matched refuels, a refuel without a record, a siphon with its alarm and a cost never filled', async () => {
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const refuels = await call(t.app, 'POST', '/api/yww/refuel/list', { token, body: { pageSize: 50 } });
    expect(refuels.body.code).toBe(200);
    const states = refuels.body.data.list.map((r: { state: number }) => r.state).sort();
    expect(states).toEqual([1, 1, 1, 2]);
    const abnormal = await call(t.app, 'POST', '/api/yww/abnormal/list', { token, body: { pageSize: 50 } });
    const types = abnormal.body.data.list.map((r: { abnormalType: number }) => r.abnormalType).sort();
    expect(types).toEqual([1, 3, 4]);
    const siphon = abnormal.body.data.list.find((r: { abnormalType: number }) => r.abnormalType === 1);
    expect(siphon.alarmId).not.toBeNull();
    expect(Math.abs(siphon.changeOil - 48)).toBeLessThan(2.4);
  });

  it("seeds refuel costs that pass the cost form's rules", async () => {
    const costs = await t.db.db.selectFrom('cost').selectAll().where('remark', '=', '油卡加油').execute();
    expect(costs.length).toBe(4);
    for (const c of costs)
      expect(
        costRuleError({
          merchantId: c.merchant_id,
          teamCode: c.team_code,
          truckId: c.truck_id,
          costType: 1,
          costDate: c.cost_date,
          occurredAt: c.occurred_at,
          amount: c.amount,
          quantity: c.quantity,
          unitPrice: c.unit_price,
          payMethod: c.pay_method,
          place: c.place,
        }),
      ).toBeNull();
  });
});
