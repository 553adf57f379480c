import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { fuelTruck, HOUR, MIN } from './fuel.fixture';
import { runFuelJob } from './fuel-scan';

// The scan job keeps the reconciliation: a refuel cost written on the costs pages is matched with the
// refuel in the tank on the job's next run, for its truck and time only; the lists never write.

describe.each(TEST_DATABASES)('fuel reconciliation by the scan job on $title', (database) => {
  let t: TestApp;
  let token: string;
  let truckId: number;
  let base: number;

  const refuels = async (query: Record<string, unknown> = {}) =>
    (await call(t.app, 'POST', '/api/yww/refuel/list', { token, body: { truckId, ...query } })).body;

  beforeAll(async () => {
    t = await startTestApp(database);
    token = await login(t.app, 'admin', DEMO.admin);
    ({ truckId, base } = await fuelTruck(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('reconciles a refuel cost added, edited or deleted on the costs page when the job runs; the lists only read', async () => {
    const at = base + 235 * MIN;
    const fmt = (ms: number) => new Date(ms + 8 * HOUR).toISOString().replace('T', ' ').slice(0, 19);
    const form = {
      truckId,
      costDate: fmt(at).slice(0, 10),
      costType: 1,
      occurredAt: fmt(at),
      quantity: '120',
      unitPrice: '7.50',
      amount: '900.00',
      place: '中石油集宁站',
    };
    const costs = (url: string, body: unknown) =>
      call(t.app, 'POST', `/api/miscellaneous/${url}`, { token, body });
    const events = () =>
      t.db.db.selectFrom('fuel_event').selectAll().where('truck_id', '=', truckId).orderBy('id').execute();
    const rise = async () => {
      const list = (await refuels()).data.list as {
        startTime: string;
        stateName: string;
        costAmount: string;
      }[];
      return list.find((r) => r.startTime > fmt(base + 200 * MIN));
    };
    const added = await costs('add', form);
    expect(added.body.code, added.body.msg).toBe(200);
    const id = added.body.data.id as number;

    // the lists and exports read what the job stored: the rise is still without a record, and nothing is written
    const before = await events();
    expect((await rise())?.stateName).toBe('加油无记录');
    const abnormal = await call(t.app, 'POST', '/api/yww/abnormal/list', { token, body: { truckId } });
    expect(abnormal.body.data.counts[3]).toBe(1);
    expect(await events()).toEqual(before);

    // the job picks the new cost up: only this truck's rise changes
    expect((await runFuelJob(t.db.db, t.now())).changed).toBe(1);
    expect(await rise()).toMatchObject({ stateName: '已匹配加油记录', costAmount: '900.00' });
    expect((await refuels({ state: 1 })).data.total).toBe(2);
    // once is enough: a second run changes nothing
    expect((await runFuelJob(t.db.db, t.now())).changed).toBe(0);

    // edited to 60 L, the litres no longer match; back to 120 L they do; deleted, the rise is unmatched
    const edited = await costs('update', { ...form, id, quantity: '60', amount: '450.00' });
    expect(edited.body.code, edited.body.msg).toBe(200);
    await runFuelJob(t.db.db, t.now());
    expect((await rise())?.stateName).toBe('加油无记录');
    await costs('update', { ...form, id });
    await runFuelJob(t.db.db, t.now());
    expect((await rise())?.stateName).toBe('已匹配加油记录');
    expect((await costs('deleteBatch', { ids: [id] })).body.code).toBe(200);
    await runFuelJob(t.db.db, t.now());
    expect((await rise())?.stateName).toBe('加油无记录');
    expect((await refuels({ state: 2 })).data.total).toBe(1);
  });

  it('links a 5012 alarm stored after the scan to the drain while parked when the job runs', async () => {
    const drain = await t.db.db
      .selectFrom('fuel_event')
      .selectAll()
      .where('truck_id', '=', truckId)
      .where('state', '=', 3)
      .executeTakeFirstOrThrow();
    expect(drain.alarm_id).toBeNull();
    const truck = await t.db.db
      .selectFrom('truck')
      .select(['merchant_id', 'team_code', 'terminal_id'])
      .where('id', '=', truckId)
      .executeTakeFirstOrThrow();
    const alarm = await t.db.db
      .insertInto('alarm')
      .values({
        merchant_id: truck.merchant_id,
        team_code: truck.team_code,
        truck_id: truckId,
        terminal_id: truck.terminal_id,
        driver_id: null,
        code: 5012,
        source: 2,
        level: 1,
        start_time: drain.start_time + MIN,
        end_time: drain.end_time,
        lat: drain.lat,
        lon: drain.lon,
        end_lat: null,
        end_lon: null,
        station_id: null,
        line_id: null,
        plan_id: null,
        detail: null,
        media: null,
        handle_type: null,
        handle_remark: null,
        handler_id: null,
        handled_at: null,
        created_at: t.now(),
        updated_at: t.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const abnormal = async () =>
      (await call(t.app, 'POST', '/api/yww/abnormal/list', { token, body: { truckId, abnormalType: 1 } }))
        .body.data.list[0];
    expect((await abnormal()).alarmId).toBeNull();
    await runFuelJob(t.db.db, t.now());
    expect(await abnormal()).toMatchObject({ alarmId: alarm.id });
    expect((await abnormal()).evidence).toContain(`报警ID ${alarm.id}`);
  });
});
