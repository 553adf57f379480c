import { isStrongPassword } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';

describe.each(TEST_DATABASES)('users and roles on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatchRoleId: number;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const roles = await call(t.app, 'POST', '/api/system/role/list', { token: admin, body: {} });
    dispatchRoleId = roles.body.data.list.find((r: { name: string }) => r.name === '调度员').id;
  });
  afterAll(() => t.close());

  const userCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 400 naming the field for bad bodies and changes nothing', async () => {
    const before = await userCount();
    const base = {
      username: 'zhangsan',
      password: sha256Hex('Zhang@123'),
      nickname: '张三',
      teamCode: '1000001001',
      roleIds: [dispatchRoleId],
    };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...base, phone: '12345' }, ['手机号', '手机号码不符合规范']],
      [{ ...base, email: 'not-an-email' }, ['邮箱', '邮箱格式不符合规范']],
      [{ ...base, nickname: '' }, ['姓名']],
      [{ ...base, username: '张' }, ['用户名']],
      [{ ...base, roleIds: [] }, ['角色', '请至少选择一个角色']],
      [{ ...base, teamCode: 'x' }, ['所属车队']],
      [{ ...base, teamCode: '2000001001' }, ['所属车队']],
      [{ ...base, username: 'admin' }, ['用户名', '已存在']],
    ];
    for (const [body, words] of cases) {
      const res = await call(t.app, 'POST', '/api/system/user/add', { token: admin, body });
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      for (const w of words) expect(res.body.msg).toContain(w);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/system/user/add',
      headers: { 'auth-token': admin, 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(notJson.json().code).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it("adds a user who can sign in with the role's codes, edits, disables and resets them", async () => {
    const add = await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'zhaoliu',
        password: sha256Hex('Zhao@1234'),
        nickname: '赵六',
        phone: '13712345678',
        teamCode: '10000010010002',
        roleIds: [dispatchRoleId],
      },
    });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id as number;
    const token = await login(t.app, 'zhaoliu', 'Zhao@1234');
    const info = await call(t.app, 'GET', '/api/user/info', { token });
    expect(info.body.data.elemCodes).toContain('car05');
    expect(info.body.data.team.teamName).toBe('干线二分队');

    const page = await call(t.app, 'POST', '/api/system/user/page', {
      token: admin,
      body: { keyword: '赵' },
    });
    expect(page.body.data).toMatchObject({
      total: 1,
      list: [{ username: 'zhaoliu', teamName: '干线二分队', roleNames: ['调度员'] }],
    });

    const roles = await call(t.app, 'POST', '/api/system/role/list', { token: admin, body: {} });
    const financeRole = roles.body.data.list.find((r: { name: string }) => r.name === '财务').id;
    const edit = await call(t.app, 'POST', '/api/system/user/edit', {
      token: admin,
      body: { id, nickname: '赵六六', teamCode: '10000010010002', roleIds: [financeRole] },
    });
    expect(edit.body.code).toBe(200);
    const after = await call(t.app, 'GET', '/api/user/info', { token });
    expect(after.body.data.name).toBe('赵六六');
    expect(after.body.data.elemCodes).toContain('car07');
    expect(after.body.data.elemCodes).not.toContain('car05');

    const off = await call(t.app, 'POST', '/api/system/user/changeStatus', {
      token: admin,
      body: { id, status: 0 },
    });
    expect(off.body.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/info', { token })).body.code).toBe(401);
    const refused = await call(t.app, 'POST', '/api/auth/login', {
      body: { username: 'zhaoliu', password: sha256Hex('Zhao@1234') },
    });
    expect(refused.body.msg).toContain('停用');
    await call(t.app, 'POST', '/api/system/user/changeStatus', { token: admin, body: { id, status: 1 } });

    const reset = await call(t.app, 'POST', '/api/system/user/resetPassword', { token: admin, body: { id } });
    expect(isStrongPassword(reset.body.data.password)).toBe(true);
    await expect(login(t.app, 'zhaoliu', 'Zhao@1234')).rejects.toThrow();
    await login(t.app, 'zhaoliu', reset.body.data.password);

    const self = await t.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const selfOff = await call(t.app, 'POST', '/api/system/user/changeStatus', {
      token: admin,
      body: { id: self.id, status: 0 },
    });
    expect(selfOff.body).toMatchObject({ code: 400, msg: '不能停用自己的账号' });
  });

  it('manages roles: known codes only, no codes the caller lacks, no delete while in use', async () => {
    const unknown = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '测试角色', codes: ['car99'] },
    });
    expect(unknown.body.code).toBe(400);
    expect(unknown.body.msg).toContain('菜单权限');
    const add = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '测试角色', remark: '仅首页', codes: ['car01'] },
    });
    expect(add.body.code).toBe(200);
    const dup = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '测试角色', codes: [] },
    });
    expect(dup.body.msg).toContain('已存在');
    const edit = await call(t.app, 'POST', '/api/system/role/edit', {
      token: admin,
      body: { id: add.body.data.id, name: '测试角色', codes: ['car01', 'car05'] },
    });
    expect(edit.body.code).toBe(200);
    const list = await call(t.app, 'POST', '/api/system/role/list', { token: admin, body: { name: '测试' } });
    expect(list.body.data.list[0]).toMatchObject({
      name: '测试角色',
      remark: '',
      codes: expect.arrayContaining(['car01', 'car05']),
    });
    expect(
      (await call(t.app, 'POST', '/api/system/role/delete', { token: admin, body: { id: dispatchRoleId } }))
        .body.msg,
    ).toBe('该角色下还有用户，不能删除');
    expect(
      (await call(t.app, 'POST', '/api/system/role/delete', { token: admin, body: { id: add.body.data.id } }))
        .body.code,
    ).toBe(200);

    // a user holding role management but not car07 cannot hand out car07
    const limited = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '角色管理员', codes: ['car01', 'car09', 'car0904', 'car090402'] },
    });
    expect(limited.body.code).toBe(200);
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'roleadmin',
        password: sha256Hex('Role@1234'),
        nickname: '角色管理员',
        teamCode: '1000001',
        roleIds: [limited.body.data.id],
      },
    });
    const token = await login(t.app, 'roleadmin', 'Role@1234');
    const escalate = await call(t.app, 'POST', '/api/system/role/add', {
      token,
      body: { name: '越权角色', codes: ['car07'] },
    });
    expect(escalate.body.code).toBe(400);
    expect(escalate.body.msg).toContain('不能授予自己没有的权限');
  });

  it('updates the profile through POST /user/info and records menu visits for the tags', async () => {
    const token = await login(t.app, 'safety', DEMO.safety);
    const bad = await call(t.app, 'POST', '/api/user/info', { token, body: { phone: '110' } });
    expect(bad.body.code).toBe(400);
    const res = await call(t.app, 'POST', '/api/user/info', {
      token,
      body: { introduction: '安全员，负责主动安全报警处理' },
    });
    expect(res.body.data.introduction).toBe('安全员，负责主动安全报警处理');
    for (const code of ['car050108', 'car050108', 'car050107']) {
      expect((await call(t.app, 'POST', '/api/user/menuVisit', { token, body: { code } })).body.code).toBe(
        200,
      );
      t.advance(1000);
    }
    const denied = await call(t.app, 'POST', '/api/user/menuVisit', { token, body: { code: 'car070207' } });
    expect(denied.body.code).toBe(400);
    const info = (await call(t.app, 'GET', '/api/user/info', { token })).body.data;
    expect(info.newestElements.slice(0, 2)).toEqual(['car050107', 'car050108']);
    expect(info.commonElements[0]).toBe('car050108');
  });

  it('shows pop-up notices until the user marks them read', async () => {
    await t.db.db
      .insertInto('pop_message')
      .values({
        merchant_id: 1,
        pop_content: '系统将于今晚22:00升级，请提前保存数据。',
        signature_content: '运维部',
        created_at: t.now(),
      })
      .execute();
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const info = (await call(t.app, 'GET', '/api/user/info', { token })).body.data;
    expect(info.popMsgs).toEqual([
      {
        id: expect.any(Number),
        popContent: '系统将于今晚22:00升级，请提前保存数据。',
        signatureContent: '运维部',
      },
    ]);
    await call(t.app, 'POST', '/api/user/popMsg/read', { token, body: { ids: [info.popMsgs[0].id] } });
    expect((await call(t.app, 'GET', '/api/user/info', { token })).body.data.popMsgs).toEqual([]);
  });

  it("lists handlers for the picker within the caller's subtree", async () => {
    const token = await login(t.app, 'dispatch', DEMO.dispatch);
    const res = await call(t.app, 'POST', '/api/user/getUserLit', { token, body: { nickname: '调度' } });
    expect(res.body.data.list).toEqual([{ id: expect.any(Number), nickname: '张调度' }]);
  });
});
