import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

describe.each(TEST_DATABASES)('user authorisation on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let financeRoleId: number;
  let dispatchUserId: number;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const roles = await call(t.app, 'POST', '/api/system/role/list', { token: admin, body: {} });
    financeRoleId = roles.body.data.list.find((r: { name: string }) => r.name === '财务').id;
    const users = await call(t.app, 'POST', '/api/system/user/page', {
      token: admin,
      body: { keyword: 'dispatch' },
    });
    dispatchUserId = users.body.data.list[0].id;
  });
  afterAll(() => t.close());

  const today = () => new Date(t.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const plusDays = (days: number) =>
    new Date(t.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const codesOf = async (token: string) =>
    String((await call(t.app, 'GET', '/api/user/info', { token })).body.data.elemCodes).split(',');

  it('refuses bad applications with Chinese messages', async () => {
    const base = {
      userId: dispatchUserId,
      roleId: financeRoleId,
      startDate: today(),
      endDate: plusDays(7),
      reason: '月底对账',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, reason: '' }, '授权原因'],
      [{ ...base, endDate: plusDays(-1) }, '结束日期不能早于开始日期'],
      [{ ...base, endDate: plusDays(400) }, '授权期限最长一年'],
      [{ ...base, startDate: '2026-02-30' }, '开始日期不是有效日期'],
      [{ ...base, userId: 999999 }, '用户'],
    ];
    for (const [body, word] of cases) {
      const res = await call(t.app, 'POST', '/api/permission/authorization/apply', { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(word);
    }
  });

  it('grants the role codes while in force, and takes them back on expiry and revocation', async () => {
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    expect(await codesOf(dispatch)).not.toContain('car070207');
    const grant = await call(t.app, 'POST', '/api/permission/authorization/apply', {
      token: admin,
      body: {
        userId: dispatchUserId,
        roleId: financeRoleId,
        startDate: today(),
        endDate: plusDays(1),
        reason: '月底对账',
      },
    });
    expect(grant.body.code).toBe(200);
    expect(await codesOf(dispatch)).toContain('car070207');

    const list = await call(t.app, 'POST', '/api/permission/authorization/list', {
      token: admin,
      body: { state: 1 },
    });
    expect(list.body.data.list[0]).toMatchObject({
      nickname: '张调度',
      roleName: '财务',
      stateName: '生效中',
    });

    t.advance(3 * 86_400_000);
    const later = await login(t.app, 'dispatch', DEMO.dispatch);
    admin = await login(t.app, 'admin', DEMO.admin);
    expect(await codesOf(later)).not.toContain('car070207');
    const expired = await call(t.app, 'POST', '/api/permission/authorization/list', {
      token: admin,
      body: { state: 3 },
    });
    expect(expired.body.data.total).toBe(1);

    const second = await call(t.app, 'POST', '/api/permission/authorization/apply', {
      token: admin,
      body: {
        userId: dispatchUserId,
        roleId: financeRoleId,
        startDate: today(),
        endDate: plusDays(30),
        reason: '代班',
      },
    });
    expect(await codesOf(later)).toContain('car070207');
    const revoke = await call(t.app, 'POST', '/api/permission/authorization/revoke', {
      token: admin,
      body: { id: second.body.data.id },
    });
    expect(revoke.body.code).toBe(200);
    expect(await codesOf(later)).not.toContain('car070207');
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: String(second.body.data.id), pageEnum: 15 },
    });
    expect(log.body.data.list.map((r: { content: string }) => r.content).join()).toContain(
      '撤销张调度的角色「财务」授权',
    );
  });

  it("offers only roles within the caller's own codes", async () => {
    const roles = await call(t.app, 'GET', '/api/permission/authorization/roles', { token: admin });
    expect(roles.body.data.map((r: { name: string }) => r.name)).toContain('财务');
  });

  it('is refused to users without the code', async () => {
    const finance = await login(t.app, 'finance', DEMO.finance);
    const res = await call(t.app, 'POST', '/api/permission/authorization/list', { token: finance, body: {} });
    expect(res.status).toBe(403);
  });
});
