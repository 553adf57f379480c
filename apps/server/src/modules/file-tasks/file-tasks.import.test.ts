import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';
import { createDemoTable, readBack, registerDemoSpreadsheets, sheetFile, zipOf } from './file-tasks.fixture';
import { BROKEN_XLSX, NOT_XLSX, UNPACKS_TOO_LARGE, XLS_REFUSED } from './file-tasks.register';

const HEADER = ['名称', '数量', '备注'];
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

describe.each(TEST_DATABASES)('spreadsheet import on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(
      database,
      { uploadMaxBytes: 1024 * 1000 },
      { features: [registerDemoSpreadsheets] },
    );
    await createDemoTable(t.db.db);
    token = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  const upload = async (filename: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ filename, content }, { name: filename });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/demo/import',
      payload,
      headers: { ...headers, 'auth-token': token },
    });
    return res.json() as Answer['body'];
  };
  // biome-ignore lint/suspicious/noExplicitAny: the demo table exists only in the test database
  const demo = () => t.db.db as unknown as Kysely<any>;
  const stored = () => demo().selectFrom('demo_item').selectAll().orderBy('id').execute();
  const lastTask = async () =>
    (await call(t.app, 'POST', '/api/file/task/page', { token, body: { kind: 'import' } })).body.data.list[0];

  it('serves the template: headers of the columns, the required ones in red, examples on a second sheet', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/demo/import/template',
      headers: { 'auth-token': token },
    });
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('演示导入模板.xlsx');
    expect(await readBack(res.rawPayload)).toEqual([HEADER]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getCell('A1').font?.color).toEqual({ argb: 'FFFF0000' });
    expect(book.worksheets[0]?.getCell('C1').font?.color).toBeUndefined();
    expect(book.worksheets[1]?.getRow(2).values).toEqual([undefined, '名称', '是', '螺纹钢']);
    // the template imported as it is has no data
    expect(await upload('模板.xlsx', res.rawPayload)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('没有数据'),
    });
  });

  it('imports every row of a good file, headers in any order, and records the task', async () => {
    const file = await sheetFile([
      ['备注', ' 名称* ', '数量', '不认识的列'],
      ['', '螺纹钢', 12, 'x'],
      ['冷轧', '线材', '7', null],
    ]);
    const res = await upload('货物.xlsx', file);
    expect(res).toMatchObject({
      code: 200,
      msg: '成功导入2条数据',
      data: { total: 2, success: 2, errors: [] },
    });
    expect(await stored()).toMatchObject([
      { name: '螺纹钢', amount: 12, team_code: '10000010010001' },
      { name: '线材', amount: 7 },
    ]);
    expect(await lastTask()).toMatchObject({
      id: res.data.taskId,
      kind: 'import',
      title: '演示导入',
      fileName: '货物.xlsx',
      status: 'done',
      progress: 100,
      totalRows: 2,
      downloadable: false,
    });
  });

  it('imports nothing when one row is bad, and names the row and the column', async () => {
    const before = await stored();
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 50; i++) rows.push([`钢卷${i}`, i, '']);
    rows[30] = ['钢卷30', '三十', ''];
    const res = await upload('货物.xlsx', await sheetFile(rows));
    expect(res.code).toBe(400);
    expect(res.data.errors).toEqual([{ row: 31, message: '数量: 请填写6位以内的整数' }]);
    expect(res.msg).toBe('第31行：数量: 请填写6位以内的整数');
    expect(await stored()).toEqual(before);
    expect(await lastTask()).toMatchObject({ status: 'failed', error: res.msg, totalRows: 50 });
  });

  it('lists every row error, those of the cross-row checks too, and writes nothing', async () => {
    const before = await stored();
    const rows = [HEADER, ['', 1, ''], ['螺纹钢', 2, ''], ['新货', 3, ''], ['新货', 4, '']];
    const answer = await upload('货物.xlsx', await sheetFile(rows));
    expect(answer.data.errors).toEqual([{ row: 2, message: '名称: 请填写名称' }]);
    const checked = await upload('货物.xlsx', await sheetFile(rows.filter((_, i) => i !== 1)));
    expect(checked.data.errors).toEqual([
      { row: 2, message: '名称“螺纹钢”已存在' },
      { row: 4, message: '名称与第3行重复' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('refuses blank rows inside the data, a missing required column, and rolls back a failed write', async () => {
    const before = await stored();
    const gap = await upload('货物.xlsx', await sheetFile([HEADER, ['甲', 1, ''], [], ['乙', 2, '']]));
    expect(gap.data.errors).toEqual([{ row: 3, message: '空行，请删除空行后重新导入' }]);
    const trailing = await sheetFile([HEADER, ['甲1', 1, ''], ['', null, '  ']]);
    expect((await upload('a.xlsx', trailing)).code).toBe(200);
    await demo().deleteFrom('demo_item').where('name', '=', '甲1').execute();
    const missing = await upload(
      'a.xlsx',
      await sheetFile([
        ['名称', '备注'],
        ['甲', ''],
      ]),
    );
    expect(missing).toMatchObject({ code: 400, msg: '表头缺少：数量，请下载模板填写后导入' });
    const failing = await upload('a.xlsx', await sheetFile([HEADER, ['好货', 1, ''], ['写入失败', 2, '']]));
    expect(failing).toMatchObject({ code: 400, msg: '演示：写入时拒绝' });
    expect(await stored()).toEqual(before);
  });

  it('refuses files that are no .xlsx, too large, too long or crafted, with a Chinese message', async () => {
    const before = await stored();
    const good = await sheetFile([HEADER, ['甲', 1, '']]);
    expect(await upload('货物.xls', OLE)).toMatchObject({ code: 400, msg: XLS_REFUSED });
    expect(await upload('货物.xlsx', OLE)).toMatchObject({ code: 400, msg: XLS_REFUSED });
    expect(await upload('货物.csv', Buffer.from('名称,数量\n甲,1\n'))).toMatchObject({ msg: NOT_XLSX });
    expect(await upload('货物.xlsx', Buffer.from('名称,数量\n甲,1\n'))).toMatchObject({ msg: NOT_XLSX });
    expect(await upload('货物.pdf', good)).toMatchObject({ msg: NOT_XLSX });
    expect(await upload('货物.xlsx', Buffer.alloc(0))).toMatchObject({ msg: '文件为空，请重新选择' });
    expect(await upload('货物.xlsx', good.subarray(0, good.length - 100))).toMatchObject({
      msg: BROKEN_XLSX,
    });
    const large = Buffer.concat([good, Buffer.alloc(1024 * 1000)]);
    expect(await upload('货物.xlsx', large)).toMatchObject({ code: 400, msg: '导入文件: 大小不能超过1MB' });
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(40 * 1024 * 1024, 32) },
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await upload('货物.xlsx', bomb)).toMatchObject({ code: 400, msg: UNPACKS_TOO_LARGE });
    const noSheet = zipOf([{ name: 'hello.txt', data: Buffer.from('你好') }]);
    expect(await upload('货物.xlsx', noSheet)).toMatchObject({ code: 400 });
    const many: (string | number)[][] = [['名称']];
    for (let i = 0; i < 20_001; i++) many.push([`货${i}`]);
    expect(await upload('货物.xlsx', await sheetFile(many))).toMatchObject({
      code: 400,
      msg: '单次最多导入20000行数据，请分批导入',
    });
    expect(await stored()).toEqual(before);
    const { payload, headers } = multipartBody({ filename: 'a.xlsx', content: good });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/test/demo/import', payload, headers });
    expect(anonymous.json().code).toBe(401);
  });
});
