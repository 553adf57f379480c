import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

// The demo's past trips give the fuel reports figures at first start: the roll-up runs when the app
// starts, and the list's totals are the trips' own to the 0.1.

describe.each(TEST_DATABASES)('demo trips and their figures on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows every demo truck that drove in the last 31 days, with the mileage and fuel of its trips', async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const res = await call(t.app, 'POST', '/api/fuel/resultList', {
      token: admin,
      body: { startDate: '2026-10-20', endDate: '2026-11-19', pageSize: 500 },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const list = res.body.data.list as { truckId: number; mileage: number; fuelUsed: number; unit: string }[];
    const logistics = await t.db.db
      .selectFrom('truck')
      .innerJoin('merchant', 'merchant.id', 'truck.merchant_id')
      .select('truck.id')
      .where('merchant.name', '=', '示例物流有限公司')
      .execute();
    expect(list.length).toBe(logistics.length);
    expect(list.some((r) => r.unit === 'kwh')).toBe(true);
    // a truck without a trip over the period's first or last midnight: its trips are wholly inside
    const from = Date.UTC(2026, 9, 19, 16);
    const to = Date.UTC(2026, 10, 19, 16);
    const crossing = await t.db.db
      .selectFrom('trip')
      .select('truck_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('start_time', '<', from), eb('end_time', '>', from)]),
          eb.and([eb('start_time', '<', to), eb('end_time', '>', to)]),
        ]),
      )
      .execute();
    const skip = new Set(crossing.map((c) => c.truck_id));
    const first = list.find((r) => !skip.has(r.truckId)) as (typeof list)[number];
    const sums = await t.db.db
      .selectFrom('trip')
      .select((eb) => [eb.fn.sum<number>('mileage').as('m'), eb.fn.sum<number>('fuel_used').as('f')])
      .where('truck_id', '=', first.truckId)
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .executeTakeFirstOrThrow();
    expect(first.mileage).toBe(Number(sums.m) / 10);
    expect(first.fuelUsed).toBe(Number(sums.f) / 10);
  });
});
