import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sheetFile } from '../file-tasks/file-tasks.fixture';

// A 行程报告 import refuses a trip reported twice: two rows of one truck whose times overlap, and the
// same sheet imported again (a report of the truck departing at the same time exists); nothing of
// the refused sheet is imported.

const TRUNK_ONE = '10000010010001';
const HEADERS = [
  '车牌号',
  '司机姓名',
  '线路名称',
  '出发时间',
  '到达时间',
  '上报里程(公里)',
  '上报油耗(升)',
  '载货吨数',
  '备注',
];

describe.each(TEST_DATABASES)('trip report imports on $title', (database) => {
  let t: TestApp;
  let admin: string;
  let carNo: string;

  const importSheet = (rows: (string | number | null)[][]) =>
    sheetFile([HEADERS, ...rows]).then((content) =>
      uploadFile(t.app, '/api/excelTask/importExcel', admin, { filename: '行程.xlsx', content }),
    );
  const imported = async () => {
    const res = await call(t.app, 'POST', '/api/tripReport/queryList', {
      token: admin,
      body: { source: 2, pageSize: 50 },
    });
    return res.body.data.total as number;
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    await t.db.db.deleteFrom('trip_report').execute();
    admin = await login(t.app, 'admin', DEMO.admin);
    carNo = (
      await t.db.db
        .selectFrom('truck')
        .select('car_no')
        .where('team_code', '=', TRUNK_ONE)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).car_no;
  });

  afterAll(async () => {
    await t?.close();
  });

  const row = (depart: string, arrive: string) => [carNo, '', '', depart, arrive, '100', '30', '', ''];

  it('refuses two rows of one truck whose times overlap, naming both rows', async () => {
    const res = await importSheet([
      row('2026-11-10 08:00:00', '2026-11-10 12:00:00'),
      row('2026-11-11 08:00:00', '2026-11-11 12:00:00'),
      row('2026-11-10 11:00:00', '2026-11-10 15:00:00'),
    ]);
    expect(res.code).toBe(400);
    expect(res.data.errors).toEqual([{ row: 4, message: '出发时间: 与第2行同一车辆的行程时间重叠' }]);
    expect(await imported()).toBe(0);
  });

  it('refuses the same sheet imported again', async () => {
    const sheet = [
      row('2026-11-10 08:00:00', '2026-11-10 12:00:00'),
      row('2026-11-11 08:00:00', '2026-11-11 12:00:00'),
    ];
    const first = await importSheet(sheet);
    expect(first.code, first.msg).toBe(200);
    const again = await importSheet(sheet);
    expect(again.code).toBe(400);
    expect(again.data.errors).toEqual([
      { row: 2, message: `出发时间: ${carNo}在2026-11-10 08:00:00出发的行程已有报告，请勿重复导入` },
      { row: 3, message: `出发时间: ${carNo}在2026-11-11 08:00:00出发的行程已有报告，请勿重复导入` },
    ]);
    expect(await imported()).toBe(2);
  });
});
