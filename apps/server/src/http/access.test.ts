import { isKnownCode, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../modules/auth/tokens';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';
import { seedForeignRows } from './access.fixtures';

describe.each(TEST_DATABASES)('permissions and tenancy on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  it('every menu code a route names exists in the menu tree', () => {
    const coded = t.app.apiRoutes.filter((r) => Array.isArray(r.access));
    expect(coded.length).toBeGreaterThan(0);
    for (const r of coded)
      for (const code of r.access as string[]) expect(isKnownCode(code), `${r.url} ${code}`).toBe(true);
    // every API route says who may call it
    for (const r of t.app.apiRoutes)
      if (r.url !== '/api/health' && !r.url.startsWith('/api/docs')) expect(r.access, r.url).toBeDefined();
  });

  it('gives each demo account the codes of its role', async () => {
    for (const [name, password] of Object.entries(DEMO)) {
      const token = await login(t.app, name, password);
      const info = await call(t.app, 'GET', '/api/user/info', { token });
      const codes = (info.body.data.elemCodes as string).split(',');
      expect(new Set(codes)).toEqual(new Set(ROLE_PRESETS[name as keyof typeof DEMO]));
    }
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const info = (await call(t.app, 'GET', '/api/user/info', { token: dispatch })).body.data;
    expect(info.elemCodes).toContain('car05');
    expect(info.elemCodes).not.toContain('car07');
    expect(info.team).toMatchObject({ teamCode: '10000010010001', teamName: '干线一分队' });
    expect(info).toMatchObject({
      name: '张调度',
      user_name: 'dispatch',
      isOperator: false,
      isManager: false,
      teamIdStr: expect.any(String),
    });
    expect(info.popMsgs).toEqual([]);
  });

  it("answers HTTP 403 to a call outside the caller's menu codes", async () => {
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const res = await call(t.app, 'POST', '/api/system/user/page', { token: dispatch, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    const ok = await call(t.app, 'POST', '/api/system/user/page', { token: admin, body: {} });
    expect(ok.status).toBe(200);
  });

  it('shows a user no row of another merchant or another team subtree, through every list route', async () => {
    // A role with every code in each merchant, so that every list route can be called.
    const roleAll = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '全部权限', codes: [...ROLE_PRESETS.admin] },
    });
    expect(roleAll.body.code).toBe(200);
    const inner = await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'scope_a1',
        password: sha256Hex('Scope@123'),
        nickname: '范围甲一',
        teamCode: '10000010010001',
        roleIds: [roleAll.body.data.id],
      },
    });
    expect(inner.body.code).toBe(200);
    // In the other merchant: a role and a user whose names must never show up.
    const list = await call(t.app, 'GET', '/api/auth/getMerchantList', { token: admin });
    const coalId = Number(Object.keys(list.body.data)[1]);
    const coalAdmin = await login(t.app, 'admin', DEMO.admin);
    await call(t.app, 'POST', '/api/auth/pickMerchant', { token: coalAdmin, body: { merchantId: coalId } });
    const coalRole = await call(t.app, 'POST', '/api/system/role/add', {
      token: coalAdmin,
      body: { name: '煤运专属角色', codes: ['car01'] },
    });
    expect(coalRole.body.code).toBe(200);
    const coalUser = await call(t.app, 'POST', '/api/system/user/add', {
      token: coalAdmin,
      body: {
        username: 'coal_only',
        password: sha256Hex('Coal@1234'),
        nickname: '煤运专属用户',
        teamCode: '20000010010001',
        roleIds: [coalRole.body.data.id],
      },
    });
    expect(coalUser.body.code).toBe(200);
    await call(t.app, 'POST', '/api/auth/pickMerchant', { token: coalAdmin, body: { merchantId: 1 } });

    await seedForeignRows(t.db.db, t.now());
    const token = await login(t.app, 'scope_a1', 'Scope@123');
    const foreign = [
      '示例煤炭运输有限公司',
      '鄂尔多斯',
      '煤运专属',
      'coal_only',
      // sibling and parent teams of 干线一分队 and their users
      '干线二分队',
      '城配',
      '李财务',
      '王安全',
      '系统管理员',
    ];
    const listRoutes = t.app.apiRoutes.filter((r) => r.list);
    expect(listRoutes.length).toBeGreaterThanOrEqual(4);
    // List routes that need a subject are asked about a record of the other merchant.
    const subject: Record<string, Record<string, unknown>> = {
      '/api/colliery/operate/log/tc/page': { dataId: coalUser.body.data.id, pageEnum: 1 },
    };
    for (const r of listRoutes) {
      const body = r.method === 'POST' ? { pageSize: 500, ...subject[r.url] } : undefined;
      const res = await call(t.app, r.method as 'GET' | 'POST', r.url, { token, body });
      expect(res.body.code, `${r.method} ${r.url}: ${res.body.msg}`).toBe(200);
      for (const word of foreign) expect(res.text, `${r.method} ${r.url} leaks ${word}`).not.toContain(word);
    }
    // and the same routes do show the caller's own subtree
    const users = await call(t.app, 'POST', '/api/system/user/page', { token, body: {} });
    expect(users.body.data.list.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['dispatch', 'scope_a1']),
    );
    const tree = await call(t.app, 'GET', '/api/team/tree', { token });
    expect(tree.body.data).toEqual([
      expect.objectContaining({
        teamCode: '10000010010001',
        teamName: '干线一分队',
        parentCode: '1000001001',
      }),
    ]);
  });

  it("refuses to act on a user outside the caller's subtree", async () => {
    const token = await login(t.app, 'scope_a1', 'Scope@123');
    const finance = await t.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'finance')
      .executeTakeFirstOrThrow();
    const res = await call(t.app, 'POST', '/api/system/user/resetPassword', {
      token,
      body: { id: finance.id },
    });
    expect(res.body.code).toBe(404);
    const move = await call(t.app, 'POST', '/api/system/user/add', {
      token,
      body: {
        username: 'outside',
        password: sha256Hex('Out@12345'),
        nickname: '越权',
        teamCode: '10000010020001',
        roleIds: [1],
      },
    });
    expect(move.body).toMatchObject({ code: 400 });
    expect(move.body.msg).toContain('所属车队');
  });
});
