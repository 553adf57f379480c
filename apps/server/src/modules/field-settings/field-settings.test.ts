import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

describe.each(TEST_DATABASES)('column settings on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  it("keeps each user's visible columns per page", async () => {
    const a = await login(t.app, 'dispatch', DEMO.dispatch);
    const b = await login(t.app, 'finance', DEMO.finance);
    const empty = await call(t.app, 'GET', '/api/message/queryFieldSet', {
      token: a,
      query: { pageKey: 'system/users' },
    });
    expect(empty.body.data).toEqual({ pageKey: 'system/users', fields: null });
    const save = await call(t.app, 'POST', '/api/message/saveFieldSet', {
      token: a,
      body: { pageKey: 'system/users', fields: ['username', 'nickname', 'username'] },
    });
    expect(save.body.code).toBe(200);
    await call(t.app, 'POST', '/api/message/saveFieldSet', {
      token: a,
      body: { pageKey: 'system/users', fields: ['nickname', 'phone'] },
    });
    const mine = await call(t.app, 'GET', '/api/message/queryFieldSet', {
      token: a,
      query: { pageKey: 'system/users' },
    });
    expect(mine.body.data.fields).toEqual(['nickname', 'phone']);
    const other = await call(t.app, 'GET', '/api/message/queryFieldSet', {
      token: b,
      query: { pageKey: 'system/users' },
    });
    expect(other.body.data.fields).toBeNull();
  });

  it('refuses bad page keys and column names', async () => {
    const a = await login(t.app, 'dispatch', DEMO.dispatch);
    const bad = await call(t.app, 'POST', '/api/message/saveFieldSet', {
      token: a,
      body: { pageKey: 'x y', fields: [] },
    });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('页面标识');
    const badField = await call(t.app, 'POST', '/api/message/saveFieldSet', {
      token: a,
      body: { pageKey: 'p', fields: ['a;drop'] },
    });
    expect(badField.body.msg).toContain('列标识不正确');
  });
});
