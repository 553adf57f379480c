import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';
import { testIdCard } from './drivers.fixture';

const HEADER = [
  '司机姓名',
  '手机号',
  '身份证号',
  '所属车队',
  '准驾车型',
  '驾驶证有效期',
  '从业资格证号',
  '备注',
];
const PHOTO = '/api/file/uploads/2026/11/0123456789abcdef0123456789abcdef.png';

describe.each(TEST_DATABASES)('driver import, export, photos and salary on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const upload = async (rows: (string | number | null)[][]) =>
    uploadFile(t.app, '/api/driver/import', admin, { filename: '司机.xlsx', content: await sheetFile(rows) });
  const count = () => countRows(t, 'driver');

  it('imports nothing from a file with bad rows and names every row with its reason', async () => {
    const before = await count();
    const answer = await upload([
      HEADER,
      ['钱一', '16700000001', testIdCard('19800101', 11), '干线一分队', 'A2', '2030-01-01', '', ''],
      ['孙二', '1670000002', '', '干线一分队', '', '', '', ''],
      ['李三', '16700000001', '', '干线二分队', '', '', '', ''],
      ['周四', '16700000004', '', '不存在的车队', 'Z1', '', '', ''],
      ['吴五', '16700000005', '', '鄂尔多斯一分队', '', '2030-13-01', '', ''],
    ]);
    expect(answer.code).toBe(400);
    expect(answer.data.errors).toEqual([
      { row: 3, message: '手机号: 手机号码不符合规范' },
      { row: 5, message: '准驾车型: 准驾车型不正确' },
      { row: 6, message: '驾驶证有效期: 日期格式应为YYYY-MM-DD' },
    ]);
    expect(answer.msg).toContain('第3行：手机号: 手机号码不符合规范');
    expect(await count()).toBe(before);

    // the rows pass the field rules; the checks across rows and against the database fail
    const second = await upload([
      HEADER,
      ['钱一', '16700000001', testIdCard('19800101', 11), '干线一分队', 'A2', '2030-01-01', '', ''],
      ['李三', '16700000001', '', '干线二分队', '', '', '', ''],
      ['周四', '16700000004', '', '不存在的车队', '', '', '', ''],
      ['吴五', '16700000005', '', '鄂尔多斯一分队', '', '', '', ''],
    ]);
    expect(second.data.errors).toEqual([
      { row: 3, message: '手机号: 与第2行重复' },
      { row: 4, message: '所属车队: “不存在的车队”不存在或不在您的管辖范围内' },
      { row: 5, message: '所属车队: “鄂尔多斯一分队”不存在或不在您的管辖范围内' },
    ]);
    expect(await count()).toBe(before);
  });

  it('imports a good file in full, by team name or code, and logs every driver', async () => {
    const before = await count();
    const answer = await upload([
      HEADER,
      ['钱一', '16700000001', testIdCard('19800101', 11), '干线一分队', 'A2', '2030-01-01', 'ZG01', ''],
      ['孙二', '16700000002', '', '10000010020001', 'b2', '', '', '夜班'],
    ]);
    expect(answer).toMatchObject({ code: 200, data: { total: 2, success: 2 } });
    expect(await count()).toBe(before + 2);
    const list = await call(t.app, 'GET', '/api/driver/list', {
      token: admin,
      query: { driverPhone: '1670000000' },
    });
    const byName = Object.fromEntries(
      list.body.data.list.map((d: { driverName: string }) => [d.driverName, d]),
    );
    expect(byName.钱一).toMatchObject({
      teamName: '干线一分队',
      licenseClass: 'A2',
      qualificationNo: 'ZG01',
      source: 2,
    });
    expect(byName.孙二).toMatchObject({ teamName: '城配一分队', licenseClass: 'B2', remark: '夜班' });
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: byName.孙二.id, pageEnum: OPERATE_LOG_PAGES.driver },
    });
    expect(log.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '导入新增司机 孙二（16700000002）',
    ]);

    const again = await upload([HEADER, ['钱一', '16700000001', '', '干线一分队', '', '', '', '']]);
    expect(again.data.errors).toEqual([{ row: 2, message: '手机号: 该手机号已被其他司机使用' }]);
  });

  it('exports exactly the filtered rows as a spreadsheet', async () => {
    const filter = { teamCode: '10000010020001' };
    const list = await call(t.app, 'GET', '/api/driver/list', {
      token: admin,
      query: { ...filter, pageSize: '500' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/driver/export',
      payload: filter,
      headers: { 'auth-token': admin },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([
      '司机姓名',
      '手机号',
      '身份证号',
      '准驾车型',
      '驾驶证有效期',
      '从业资格证号',
      '从业资格证有效期',
      '所属车队',
      '绑定车辆',
      '状态',
      '来源',
      '备注',
      '创建时间',
    ]);
    const phones = rows.slice(1).map((r) => r[1]);
    expect(phones).toEqual(list.body.data.list.map((d: { driverPhone: string }) => d.driverPhone));
    expect(phones).toContain('16700000002');
    expect(rows.slice(1).every((r) => r[7] === '城配一分队')).toBe(true);
  });

  it('counts photos staff enter as checked: they never wait in the photo check list', async () => {
    const sun = await t.db.db
      .selectFrom('driver')
      .select('id')
      .where('phone', '=', '16700000002')
      .executeTakeFirstOrThrow();
    const edit = await call(t.app, 'GET', '/api/driver/info', {
      token: admin,
      query: { id: String(sun.id) },
    });
    const { id, driverName, driverPhone, idCard, licenseClass, licenseExpiry, teamCode } = edit.body.data;
    const saved = await call(t.app, 'POST', '/api/driver/update', {
      token: admin,
      body: { id, driverName, driverPhone, idCard, licenseClass, licenseExpiry, teamCode, photos: [PHOTO] },
    });
    expect(saved.body.code).toBe(200);
    const untouched = await call(t.app, 'POST', '/api/driver/getUntouchedDriverPhotos', {
      token: admin,
      body: {},
    });
    expect(untouched.body.data).toEqual({ list: [], total: 0 });
    const info = await call(t.app, 'GET', '/api/driver/info', { token: admin, query: { id: String(id) } });
    expect(info.body.data).toMatchObject({ photos: PHOTO, photosChecked: true });
    const refused = await call(t.app, 'POST', '/api/driver/photos/check', {
      token: admin,
      body: { ids: [id] },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '司机不存在、无权操作或照片已核对' });
  });

  it('saves and shows salary settings in yuan, with the money rule', async () => {
    const sun = await t.db.db
      .selectFrom('driver')
      .select('id')
      .where('phone', '=', '16700000002')
      .executeTakeFirstOrThrow();
    const empty = await call(t.app, 'GET', `/api/driverSalaryInfoDetail/${sun.id}`, { token: admin });
    expect(empty.body.data).toMatchObject({ saved: false, baseSalary: '0.00', settleType: null });
    const bad = await call(t.app, 'POST', '/api/driverSalaryInfoSave', {
      token: admin,
      body: { driverId: sun.id, settleType: 1, baseSalary: '012.5' },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '底薪: 请最多输入八位整数和两位小数的金额' });
    const ok = await call(t.app, 'POST', '/api/driverSalaryInfoSave', {
      token: admin,
      body: {
        driverId: sun.id,
        settleType: 2,
        baseSalary: '3500',
        unitPrice: 12.5,
        deduction: '420.08',
        bankName: '中国银行',
        bankAccount: '6217 0000 1234 5678',
        accountName: '孙二',
      },
    });
    expect(ok.body.code).toBe(200);
    const detail = await call(t.app, 'GET', `/api/driverSalaryInfoDetail/${sun.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      saved: true,
      settleType: 2,
      settleTypeName: '按吨计薪',
      baseSalary: '3500.00',
      unitPrice: '12.50',
      deduction: '420.08',
      bankAccount: '6217000012345678',
    });
    const row = await t.db.db
      .selectFrom('driver_salary_info')
      .selectAll()
      .where('driver_id', '=', sun.id)
      .executeTakeFirstOrThrow();
    expect([row.base_salary, row.unit_price, row.deduction]).toEqual([350000, 1250, 42008]);
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const forbidden = await call(t.app, 'GET', `/api/driverSalaryInfoDetail/${sun.id}`, { token: dispatch });
    expect(forbidden.status).toBe(403);
  });
});
