import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { TEAM_1, TEAM_2 } from '../trucks/trucks.fixture';

describe.each(TEST_DATABASES)('terminals on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '设备管理员', codes: ['car09', 'car0901', 'car090101', 'car090102'] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'device_clerk',
        password: sha256Hex('Clerk@123'),
        nickname: '设备员',
        teamCode: TEAM_1,
        roleIds: [role.body.data.id],
      },
    });
    clerk = await login(t.app, 'device_clerk', 'Clerk@123');
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, token = admin) =>
    call(t.app, 'POST', '/api/terminal/add', { token, body: { teamCode: TEAM_1, ...body } });
  const logOf = async (id: number, pageEnum: number) =>
    (
      await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
        token: admin,
        body: { dataId: id, pageEnum },
      })
    ).body.data.list.map((r: { content: string }) => r.content) as string[];

  it('answers 400 naming the field for bad terminals', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ tid: '1380000' }, ['终端手机号', '11到20位数字']],
      [{ tid: '13877770001', protocolVersion: '2011' }, ['协议版本', '2013或2019']],
      [{ tid: '13877770001', terminalNo: 'T-01' }, ['终端ID', '只能填写英文或者数字']],
      [{ tid: '13877770001', videoChannels: 40 }, ['视频通道数']],
      [{ tid: '13877770001', teamCode: '20000010010001' }, ['所属车队']],
      [{ tid: '13800000001' }, ['终端手机号: 13800000001 已被其他终端使用']],
    ];
    for (const [body, words] of cases) {
      const res = await add(body);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
      for (const w of words) expect(res.body.msg).toContain(w);
    }
  });

  it('keeps terminal phone numbers unique across merchants, and gives a deleted one back', async () => {
    const coal = await t.db.db
      .selectFrom('terminal')
      .select('phone')
      .where('team_code', 'like', '2%')
      .executeTakeFirstOrThrow();
    const taken = await add({ tid: `00${coal.phone}` });
    expect(taken.body.msg).toBe(`终端手机号: ${coal.phone} 已被其他终端使用`);

    const added = await add({
      tid: '013877770002',
      model: 'JT-2019',
      protocolVersion: '2019',
      videoChannels: 4,
    });
    expect(added.body.code).toBe(200);
    const id = added.body.data.id as number;
    const info = await call(t.app, 'GET', '/api/terminal/info', { token: admin, query: { id: String(id) } });
    expect(info.body.data).toMatchObject({
      tid: '13877770002',
      protocolVersion: '2019',
      videoChannels: 4,
      carNo: '',
      online: false,
    });
    const edited = await call(t.app, 'POST', '/api/terminal/update', {
      token: admin,
      body: { id, tid: '13877770002', model: 'JT-2019B', protocolVersion: '2019', teamCode: TEAM_1 },
    });
    expect(edited.body.code).toBe(200);
    const removed = await call(t.app, 'POST', '/api/terminal/delete', { token: admin, body: { id } });
    expect(removed.body.code).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/terminal/info', { token: admin, query: { id: String(id) } })).body.code,
    ).toBe(404);
    expect((await add({ tid: '13877770002' })).body.code).toBe(200);
    expect(await logOf(id, 12)).toEqual([
      '删除终端 13877770002',
      '修改终端 13877770002：终端型号：JT-2019→JT-2019B；视频通道数：4→0',
      '新增终端 13877770002（协议 2019，型号 JT-2019）',
    ]);
  });

  it('binds a terminal to one truck at a time and unbinds it, logging both records', async () => {
    const terminal = (await add({ tid: '13877770003' })).body.data.id as number;
    const truck = await t.db.db
      .selectFrom('truck as t')
      .innerJoin('terminal as tm', 'tm.id', 't.terminal_id')
      .select(['t.id', 't.car_no', 'tm.id as terminalId', 'tm.phone'])
      .where('t.team_code', '=', TEAM_2)
      .executeTakeFirstOrThrow();
    const busy = await call(t.app, 'POST', '/api/terminal/bind', {
      token: admin,
      body: { terminalId: terminal, truckId: truck.id },
    });
    expect(busy.body).toMatchObject({ code: 400 });
    expect(busy.body.msg).toContain(`${truck.car_no} 已绑定终端 ${truck.phone}，请先解绑`);

    const freed = await call(t.app, 'POST', '/api/terminal/unbind', {
      token: admin,
      body: { terminalId: truck.terminalId },
    });
    expect(freed.body.code).toBe(200);
    const bound = await call(t.app, 'POST', '/api/terminal/bind', {
      token: admin,
      body: { terminalId: terminal, truckId: truck.id },
    });
    expect(bound.body.code).toBe(200);
    const info = await call(t.app, 'GET', `/api/v2/web/base/info/${truck.id}`, { token: admin });
    expect(info.body.data.tid).toBe('13877770003');
    // the terminal now belongs to the truck's team
    const row = await call(t.app, 'GET', '/api/terminal/info', {
      token: admin,
      query: { id: String(terminal) },
    });
    expect(row.body.data).toMatchObject({ carNo: truck.car_no, teamCode: TEAM_2 });
    expect((await logOf(truck.id, 8)).slice(0, 2)).toEqual([
      '绑定终端 13877770003',
      `解绑终端 ${truck.phone}`,
    ]);
    expect((await logOf(terminal, 12))[0]).toBe(`绑定车辆 ${truck.car_no}`);
    const refused = await call(t.app, 'POST', '/api/terminal/delete', {
      token: admin,
      body: { id: terminal },
    });
    expect(refused.body.msg).toContain('请先解绑');
    // the freed terminal is offered to trucks
    const free = await call(t.app, 'GET', '/api/terminal/freeList', {
      token: admin,
      query: { keyword: truck.phone },
    });
    expect(free.body.data.map((r: { tid: string }) => r.tid)).toEqual([truck.phone]);
    const list = await call(t.app, 'POST', '/api/terminal/list', {
      token: admin,
      body: { bindState: 0, pageSize: 500 },
    });
    expect(list.body.data.list.map((r: { tid: string }) => r.tid)).toContain(truck.phone);
    for (const r of list.body.data.list) expect(r.carNo).toBe('');
  });

  it("keeps a user to their team's terminals", async () => {
    const mine = await call(t.app, 'POST', '/api/terminal/list', { token: clerk, body: { pageSize: 500 } });
    expect(mine.body.data.total).toBeGreaterThan(0);
    for (const r of mine.body.data.list) expect(r.teamCode.startsWith(TEAM_1)).toBe(true);
    const other = await t.db.db
      .selectFrom('terminal')
      .select('id')
      .where('team_code', '=', TEAM_2)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(
      (await call(t.app, 'GET', '/api/terminal/info', { token: clerk, query: { id: String(other.id) } })).body
        .code,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/terminal/unbind', { token: clerk, body: { terminalId: other.id } }))
        .body.code,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'GET', '/api/terminal/setting', {
          token: clerk,
          query: { terminalId: String(other.id) },
        })
      ).body.code,
    ).toBe(404);
  });

  it('saves T-BOX settings with their ranges and says when the terminal is offline', async () => {
    const terminal = (await add({ tid: '13877770004' })).body.data.id as number;
    const first = await call(t.app, 'GET', '/api/terminal/setting', {
      token: admin,
      query: { terminalId: String(terminal) },
    });
    expect(first.body.data).toMatchObject({
      saved: false,
      online: false,
      settings: { heartbeatSeconds: 60, fatigueMinutes: 240, restMinutes: 20 },
    });
    const bad = await call(t.app, 'POST', '/api/terminal/setting/save', {
      token: admin,
      body: { terminalId: terminal, ...first.body.data.settings, reportSeconds: 0 },
    });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('行驶上报间隔应为1到3600之间的整数');
    const unsaved = await call(t.app, 'POST', '/api/terminal/setting/send', {
      token: admin,
      body: { terminalId: terminal },
    });
    expect(unsaved.body).toMatchObject({ code: 400, msg: '请先保存T-BOX设置' });
    const saved = await call(t.app, 'POST', '/api/terminal/setting/save', {
      token: admin,
      body: { terminalId: terminal, ...first.body.data.settings, reportSeconds: 15 },
    });
    expect(saved.body.code).toBe(200);
    const sent = await call(t.app, 'POST', '/api/terminal/setting/send', {
      token: admin,
      body: { terminalId: terminal },
    });
    expect(sent.body).toMatchObject({ code: 511, msg: '终端设备不在线' });
    const after = await call(t.app, 'GET', '/api/terminal/setting', {
      token: admin,
      query: { terminalId: String(terminal) },
    });
    expect(after.body.data).toMatchObject({
      saved: true,
      settings: { reportSeconds: 15 },
      sendResult: null,
      sendResultText: '终端设备不在线',
    });
    expect((await logOf(terminal, 12)).slice(0, 2)).toEqual([
      '下发T-BOX设置：终端设备不在线，未送达',
      expect.stringContaining('保存T-BOX设置：心跳间隔(秒) 60，行驶上报间隔(秒) 15'),
    ]);
  });
});
