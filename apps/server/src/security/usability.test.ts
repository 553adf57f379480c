import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetFile } from '../modules/file-tasks/file-tasks.fixture';
import {
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../test/support';

// Issue 10, finding 24 (what a new user hit): the rule of a contact phone. The web form and the
// server share it (@fleet/domain isContactPhone); the form's side is checked in the browser tests.

const LANDLINES = ['010-12345678', '0755-1234567', '021 62345678', '400-123-4567', '010-12345678-801'];
const REFUSED = '联系电话: 应为手机号或固定电话（如13812345678、010-12345678、400-123-4567）';

describe.each(TEST_DATABASES)('usability rules on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const customer = (n: number, contactPhone: string) => ({
    customerName: `联系电话测试客户${n}`,
    customerType: 1,
    contactName: '王经理',
    contactPhone,
    settlementType: 2,
    teamCode: '10000010010001',
  });

  it('finding 24: a customer contact phone takes mobile and landline numbers, with extension', async () => {
    const ids: number[] = [];
    for (const [i, phone] of ['13912345678', ...LANDLINES].entries()) {
      const res = await call(t.app, 'POST', '/api/colliery/customer/add', {
        token: admin,
        body: customer(i, phone),
      });
      expect(res.body, phone).toMatchObject({ code: 200 });
      ids.push(res.body.data.id);
    }
    const info = await call(t.app, 'GET', `/api/colliery/customer/info?id=${ids[1]}`, { token: admin });
    expect(info.body.data.contactPhone).toBe('010-12345678');
    // editing keeps a landline, and a number that is neither is refused naming 联系电话
    const edit = await call(t.app, 'POST', '/api/colliery/customer/edit', {
      token: admin,
      body: { ...customer(1, '0571-87654321转8'), id: ids[1] },
    });
    expect(edit.body).toMatchObject({ code: 200 });
    for (const bad of ['12345', '010-1234', '500-123-4567', '13800138000-12', '0571-87654321 ext 123456']) {
      const res = await call(t.app, 'POST', '/api/colliery/customer/add', {
        token: admin,
        body: customer(90, bad),
      });
      expect(res.body, bad).toMatchObject({ code: 400, msg: REFUSED });
    }
  });

  it('finding 24: a customer import and a common address take landlines too', async () => {
    const { payload, headers } = multipartBody({
      filename: '客户.xlsx',
      content: await sheetFile([
        ['客户名称', '客户类型', '联系电话', '结算方式'],
        ['座机导入客户甲', '发货方', '0755-1234567', '月结'],
        ['座机导入客户乙', '收货方', '400-123-4567', '现结'],
      ]),
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/customer/import',
      payload,
      headers: { ...headers, 'auth-token': admin },
    });
    expect(imported.json()).toMatchObject({ code: 200 });
    const rows = await t.db.db
      .selectFrom('customer')
      .select(['customer_name', 'contact_phone'])
      .where('customer_name', 'like', '座机导入客户%')
      .orderBy('customer_name')
      .execute();
    expect(rows.map((r) => r.contact_phone).sort()).toEqual(['0755-1234567', '400-123-4567']);

    const address = await call(t.app, 'POST', '/api/common/address/add', {
      token: admin,
      body: {
        name: '天津港座机码头',
        address: '天津市滨海新区南疆港路',
        lng: 117.7732014,
        lat: 38.968105,
        addressType: 2,
        contactName: '陈调度',
        contactPhone: '022-25601234',
        teamCode: '10000010010001',
      },
    });
    expect(address.body).toMatchObject({ code: 200 });
  });
});
