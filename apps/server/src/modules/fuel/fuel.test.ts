import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sheetFile } from '../file-tasks/file-tasks.fixture';
import { fuelTruck, HOUR, MIN } from './fuel.fixture';
import { scanFuelEvents } from './fuel-scan';

describe.each(TEST_DATABASES)('fuel events and reconciliation on $title', (database) => {
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

  it('finds the two refuels and the drain with their litres, and matches the refuel that has a record', async () => {
    const events = await t.db.db
      .selectFrom('fuel_event')
      .selectAll()
      .where('truck_id', '=', truckId)
      .orderBy('start_time')
      .execute();
    expect(events.map((e) => [e.kind, e.parked, e.state])).toEqual([
      [1, 1, 1],
      [1, 1, 2],
      [2, 1, 3],
    ]);
    const expected = [2000, 1200, 500];
    events.forEach((e, i) => {
      expect(Math.abs(e.litres - (expected[i] as number)) / (expected[i] as number)).toBeLessThan(0.05);
    });
    const list = await refuels();
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(2);
    const [second, first] = list.data.list;
    expect(first.stateName).toBe('已匹配加油记录');
    expect(first.costAmount).toBe('1462.50');
    expect(first.costLitres).toBe(195);
    expect(first.place).toBe('中石化呼和浩特站');
    expect(Math.abs(first.changeOil - 200)).toBeLessThan(10);
    expect(second.stateName).toBe('加油无记录');
    expect(list.data.totals.matched).toBe(1);
    expect(list.data.totals.unmatched).toBe(1);
    // a second scan writes nothing again
    expect(await scanFuelEvents(t.db.db, [truckId], t.now())).toBe(0);
  });

  it('lists the abnormal oil: the drain while parked, the rise without a record, the record without a refuel', async () => {
    const res = await call(t.app, 'POST', '/api/yww/abnormal/list', { token, body: { truckId } });
    expect(res.body.code).toBe(200);
    const types = res.body.data.list.map((r: { abnormalTypeName: string }) => r.abnormalTypeName).sort();
    expect(types).toEqual(['付款未加油', '加油无记录', '停车掉油（疑似偷油）'].sort());
    const paid = res.body.data.list.find((r: { abnormalType: number }) => r.abnormalType === 4);
    expect(paid.costAmount).toBe('1125.00');
    expect(paid.evidence).toContain('油箱油量未见上升');
    const drain = res.body.data.list.find((r: { abnormalType: number }) => r.abnormalType === 1);
    expect(Math.abs(drain.changeOil - 50)).toBeLessThan(2.5);
    const onlyPaid = await call(t.app, 'POST', '/api/yww/abnormal/list', {
      token,
      body: { truckId, abnormalType: 4 },
    });
    expect(onlyPaid.body.data.total).toBe(1);
  });

  it('draws the level day by day and over time, in litres and percent of the tank', async () => {
    const trend = await call(t.app, 'POST', '/api/yww/refuel/tendency', { token, body: { truckId } });
    expect(trend.body.code).toBe(200);
    const total = trend.body.data.reduce((s: number, d: { litres: number }) => s + d.litres, 0);
    expect(Math.abs(total - 320)).toBeLessThan(16);
    const fmt = (ms: number) => new Date(ms + 8 * HOUR).toISOString().replace('T', ' ').slice(0, 19);
    const level = await call(t.app, 'GET', '/api/oilChange/change/level', {
      token,
      query: { truckId: String(truckId), beginTime: fmt(base), endTime: fmt(base + 12 * HOUR) },
    });
    expect(level.body.code).toBe(200);
    expect(level.body.data.list.length).toBeGreaterThan(10);
    expect(level.body.data.list.length).toBeLessThan(level.body.data.rawTotal);
    const firstPoint = level.body.data.list[0];
    expect(firstPoint.litres).toBeCloseTo(150, 0);
    expect(firstPoint.oilValue).toBe(25);
    const bad = await call(t.app, 'GET', '/api/oilChange/change/level', {
      token,
      query: { truckId: String(truckId), beginTime: fmt(base), endTime: fmt(base - HOUR) },
    });
    expect(bad.body.msg).toBe('开始时间不能晚于结束时间');
  });

  it('a calibration table changes the litres shown, and a wrong one is refused in Chinese', async () => {
    // the live monitor: the truck's latest reading 400.0, its card and its row of the vehicle list
    const truck = await t.db.db
      .selectFrom('truck')
      .select(['vin', 'terminal_id'])
      .where('id', '=', truckId)
      .executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('vehicle_state').where('truck_id', '=', truckId).execute();
    await t.db.db
      .insertInto('vehicle_state')
      .values({
        truck_id: truckId,
        terminal_id: truck.terminal_id as number,
        time: t.now() - MIN,
        received_at: t.now() - MIN,
        lat: 40_000_000,
        lon: 116_000_000,
        mileage: null,
        fuel: 4000,
        driver_id: null,
      })
      .execute();
    const monitored = async () => {
      const card = await call(t.app, 'POST', '/api/monitor/car/card', { token, body: { vin: truck.vin } });
      const list = await call(t.app, 'POST', '/api/v2/web/monitor/local/team/carList', {
        token,
        body: { vinList: [truck.vin] },
      });
      expect(list.body.data.list).toHaveLength(1);
      const row = list.body.data.list[0];
      expect([row.fuel, row.fuelPercent]).toEqual([card.body.data.fuel, card.body.data.fuelPercent]);
      return [row.fuel, row.fuelPercent];
    };
    // no table: the reading as litres, the percent of the 600 L tank
    expect(await monitored()).toEqual([400, 66.7]);
    const one = await call(t.app, 'POST', '/api/oilCalibration/save', {
      token,
      body: { truckId, rows: [{ reading: 0, litres: 0 }] },
    });
    expect(one.body).toMatchObject({ code: 400, msg: '标定数据: 标定表至少需要2行' });
    const down = await call(t.app, 'POST', '/api/oilCalibration/save', {
      token,
      body: {
        truckId,
        rows: [
          { reading: 0, litres: 0 },
          { reading: 500, litres: 800 },
          { reading: 600, litres: 700 },
        ],
      },
    });
    expect(down.body.msg).toBe('标定数据: 第3行：油量应大于上一行（800L）');
    // the sensor reads 0.8 of what is in the tank: 1000 reading = 1250 L... scaled: reading × 1.25
    const saved = await call(t.app, 'POST', '/api/oilCalibration/save', {
      token,
      body: {
        truckId,
        rows: [
          { reading: 0, litres: 0 },
          { reading: 400, litres: 500 },
          { reading: 800, litres: 1000 },
        ],
      },
    });
    expect(saved.body.code).toBe(200);
    // the monitor at once (its cached table dropped): 400.0 read is 500 L
    expect(await monitored()).toEqual([500, 83.3]);
    const info = await call(t.app, 'GET', '/api/oilCalibration/info', {
      token,
      query: { truckId: String(truckId) },
    });
    expect(info.body.data.rows).toEqual([
      { reading: 0, litres: 0 },
      { reading: 400, litres: 500 },
      { reading: 800, litres: 1000 },
    ]);
    const list = await refuels();
    expect(list.data.total).toBe(2);
    const first = list.data.list[1];
    expect(Math.abs(first.changeOil - 250)).toBeLessThan(12.5);
    // 195 L paid against 250 L in the tank: no longer within 10 %
    expect(first.stateName).toBe('加油无记录');
    // the oil trend and the level curve read the litres through the table too
    const vin = (
      await t.db.db.selectFrom('truck').select('vin').where('id', '=', truckId).executeTakeFirstOrThrow()
    ).vin;
    const fmt = (ms: number) => new Date(ms + 8 * HOUR).toISOString().replace('T', ' ').slice(0, 19);
    const trend = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/oil/trend', {
      token,
      body: { vin, beginTime: fmt(base), endTime: fmt(base + 10 * MIN), thin: false },
    });
    expect(trend.body.data[0].oilLitre).toBeCloseTo(150 * 1.25, 0);
    const level = await call(t.app, 'GET', '/api/oilChange/change/level', {
      token,
      query: { truckId: String(truckId), beginTime: fmt(base), endTime: fmt(base + 10 * MIN), thin: 'false' },
    });
    expect(level.body.data.list[0].litres).toBeCloseTo(150 * 1.25, 0);
    expect(level.body.data.calibrated).toBe(true);
    const page = await call(t.app, 'POST', '/api/oilCalibration/page', { token, body: { truckId } });
    expect(page.body.data.list[0]).toMatchObject({ calibrated: true, rowCount: 3 });
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token,
      body: { dataId: truckId, pageEnum: 60 },
    });
    expect(log.body.data.list[0].content).toContain('保存油箱标定');
  });

  it("keeps a truck's fuel in its team: a dispatcher of another team neither lists nor calibrates it", async () => {
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    for (const url of ['/api/yww/refuel/list', '/api/yww/abnormal/list', '/api/oilChange/change/trucks']) {
      const all = await call(t.app, 'POST', url, { token: dispatch, body: { pageSize: 500 } });
      expect(all.body.code, url).toBe(200);
      expect(
        all.body.data.list.some((r: { truckId: number }) => r.truckId === truckId),
        url,
      ).toBe(false);
      const named = await call(t.app, 'POST', url, { token: dispatch, body: { truckId } });
      expect(named.body.code, url).not.toBe(200);
    }
    const save = await call(t.app, 'POST', '/api/oilCalibration/save', {
      token: dispatch,
      body: {
        truckId,
        rows: [
          { reading: 0, litres: 0 },
          { reading: 10, litres: 10 },
        ],
      },
    });
    expect(save.body.msg).toBe('车牌号: 不存在或不在您的管辖范围内');
  });

  it('imports tables all or nothing, with the row of each error', async () => {
    const plate = (
      await t.db.db.selectFrom('truck').select('car_no').where('id', '=', truckId).executeTakeFirstOrThrow()
    ).car_no;
    const wrong = await sheetFile([
      ['车牌号', '传感器读数', '油量(L)'],
      [plate, '0', '0'],
      [plate, '100', '90'],
      [plate, '200', '80'],
      ['无此车', '0', '0'],
      ['无此车', '10', '10'],
    ]);
    const refused = await uploadFile(t.app, '/api/oilCalibration/import', token, {
      filename: 'b.xlsx',
      content: wrong,
    });
    expect(refused.code).toBe(400);
    expect(refused.data.errors).toEqual([
      { row: 4, message: `${plate}的标定表：油量应大于上一行（90L）` },
      { row: 5, message: '车牌号: 无此车不存在或无权操作' },
    ]);
    const good = await sheetFile([
      ['车牌号', '传感器读数', '油量(L)'],
      [plate, '0', '0'],
      [plate, '600', '600'],
    ]);
    const imported = await uploadFile(t.app, '/api/oilCalibration/import', token, {
      filename: 'g.xlsx',
      content: good,
    });
    expect(imported.code).toBe(200);
    const info = await call(t.app, 'GET', '/api/oilCalibration/info', {
      token,
      query: { truckId: String(truckId) },
    });
    expect(info.body.data.rows).toHaveLength(2);
  });
});
