import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
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
} from '../test/support';

// Issue 10, finding 17: input is refused or read with Chinese messages that name the field.

const CJK = /[\u3400-\u9fff]/;

/** A value no typed field takes: not text, not a number, not a list, an object without the keys. */
const BAD_VALUE = { bad: [1] };

/** One HTTP request over a real socket (app.inject bypasses Node's request parser and its limits). */
function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function customerSheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('客户');
  ws.addRow(['客户名称', '客户类型', '结算方式', '联系人', '账期天数', '备注']);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(TEST_DATABASES)('input on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  it('finding 17: every body, query and path field of every route has a Chinese label', () => {
    const unlabelled: string[] = [];
    let fields = 0;
    for (const r of t.app.apiRoutes) {
      for (const [field, label] of Object.entries(r.fields)) {
        fields++;
        if (!label || !CJK.test(label)) unlabelled.push(`${r.method} ${r.url} ${field}`);
      }
    }
    expect(fields).toBeGreaterThan(500);
    expect(unlabelled).toEqual([]);
  });

  it('finding 17: bad input to every route names the field in Chinese, never by its English key', async () => {
    const englishKeys: string[] = [];
    let refused = 0;
    for (const r of t.app.apiRoutes) {
      if (r.url.startsWith('/api/auth/')) continue; // keeps the admin's session and login counters
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const keys = Object.keys(r.fields).flatMap((path) => path.split('.'));
      const url = r.url.replace(/:\w+/g, 'x');
      for (const field of Object.keys(r.fields)) {
        if (field.includes('.') || r.url.includes(`:${field}`)) continue;
        const inQuery = method === 'GET' || method === 'DELETE';
        const res = await call(t.app, method, url, {
          token: admin,
          ...(inQuery ? { query: { [field]: 'x'.repeat(600) } } : { body: { [field]: BAD_VALUE } }),
        });
        if (res.body.code !== 400) continue;
        refused++;
        const named = keys.filter((key) => key.length > 1 && new RegExp(`\\b${key}\\b`).test(res.body.msg));
        if (named.length > 0 || !CJK.test(res.body.msg))
          englishKeys.push(`${r.method} ${r.url}: ${res.body.msg}`);
      }
    }
    expect(refused).toBeGreaterThan(300);
    expect(englishKeys).toEqual([]);
  });

  it('finding 17: paging is refused by its Chinese name', async () => {
    const res = await call(t.app, 'POST', '/api/tkui/push/list', { token: admin, body: { pageSize: 0 } });
    expect(res.body).toMatchObject({ code: 400, msg: '每页条数: 每页条数必须大于0' });
  });

  it('finding 17: an invalid date is refused naming the field, not ignored', async () => {
    for (const body of [{ startTime: '2026-13-45 00:00:00' }, { endTime: 'yesterday' }]) {
      const res = await call(t.app, 'POST', '/api/tkui/push/list', { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(body.startTime ? /^开始时间/ : /^结束时间/);
    }
    const fine = await call(t.app, 'POST', '/api/tkui/push/list', {
      token: admin,
      body: { startTime: '2026-11-01 00:00:00', endTime: '' },
    });
    expect(fine.body.code).toBe(200);
  });

  it('finding 17: a truncated upload says the file is incomplete, not that it is too large', async () => {
    const { payload, headers } = multipartBody({ filename: 'a.png', content: Buffer.alloc(4000, 1) });
    const cut = payload.subarray(0, payload.length - 1500);
    for (const url of ['/api/file/upload', '/api/colliery/customer/import']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: cut,
        headers: { ...headers, 'auth-token': admin },
      });
      const body = res.json() as Answer['body'];
      expect(body.code, url).toBe(400);
      expect(body.msg).toContain('上传的文件不完整');
    }
  });

  it('finding 17: formula, rich text and link cells are read as their values; a formula without one names row and column', async () => {
    const read = await customerSheet([
      [
        { formula: '"公式客户"&"甲"', result: '公式客户甲' },
        { richText: [{ text: '发货' }, { text: '方' }] },
        '月结',
        { text: '王经理', hyperlink: 'mailto:wang@example.com' },
        { formula: '10+20', result: 30 },
        '',
      ],
      ['公式客户乙', '发货方', '月结', '', { formula: 'E2*2' }, ''],
      ['公式客户丙', '发货方', '月结', { error: '#N/A' }, '', ''],
      ['公式客户丁', '发货方', '月结', '', '', { formula: '1/0', result: { error: '#DIV/0!' } }],
    ]);
    const { payload, headers } = multipartBody({ filename: '客户.xlsx', content: read });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/customer/import',
      payload,
      headers: { ...headers, 'auth-token': admin },
    });
    const body = res.json() as Answer['body'];
    expect(body.code).toBe(400);
    expect(body.msg).not.toContain('[object Object]');
    expect(body.data.errors).toEqual([
      { row: 3, message: expect.stringMatching(/^账期天数: .*公式/) },
      { row: 4, message: expect.stringMatching(/^联系人: .*#N\/A/) },
      { row: 5, message: expect.stringMatching(/^备注: .*公式/) },
    ]);

    const good = await customerSheet([
      [
        { formula: '"公式客户"&"甲"', result: '公式客户甲' },
        '发货方',
        '账期结算',
        { text: '王经理', hyperlink: 'mailto:wang@example.com' },
        { formula: '10+20', result: 30 },
        { richText: [{ text: '备' }, { text: '注' }] },
      ],
    ]);
    const upload = multipartBody({ filename: '客户.xlsx', content: good });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/colliery/customer/import',
      payload: upload.payload,
      headers: { ...upload.headers, 'auth-token': admin },
    });
    expect(saved.json()).toMatchObject({ code: 200 });
    const list = await call(t.app, 'POST', '/api/colliery/customer/page', {
      token: admin,
      body: { customerName: '公式客户甲' },
    });
    expect(list.body.data.list[0]).toMatchObject({
      customerName: '公式客户甲',
      contactName: '王经理',
      settlementDays: 30,
      remark: '备注',
    });
  });

  it('finding 17: logout works with an empty JSON body and with no body', async () => {
    for (const headers of [{ 'content-type': 'application/json' }, {}]) {
      const token = await login(t.app, 'finance', DEMO.finance);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...headers, 'auth-token': token },
      });
      expect(res.json(), JSON.stringify(headers)).toMatchObject({ code: 200 });
      const after = await call(t.app, 'GET', '/api/user/info', { token });
      expect(after.body.code).toBe(401);
    }
  });

  it('finding 17: an oversized URL, header or path parameter answers the envelope in Chinese', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answers = [
      await rawRequest(port, `/api/tkui/push/list?title=${'x'.repeat(10_000)}`),
      await rawRequest(port, `/api/tkui/push/list?title=${'x'.repeat(30_000)}`),
      await rawRequest(port, '/api/user/info', { 'x-long': 'x'.repeat(20_000) }),
      await rawRequest(port, `/api/tkui/push/detail/${'1'.repeat(500)}`, { 'auth-token': admin }),
      await rawRequest(port, '/api/tkui/push/detail/%zz', { 'auth-token': admin }),
    ];
    expect(answers.map((a) => a.status)).toEqual([414, 431, 431, 414, 400]);
    for (const answer of answers) {
      const body = JSON.parse(answer.body) as Answer['body'];
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(CJK);
    }
  });
});
