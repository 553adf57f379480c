import { COST_TYPE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { insertCost } from './cost-write';

// insertCost, the one write of a cost (the cost pages and the maintenance records): its own rules,
// the row, the operation log, and the day and month sums the triggers keep (a deletion takes the
// cost away from them).

describe.each(TEST_DATABASES)('insertCost on $name', (database) => {
  let t: TestApp;
  let truck: { id: number; merchant_id: number; team_code: string };
  const actor = { merchantId: 0, userId: 1, nickname: '测试' };

  beforeAll(async () => {
    t = await startTestApp(database);
    truck = await t.db.db
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    actor.merchantId = truck.merchant_id;
    await t.db.db.deleteFrom('cost').execute();
  });
  afterAll(async () => t?.close());

  const base = () => ({
    merchantId: truck.merchant_id,
    teamCode: truck.team_code,
    truckId: truck.id,
    costDate: '2026-11-03',
  });

  it('writes the row, its log and the sums; refuses what breaks the rules', async () => {
    const id = await insertCost(
      t.db.db,
      { ...base(), costType: COST_TYPE.refuel, amount: 153_745, quantity: 20_150, unitPrice: 763 },
      actor,
    );
    await insertCost(t.db.db, { ...base(), costType: COST_TYPE.roadBridge, amount: 32_050 }, actor);
    await insertCost(
      t.db.db,
      { ...base(), costDate: '2026-11-04', costType: COST_TYPE.roadBridge, amount: 100 },
      actor,
    );
    await expect(
      insertCost(
        t.db.db,
        { ...base(), costType: COST_TYPE.refuel, amount: 100_000, quantity: 20_150, unitPrice: 763 },
        actor,
      ),
    ).rejects.toThrow('金额(元)应等于数量×单价（201.50 × 7.63 = 1537.45元），请核对');
    await expect(
      insertCost(t.db.db, { ...base(), costType: COST_TYPE.sundry, amount: 0 }, actor),
    ).rejects.toThrow('金额(元)应大于0');
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('data_id', '=', String(id))
      .where('page_enum', '=', 55)
      .executeTakeFirstOrThrow();
    expect(log.content).toBe('录入费用：加油，日期2026-11-03，金额(元)1537.45，数量201.50，单价(元)7.63');
    const days = await t.db.db
      .selectFrom('cost_day')
      .selectAll()
      .where('truck_id', '=', truck.id)
      .orderBy('day')
      .orderBy('cost_type')
      .execute();
    expect(
      days.map((d) => [d.day, d.cost_type, Number(d.amount), Number(d.quantity), Number(d.waybills)]),
    ).toEqual([
      [20261103, 1, 153_745, 20_150, 1],
      [20261103, 2, 32_050, 0, 1],
      [20261104, 2, 100, 0, 1],
    ]);
    await t.db.db.updateTable('cost').set({ deleted_at: Date.now() }).where('id', '=', id).execute();
    const month = await t.db.db
      .selectFrom('cost_month')
      .selectAll()
      .where('truck_id', '=', truck.id)
      .orderBy('cost_type')
      .execute();
    expect(month.map((d) => [d.month, d.cost_type, Number(d.amount), Number(d.waybills)])).toEqual([
      [202611, 1, 0, 0],
      [202611, 2, 32_150, 2],
    ]);
  });
});
