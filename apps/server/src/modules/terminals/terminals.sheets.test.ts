import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';

const HEADER = ['终端手机号', '终端ID', '协议版本', '视频通道数', '所属车队'];

describe.each(TEST_DATABASES)('terminal import and export on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  const upload = async (rows: (string | number | null)[][]) =>
    uploadFile(t.app, '/api/terminal/import', admin, {
      filename: '终端.xlsx',
      content: await sheetFile(rows),
    });
  const count = () => countRows(t, 'terminal');

  it('imports all rows of a good file or none of a bad one', async () => {
    const before = await count();
    const bad = await upload([
      HEADER,
      ['13866660001', 'T1', '2013', '4', '干线一分队'],
      ['1386666', 'T2', '2013', '', '干线一分队'],
      ['13866660001', 'T3', '2019', '', '干线一分队'],
      ['13800000001', 'T4', '2011', '', '干线一分队'],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 3, message: '终端手机号: 终端手机号应为11到20位数字' },
      { row: 5, message: '协议版本: 协议版本只能是2013或2019' },
    ]);
    const dup = await upload([
      HEADER,
      ['13866660001', 'T1', '2013', '4', '干线一分队'],
      ['13866660001', 'T3', '2019', '', '干线一分队'],
      ['13800000001', 'T4', '', '', '城配一分队'],
    ]);
    expect(dup.data.errors).toEqual([
      { row: 3, message: '终端手机号: 与第2行重复' },
      { row: 4, message: '终端手机号: 13800000001 已被其他终端使用' },
    ]);
    expect(await count()).toBe(before);
    const good = await upload([
      HEADER,
      ['13866660001', 'T1', '2013', '4', '干线一分队'],
      ['013866660002', 'T2', '2019', '', '城配一分队'],
    ]);
    expect(good).toMatchObject({ code: 200, data: { total: 2 } });
    const list = await call(t.app, 'POST', '/api/terminal/list', { token: admin, body: { tid: '1386666' } });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ tid: '13866660002', protocolVersion: '2019', teamName: '城配一分队' }),
      expect.objectContaining({ tid: '13866660001', videoChannels: 4, teamName: '干线一分队' }),
    ]);
  });

  it('exports exactly the rows of the list filter', async () => {
    const filter = { bindState: 1, teamCodeList: ['10000010020001'] };
    const list = await call(t.app, 'POST', '/api/terminal/list', {
      token: admin,
      body: { ...filter, pageSize: 500 },
    });
    expect(list.body.data.total).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/terminal/export',
      payload: filter,
      headers: { 'auth-token': admin },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]?.[0]).toBe('终端手机号');
    expect(rows.slice(1).map((r) => [r[0], r[8]])).toEqual(
      list.body.data.list.map((r: { tid: string; carNo: string }) => [r.tid, r.carNo]),
    );
  });
});
