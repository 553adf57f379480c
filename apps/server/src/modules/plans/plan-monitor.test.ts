import { formatDateTime, ROLE_PRESETS } from '@fleet/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { ACC, LOCATED, loginTerminal, MIN, report, truckRowOf, waitFor } from '../../test/telematics';
import { sha256Hex } from '../auth/tokens';

// The plan monitor through real JT/T 808 frames: a plan of 京A10000 (干线一分队) on the 京津塘 line,
// published and handed to the driver, the truck standing at the start past its departure (4001,
// then 4002), leaving 40 minutes late (running, 4003 from its estimated arrival), passing the
// waypoint and arriving 30 minutes after the planned arrival (4004 until it arrives, finished).
// Meanwhile a second truck whose terminal stays off is found late by the minute's sweep. The
// monitor list, a plan's stations, the line alarm list and the messages follow; a dispatcher of
// 干线二分队 sees none of it.

const PHONE = '13800000001';
const JINGJINTANG = '北京至天津京津塘干线';
const TRUNK_TWO = '10000010010002';
/** The line's stations (degrees): 十八里店 (start), 泗村店 (waypoint), 天津开发区 (end). */
const START = { lat: 39.845, lon: 116.488 };
const WAYPOINT = { lat: 39.43, lon: 116.965 };
const END = { lat: 39.052, lon: 117.69 };

/** The point `f` of the way from `a` to `b` (on the line's straight path between two rows). */
const along = (a: { lat: number; lon: number }, b: { lat: number; lon: number }, f: number) => ({
  lat: Number((a.lat + (b.lat - a.lat) * f).toFixed(6)),
  lon: Number((a.lon + (b.lon - a.lon) * f).toFixed(6)),
});

interface MonitorRow {
  id: number;
  planNo: string;
  state: number;
  stateName: string;
  carNo: string;
  lineName: string;
  departTime: string;
  arriveTime: string;
  maxSeq: number;
  stationCount: number;
  nextStation: string;
  distanceLeftMeters: number;
  etaTime: string;
  departLateMinutes: number | null;
  arriveLateMinutes: number | null;
  lateState: number;
  lat: number | null;
  lon: number | null;
  online: boolean;
}

