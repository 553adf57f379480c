import { creditCodeCheckChar, OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';

/** A valid unified social credit code from its first 17 characters. */
function creditCode(first17: string): string {
  return first17 + creditCodeCheckChar(first17);
}

const CODE_A = creditCode('91150602MA0N00001');
const CODE_B = creditCode('91120116MA05K0002');

describe.each(TEST_DATABASES)('customers on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let inner: string;
  let customerId: number;
  const base = {
    customerName: '鄂尔多斯示例煤业有限公司',
    creditCode: CODE_A,
    customerType: 1,
    contactName: '王经理',
    contactPhone: '13912345678',
    address: '内蒙古鄂尔多斯市东胜区',
    settlementType: 2,
    teamCode: '10000010010001',
  };
  beforeAll(async () => {
    t = await startTestApp(database);
    // these tests count every row they make: start from merchants without the demo's customers (and
    // the demo's transport prices, scan codes, transport orders and plans, which name them)
    await t.db.db.deleteFrom('waybill_scan_code').execute();
    await t.db.db.deleteFrom('transport_price').execute();
    await withoutDemoPlans(t.db.db);
    await t.db.db.deleteFrom('customer').execute();
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '客户管理员', codes: [...ROLE_PRESETS.admin] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'customer_b1',
        password: sha256Hex('Customer@1'),
        nickname: '二分队文员',
        teamCode: '10000010010002',
        roleIds: [role.body.data.id],
      },
    });
    inner = await login(t.app, 'customer_b1', 'Customer@1');
  });
  afterAll(() => t.close());

  it('checks every field with the exact Chinese messages', async () => {
    const wrongCheck = CODE_A.slice(0, 17) + (CODE_A.endsWith('0') ? '1' : '0');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, customerName: '' }, '客户名称: 请输入30个以内的中英文或者数字'],
      [{ ...base, customerName: '某某公司@' }, '客户名称: 请输入30个以内的中英文或者数字'],
      [{ ...base, creditCode: wrongCheck }, '统一社会信用代码: 不是有效的统一社会信用编码'],
      [{ ...base, creditCode: '91150602MA0N0001' }, '统一社会信用代码: 不是有效的统一社会信用编码'],
      [
        { ...base, contactPhone: '2391234567' },
        '联系电话: 应为手机号或固定电话（如13812345678、010-12345678、400-123-4567）',
      ],
      [{ ...base, customerType: 4 }, '客户类型: 请选择客户类型'],
      [{ ...base, settlementType: 3 }, '账期天数: 账期结算须填写账期天数'],
      [{ ...base, settlementType: 3, settlementDays: 400 }, '账期天数: 账期天数须为0-365的整数'],
      [{ ...base, teamCode: '2000001' }, '所属车队: 不存在或不在您的管辖范围内'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t.app, 'POST', '/api/colliery/customer/add', { token: admin, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    const count = await t.db.db
      .selectFrom('customer')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('adds, pages, shows, edits, disables and enables a customer, logging each change', async () => {
    const added = await call(t.app, 'POST', '/api/colliery/customer/add', {
      token: admin,
      body: { ...base, creditCode: CODE_A.toLowerCase() },
    });
    expect(added.body.code).toBe(200);
    customerId = added.body.data.id;
    const dup = await call(t.app, 'POST', '/api/colliery/customer/add', {
      token: admin,
      body: { ...base, creditCode: '', teamCode: '1000001002' },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '客户名称: 该客户名称已存在' });
    const dupCode = await call(t.app, 'POST', '/api/colliery/customer/add', {
      token: admin,
      body: { ...base, customerName: '另一家公司' },
    });
    expect(dupCode.body).toMatchObject({ code: 400, msg: '统一社会信用代码: 已被其他客户使用' });

    const info = await call(t.app, 'GET', '/api/colliery/customer/info', {
      token: admin,
      query: { id: String(customerId) },
    });
    expect(info.body.data).toMatchObject({
      customerName: base.customerName,
      creditCode: CODE_A,
      customerTypeName: '发货方',
      settlementTypeName: '月结',
      teamName: '干线一分队',
      valid: 1,
    });

    const edited = await call(t.app, 'POST', '/api/colliery/customer/edit', {
      token: admin,
      body: { ...base, id: customerId, settlementType: 3, settlementDays: 30, contactName: '' },
    });
    expect(edited.body.code).toBe(200);
    const off = await call(t.app, 'POST', '/api/colliery/customer/valid', {
      token: admin,
      body: { id: customerId, valid: 0 },
    });
    expect(off.body.code).toBe(200);
    const again = await call(t.app, 'POST', '/api/colliery/customer/valid', {
      token: admin,
      body: { id: customerId, valid: 0 },
    });
    expect(again.body).toMatchObject({ code: 400, msg: '客户已是停用状态' });
    const options = await call(t.app, 'GET', '/api/colliery/customer/options', { token: admin });
    expect(options.body.data.total).toBe(0);
    await call(t.app, 'POST', '/api/colliery/customer/valid', {
      token: admin,
      body: { id: customerId, valid: 1 },
    });

    const page = await call(t.app, 'POST', '/api/colliery/customer/page', {
      token: admin,
      body: { customerName: '示例煤业', valid: 1 },
    });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ settlementDays: 30, contactName: '' });
    const none = await call(t.app, 'POST', '/api/colliery/customer/page', {
      token: admin,
      body: { valid: 0 },
    });
    expect(none.body.data.total).toBe(0);

    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: customerId, pageEnum: OPERATE_LOG_PAGES.customer },
    });
    expect(log.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '启用客户',
      '停用客户',
      '修改客户：联系人：王经理→空，结算方式：月结→账期结算，账期天数：0→30',
      `新增客户 ${base.customerName}`,
    ]);
  });

  it('keeps a sibling team’s user away from the customer', async () => {
    const page = await call(t.app, 'POST', '/api/colliery/customer/page', { token: inner, body: {} });
    expect(page.body.data.total).toBe(0);
    const info = await call(t.app, 'GET', '/api/colliery/customer/info', {
      token: inner,
      query: { id: String(customerId) },
    });
    expect(info.body.code).toBe(404);
    const edit = await call(t.app, 'POST', '/api/colliery/customer/edit', {
      token: inner,
      body: { ...base, id: customerId, teamCode: '10000010010002' },
    });
    expect(edit.body.code).toBe(404);
    const off = await call(t.app, 'POST', '/api/colliery/customer/valid', {
      token: inner,
      body: { id: customerId, valid: 0 },
    });
    expect(off.body.code).toBe(404);
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const forbidden = await call(t.app, 'POST', '/api/colliery/customer/page', { token: dispatch, body: {} });
    expect(forbidden.status).toBe(403);
  });

  const upload = async (rows: (string | number | null)[][]) =>
    uploadFile(t.app, '/api/colliery/customer/import', admin, {
      filename: '客户.xlsx',
      content: await sheetFile(rows),
    });
  const HEADER = [
    '客户名称',
    '统一社会信用代码',
    '客户类型',
    '联系人',
    '联系电话',
    '结算方式',
    '账期天数',
    '所属车队',
  ];

  it('imports all rows or none, and exports exactly the filtered rows', async () => {
    const bad = await upload([
      HEADER,
      ['天津港示例物流公司', CODE_B, '收货方', '刘', '13800000000', '现结', '', '城配车队'],
      ['鄂尔多斯示例煤业有限公司', '', '发货方', '', '', '月结', '', ''],
      ['某贸易公司', '91120116MA05K0003', '货主', '', '', '年结', '', ''],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([{ row: 4, message: '统一社会信用代码: 不是有效的统一社会信用编码' }]);
    const dup = await upload([
      HEADER,
      ['天津港示例物流公司', CODE_B, '收货方', '刘', '13800000000', '现结', '', '城配车队'],
      ['鄂尔多斯示例煤业有限公司', '', '发货方', '', '', '月结', '', ''],
    ]);
    expect(dup.data.errors).toEqual([{ row: 3, message: '客户名称: 该客户名称已存在' }]);
    const good = await upload([
      HEADER,
      ['天津港示例物流公司', CODE_B, '收货方', '刘', '13800000000', '账期结算', '45', '城配车队'],
      ['唐山示例钢铁公司', '', '发货及收货', '', '', '现结', '', ''],
    ]);
    expect(good).toMatchObject({ code: 200, data: { success: 2 } });
    const page = await call(t.app, 'POST', '/api/colliery/customer/page', { token: admin, body: {} });
    const names = Object.fromEntries(
      page.body.data.list.map((c: { customerName: string }) => [c.customerName, c]),
    );
    expect(names.天津港示例物流公司).toMatchObject({
      customerType: 2,
      settlementDays: 45,
      teamName: '城配车队',
    });
    // without a team the importer's own team (headquarters for admin)
    expect(names.唐山示例钢铁公司).toMatchObject({ customerType: 3, teamName: '示例物流有限公司' });

    const filter = { customerName: '示例', customerType: 1 };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/customer/export',
      payload: filter,
      headers: { 'auth-token': admin },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['客户名称', '统一社会信用代码', '客户类型']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['鄂尔多斯示例煤业有限公司']);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/customer/export',
      payload: {},
      headers: { 'auth-token': admin },
    });
    expect((await readBack(all.rawPayload)).length).toBe(4);
  });
});
