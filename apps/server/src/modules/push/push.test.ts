import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

const LINE_ONE = '10000010010001'; // 干线一分队 (dispatch)
const CITY_ONE = '10000010020001'; // 城配一分队 (safety)

describe.each(TEST_DATABASES)('push messages on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let safety: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    safety = await login(t.app, 'safety', DEMO.safety);
  });
  afterAll(() => t.close());

  const popMsgs = async (token: string) =>
    (
      (await call(t.app, 'GET', '/api/user/info', { token })).body.data.popMsgs as { popContent: string }[]
    ).map((p) => p.popContent);

  it('refuses bad pushes naming the field, and changes nothing', async () => {
    const base = { type: 1, title: '安全提示', content: '雨天路滑，注意减速', teamCode: LINE_ONE };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: '' }, '标题'],
      [{ ...base, content: 'x'.repeat(501) }, '推送内容最多500个字符'],
      [{ ...base, type: 3 }, '推送方式'],
      [{ ...base, teamCode: '2000001001' }, '推送车队'],
    ];
    for (const [body, word] of cases) {
      const res = await call(t.app, 'POST', '/api/tkui/push/add', { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(word);
    }
    const list = await call(t.app, 'POST', '/api/tkui/push/list', { token: admin, body: {} });
    expect(list.body.data.total).toBe(0);
  });

  it('a card push reaches the users of the team subtree as a pop-up notice, once', async () => {
    const add = await call(t.app, 'POST', '/api/tkui/push/add', {
      token: admin,
      body: {
        type: 1,
        title: '安全提示',
        content: '雨天路滑，注意减速',
        signature: '安全部',
        teamCode: LINE_ONE,
      },
    });
    expect(add.body.code).toBe(200);
    expect(await popMsgs(dispatch)).toContain('安全提示\n雨天路滑，注意减速');
    expect(await popMsgs(safety)).not.toContain('安全提示\n雨天路滑，注意减速');
    const info = await call(t.app, 'GET', '/api/user/info', { token: dispatch });
    const pop = info.body.data.popMsgs.find((p: { popContent: string }) =>
      p.popContent.startsWith('安全提示'),
    );
    expect(pop.signatureContent).toBe('安全部');
    await call(t.app, 'POST', '/api/user/popMsg/read', { token: dispatch, body: { ids: [pop.id] } });
    expect(await popMsgs(dispatch)).not.toContain('安全提示\n雨天路滑，注意减速');

    const detail = await call(t.app, 'GET', `/api/tkui/push/detail/${add.body.data.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      type: 1,
      typeName: '推送卡片',
      teamName: '干线一分队',
      signature: '安全部',
    });
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: String(add.body.data.id), pageEnum: 14 },
    });
    expect(log.body.data.list[0].content).toContain('推送卡片「安全提示」至干线一分队');
  });

  it('a screen push shows on the home screen of the subtree until deleted', async () => {
    const add = await call(t.app, 'POST', '/api/tkui/push/add', {
      token: admin,
      body: { type: 2, title: '月度安全会', content: '本周五下午三点召开月度安全会议', teamCode: CITY_ONE },
    });
    expect(add.body.code).toBe(200);
    const shown = await call(t.app, 'GET', '/api/tkui/push/screen', { token: safety });
    expect(shown.body.data).toMatchObject({ title: '月度安全会' });
    expect((await call(t.app, 'GET', '/api/tkui/push/screen', { token: dispatch })).body.data).toBeNull();

    const typeFilter = await call(t.app, 'POST', '/api/tkui/push/list', { token: admin, body: { type: 2 } });
    expect(typeFilter.body.data.list.map((r: { title: string }) => r.title)).toEqual(['月度安全会']);

    const del = await call(t.app, 'DELETE', '/api/tkui/push/delete', {
      token: admin,
      query: { id: String(add.body.data.id) },
    });
    expect(del.body.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/tkui/push/screen', { token: safety })).body.data).toBeNull();
    const gone = await call(t.app, 'GET', `/api/tkui/push/detail/${add.body.data.id}`, { token: admin });
    expect(gone.body.code).toBe(404);
  });

  it('is refused without the push management code', async () => {
    const res = await call(t.app, 'POST', '/api/tkui/push/list', { token: dispatch, body: {} });
    expect(res.status).toBe(403);
  });
});
