import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';

describe.each(TEST_DATABASES)('operation log on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t.close());

  it('records who changed a user and when, newest first, in pages of 10', async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const roles = await call(t.app, 'POST', '/api/system/role/list', { token: admin, body: {} });
    const roleId = roles.body.data.list[0].id;
    const add = await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'loguser',
        password: sha256Hex('Log@12345'),
        nickname: '日志用户',
        teamCode: '10000010020001',
        roleIds: [roleId],
      },
    });
    const id = add.body.data.id;
    t.advance(1000);
    await call(t.app, 'POST', '/api/system/user/resetPassword', { token: admin, body: { id } });
    t.advance(1000);
    await call(t.app, 'POST', '/api/system/user/changeStatus', { token: admin, body: { id, status: 0 } });
    const page = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.user, pageNum: 1, pageSize: 10 },
    });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list.map((r: { content: string }) => r.content)).toEqual([
      '停用用户',
      '重置密码',
      '新增用户 loguser（日志用户）',
    ]);
    expect(page.body.data.list[0]).toMatchObject({
      accountName: '系统管理员',
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // the default pageEnum (6, waybill) is another list
    const other = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id },
    });
    expect(other.body.data.total).toBe(0);
    // someone outside that team's subtree sees nothing of it
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const hidden = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: dispatch,
      body: { dataId: id, pageEnum: OPERATE_LOG_PAGES.user },
    });
    expect(hidden.body.data).toEqual({ list: [], total: 0 });
    const bad = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id, pageEnum: 99 },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('日志类型') });
  });
});
