import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { deliverReminder, invalidateRecipients } from './delivery';
import { coalUser, raiseAlarms, TEAM_ONE, TEAM_TWO, teamTwoWatcher } from './test-fixtures';

describe.each(TEST_DATABASES)('messages, subscriptions and dictionaries on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let finance: string;
  /** A user of 干线二分队 who may open the alarm pages (finance may not, and receives no alarm). */
  let watchTwo: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(database);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    finance = await login(t.app, 'finance', DEMO.finance);
    admin = await login(t.app, 'admin', DEMO.admin);
    watchTwo = await teamTwoWatcher(t.app, admin);
  });
  afterAll(() => t.close());

  const count = async (token: string) =>
    (await call(t.app, 'GET', '/api/message/count2.0', { token })).body.data;
  const messageRows = async (userName: string) =>
    t.db.db
      .selectFrom('message as m')
      .innerJoin('app_user as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.code', 'm.alarm_id', 'm.type', 'm.merchant_id'])
      .where('u.username', '=', userName)
      .orderBy('m.id')
      .execute();

  it('writes a message for each user in scope of the alarm, and none for others', async () => {
    const coal = await coalUser(t.app, admin);
    expect(coal).toBeTruthy();
    const [alarm] = await raiseAlarms(t.db.db, TEAM_ONE, [5004], t.now());
    const dispatchRows = await messageRows('dispatch');
    expect(dispatchRows).toEqual([expect.objectContaining({ code: 5004, alarm_id: alarm?.id, type: 1 })]);
    expect(await messageRows('admin')).toHaveLength(1);
    // 干线二分队 and 城配 are sibling subtrees; the coal user is in another merchant
    expect(await messageRows('watch_two')).toEqual([]);
    expect(await messageRows('safety')).toEqual([]);
    expect(await messageRows('coal_watch')).toEqual([]);
    // an alarm of 干线二分队 reaches the watcher of 干线二分队 and admin, not dispatch
    await raiseAlarms(t.db.db, TEAM_TWO, [5006], t.now());
    expect(await messageRows('watch_two')).toHaveLength(1);
    expect(await messageRows('dispatch')).toHaveLength(1);
    expect(await messageRows('admin')).toHaveLength(2);
  });

  it('lists messages with the push fields, filters and read state', async () => {
    const list = await call(t.app, 'POST', '/api/message/list2.0', { token: dispatch, body: {} });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.list[0];
    expect(row).toMatchObject({
      type: 1,
      alarmCode: 5004,
      categoryCode: 'driving',
      eventName: '超速报警',
      carNo: expect.stringMatching(/^京A/),
      speed: 85.3,
      latitude: 39.9042,
      longitude: 116.4074,
      video: '/api/file/v1.mp4',
      photoList: ['/api/file/p1.jpg'],
      readStatus: 0,
      startTime: '2026-11-20 09:59:00',
      remindTime: '2026-11-20 10:00:00',
      duration: 60_000,
    });
    expect(row.address).toContain('北京');
    expect(row.title).toContain('超速报警');
    expect(row.businessCode).toBe(String(row.alarmId));
    const filtered = async (body: Record<string, unknown>) =>
      (await call(t.app, 'POST', '/api/message/list2.0', { token: dispatch, body })).body;
    expect((await filtered({ alarmCode: 5006 })).data.total).toBe(0);
    expect((await filtered({ alarmCode: 5004, messageStatus: 0 })).data.total).toBe(1);
    expect((await filtered({ messageStatus: 1 })).data.total).toBe(0);
    expect((await filtered({ carNo: '京A' })).data.total).toBe(1);
    expect((await filtered({ carNo: '津C' })).data.total).toBe(0);
    expect((await filtered({ startTime: '2026-11-20 10:00:01' })).data.total).toBe(0);
    expect(
      (await filtered({ startTime: '2026-11-20 09:00:00', endTime: '2026-11-20 10:00:00' })).data.total,
    ).toBe(1);
    expect(await filtered({ startTime: '2026-13-01 00:00:00' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('开始时间'),
    });
    expect(await filtered({ messageStatus: 3 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('消息状态'),
    });
    const home = await call(t.app, 'GET', '/api/homepage/messageList', { token: dispatch });
    expect(home.body.data).toHaveLength(1);
  });

  it('counts unread alarms by code, lowers them on read and never below zero', async () => {
    expect(await count(dispatch)).toEqual({ bos: [{ code: 5004, count: 1 }], totalCount: 1 });
    await raiseAlarms(t.db.db, TEAM_ONE, [5004, 5006, 1001], t.now());
    expect(await count(dispatch)).toEqual({
      bos: [
        { code: 1001, count: 1 },
        { code: 5004, count: 2 },
        { code: 5006, count: 1 },
      ],
      totalCount: 4,
    });
    const types = (await call(t.app, 'POST', '/api/message/alarmType/select', { token: dispatch, body: {} }))
      .body.data;
    expect(types).toContainEqual({ code: 5004, name: '超速报警', count: 2 });
    expect(types).toContainEqual({ code: 2001, name: '打哈欠', count: 0 });

    const ids = (await messageRows('dispatch')).filter((m) => m.code === 5006).map((m) => m.id);
    const read = (body: unknown) => call(t.app, 'POST', '/api/message/read', { token: dispatch, body });
    expect((await read({ ids })).body.data).toEqual({ count: 1 });
    expect((await read({ ids })).body.data).toEqual({ count: 0 });
    expect((await count(dispatch)).totalCount).toBe(3);
    expect((await read({ alarmCode: 5004 })).body.data).toEqual({ count: 2 });
    expect(await count(dispatch)).toEqual({ bos: [{ code: 1001, count: 1 }], totalCount: 1 });
    // another user's message ids change nothing
    const financeIds = (await messageRows('watch_two')).map((m) => m.id);
    expect((await read({ ids: financeIds })).body.data).toEqual({ count: 0 });
    expect((await count(watchTwo)).totalCount).toBe(1);
    expect((await read({ all: true })).body.data).toEqual({ count: 1 });
    expect((await read({ all: true })).body.data).toEqual({ count: 0 });
    expect(await count(dispatch)).toEqual({ bos: [], totalCount: 0 });
    expect((await read({})).body).toMatchObject({ code: 400, msg: '请选择要标记已读的消息' });
    const list = await call(t.app, 'POST', '/api/message/list2.0', {
      token: dispatch,
      body: { messageStatus: 1 },
    });
    expect(list.body.data.total).toBe(4);
    expect(list.body.data.list[0]).toMatchObject({ readStatus: 1, readTime: '2026-11-20 10:00:00' });
  });

  it('keeps a subscription: only subscribed codes are delivered; settings for voice and pop-up', async () => {
    const info = (await call(t.app, 'GET', '/api/message/alarmSubscription/config/info', { token: dispatch }))
      .body.data;
    expect(info).toMatchObject({ alarmVoice: 0, alarmPop: 1 });
    expect(info.codes).toContain(5004);
    expect(info.types[0]).toMatchObject({ kind: 'driverAssist', kindName: '驾驶辅助' });
    expect(info.types.flatMap((k: { list: unknown[] }) => k.list)).toContainEqual({
      code: 7101,
      name: '进站点围栏',
    });

    const edit = (body: unknown) =>
      call(t.app, 'POST', '/api/message/alarmSubscription/config/edit', { token: dispatch, body });
    expect((await edit({ codes: [5006, 99999] })).body).toMatchObject({
      code: 400,
      msg: '报警类型不存在：99999',
    });
    expect((await edit({ codes: [5006], alarmVoice: 2 })).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('报警声音'),
    });
    expect((await edit({})).body).toMatchObject({ code: 400, msg: expect.stringContaining('报警类型') });
    const saved = await edit({ codes: [5006, 1001, 5006], alarmVoice: 1 });
    expect(saved.body.data).toMatchObject({ codes: [1001, 5006], alarmVoice: 1, alarmPop: 1 });
    expect((await call(t.app, 'GET', '/api/message/alarmSetting', { token: dispatch })).body.data).toEqual({
      alarmVoice: 1,
      alarmPop: 1,
    });
    await edit({ codes: [5006, 1001], alarmPop: 0 });
    expect((await call(t.app, 'GET', '/api/message/alarmSetting', { token: dispatch })).body.data).toEqual({
      alarmVoice: 1,
      alarmPop: 0,
    });

    const before = (await messageRows('dispatch')).length;
    await raiseAlarms(t.db.db, TEAM_ONE, [5004, 5006], t.now());
    const after = await messageRows('dispatch');
    expect(after.slice(before).map((m) => m.code)).toEqual([5006]);
    // admin keeps every type
    expect((await count(admin)).bos).toContainEqual({ code: 5004, count: 3 });
    // an empty subscription receives nothing
    await edit({ codes: [] });
    await raiseAlarms(t.db.db, TEAM_ONE, [5006], t.now());
    expect(await messageRows('dispatch')).toHaveLength(after.length);
  });

  it('keeps users in memory until a change is announced on the bus', async () => {
    const finance1 = await t.db.db
      .selectFrom('user_merchant as um')
      .innerJoin('app_user as u', 'u.id', 'um.user_id')
      .select(['um.id', 'um.merchant_id'])
      .where('u.username', '=', 'watch_two')
      .executeTakeFirstOrThrow();
    const moveFinance = (teamCode: string) =>
      t.db.db
        .updateTable('user_merchant')
        .set({ team_code: teamCode })
        .where('id', '=', finance1.id)
        .execute();
    const financeAlarms = async () => (await messageRows('watch_two')).filter((m) => m.type === 1).length;
    const before = await financeAlarms();
    await raiseAlarms(t.db.db, TEAM_ONE, [5004], t.now());
    // moved behind the platform's back: the cached directory does not know yet
    await moveFinance(TEAM_ONE);
    await raiseAlarms(t.db.db, TEAM_ONE, [5004], t.now());
    expect(await financeAlarms()).toBe(before);
    await invalidateRecipients(t.bus, finance1.merchant_id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await raiseAlarms(t.db.db, TEAM_ONE, [5004], t.now());
    expect(await financeAlarms()).toBe(before + 1);
    await moveFinance(TEAM_TWO);
    await invalidateRecipients(t.bus);
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('delivers in-transit reminders (type 2) to users in scope, outside the alarm counts', async () => {
    const truck = await t.db.db
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code', 'car_no'])
      .where('team_code', '=', TEAM_TWO)
      .executeTakeFirstOrThrow();
    let publish: () => void = () => undefined;
    await t.db.db.transaction().execute(async (tx) => {
      publish = await deliverReminder(
        tx,
        {
          merchantId: truck.merchant_id,
          teamCode: truck.team_code,
          truckId: truck.id,
          carNo: truck.car_no,
          code: 4003,
          title: `${truck.car_no} 迟到达预警`,
          content: `${truck.car_no} 预计晚于计划到达天津港`,
          lat: 39_000_000,
          lon: 117_700_000,
          speed: 600,
        },
        t.now(),
      );
    });
    publish();
    const before = (await count(watchTwo)).totalCount;
    const list = await call(t.app, 'POST', '/api/message/list2.0', { token: watchTwo, body: { type: 2 } });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        type: 2,
        alarmCode: 4003,
        title: `${truck.car_no} 迟到达预警`,
        alarmId: null,
      }),
    ]);
    expect((await count(watchTwo)).totalCount).toBe(before);
    expect((await messageRows('dispatch')).filter((m) => m.type === 2)).toEqual([]);
    expect((await messageRows('admin')).filter((m) => m.type === 2)).toHaveLength(1);
  });

  it('answers every dictionary of the spec and refuses unknown types in Chinese', async () => {
    for (const type of [
      'DRIVE_ALARM_TYPE',
      'PLAN_ALARM_TYPE',
      'PLAN_MONITOR',
      'CAR_TYPE',
      'QUASI_DRIVING_MODEL',
      'INSURANCE_TYPE',
      'EVENT_TYPE',
      'SAFETY_BUSINESS',
    ]) {
      const res = await call(t.app, 'GET', '/api/dictionary/find', {
        token: finance,
        query: { dictTypeCode: type },
      });
      expect(res.body.code, type).toBe(200);
      expect(res.body.data.length, type).toBeGreaterThan(0);
    }
    const car = await call(t.app, 'GET', '/api/dictionary/find', {
      token: finance,
      query: { dictTypeCode: 'CAR_TYPE' },
    });
    expect(car.body.data).toContainEqual({ code: 'Q11', name: '重型半挂牵引车' });
    const bad = await call(t.app, 'GET', '/api/dictionary/find', {
      token: finance,
      query: { dictTypeCode: 'NOPE' },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('字典类型不存在') });
    const missing = await call(t.app, 'GET', '/api/dictionary/find', { token: finance });
    expect(missing.body).toMatchObject({ code: 400, msg: expect.stringContaining('字典类型') });
    expect(
      (await call(t.app, 'GET', '/api/dictionary/find', { query: { dictTypeCode: 'CAR_TYPE' } })).body.code,
    ).toBe(401);
  });
});
