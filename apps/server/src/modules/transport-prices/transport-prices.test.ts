import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack } from '../file-tasks/file-tasks.fixture';
import { stopRow } from '../lines/lines.fixture';
import { priceInForce } from './transport-prices.record';

interface Listed {
  id: number;
  customerName: string;
  lineName: string;
  cargo: string;
  priceFen: number;
  priceYuan: string;
  priceUnit: string;
  startDate: string;
  endDate: string;
  valid: number;
  teamName: string;
}

const stations = [stopRow(1, 1, '鄂尔多斯市东胜区', 109.963, 39.817), stopRow(2, 3, '天津港', 117.78, 38.98)];

describe.each(TEST_DATABASES)('transport prices on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let other: string;
  let customerId: number;
  let lineId: number;
  let otherCustomerId: number;
  let otherLineId: number;

  const addCustomer = async (token: string, customerName: string, teamCode: string) => {
    const res = await call(t.app, 'POST', '/api/colliery/customer/add', {
      token,
      body: { customerName, customerType: 1, settlementType: 2, teamCode },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data.id as number;
  };
  const addLine = async (token: string, routeName: string) => {
    const res = await call(t.app, 'POST', '/api/route/add', {
      token,
      body: { routeName, routeType: 1, stationList: stations },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data.id as number;
  };
  const price = (extra: Record<string, unknown> = {}) => ({
    customerId,
    lineId,
    cargo: '动力煤',
    priceType: 1,
    priceFen: 12345,
    settleWeight: 3,
    allowedLossPermille: 3,
    deductionFen: 50000,
    startDate: '2026-01-01',
    endDate: '2026-06-30',
    remark: '上半年',
    ...extra,
  });
  const add = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/colliery/transport/price/add', { token, body });
  const page = async (token: string, body: Record<string, unknown> = {}) =>
    (
      await call(t.app, 'POST', '/api/colliery/transport/price/page', {
        token,
        body: { pageSize: 50, ...body },
      })
    ).body.data as { list: Listed[]; total: number };
  const logOf = async (token: string, id: number) =>
    call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token,
      body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.transportPrice },
    });

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    finance = await login(t.app, 'finance', DEMO.finance);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '运价管理员', codes: [...ROLE_PRESETS.admin] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'price_c1',
        password: sha256Hex('Price@123'),
        nickname: 'price_c1',
        teamCode: '1000001002',
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'price_c1', 'Price@123');
    // the headquarters' customer and line are usable by every team; the other branch's are not finance's
    customerId = await addCustomer(admin, '运价测试煤业', '1000001');
    lineId = await addLine(admin, '运价东胜至天津港');
    otherCustomerId = await addCustomer(other, '城配专属客户', '1000001002');
    otherLineId = await addLine(other, '城配专属线路');
  });
  afterAll(() => t.close());

  let firstId = 0;
  it('adds a price with its amounts exact in fen, listed with the customer and line names', async () => {
    const res = await add(finance, price());
    expect(res.body.code, res.body.msg).toBe(200);
    firstId = res.body.data.id;
    const info = await call(t.app, 'GET', '/api/colliery/transport/price/info', {
      token: finance,
      query: { id: String(firstId) },
    });
    expect(info.body.data).toMatchObject({
      customerName: '运价测试煤业',
      lineName: '运价东胜至天津港',
      cargo: '动力煤',
      priceType: 1,
      priceTypeName: '按吨',
      priceFen: 12345,
      priceYuan: '123.45',
      priceUnit: '元/吨',
      settleWeight: 3,
      settleWeightName: '装卸取小',
      allowedLossPermille: 3,
      deductionFen: 50000,
      deductionYuan: '500.00',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      teamName: '干线二分队',
      valid: 1,
    });
    // the largest amount of the money rule stays exact
    const big = await add(finance, price({ cargo: '焦炭', priceFen: 9_999_999_999 }));
    expect(big.body.code, big.body.msg).toBe(200);
    const listed = (await page(finance, { cargo: '焦炭' })).list[0];
    expect(listed).toMatchObject({ priceFen: 9_999_999_999, priceYuan: '99999999.99' });
  });

  it('checks the fields with Chinese messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [price({ customerId: undefined }), '客户: 请选择客户'],
      [price({ priceFen: 12.5 }), '运价: 请最多输入八位整数和两位小数的金额'],
      [price({ priceFen: 10_000_000_000 }), '运价: 请最多输入八位整数和两位小数的金额'],
      [price({ priceFen: 0 }), '运价: 运价须大于0'],
      [price({ priceType: 3 }), '计价方式: 请选择计价方式'],
      [price({ settleWeight: 0 }), '结算重量: 请选择结算重量'],
      [price({ allowedLossPermille: 1001 }), '合理损耗: 合理损耗须为0-1000的整数（‰）'],
      [price({ allowedLossPermille: 1.5 }), '合理损耗: 合理损耗须为0-1000的整数（‰）'],
      [price({ startDate: '2026-02-30' }), '生效日期: 日期格式应为YYYY-MM-DD'],
      [price({ endDate: '2025-12-31' }), '失效日期: 失效日期不能早于生效日期'],
      [price({ customerId: otherCustomerId }), '客户: 不存在或不在您的管辖范围内'],
      [price({ lineId: otherLineId }), '线路: 不存在或不在您的管辖范围内'],
    ];
    for (const [body, msg] of cases) {
      const res = await add(finance, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
  });

  let secondId = 0;
  it('refuses overlapping enabled prices on add, edit and enabling, naming the other price', async () => {
    const message =
      '该客户、线路和货物（动力煤）已有启用的运价（123.45元/吨，2026-01-01至2026-06-30），有效期不能重叠';
    const overlap = await add(finance, price({ startDate: '2026-06-30', endDate: '2026-12-31' }));
    expect(overlap.body).toMatchObject({ code: 400, msg: message });
    // the headquarters may not add one either: the rule is the merchant's
    expect((await add(admin, price({ startDate: '2026-03-01', endDate: '2026-03-31' }))).body.msg).toBe(
      message,
    );
    // another cargo, or any cargo (''), is another price
    expect((await add(finance, price({ cargo: '' }))).body.code).toBe(200);

    const second = await add(
      finance,
      price({ startDate: '2026-07-01', endDate: '2026-12-31', priceFen: 13000 }),
    );
    expect(second.body.code, second.body.msg).toBe(200);
    secondId = second.body.data.id;
    const edited = await call(t.app, 'POST', '/api/colliery/transport/price/edit', {
      token: finance,
      body: price({ id: secondId, startDate: '2026-06-01', endDate: '2026-12-31', priceFen: 13000 }),
    });
    expect(edited.body).toMatchObject({ code: 400, msg: message });

    // disabled, it may overlap; enabling it again is refused while the other is enabled
    const off = await call(t.app, 'POST', '/api/colliery/transport/price/changeStatus', {
      token: finance,
      body: { id: secondId, valid: 0 },
    });
    expect(off.body.code).toBe(200);
    const moved = await call(t.app, 'POST', '/api/colliery/transport/price/edit', {
      token: finance,
      body: price({ id: secondId, startDate: '2026-06-01', endDate: '2026-12-31', priceFen: 13000 }),
    });
    expect(moved.body.code, moved.body.msg).toBe(200);
    const on = await call(t.app, 'POST', '/api/colliery/transport/price/changeStatus', {
      token: finance,
      body: { id: secondId, valid: 1 },
    });
    expect(on.body).toMatchObject({ code: 400, msg: message });
    expect((await page(finance, { valid: 0 })).list.map((p) => p.id)).toEqual([secondId]);
  });

  it('logs every change of money in yuan, old → new', async () => {
    const res = await call(t.app, 'POST', '/api/colliery/transport/price/edit', {
      token: finance,
      body: price({
        id: secondId,
        startDate: '2026-07-01',
        priceFen: 13550,
        deductionFen: 60000,
        endDate: '2026-12-31',
      }),
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const enabled = await call(t.app, 'POST', '/api/colliery/transport/price/changeStatus', {
      token: finance,
      body: { id: secondId, valid: 1 },
    });
    expect(enabled.body.code, enabled.body.msg).toBe(200);
    const log = await logOf(finance, secondId);
    const contents = (log.body.data.list as { content: string }[]).map((r) => r.content);
    expect(contents).toEqual([
      '启用运价',
      '修改运价：运价：130.00元→135.50元，亏吨扣款单价：500.00元→600.00元，生效日期：2026-06-01→2026-07-01',
      '修改运价：生效日期：2026-07-01→2026-06-01',
      '停用运价',
      '新增运价 130.00元/吨，2026-07-01至2026-12-31',
    ]);
  });

  it('shows nothing to another team, and keeps its prices out of reach', async () => {
    // only the demo's price of its own city fleet, none of finance's
    expect((await page(other)).list.map((p) => p.lineName)).toEqual(['天津河西城配线']);
    const info = await call(t.app, 'GET', '/api/colliery/transport/price/info', {
      token: other,
      query: { id: String(firstId) },
    });
    expect(info.body).toMatchObject({ code: 404, msg: '运价不存在或无权操作' });
    const edit = await call(t.app, 'POST', '/api/colliery/transport/price/edit', {
      token: other,
      body: price({ id: firstId }),
    });
    expect(edit.body.code).toBe(404);
    expect((await logOf(other, firstId)).body.data).toEqual({ list: [], total: 0 });
    // the headquarters sees the prices of the teams below it: these four and the demo's three
    expect((await page(admin)).total).toBe(7);
  });

  it('offers the line picker to a user who holds only the finance settings', async () => {
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '只管财务设置', codes: ['car090107'] },
    });
    expect(role.body.code).toBe(200);
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'price_f1',
        password: sha256Hex('Price@123'),
        nickname: 'price_f1',
        teamCode: '1000001',
        roleIds: [role.body.data.id],
      },
    });
    const token = await login(t.app, 'price_f1', 'Price@123');
    const lines = await call(t.app, 'GET', '/api/colliery/line/fuzzy', {
      token,
      query: { routeName: '运价' },
    });
    expect(lines.body.data).toEqual([{ id: lineId, value: '运价东胜至天津港' }]);
  });

  it("finds the price in force at a time: the cargo's own, else the one for any cargo", async () => {
    // finance's own scope: its merchant and team
    const scope = await t.db.db
      .selectFrom('transport_price')
      .select(['merchant_id as merchantId', 'team_code as teamCode'])
      .where('id', '=', firstId)
      .executeTakeFirstOrThrow();
    const at = (day: string) => new Date(`${day}T23:30:00+08:00`).getTime();
    const ask = (cargo: string | null, day: string) =>
      priceInForce(t.db.db, scope, { customerId, lineId, cargo, at: at(day) });
    expect(await ask('动力煤', '2026-06-30')).toMatchObject({ id: firstId, priceFen: 12345 });
    expect(await ask('动力煤', '2026-07-01')).toMatchObject({ id: secondId, priceFen: 13550 });
    // a cargo without its own price takes the one for any cargo
    expect(await ask('块煤', '2026-03-01')).toMatchObject({ cargo: '', priceFen: 12345 });
    expect(await ask(null, '2026-03-01')).toMatchObject({ cargo: '' });
    expect(await ask('动力煤', '2027-01-01')).toBeUndefined();
    // a disabled price is never in force
    await call(t.app, 'POST', '/api/colliery/transport/price/changeStatus', {
      token: finance,
      body: { id: firstId, valid: 0 },
    });
    expect(await ask('动力煤', '2026-03-01')).toMatchObject({ cargo: '' });
  });

  it('exports exactly the filtered rows, amounts in yuan, and deletes softly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/transport/price/export',
      payload: { cargo: '动力煤' },
      headers: { 'auth-token': finance },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 6)).toEqual(['客户', '线路', '货物名称', '计价方式', '运价（元）', '单位']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['135.50', '123.45']);
    const del = await call(t.app, 'POST', '/api/colliery/transport/price/delete', {
      token: finance,
      body: { id: firstId },
    });
    expect(del.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect((await page(finance, { cargo: '动力煤' })).list.map((p) => p.id)).toEqual([secondId]);
    const kept = await t.db.db
      .selectFrom('transport_price')
      .select('deleted_at')
      .where('id', '=', firstId)
      .executeTakeFirstOrThrow();
    expect(kept.deleted_at).not.toBeNull();
    const log = await logOf(finance, firstId);
    expect(log.body.data.list[0].content).toBe('删除运价 123.45元/吨，2026-01-01至2026-06-30');
  });
});
