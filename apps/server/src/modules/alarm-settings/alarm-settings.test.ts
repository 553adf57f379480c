import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

const TEAM_A1 = '10000010010001';
const TEAM_A2 = '10000010010002';

describe.each(TEST_DATABASES)('alarm rule settings on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
  });
  afterAll(() => t.close());

  const truckOfTeam = (teamCode: string) =>
    t.db.db
      .selectFrom('truck')
      .select(['id', 'vin', 'car_no'])
      .where('team_code', '=', teamCode)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it('sets a team’s rules, which its trucks inherit, and lists each truck with its effective settings', async () => {
    const saved = await call(t.app, 'POST', '/api/alarm/set', {
      token: admin,
      body: {
        teamCode: TEAM_A1,
        settings: { overspeed: { limitKmh: 70, minSeconds: 30 }, parking: { enabled: false } },
      },
    });
    expect(saved.body).toMatchObject({ code: 200 });
    const team = await call(t.app, 'GET', '/api/alarm/set', {
      token: dispatch,
      query: { teamCode: TEAM_A1 },
    });
    expect(team.body.data).toMatchObject({
      teamName: '干线一分队',
      ownSettings: { overspeed: { limitKmh: 70, minSeconds: 30 }, parking: { enabled: false } },
      inherited: { overspeed: { limitKmh: 100 } },
      settings: {
        overspeed: { enabled: true, limitKmh: 70, minSeconds: 30 },
        parking: { enabled: false, minutes: 60 },
      },
    });

    const list = await call(t.app, 'POST', '/api/v2/web/alarm/vehicleAlarmSet/list', {
      token: dispatch,
      body: { pageNum: 1, pageSize: 100 },
    });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    for (const row of list.body.data.list) {
      expect(row.teamCode).toBe(TEAM_A1);
      expect(row.settings.overspeed.limitKmh).toBe(70);
      expect(row.own).toBe(0);
    }
    // a sibling team keeps the defaults
    const other = await call(t.app, 'POST', '/api/v2/web/alarm/vehicleAlarmSet/list', {
      token: admin,
      body: { teamCode: TEAM_A2 },
    });
    expect(other.body.data.list[0].settings.overspeed.limitKmh).toBe(100);
  });

  it('sets a vehicle’s own rules over its team’s, and clears them again', async () => {
    const truck = await truckOfTeam(TEAM_A1);
    const res = await call(t.app, 'POST', '/api/v2/web/alarm/updateVehicleAlarmSet', {
      token: dispatch,
      body: { vins: [truck.vin], settings: { overspeed: { minSeconds: 5 }, fatigue: { alarmMinutes: 300 } } },
    });
    expect(res.body).toMatchObject({ code: 200, data: { count: 1 } });
    const list = await call(t.app, 'POST', '/api/v2/web/alarm/vehicleAlarmSet/list', {
      token: dispatch,
      body: { carNo: truck.car_no, own: 1 },
    });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({
      carId: truck.id,
      own: 1,
      ownSettings: { overspeed: { minSeconds: 5 }, fatigue: { alarmMinutes: 300 } },
      settings: {
        overspeed: { limitKmh: 70, minSeconds: 5 },
        fatigue: { warnMinutes: 210, alarmMinutes: 300 },
      },
    });
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', 16)
      .where('data_id', '=', String(truck.id))
      .execute();
    expect(log.map((l) => l.content)).toEqual([
      `修改车辆报警设置（${truck.car_no}）：超速报警: 持续时间 5；疲劳驾驶: 报警驾驶时长 300`,
    ]);

    await call(t.app, 'POST', '/api/v2/web/alarm/updateVehicleAlarmSet', {
      token: dispatch,
      body: { carIds: [truck.id], settings: {} },
    });
    const after = await call(t.app, 'POST', '/api/v2/web/alarm/vehicleAlarmSet/list', {
      token: dispatch,
      body: { own: 1 },
    });
    expect(after.body.data.total).toBe(0);
  });

  it('refuses bad values, other teams’ trucks and teams outside the caller’s subtree', async () => {
    const bad = await call(t.app, 'POST', '/api/v2/web/alarm/updateVehicleAlarmSet', {
      token: dispatch,
      body: { carIds: [1], settings: { overspeed: { limitKmh: 300 } } },
    });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('限速值须为1-200之间的整数');
    const order = await call(t.app, 'POST', '/api/alarm/set', {
      token: dispatch,
      body: { settings: { fatigue: { warnMinutes: 300 } } },
    });
    expect(order.body).toMatchObject({ code: 400, msg: '预警驾驶时长须小于报警驾驶时长' });
    const sibling = await truckOfTeam(TEAM_A2);
    const foreign = await call(t.app, 'POST', '/api/v2/web/alarm/updateVehicleAlarmSet', {
      token: dispatch,
      body: { carIds: [sibling.id], settings: { parking: { minutes: 5 } } },
    });
    expect(foreign.body.code).toBe(400);
    const up = await call(t.app, 'POST', '/api/alarm/set', {
      token: dispatch,
      body: { teamCode: '1000001', settings: { parking: { minutes: 5 } } },
    });
    expect(up.body.code).toBe(400);
    const finance = await login(t.app, 'finance', DEMO.finance);
    const denied = await call(t.app, 'POST', '/api/alarm/set', { token: finance, body: { settings: {} } });
    expect(denied.status).toBe(403);
  });
});
