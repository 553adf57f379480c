import { depreciationFen } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';

// 成本中心 through the API as the demo's finance user (干线二分队) and admin: a refuel's litres ×
// price must make its amount; trucks, waybills and trips out of reach or of another truck are
// refused; the list's totals by type match its rows to the fen, the export holds exactly them; an
// import writes all rows or none; trip costs take the trip's costs or the truck's costs of the day;
// the cost analysis (day and month sums) matches the rows and adds the trucks' depreciation.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const HEADER = ['车牌号', '日期', '费用类型', '金额(元)', '数量', '单价(元)', '支付方式', '地点', '备注'];

describe.each(TEST_DATABASES)('costs on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let mine: { id: number; car_no: string }[];
  let otherTeam: { id: number; car_no: string };
  let otherMerchant: { id: number; car_no: string };
  let customTypeId: number;
  const m = (i: number) => mine[i] as { id: number; car_no: string };

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/miscellaneous/${url}`, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const refused = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url} should be refused`).not.toBe(200);
    return res.body.msg as string;
  };
  const refuel = (truckId: number, extra: Record<string, unknown> = {}) => ({
    truckId,
    costDate: '2026-11-10',
    costType: 1,
    quantity: '201.5',
    unitPrice: '7.63',
    amount: '1537.45',
    payMethod: 1,
    place: '东胜加油站',
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoWaybills: true });
    admin = await login(t.app, 'admin', DEMO.admin);
    finance = await login(t.app, 'finance', DEMO.finance);
    const trucks = (team: string) =>
      t.db.db
        .selectFrom('truck')
        .select(['id', 'car_no'])
        .where('team_code', '=', team)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    mine = (await trucks(TRUNK_TWO)).slice(0, 3);
    otherTeam = (await trucks(TRUNK_ONE))[0] as { id: number; car_no: string };
    otherMerchant = (await t.db.db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('merchant_id', '<>', 1)
      .executeTakeFirstOrThrow()) as { id: number; car_no: string };
    expect(mine.length).toBe(3);
    // the test counts its own costs and depreciation only
    await t.db.db.deleteFrom('cost').execute();
    await t.db.db.deleteFrom('truck_depreciation').execute();
    await t.db.db.deleteFrom('cost_day').execute();
    await t.db.db.deleteFrom('cost_month').execute();
    const added = await call(t.app, 'POST', '/api/colliery/fee/type/add', {
      token: admin,
      body: { feeName: '停车费', feeKind: 2, feeTypeApp: 1, sort: 20, teamCode: '1000001' },
    });
    expect(added.body.code, added.body.msg).toBe(200);
    customTypeId = added.body.data.id;
  });
  afterAll(async () => t?.close());

  it('lists the built-in cost types and the merchant’s own cost fee types', async () => {
    const res = await call(t.app, 'GET', '/api/miscellaneous/getCostType', { token: finance });
    expect(res.body.code).toBe(200);
    const names = res.body.data.map((x: { name: string }) => x.name);
    expect(names.slice(0, 4)).toEqual(['加油', '路桥费', '保养', '杂费']);
    expect(res.body.data).toContainEqual(
      expect.objectContaining({ costType: 5, feeTypeId: customTypeId, name: '停车费' }),
    );
  });

  it('adds and updates costs with their rules, messages and log; refuses what is out of reach', async () => {
    const { id } = await ok(finance, 'add', refuel(m(0).id));
    const list = await ok(finance, 'list/car', { truckId: m(0).id });
    expect(list.list[0]).toMatchObject({
      id,
      carNo: m(0).car_no,
      costTypeName: '加油',
      amount: '1537.45',
      quantity: '201.50',
      unit: '升',
      unitPrice: '7.63',
      payMethodName: '油卡/ETC卡',
      sourceName: '录入',
    });

    expect(await refused(finance, 'add', refuel(m(0).id, { amount: '1500' }))).toBe(
      '金额(元)应等于数量×单价（201.50 × 7.63 = 1537.45元），请核对',
    );
    expect(await refused(finance, 'add', refuel(m(0).id, { quantity: '' }))).toBe(
      '加油须填写数量(升)和单价(元)',
    );
    expect(
      await refused(finance, 'add', {
        truckId: m(0).id,
        costDate: '2026-11-10',
        costType: 4,
        amount: '0',
      }),
    ).toBe('金额(元): 金额(元)应大于0');
    expect(await refused(finance, 'add', { costDate: '2026-11-10', costType: 4, amount: '5' })).toContain(
      '请选择车牌号',
    );
    expect(
      await refused(finance, 'add', {
        truckId: m(0).id,
        costDate: '2026-11-10',
        costType: 5,
        amount: '5',
      }),
    ).toBe('请选择自定义费用类型');
    // another team's truck, another merchant's truck
    expect(await refused(finance, 'add', refuel(otherTeam.id))).toBe('车牌号: 不存在或不在您的管辖范围内');
    expect(await refused(admin, 'add', refuel(otherMerchant.id))).toBe('车牌号: 不存在或不在您的管辖范围内');
    // a waybill of another truck
    const waybill = await t.db.db
      .selectFrom('waybill')
      .select(['id', 'bill_no', 'truck_id'])
      .where('team_code', '=', TRUNK_TWO)
      .where('truck_id', '<>', m(0).id)
      .executeTakeFirstOrThrow();
    expect(await refused(finance, 'add', refuel(m(0).id, { waybillId: waybill.id }))).toBe(
      `运单: 运单${waybill.bill_no}的车辆不是该费用的车辆`,
    );
    const own = await ok(finance, 'add', refuel(waybill.truck_id, { waybillId: waybill.id }));
    expect(
      (await ok(finance, 'list/car', { billNo: waybill.bill_no })).list.map((c: { id: number }) => c.id),
    ).toEqual([own.id]);

    await ok(finance, 'update', {
      ...refuel(m(0).id),
      id,
      quantity: '300',
      unitPrice: '7.80',
      amount: '2340',
    });
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', 55)
      .where('data_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(log[0]?.content).toBe('新增费用 加油，日期2026-11-10，金额(元)1537.45，数量201.50，单价(元)7.63');
    expect(log[1]?.content).toContain('金额(元)：1537.45→2340.00');
    // the page's 操作日志 reads them
    const page = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: finance,
      body: { dataId: id, pageEnum: 55 },
    });
    expect(page.body.code, page.body.msg).toBe(200);
    expect(page.body.data.list.map((e: { content: string }) => e.content)).toContain(log[0]?.content);
    // the other team's cost is not the finance user's to change or see
    const foreign = await ok(admin, 'add', {
      truckId: otherTeam.id,
      costDate: '2026-11-10',
      costType: 2,
      amount: '88',
    });
    expect((await post(finance, 'update', { ...refuel(m(0).id), id: foreign.id })).body.code).not.toBe(200);
    expect(await refused(finance, 'deleteBatch', { ids: [foreign.id] })).toBe('费用不存在或无权操作');
    expect((await ok(finance, 'list/car', {})).list.some((c: { id: number }) => c.id === foreign.id)).toBe(
      false,
    );
  });

  it('totals the filtered rows by type to the fen, exports exactly them, deletes with the log', async () => {
    const [a, b] = mine as unknown as [{ id: number }, { id: number }];
    const ids: number[] = [];
    for (const body of [
      { truckId: a.id, costDate: '2026-11-11', costType: 2, amount: '320.55' },
      { truckId: a.id, costDate: '2026-11-12', costType: 2, amount: '0.01' },
      { truckId: b.id, costDate: '2026-11-12', costType: 3, amount: '1200.10', remark: '换机油' },
      { truckId: b.id, costDate: '2026-11-13', costType: 4, amount: '45.5' },
      { truckId: b.id, costDate: '2026-11-13', costType: 5, feeTypeId: customTypeId, amount: '30' },
    ])
      ids.push((await ok(finance, 'add', body)).id);
    const filter = { startDate: '2026-11-11', endDate: '2026-11-13' };
    const page = await ok(finance, 'list/car', { ...filter, pageSize: 100 });
    expect(page.total).toBe(5);
    const sumFen = page.list.reduce(
      (s: number, c: { amount: string }) => s + Math.round(Number(c.amount) * 100),
      0,
    );
    expect(page.totals.amount).toBe((sumFen / 100).toFixed(2));
    expect(page.totals.amount).toBe('1596.16');
    expect(
      Object.fromEntries(page.totals.byType.map((x: { name: string; amount: string }) => [x.name, x.amount])),
    ).toEqual({ 路桥费: '320.56', 保养: '1200.10', 杂费: '45.50', 停车费: '30.00' });
    // 杂费 page: sundry and the custom types
    const sundry = await ok(finance, 'list/car', { ...filter, costTypes: [4, 5] });
    expect(sundry.totals.amount).toBe('75.50');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/miscellaneous/export/car',
      payload: filter,
      headers: { 'auth-token': finance },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 5)).toEqual(['车牌号', '所属车队', '日期', '费用类型', '金额(元)']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(page.list.map((c: { amount: string }) => c.amount));

    await ok(finance, 'deleteBatch', { ids: [ids[1], ids[4]] });
    const after = await ok(finance, 'list/car', filter);
    expect(after.total).toBe(3);
    expect(after.totals.amount).toBe('1566.15');
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', 55)
      .where('data_id', '=', String(ids[1]))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.content).toBe('删除费用 路桥费，日期2026-11-12，金额(元)0.01');
  });

  it('imports all rows or none with the row errors', async () => {
    const upload = async (rows: (string | number | null)[][]) =>
      uploadFile(t.app, '/api/miscellaneous/import', finance, {
        filename: '费用.xlsx',
        content: await sheetFile(rows),
      });
    const before = await ok(finance, 'list/car', { startDate: '2026-11-15', endDate: '2026-11-15' });
    expect(before.total).toBe(0);
    const plate = m(2).car_no;
    const bad = await upload([
      HEADER,
      [plate, '2026-11-15', '加油', '1600.00', '200', '8.00', '油卡/ETC卡', '东胜', ''],
      [plate, '2026-11-15', '加油', '1600.00', '200', '7.50', '', '', ''],
      [otherTeam.car_no, '2026-11-15', '路桥费', '50', '', '', '', '', ''],
      [plate, '2026-11-15', '洗车费', '50', '', '', '', '', ''],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 3, message: '金额(元)应等于数量×单价（200.00 × 7.50 = 1500.00元），请核对' },
      { row: 4, message: `车牌号: ${otherTeam.car_no}不存在或无权操作` },
      { row: 5, message: '费用类型: 洗车费不是加油、路桥费、保养、杂费或已启用的自定义费用类型' },
    ]);
    expect((await ok(finance, 'list/car', { startDate: '2026-11-15', endDate: '2026-11-15' })).total).toBe(0);
    const good = await upload([
      HEADER,
      [plate, '2026-11-15', '加油', '1600.00', '200', '8.00', '油卡/ETC卡', '东胜', ''],
      [plate, '2026-11-15', '停车费', '20', '', '', '现金', '', '夜间停车'],
    ]);
    expect(good).toMatchObject({ code: 200, data: { success: 2 } });
    const list = await ok(finance, 'list/car', { startDate: '2026-11-15', endDate: '2026-11-15' });
    expect(list.totals.amount).toBe('1620.00');
    expect(list.list.map((c: { sourceName: string }) => c.sourceName)).toEqual(['导入', '导入']);
  });

  it('joins each closed trip with its costs or the truck’s costs of the day', async () => {
    const truck = m(2);
    const at = (text: string) => Date.parse(`${text}+08:00`);
    const trip = async (start: string, end: string, mileage: number, fuel: number) =>
      (
        await t.db.db
          .insertInto('trip')
          .values({
            merchant_id: 1,
            team_code: TRUNK_TWO,
            truck_id: truck.id,
            driver_id: null,
            start_time: at(start),
            end_time: at(end),
            start_lat: 39_800_000,
            start_lon: 109_900_000,
            mileage,
            fuel_used: fuel,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // the trips of the period are the test's own
    await t.db.db
      .deleteFrom('trip')
      .where('truck_id', '=', truck.id)
      .where('start_time', '>=', at('2026-11-16T00:00:00'))
      .execute();
    const linked = await trip('2026-11-16T08:00:00', '2026-11-16T14:00:00', 3205, 1010);
    const unlinked = await trip('2026-11-17T08:00:00', '2026-11-17T12:00:00', 1500, 480);
    await ok(finance, 'add', {
      truckId: truck.id,
      costDate: '2026-11-16',
      costType: 2,
      amount: '210',
      tripId: linked,
    });
    await ok(finance, 'add', { truckId: truck.id, costDate: '2026-11-16', costType: 4, amount: '9.99' });
    await ok(finance, 'add', { truckId: truck.id, costDate: '2026-11-17', costType: 2, amount: '120.5' });
    expect(
      await refused(finance, 'add', {
        truckId: m(0).id,
        costDate: '2026-11-16',
        costType: 2,
        amount: '1',
        tripId: linked,
      }),
    ).toBe('行程: 该行程不是该费用车辆的行程');
    const page = await ok(finance, 'trip/list', {
      startDate: '2026-11-16',
      endDate: '2026-11-17',
      truckId: truck.id,
    });
    expect(page.total).toBe(2);
    const byId = Object.fromEntries(page.list.map((r: { tripId: number }) => [r.tripId, r]));
    expect(byId[linked]).toMatchObject({
      mileage: '320.5',
      fuelUsed: '101.0',
      costSource: 'trip',
      roadBridge: '210.00',
      sundry: '0.00',
      total: '210.00',
      costPerKm: '0.66',
    });
    expect(byId[unlinked]).toMatchObject({
      costSource: 'day',
      roadBridge: '120.50',
      total: '120.50',
      costPerKm: '0.80',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/miscellaneous/trip/export',
      payload: { startDate: '2026-11-16', endDate: '2026-11-17', truckId: truck.id },
      headers: { 'auth-token': finance },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows.length).toBe(3);
    expect(rows.slice(1).map((r) => r[12])).toEqual(page.list.map((r: { total: string }) => r.total));
    expect(await refused(finance, 'trip/list', { startDate: '2025-01-01', endDate: '2026-11-17' })).toContain(
      '366',
    );
  });

  it('analyses the costs by day, month, truck, team and type from the sums, with depreciation', async () => {
    const truck = m(1);
    expect(
      await refused(admin, 'depreciation/save', {
        truckId: truck.id,
        purchasePrice: '100',
        purchaseDate: '2025-01-01',
        lifeMonths: 60,
        residual: '200',
      }),
    ).toBe('残值(元): 残值(元)应小于购置价格(元)');
    await ok(admin, 'depreciation/save', {
      truckId: truck.id,
      purchasePrice: '360000',
      purchaseDate: '2025-03-15',
      lifeMonths: 60,
      residual: '36000',
    });
    const terms = {
      purchasePrice: 36_000_000,
      purchaseDate: '2025-03-15',
      lifeMonths: 60,
      residual: 3_600_000,
    };
    const monthly = depreciationFen(terms, '2026-11');
    expect(monthly).toBe(540_000);
    const settings = await ok(admin, 'depreciation/list', { truckId: truck.id });
    expect(settings.list[0]).toMatchObject({ set: true, monthly: '5400.00', lifeMonths: 60 });

    const filter = { startDate: '2026-11-01', endDate: '2026-11-30', teamCode: TRUNK_TWO };
    const month = await ok(finance, 'analysis', { ...filter, periodType: 'month' });
    const rows = await ok(finance, 'list/car', { ...filter, pageSize: 500 });
    const byName = Object.fromEntries(
      month.byType.map((x: { name: string; amount: string }) => [x.name, x.amount]),
    );
    for (const t of rows.totals.byType) expect(byName[t.name], t.name).toBe(t.amount);
    expect(byName.折旧).toBe('5400.00');
    const rowsFen = Math.round(Number(rows.totals.amount) * 100);
    expect(month.total.amount).toBe(((rowsFen + monthly) / 100).toFixed(2));
    expect(month.series).toEqual([expect.objectContaining({ period: '2026-11', total: month.total.amount })]);
    const truckRow = month.byTruck.find((r: { truckId: number }) => r.truckId === truck.id);
    expect(truckRow.byType['9']).toBe('5400.00');

    // by day: the days add up to the month, depreciation spread over the 30 days
    const days = await ok(finance, 'analysis', { ...filter, periodType: 'day' });
    expect(days.series.length).toBe(30);
    const dayFen = days.series.reduce(
      (s: number, d: { total: string }) => s + Math.round(Number(d.total) * 100),
      0,
    );
    expect((dayFen / 100).toFixed(2)).toBe(month.total.amount);
    expect(days.series[0].byType['9']).toBe('180.00');
    // half a month: half the depreciation
    const half = await ok(finance, 'analysis', { ...filter, endDate: '2026-11-15', periodType: 'month' });
    expect(half.total.depreciation).toBe('2700.00');
    expect(await refused(finance, 'analysis', { startDate: '2025-01-01', endDate: '2026-11-30' })).toContain(
      '366',
    );
    // the dispatch user has no cost analysis
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    expect((await post(dispatch, 'analysis', filter)).status).toBe(403);
  });
});
