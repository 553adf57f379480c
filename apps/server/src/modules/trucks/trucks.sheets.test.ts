import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';
import { makeVin, TEAM_1 } from './trucks.fixture';

const HEADER = [
  '车牌号',
  '车架号',
  '燃料类型',
  '所属车队',
  '车辆性质',
  '车牌颜色',
  '终端手机号',
  '保险到期日期',
  '油箱容积(L)',
];

describe.each(TEST_DATABASES)('truck import and export on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let freeTid: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    // a terminal of the merchant with no truck, to bind in an import
    freeTid = '13899990001';
    await t.db.db
      .insertInto('terminal')
      .values({ merchant_id: 1, team_code: TEAM_1, phone: freeTid, created_at: t.now(), updated_at: t.now() })
      .execute();
  });
  afterAll(() => t.close());

  const upload = async (rows: (string | number | null)[][], name = '车辆.xlsx', content?: Buffer) =>
    uploadFile(t.app, '/api/truck/import', admin, {
      filename: name,
      content: content ?? (await sheetFile(rows)),
    });
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('truck')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports nothing from a file with a bad row and names each row with its reason', async () => {
    const before = await count();
    const existing = await t.db.db.selectFrom('truck').select(['car_no', 'vin']).executeTakeFirstOrThrow();
    const answer = await upload([
      HEADER,
      ['京A8S001', makeVin(8001), '燃油', '干线一分队', '自有车', '黄色', '', '2027-01-01', '600'],
      ['京A8S0', makeVin(8002), '燃油', '干线一分队', '', '', '', '', ''],
      ['京A8S003', makeVin(8003), '柴油', '干线一分队', '', '', '', '', ''],
      ['京A8S004', makeVin(8004), '燃气', '干线一分队', '租赁车', '', '', '', ''],
      ['京A8S005', makeVin(8005), '燃气', '干线一分队', '', '', '', '2027-02-30', ''],
    ]);
    expect(answer.code).toBe(400);
    expect(answer.data.errors).toEqual([
      { row: 3, message: '车牌号: 车牌号不符合规范' },
      { row: 4, message: expect.stringContaining('燃料类型: 应为其他、纯电动、燃油') },
      { row: 5, message: '车辆性质: 应为自有车或外协车' },
      { row: 6, message: '保险到期日期: 日期格式应为YYYY-MM-DD' },
    ]);
    expect(answer.msg).toContain('第3行：车牌号: 车牌号不符合规范');
    expect(await count()).toBe(before);

    const second = await upload([
      HEADER,
      ['京A8S001', makeVin(8001), '燃油', '干线一分队', '', '', '', '', ''],
      ['京A8S001', makeVin(8002), '燃油', '干线一分队', '', '', '', '', ''],
      [existing.car_no, makeVin(8003), '燃油', '干线一分队', '', '', '', '', ''],
      ['京A8S004', existing.vin, '燃油', '鄂尔多斯一分队', '', '', '13800000001', '', ''],
    ]);
    expect(second.code).toBe(400);
    const messages = second.data.errors.map((e: { row: number; message: string }) => `${e.row} ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        '3 车牌号: 与第2行重复',
        `4 车牌号: ${existing.car_no} 已存在`,
        `5 车架号: ${existing.vin} 已存在`,
        '5 所属车队: “鄂尔多斯一分队”不存在或不在您的管辖范围内',
        expect.stringMatching(/^5 终端手机号: 13800000001 已绑定车辆/),
      ]),
    );
    expect(await count()).toBe(before);
  });

  it('refuses files that are not .xlsx', async () => {
    const text = await upload([], '车辆.xlsx', Buffer.from('车牌号,车架号\n京A1,1'));
    expect(text).toMatchObject({ code: 400, msg: '只支持.xlsx格式的Excel文件，请选择正确的文件' });
    const missing = await upload([
      ['车牌号', '备注'],
      ['京A8S009', ''],
    ]);
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('表头缺少：车架号、燃料类型、所属车队');
  });

  it('imports every row of a good file, binds the terminal and logs each truck', async () => {
    const before = await count();
    const answer = await upload([
      HEADER,
      ['京A8S101', makeVin(8101), '燃油', '干线一分队', '自有车', '黄色', freeTid, '2027-01-01', '600'],
      ['冀B8S102', makeVin(8102).toLowerCase(), '3', '10000010010002', '外协车', '', '', '', ''],
    ]);
    expect(answer).toMatchObject({ code: 200, data: { total: 2, success: 2 } });
    expect(await count()).toBe(before + 2);
    const list = await call(t.app, 'POST', '/api/v2/web/base/list', { token: admin, body: { carNo: '8S1' } });
    expect(list.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          carNo: '京A8S101',
          tid: freeTid,
          tankCapacity: 600,
          insuranceExpiry: '2027-01-01',
        }),
        expect.objectContaining({
          carNo: '冀B8S102',
          vin: makeVin(8102),
          carInfoType: 3,
          teamName: '干线二分队',
        }),
      ]),
    );
    const id = list.body.data.list.find((r: { carNo: string }) => r.carNo === '京A8S101').id;
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id, pageEnum: 8 },
    });
    expect(log.body.data.list[0].content).toBe(`导入新增车辆 京A8S101（车架号 ${makeVin(8101)}）`);
  });

  it('serves a template with the headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/truck/import/template',
      headers: { 'auth-token': admin },
    });
    expect(res.statusCode).toBe(200);
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual(
      expect.arrayContaining(['车牌号', '车架号', '燃料类型', '所属车队', '终端手机号']),
    );
  });

  it('exports exactly the rows of the list filter', async () => {
    const filter = { teamCodeList: ['10000010010002'], fuelType: 3 };
    const list = await call(t.app, 'POST', '/api/v2/web/base/list', {
      token: admin,
      body: { ...filter, pageSize: 500 },
    });
    expect(list.body.data.total).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/web/base/export',
      payload: filter,
      headers: { 'auth-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('车辆列表'));
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['车牌号', '车牌颜色', '车架号']);
    const plates = rows.slice(1).map((r) => r[0]);
    expect(plates).toEqual(list.body.data.list.map((r: { carNo: string }) => r.carNo));
    const vinColumn = rows.slice(1).map((r) => r[2]);
    expect(vinColumn).toEqual(list.body.data.list.map((r: { vin: string }) => r.vin));
  });
});