describe.each(TEST_DATABASES)('the plan monitor on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let dispatchId: number;
  let otherId: number;
  let lineId: number;
  let lineMinutes: number;
  let truck: { id: number; car_no: string; driver_id: number | null; team_code: string };
  let silent: { id: number; car_no: string; driver_id: number | null };
  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0 });
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '二分队调度', codes: [...ROLE_PRESETS.dispatch] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'monitor_d2',
        password: sha256Hex('Plan@1234'),
        nickname: 'monitor_d2',
        teamCode: TRUNK_TWO,
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'monitor_d2', 'Plan@1234');
    const db = t.db.db;
    const userId = async (username: string) =>
      (
        await db
          .selectFrom('app_user')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    dispatchId = await userId('dispatch');
    otherId = await userId('monitor_d2');
    lineId = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    const rows = await db
      .selectFrom('line_station')
      .select(['running_hours', 'running_mins'])
      .where('line_id', '=', lineId)
      .execute();
    lineMinutes = rows.reduce((sum, r) => sum + r.running_hours * 60 + r.running_mins, 0);
    truck = await truckRowOf(t, PHONE);
    silent = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'driver_id'])
      .where('team_code', '=', truck.team_code)
      .where('id', '!=', truck.id)
      .where('driver_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // the demo's own plans still to run would hold the trucks and drivers: this test plans its own
    await db.updateTable('plan').set({ state: 5 }).where('state', 'in', [1, 2, 3]).execute();
    await t.app.telematics.plans.load();
  });
  afterAll(() => t.close());

  const get = (token: string, url: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', `/api${url}`, { token, query });
  const monitor = async (token: string, query: Record<string, string> = {}) => {
    const res = await get(token, '/plan/monitor/list', { pageSize: '100', ...query });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { list: MonitorRow[]; total: number };
  };
  const planRow = async (id: number) =>
    t.db.db
      .selectFrom('plan')
      .select(['state', 'max_seq', 'departed_at', 'arrived_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const alarmsOf = (truckId: number) =>
    t.db.db
      .selectFrom('alarm')
      .select(['id', 'code', 'start_time', 'end_time', 'plan_id', 'line_id', 'team_code'])
      .where('truck_id', '=', truckId)
      .where('code', '>=', 4001)
      .where('code', '<=', 4006)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
  const publish = async (which: { id: number; driver_id: number | null }, departAt: number) => {
    const added = await call(t.app, 'POST', '/api/plan/add', {
      token: dispatch,
      body: {
        lineId,
        truckId: which.id,
        driverId: which.driver_id,
        cargo: '普通货物',
        plannedTons: '30',
        departTime: formatDateTime(new Date(departAt)),
        remark: '',
      },
    });
    expect(added.body.code, added.body.msg).toBe(200);
    const id = added.body.data.id as number;
    const handed = await call(t.app, 'POST', '/api/plan/distribute', { token: dispatch, body: { id } });
    expect(handed.body.code, handed.body.msg).toBe(200);
    return { id, planNo: added.body.data.planNo as string };
  };

  it('follows a late plan from its departure to its arrival, with 4001-4004 in order and the sweep for a silent truck', async () => {
    expect(lineMinutes).toBeGreaterThan(100);
    const depart = t.now() + 30 * MIN;
    const plan = await publish(truck, depart);
    const silentPlan = await publish(silent, depart);
    expect(t.app.telematics.plans.planOf(truck.id)).toMatchObject({ planId: plan.id, state: 2 });
    expect(t.app.telematics.plans.planOf(silent.id)).toMatchObject({ planId: silentPlan.id, state: 2 });
    const arrive = depart + lineMinutes * MIN;

    const terminal = await loginTerminal(t, PHONE);
    /** A report `minute` minutes after the planned departure, the server's clock a minute later. */
    const at = async (minute: number, where: { lat: number; lon: number }, speed: number) => {
      const time = depart + minute * MIN;
      t.advance(time + MIN - t.now());
      expect(await report(terminal, [{ ...where, speed, time, status: ACC | LOCATED }])).toEqual([0]);
      await t.app.telematics.plans.settled();
    };
    await at(-10, START, 0);
    expect(await alarmsOf(truck.id)).toEqual([]);

    // 16 minutes late: the sweep finds the silent truck (and this one, silent since before departure)
    t.advance(depart + 16 * MIN - t.now());
    expect(await t.app.telematics.plans.sweep()).toBeGreaterThan(0);
    const swept = await alarmsOf(silent.id);
    expect(swept.map((a) => [a.code, a.start_time, a.end_time, a.plan_id])).toEqual([
      [4001, depart + 16 * MIN, null, silentPlan.id],
    ]);
    await at(16, START, 0);
    await at(31, START, 0);
    let mine = await alarmsOf(truck.id);
    expect(mine.map((a) => [a.code, a.end_time === null])).toEqual([
      [4001, false],
      [4002, true],
    ]);
    let row = (await monitor(dispatch)).list.find((r) => r.id === plan.id);
    expect(row).toMatchObject({
      state: 2,
      stateName: '已下发',
      carNo: truck.car_no,
      lineName: JINGJINTANG,
      departTime: '',
      maxSeq: 0,
      stationCount: 3,
      nextStation: '北京十八里店物流园',
      departLateMinutes: 32,
      lateState: 2,
      online: true,
      lat: 39_845_000,
      lon: 116_488_000,
    });
    const late = await monitor(dispatch, { late: '1' });
    expect(late.list.map((r) => r.id)).toContain(plan.id);
    expect(late.list.every((r) => r.lateState > 0)).toBe(true);
    // paged after the filter: the total counts the late plans only
    const lateTotal = late.total;
    expect(lateTotal).toBeGreaterThanOrEqual(late.list.length);
    const second = await monitor(dispatch, { late: '1', pageSize: '1', pageNum: '2' });
    expect(second.total).toBe(lateTotal);
    expect(second.list).toEqual(lateTotal > 1 ? [late.list[1]] : []);

    // leaving 40 minutes late: running, the late departure ends
    await at(40, along(START, WAYPOINT, 0.05), 60);
    await waitFor(async () => (await planRow(plan.id)).state === 3);
    expect(await planRow(plan.id)).toMatchObject({ max_seq: 1, departed_at: depart + 40 * MIN });
    await at(45, along(START, WAYPOINT, 0.15), 70);
    row = (await monitor(dispatch)).list.find((r) => r.id === plan.id);
    expect(row).toMatchObject({
      state: 3,
      departTime: formatDateTime(new Date(depart + 40 * MIN)),
      departLateMinutes: 40,
      maxSeq: 1,
      nextStation: '泗村店服务区',
      lateState: 2,
    });
    expect(row?.distanceLeftMeters).toBeGreaterThan(50_000);
    expect(row?.etaTime).not.toBe('');
    expect(row?.arriveLateMinutes).toBeGreaterThan(0);

    // the waypoint: arrived and left
    const atWaypoint = Math.round(lineMinutes * 0.5);
    await at(atWaypoint, WAYPOINT, 10);
    await waitFor(async () => (await planRow(plan.id)).max_seq === 2);
    await at(atWaypoint + 5, along(WAYPOINT, END, 0.05), 60);
    // 20 minutes after the planned arrival, still on the way; then at the end 30 minutes late
    await at(lineMinutes + 20, along(WAYPOINT, END, 0.9), 60);
    mine = await alarmsOf(truck.id);
    expect(mine.map((a) => [a.code, a.end_time === null])).toEqual([
      [4001, false],
      [4002, false],
      [4003, false],
      [4004, true],
    ]);
    await at(lineMinutes + 30, END, 20);
    await waitFor(async () => (await planRow(plan.id)).state === 4);
    await terminal.close();
    expect(await planRow(plan.id)).toMatchObject({ max_seq: 3, arrived_at: arrive + 30 * MIN });
    mine = await alarmsOf(truck.id);
    expect(mine.map((a) => [a.code, a.start_time, a.end_time])).toEqual([
      [4001, depart + 16 * MIN, depart + 31 * MIN],
      [4002, depart + 31 * MIN, depart + 40 * MIN],
      [4003, mine[2]?.start_time, mine[2]?.start_time],
      [4004, arrive + 20 * MIN, arrive + 30 * MIN],
    ]);
    expect(mine[2]?.start_time).toBeGreaterThanOrEqual(depart + 40 * MIN);
    expect(mine[2]?.start_time).toBeLessThan(arrive + 20 * MIN);
    expect(new Set(mine.map((a) => a.plan_id))).toEqual(new Set([plan.id]));
    expect(new Set(mine.map((a) => a.line_id))).toEqual(new Set([lineId]));
    // each move in the plan's log, by 车辆定位
    const log = await t.db.db
      .selectFrom('operate_log')
      .select(['account_name', 'content'])
      .where('data_id', '=', String(plan.id))
      .where('account_name', '=', '车辆定位')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.content)).toEqual([
      `计划${plan.planNo}：已下发 → 执行中，驶离起点“北京十八里店物流园”（车辆定位）`,
      `计划${plan.planNo}：到达第2站“泗村店服务区”（车辆定位）`,
      `计划${plan.planNo}：驶离第2站“泗村店服务区”（车辆定位）`,
      `计划${plan.planNo}：执行中 → 已完成，到达终点“天津开发区物流中心”（车辆定位）`,
    ]);

    // the monitor: finished today, arrived 30 minutes late; the stations with their actual times
    row = (await monitor(dispatch)).list.find((r) => r.id === plan.id);
    expect(row).toMatchObject({
      state: 4,
      arriveTime: formatDateTime(new Date(arrive + 30 * MIN)),
      arriveLateMinutes: 30,
      maxSeq: 3,
      nextStation: '',
      etaTime: '',
      lateState: 2,
    });
    const waypointPlanned = (
      await t.db.db
        .selectFrom('plan_station')
        .select('planned_arrive_at')
        .where('plan_id', '=', plan.id)
        .where('seq', '=', 2)
        .executeTakeFirstOrThrow()
    ).planned_arrive_at as number;
    const stations = await get(dispatch, '/plan/monitor/station', { id: String(plan.id) });
    expect(stations.body.code, stations.body.msg).toBe(200);
    expect(stations.body.data.planId).toBe(plan.id);
    expect(stations.body.data.path.length).toBe(3);
    expect(stations.body.data.path[0]).toEqual({ lat: 39.845, lng: 116.488 });
    expect(
      (stations.body.data.stations as Record<string, unknown>[]).map((s) => [
        s.seq,
        s.reached,
        s.arriveTime !== '',
        s.departTime !== '',
        s.lateMinutes,
      ]),
    ).toEqual([
      [1, true, false, true, 40],
      [2, true, true, true, Math.round((depart + atWaypoint * MIN - waypointPlanned) / MIN)],
      [3, true, true, false, 30],
    ]);

    // the line alarms of the plan, in the caller's scope
    const alarms = await get(dispatch, '/plan/alarm/list', { pageSize: '50', lineId: String(lineId) });
    expect(alarms.body.code, alarms.body.msg).toBe(200);
    const listed = (alarms.body.data.list as Record<string, unknown>[]).filter(
      (a) => a.planNo === plan.planNo,
    );
    expect(listed.map((a) => a.alarmCode)).toEqual([4004, 4003, 4002, 4001]);
    expect(listed[3]).toMatchObject({
      alarmName: '迟发车预警',
      carNo: truck.car_no,
      lineName: JINGJINTANG,
      startTime: formatDateTime(new Date(depart + 16 * MIN)),
      endTime: formatDateTime(new Date(depart + 31 * MIN)),
      eventName: '迟发车预警',
      driverName: expect.any(String),
      detailText: `计划发车时间${formatDateTime(new Date(depart))}，超过15分钟未发车`,
      detail: { planId: plan.id, planNo: plan.planNo, lineName: JINGJINTANG, thresholdMinutes: 15 },
      handled: false,
    });
    // one type, as 线路报警 asks
    const one = await get(dispatch, '/plan/alarm/list', { alarmCode: '4004', lineId: String(lineId) });
    expect((one.body.data.list as { alarmCode: number }[]).map((a) => a.alarmCode)).toEqual([4004]);
    expect((await get(dispatch, '/plan/alarm/list', { alarmCode: '5004' })).body.msg).toBe(
      '报警类型: 报警类型不正确',
    );
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/plan/alarm/export',
      headers: { 'auth-token': dispatch },
      query: { lineId: String(lineId), carNo: truck.car_no },
    });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toContain('计划单号');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toContain(plan.planNo);
    // the silent truck's plan is late too, and its alarm in the list
    const bySilent = await monitor(dispatch, { carNo: silent.car_no });
    expect(bySilent.total).toBe(1);
    const all = await monitor(dispatch);
    expect(all.total).toBe(all.list.length);
    expect(await monitor(dispatch, { pageNum: '999', pageSize: '10' })).toEqual({
      list: [],
      total: all.total,
    });
    const silentRow = bySilent.list[0];
    expect(silentRow).toMatchObject({ id: silentPlan.id, state: 2, lateState: 2 });

    // the dispatcher got each alarm as a message; the other team's got none of them
    const messages = async (userId: number, truckIds: number[]) =>
      (
        await t.db.db
          .selectFrom('message')
          .select('code')
          .where('user_id', '=', userId)
          .where('truck_id', 'in', truckIds)
          .where('code', '>=', 4001)
          .where('code', '<=', 4006)
          .orderBy('id')
          .execute()
      ).map((m) => m.code);
    expect(await messages(dispatchId, [truck.id])).toEqual([4001, 4002, 4003, 4004]);
    // (the minute's timer may have swept the silent truck again meanwhile: 4002)
    expect((await messages(dispatchId, [silent.id]))[0]).toBe(4001);
    expect(await messages(otherId, [truck.id, silent.id])).toEqual([]);
    const theirs = await get(other, '/plan/alarm/list', { pageSize: '100' });
    expect(theirs.body.code).toBe(200);
    expect((theirs.body.data.list as { planNo: string }[]).map((a) => a.planNo)).not.toContain(plan.planNo);
    expect((await monitor(other)).list.map((r) => r.id)).not.toContain(plan.id);
    expect((await get(other, '/plan/monitor/station', { id: String(plan.id) })).body.code).toBe(404);
  });

  it("records a station's actual time by hand, moving the plan on, in its log", async () => {
    const depart = t.now() + 60 * MIN;
    const plan = await publish(silent, depart);
    t.advance(70 * MIN);
    const save = (body: Record<string, unknown>, token = dispatch) =>
      call(t.app, 'POST', '/api/plan/monitor/save', { token, body });
    expect((await save({ id: plan.id, seq: 1 })).body.msg).toBe('请填写实际到达时间或实际出发时间');
    const future = formatDateTime(new Date(t.now() + 5 * MIN));
    expect((await save({ id: plan.id, seq: 1, departTime: future })).body.msg).toBe(
      '实际时间不能晚于当前时间',
    );
    expect((await save({ id: plan.id, seq: 9, departTime: formatDateTime(new Date(depart)) })).body.msg).toBe(
      '站点序号不正确',
    );
    expect((await save({ id: plan.id, seq: 1, departTime: 'x' })).body.msg).toBe(
      '实际出发时间: 格式应为YYYY-MM-DD HH:mm:ss',
    );
    expect(
      (await save({ id: plan.id, seq: 1, departTime: formatDateTime(new Date(depart)) }, other)).body.code,
    ).toBe(404);
    const left = formatDateTime(new Date(depart + 5 * MIN));
    const saved = await save({ id: plan.id, seq: 1, departTime: left, remark: '司机电话确认' });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ state: 3, maxSeq: 1 });
    expect(await planRow(plan.id)).toMatchObject({ state: 3, max_seq: 1, departed_at: depart + 5 * MIN });
    const reached = formatDateTime(new Date(depart + 8 * MIN));
    expect((await save({ id: plan.id, seq: 2, arriveTime: reached })).body.data).toMatchObject({ maxSeq: 2 });
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('data_id', '=', String(plan.id))
      .orderBy('id', 'desc')
      .execute();
    expect(log[1]?.content).toBe(
      `记录实际时间 ${plan.planNo}：第1站“北京十八里店物流园”实际出发${left}，已下发 → 执行中（司机电话确认）`,
    );
    expect(log[0]?.content).toMatch(/^记录实际时间 JH\d+：第2站“.+”实际到达/);
    // the monitor follows the correction: the truck's current plan is this running one
    await waitFor(async () => t.app.telematics.plans.planOf(silent.id)?.planId === plan.id);
    expect(t.app.telematics.plans.planOf(silent.id)).toMatchObject({ state: 3, maxSeq: 2 });
  });

  it("takes the plan timing thresholds of the truck's team, saved on the alarm settings page", async () => {
    const admin = await login(t.app, 'admin', DEMO.admin);
    const save = (settings: unknown) =>
      call(t.app, 'POST', '/api/alarm/set', { token: admin, body: { teamCode: truck.team_code, settings } });
    expect((await save({ planTiming: { departWarnMinutes: 40, departAlarmMinutes: 40 } })).body.msg).toBe(
      '迟发车预警时长须小于迟发车报警时长',
    );
    expect((await save({ planTiming: { parkingMinutes: 0 } })).body.msg).toContain(
      '途中停车时长须为1-1440之间的整数',
    );
    const saved = await save({ planTiming: { departWarnMinutes: 20, departAlarmMinutes: 45 } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const read = await call(t.app, 'GET', '/api/alarm/set', {
      token: admin,
      query: { teamCode: truck.team_code },
    });
    expect(read.body.data.settings.planTiming).toEqual({
      enabled: true,
      departWarnMinutes: 20,
      departAlarmMinutes: 45,
      arriveWarnMinutes: 0,
      arriveAlarmMinutes: 15,
      parkingMinutes: 30,
    });
    await waitFor(
      async () =>
        t.app.telematics.alarmSettings.rulesFor(truck.id, truck.team_code).rules.planTiming
          .departWarnMinutes === 20,
    );
  });
});
