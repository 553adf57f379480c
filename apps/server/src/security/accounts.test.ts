import { allMenuCodes } from '@fleet/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, sha256Hex } from '../modules/auth/tokens';
import { loadRecipients } from '../modules/messages/recipients';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../test/support';

const ALL_CODES = [...allMenuCodes()];

describe.each(TEST_DATABASES)('accounts and roles on $title', (database) => {
  let t: TestApp;
  let admin: string;

  // each finding on a fresh demo database, so that one attack that succeeds does not hide another
  beforeEach(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterEach(() => t.close());

  const post = async (token: string, url: string, body: unknown = {}) =>
    (await call(t.app, 'POST', `/api${url}`, { token, body })).body;

  const roleId = async (token: string, name: string): Promise<number> =>
    (await post(token, '/system/role/list', { pageSize: 100 })).data.list.find(
      (r: { name: string }) => r.name === name,
    ).id;

  const userId = async (username: string): Promise<number> =>
    (
      await t.db.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  /** Adds a role with these codes and a user with that role in a team, signed in by its creator. */
  async function addUserWithCodes(by: string, username: string, teamCode: string, codes: string[]) {
    const role = await post(by, '/system/role/add', { name: `${username}角色`, codes });
    expect(role.code, role.msg).toBe(200);
    const user = await post(by, '/system/user/add', {
      username,
      password: sha256Hex('Test@1234'),
      nickname: username,
      teamCode,
      roleIds: [role.data.id],
    });
    expect(user.code, user.msg).toBe(200);
    return { roleId: role.data.id as number, userId: user.data.id as number };
  }

  async function coalToken(username: string, password: string): Promise<string> {
    const token = await login(t.app, username, password);
    const merchants = (await call(t.app, 'GET', '/api/auth/getMerchantList', { token })).body.data;
    const coal = Object.keys(merchants).find((id) => merchants[id] === '示例煤炭运输有限公司');
    const picked = await post(token, '/auth/pickMerchant', { merchantId: Number(coal) });
    expect(picked.code, picked.msg).toBe(200);
    return token;
  }

  it('finding 1: a user administrator of one merchant cannot take over a user shared with another', async () => {
    const adminInCoal = await coalToken('admin', DEMO.admin);
    await addUserWithCodes(adminInCoal, 'coalops', '2000001', ['car0904', 'car090401']);
    const ops = await login(t.app, 'coalops', 'Test@1234');
    const adminId = await userId('admin');
    // admin is the coal merchant's only user with every code: it stays enabled there
    const last = await post(ops, '/system/user/changeStatus', { id: adminId, status: 0 });
    expect(last.code).toBe(400);
    expect(last.msg).toContain('全部权限');
    // a second full administrator of the coal merchant, so that disabling admin there is allowed
    const full = await post(adminInCoal, '/system/user/add', {
      username: 'coalboss',
      password: sha256Hex('Test@1234'),
      nickname: '煤运主管',
      teamCode: '2000001',
      roleIds: [await roleId(adminInCoal, '管理员')],
    });
    expect(full.code, full.msg).toBe(200);
    const before = await t.db.db
      .selectFrom('app_user')
      .select(['password_hash', 'nickname', 'phone', 'status'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();

    const reset = await post(ops, '/system/user/resetPassword', { id: adminId });
    expect(reset.code).toBe(400);
    expect(reset.msg).toContain('其他商户');
    const edit = await post(ops, '/system/user/edit', {
      id: adminId,
      nickname: '被接管',
      phone: '13900000000',
      teamCode: '2000001',
      roleIds: [await roleId(adminInCoal, '管理员')],
    });
    expect(edit.code).toBe(400);
    expect(edit.msg).toContain('其他商户');
    const after = await t.db.db
      .selectFrom('app_user')
      .select(['password_hash', 'nickname', 'phone', 'status'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    // disabling admin in the coal merchant ends that membership only
    const disable = await post(ops, '/system/user/changeStatus', { id: adminId, status: 0 });
    expect(disable.code, disable.msg).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token: adminInCoal })).body.code).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/info', { token: admin })).body.code).toBe(200);
    const again = await login(t.app, 'admin', DEMO.admin);
    const merchants = (await call(t.app, 'GET', '/api/auth/getMerchantList', { token: again })).body.data;
    expect(Object.values(merchants)).toEqual(['示例物流有限公司']);
    const page = await post(ops, '/system/user/page', { keyword: 'admin' });
    expect(page.data.list.find((u: { id: number }) => u.id === adminId).status).toBe(0);
    const picker = await post(ops, '/user/getUserLit', { nickname: '系统管理员' });
    expect(picker.data.list).toEqual([]);
    const coalId = (
      await t.db.db
        .selectFrom('merchant')
        .select('id')
        .where('name', '=', '示例煤炭运输有限公司')
        .executeTakeFirstOrThrow()
    ).id;
    const recipients = (await loadRecipients(t.db.db, [coalId], t.now())).get(coalId) ?? [];
    expect(recipients.map((r) => r.userId)).not.toContain(adminId);
    const enable = await post(ops, '/system/user/changeStatus', { id: adminId, status: 1 });
    expect(enable.code, enable.msg).toBe(200);
    await coalToken('admin', DEMO.admin);
  });

  it('finding 2: a user administrator grants only roles whose every code it holds', async () => {
    const { roleId: ownRole, userId: self } = await addUserWithCodes(admin, 'useradm', '1000001', [
      'car0904',
      'car090401',
    ]);
    const ua = await login(t.app, 'useradm', 'Test@1234');
    const adminRole = await roleId(admin, '管理员');
    const offered = (await post(ua, '/system/role/list', { pageSize: 100 })).data.list;
    expect(offered.find((r: { id: number }) => r.id === adminRole).grantable).toBe(false);
    expect(offered.find((r: { id: number }) => r.id === ownRole).grantable).toBe(true);
    const add = await post(ua, '/system/user/add', {
      username: 'accomplice',
      password: sha256Hex('Test@1234'),
      nickname: '同伙',
      teamCode: '1000001',
      roleIds: [adminRole],
    });
    expect(add.code).toBe(400);
    expect(add.msg).toContain('角色');
    const edit = await post(ua, '/system/user/edit', {
      id: self,
      nickname: 'useradm',
      teamCode: '1000001',
      roleIds: [ownRole, adminRole],
    });
    expect(edit.code).toBe(400);
    expect(edit.msg).toContain('角色');
    expect((await call(t.app, 'GET', '/api/user/info', { token: ua })).body.data.elemCodes).toBe(
      'car0904,car090401',
    );
    // nor takes over a stronger user of its merchant by resetting or editing it
    const boss = await post(admin, '/system/user/add', {
      username: 'boss2',
      password: sha256Hex('Test@1234'),
      nickname: '总经理',
      teamCode: '1000001',
      roleIds: [adminRole],
    });
    expect(boss.code, boss.msg).toBe(200);
    const reset = await post(ua, '/system/user/resetPassword', { id: boss.data.id });
    expect(reset.code).toBe(400);
    expect(reset.msg).toContain('菜单权限');
    const fine = await post(ua, '/system/user/add', {
      username: 'helper2',
      password: sha256Hex('Test@1234'),
      nickname: '助手',
      teamCode: '1000001',
      roleIds: [ownRole],
    });
    expect(fine.code, fine.msg).toBe(200);
  });

  it('finding 3: a role administrator changes only roles of its subtree, and a full administrator remains', async () => {
    const adminRole = await roleId(admin, '管理员');
    await addUserWithCodes(admin, 'teamroles', '1000001001', ['car0904', 'car090402']);
    const tr = await login(t.app, 'teamroles', 'Test@1234');
    const listed = (await post(tr, '/system/role/list', { pageSize: 100 })).data.list;
    expect(listed.find((r: { id: number }) => r.id === adminRole).editable).toBe(false);
    const cut = await post(tr, '/system/role/edit', {
      id: adminRole,
      name: '管理员',
      codes: ['car0904', 'car090402'],
    });
    expect(cut.code).toBe(400);
    expect(cut.msg).toContain('管辖');
    const del = await post(tr, '/system/role/delete', { id: await roleId(admin, '财务') });
    expect(del.code).toBe(400);
    const adminCodes = await t.db.db
      .selectFrom('role_menu')
      .select('code')
      .where('role_id', '=', adminRole)
      .execute();
    expect(adminCodes.length).toBe(ALL_CODES.length);

    // its own role it may change, until a user outside its subtree holds it
    const own = await post(tr, '/system/role/add', { name: '车队角色', codes: ['car0904'] });
    expect(own.code, own.msg).toBe(200);
    const mine = (await post(tr, '/system/role/list', { name: '车队角色' })).data.list[0];
    expect(mine).toMatchObject({ teamCode: '1000001001', editable: true });
    const ok = await post(tr, '/system/role/edit', { id: own.data.id, name: '车队角色', codes: ['car0904'] });
    expect(ok.code, ok.msg).toBe(200);
    const outside = await post(admin, '/system/user/add', {
      username: 'cityuser',
      password: sha256Hex('Test@1234'),
      nickname: '城配员',
      teamCode: '1000001002',
      roleIds: [own.data.id],
    });
    expect(outside.code, outside.msg).toBe(200);
    const held = await post(tr, '/system/role/edit', { id: own.data.id, name: '车队角色', codes: [] });
    expect(held.code).toBe(400);
    expect(held.msg).toContain('管辖');

    // the merchant keeps an enabled user holding every code
    const shrink = await post(admin, '/system/role/edit', {
      id: adminRole,
      name: '管理员',
      codes: ALL_CODES.slice(1),
    });
    expect(shrink.code).toBe(400);
    expect(shrink.msg).toContain('全部权限');
    const demote = await post(admin, '/system/user/edit', {
      id: await userId('admin'),
      nickname: '系统管理员',
      phone: '13800138000',
      teamCode: '1000001',
      roleIds: [await roleId(admin, '调度员')],
    });
    expect(demote.code).toBe(400);
    expect(demote.msg).toContain('全部权限');
    expect(
      (await call(t.app, 'GET', '/api/user/info', { token: admin })).body.data.elemCodes.split(','),
    ).toHaveLength(ALL_CODES.length);
  });

  it('finding 6: an unknown name and a wrong password get the same answer until the lock', async () => {
    const attempt = async (username: string, i: number) => {
      const id = `same-${username}-${i}`;
      await t.db.db.deleteFrom('verify_code').where('id', '=', id).execute();
      await t.db.db
        .insertInto('verify_code')
        .values({ id, code_hash: hashToken('qwer'), expires_at: t.now() + 300_000 })
        .execute();
      const res = await call(t.app, 'POST', '/api/auth/login', {
        body: { username, password: sha256Hex('Wrong@123'), webVerifyCodeId: id, webVerifyCode: 'qwer' },
      });
      return { code: res.body.code, msg: res.body.msg };
    };
    for (let i = 0; i < 12; i++) {
      const known = await attempt('finance', i);
      const unknown = await attempt('nosuchuser', i);
      expect(unknown, `attempt ${i + 1}`).toEqual(known);
      if (i === 0) expect(known.msg).toContain('用户名或密码错误');
    }
    const locked = await attempt('finance', 99);
    expect(locked.msg).toContain('账号已锁定');
  });
});
