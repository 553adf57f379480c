import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, login, multipartBody, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

describe.each(TEST_DATABASES)('file upload on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(database, {
      uploadDir: mkdtempSync(path.join(tmpdir(), 'fleet-upload-')),
      uploadMaxBytes: 1024 * 1000,
    });
    token = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  const upload = (filename: string, content: Buffer, auth = true) => {
    const { payload, headers } = multipartBody({ filename, content }, { name: filename });
    return t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload,
      headers: auth ? { ...headers, 'auth-token': token } : headers,
    });
  };

  it('stores an image under a random name and serves it back with its type', async () => {
    const res = await upload('回单.png', PNG);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ name: '回单.png', size: PNG.length });
    expect(body.data.fullPath).toMatch(/^\/api\/file\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const back = await t.app.inject({ method: 'GET', url: body.data.fullPath });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    const rows = await t.db.db.selectFrom('uploaded_file').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a file whose content is not what its name says, a too large one, an empty one, and a caller without token', async () => {
    const fake = (await upload('photo.png', Buffer.from('<script>alert(1)</script>'))).json();
    expect(fake.code).toBe(400);
    expect(fake.msg).toContain('只支持');
    const renamed = (await upload('photo.xlsx', PNG)).json();
    expect(renamed.code).toBe(400);
    const big = (await upload('big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1000)]))).json();
    expect(big).toMatchObject({ code: 400, msg: '文件: 大小不能超过1MB' });
    const empty = (await upload('empty.png', Buffer.alloc(0))).json();
    expect(empty.code).toBe(400);
    expect((await upload('a.png', PNG, false)).json().code).toBe(401);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { 'auth-token': token },
      payload: { a: 1 },
    });
    expect(notMultipart.json().code).toBe(400);
    expect(await t.db.db.selectFrom('uploaded_file').selectAll().execute()).toHaveLength(1);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/file/uploads/2026/11/${'0'.repeat(32)}.png`,
    });
    expect(missing.json().code).toBe(404);
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/file/uploads/2026/11/..%2F..%2Fetc%2Fpasswd',
    });
    expect(traversal.json().code).toBe(400);
  });
});
