import { withAncestorCodes } from '@fleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';
import { MESSAGE_CHANNEL, type PushEvent } from '../messages/delivery';
import { sendDueReminders } from './reminders';

const TEAM_ONE = '10000010010001';
const TEAM_TWO = '10000010010002';

describe.each(TEST_DATABASES)('maintenance and fleet health on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let finance: string;
  let certOnly: string;
  const ids: Record<string, number> = {};
  let truckA: { id: number; car_no: string; vin: string; terminal_id: number; driver_id: number };
  let truckB: { id: number; car_no: string; vin: string; terminal_id: number; driver_id: number };

  const post = (token: string, url: string, body: unknown) => call(t.app, 'POST', url, { token, body });
  const ok = async (token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url} ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  const truckOf = (team: string) =>
    t.db.db
      .selectFrom('truck')
      .select(['id', 'car_no', 'vin', 'terminal_id', 'driver_id'])
      .where('team_code', '=', team)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow() as Promise<typeof truckA>;
  /** The truck's latest report: odometer in km, heard `agoMs` before the server's now. */
  const report = async (truck: typeof truckA, km: number, agoMs = 0) => {
    await t.db.db.deleteFrom('vehicle_state').where('truck_id', '=', truck.id).execute();
    const at = t.now() - agoMs;
    await t.db.db
      .insertInto('vehicle_state')
      .values({
        truck_id: truck.id,
        terminal_id: truck.terminal_id,
        time: at,
        received_at: at,
        lat: 39_900_000,
        lon: 116_400_000,
        online: agoMs < 60_000 ? 1 : 0,
        mileage: km * 10,
        fuel: null,
        driver_id: null,
      })
      .execute();
  };
  const usersWith = async (code: number) =>
    (
      await t.db.db
        .selectFrom('message')
        .innerJoin('app_user', 'app_user.id', 'message.user_id')
        .select(['app_user.username', 'message.content'])
        .where('message.code', '=', code)
        .orderBy('app_user.username')
        .execute()
    ).map((m) => `${m.username}:${m.content}`);

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    finance = await login(t.app, 'finance', DEMO.finance);
    // a user of dispatch's team who may open 证件到期 but not 保养提醒
    const role = await ok(admin, '/api/system/role/add', {
      name: '证件管理',
      codes: withAncestorCodes(['car050205']),
    });
    await ok(admin, '/api/system/user/add', {
      username: 'cert_one',
      password: sha256Hex('Cert@1234'),
      nickname: '证件员',
      teamCode: TEAM_ONE,
      roleIds: [role.id],
    });
    certOnly = await login(t.app, 'cert_one', 'Cert@1234');
    truckA = await truckOf(TEAM_ONE);
    truckB = await truckOf(TEAM_TWO);
  });
  afterAll(() => t.close());

  const kmPlan = () => ({
    planName: '常规保养',
    targetType: 1,
    truckId: truckA.id,
    intervalKm: 10000,
    lastKm: 100000,
    remindKm: 1000,
    items: '机油、机滤',
  });

  it('refuses a plan without an interval, or a time plan without its last service, naming the field', async () => {
    const none = await post(admin, '/api/maintenance/plan/add', { ...kmPlan(), intervalKm: '' });
    expect(none.body).toMatchObject({
      code: 400,
      msg: '保养间隔里程: 保养间隔里程和保养间隔时间至少填写一项',
    });
    const noDate = await post(admin, '/api/maintenance/plan/add', { ...kmPlan(), intervalMonths: 6 });
    expect(noDate.body).toMatchObject({ code: 400, msg: '上次保养日期: 按时间保养须填写上次保养日期' });
    const future = await post(admin, '/api/maintenance/plan/add', {
      ...kmPlan(),
      intervalMonths: 6,
      lastDate: '2026-12-01',
    });
    expect(future.body).toMatchObject({ code: 400, msg: '上次保养日期: 不能晚于今天' });
  });

  it('refuses a truck outside the caller team and callers without the page', async () => {
    const other = await post(dispatch, '/api/maintenance/plan/add', { ...kmPlan(), truckId: truckB.id });
    expect(other.body).toMatchObject({ code: 400, msg: '车辆: 不存在或不在您的管辖范围内' });
    const noPage = await post(finance, '/api/maintenance/plan/page', {});
    expect(noPage.status).toBe(403);
    const detail = await call(t.app, 'GET', '/api/intellect-repair/fleet-check/detail', {
      token: dispatch,
      query: { truckId: String(truckB.id) },
    });
    expect(detail.body).toMatchObject({ code: 400, msg: '车辆: 不存在或不在您的管辖范围内' });
    const outside = await post(dispatch, '/api/reminder/certificate/page', { teamCode: TEAM_TWO });
    expect(outside.body).toMatchObject({ code: 400, msg: '所属车队: 不存在或无权操作' });
  });

  it('computes the due state by kilometres from the truck odometer', async () => {
    ids.km = (await ok(dispatch, '/api/maintenance/plan/add', kmPlan())).id;
    await report(truckA, 108_000);
    let page = await ok(admin, '/api/maintenance/plan/page', { planName: '常规保养' });
    expect(page.list[0]).toMatchObject({
      planName: '常规保养',
      carNo: truckA.car_no,
      nextKm: 110000,
      stateName: '正常',
      teamCode: TEAM_ONE,
    });
    await report(truckA, 109_500);
    let remind = await ok(admin, '/api/maintenance/remind/page', {});
    expect(remind.list).toEqual([
      expect.objectContaining({
        planName: '常规保养',
        kmLeft: 500,
        nextKm: 110000,
        stateName: '即将到期',
        leftText: '还剩500公里',
      }),
    ]);
    await report(truckA, 110_200);
    remind = await ok(admin, '/api/maintenance/remind/page', { state: 3 });
    expect(remind.list[0]).toMatchObject({ kmLeft: -200, stateName: '已到期' });
    page = await ok(admin, '/api/maintenance/plan/page', { planName: '常规保养' });
    expect(page.list[0]).toMatchObject({ state: 3, overdueCount: 1, truckCount: 1 });
  });

  it('computes the due state by months from the last service date', async () => {
    // today is 2026-11-20 in Shanghai
    ids.soon = (
      await ok(admin, '/api/maintenance/plan/add', {
        planName: '半年检查',
        targetType: 1,
        truckId: truckA.id,
        intervalMonths: 6,
        lastDate: '2026-05-25',
        remindDays: 10,
      })
    ).id;
    ids.late = (
      await ok(admin, '/api/maintenance/plan/add', {
        planName: '刹车检查',
        targetType: 1,
        truckId: truckA.id,
        intervalMonths: 6,
        lastDate: '2026-05-10',
        remindDays: 10,
      })
    ).id;
    const remind = await ok(admin, '/api/maintenance/remind/page', {});
    const byName = Object.fromEntries(remind.list.map((r: { planName: string }) => [r.planName, r]));
    expect(byName.半年检查).toMatchObject({ nextDate: '2026-11-25', daysLeft: 5, stateName: '即将到期' });
    expect(byName.刹车检查).toMatchObject({ nextDate: '2026-11-10', daysLeft: -10, stateName: '已到期' });
  });

  it('lists certificates expiring within the days asked and those expired, with days left', async () => {
    await t.db.db
      .updateTable('truck')
      .set({ insurance_expiry: '2026-12-01' })
      .where('id', '=', truckA.id)
      .execute();
    await t.db.db
      .updateTable('driver')
      .set({ license_expiry: '2026-11-01' })
      .where('id', '=', truckA.driver_id)
      .execute();
    await t.db.db
      .updateTable('truck')
      .set({ annual_inspection_expiry: '2026-11-30' })
      .where('id', '=', truckB.id)
      .execute();
    const mine = await ok(dispatch, '/api/reminder/certificate/page', {});
    expect(
      mine.list.map((c: { kindName: string; daysLeft: number; stateName: string }) => [
        c.kindName,
        c.daysLeft,
        c.stateName,
      ]),
    ).toEqual([
      ['驾驶证', -19, '已过期'],
      ['车辆保险', 11, '即将到期'],
    ]);
    expect(mine).toMatchObject({ total: 2, expiredCount: 1, expiringCount: 1 });
    const within7 = await ok(admin, '/api/reminder/certificate/page', { withinDays: 7 });
    expect(within7.list.map((c: { kindName: string }) => c.kindName)).toEqual(['驾驶证']);
    const trucksOnly = await ok(admin, '/api/reminder/certificate/page', { owner: 'truck' });
    expect(
      trucksOnly.list.map((c: { carNo: string; kindName: string }) => `${c.carNo}${c.kindName}`),
    ).toEqual([`${truckB.car_no}车辆年检`, `${truckA.car_no}车辆保险`]);
    const bad = await post(admin, '/api/reminder/certificate/page', { withinDays: 0 });
    expect(bad.body).toMatchObject({ code: 400, msg: '到期天数: 到期天数应为1-365的整数' });
  });

  it('reminds exactly the users of the truck team who hold the page, once per item and stage', async () => {
    await t.db.db.deleteFrom('message').execute();
    await sendDueReminders(t.db.db, t.now());
    const maintenance = await usersWith(8101);
    // three plans of truck A are due: admin (headquarters) and dispatch (its team) hold 保养提醒
    expect(maintenance.map((m) => m.split(':')[0])).toEqual([
      'admin',
      'admin',
      'admin',
      'dispatch',
      'dispatch',
      'dispatch',
    ]);
    expect(maintenance).toContain(
      `dispatch:车辆${truckA.car_no}的保养计划「半年检查」即将到期：下次保养日期2026-11-25（还剩5天）`,
    );
    const certificates = await usersWith(8102);
    const who = (name: string) => certificates.filter((c) => c.startsWith(`${name}:`)).length;
    // truck A's two certificates reach its team; truck B's (team two) reaches admin only among these
    expect(who('admin')).toBe(3);
    expect(who('dispatch')).toBe(2);
    expect(who('cert_one')).toBe(2);
    expect(who('finance')).toBe(0);
    expect(who('safety')).toBe(0);
    expect(certificates).toContain(`cert_one:车辆${truckA.car_no}的车辆保险将于2026-12-01到期（还剩11天）`);
    // finance (team two) does not hold 证件到期 either: truck B's reminder reaches no one of team two
    expect(certificates.some((c) => c.includes(truckB.car_no) && !c.startsWith('admin:'))).toBe(false);
    // a second run sends nothing again
    const again = await sendDueReminders(t.db.db, t.now());
    expect(again.sent).toBe(0);
    // the next stage is sent once more: the soon plan overdue six days later
    t.advance(6 * 86_400_000);
    await sendDueReminders(t.db.db, t.now());
    const overdue = (await usersWith(8101)).filter((m) => m.includes('「半年检查」已到期'));
    expect(overdue.map((m) => m.split(':')[0])).toEqual(['admin', 'dispatch']);
    t.advance(-6 * 86_400_000);
    const inbox = await call(t.app, 'POST', '/api/message/list2.0', {
      token: certOnly,
      body: { pageNum: 1, pageSize: 20 },
    });
    expect(inbox.body.data.list.map((m: { content: string }) => m.content)).toContain(
      `车辆${truckA.car_no}的车辆保险将于2026-12-01到期（还剩11天）`,
    );
    expect(JSON.stringify(inbox.body.data.list)).not.toContain('保养计划');
  });

  it('pushes the reminders live to the users they were written for', async () => {
    await t.db.db.deleteFrom('maintenance_reminder').execute();
    await t.db.db.deleteFrom('message').execute();
    const events: PushEvent[] = [];
    const stop = t.bus.subscribe(MESSAGE_CHANNEL, (payload) => {
      events.push(payload as PushEvent);
    });
    const run = await sendDueReminders(t.db.db, t.now());
    run.publish(t.bus, t.app.log);
    await expect.poll(() => events.length).toBeGreaterThan(0);
    stop();
    const users = await t.db.db.selectFrom('app_user').select(['id', 'username']).execute();
    const nameOf = new Map(users.map((u) => [u.id, u.username]));
    const pushed = events.flatMap((e) =>
      e.items.flatMap((i) =>
        i.to.map(([userId]) => `${nameOf.get(userId)}:${i.push.alarmCode}:${i.push.title}`),
      ),
    );
    expect(new Set(pushed)).toEqual(
      new Set([
        'admin:8101:保养到期提醒',
        'dispatch:8101:保养到期提醒',
        'admin:8102:证件到期提醒',
        'dispatch:8102:证件到期提醒',
        'cert_one:8102:证件到期提醒',
      ]),
    );
    expect(pushed.length).toBe(run.sent);
  });

  it('saves a maintenance record with its 保养 cost in one transaction and resets the plan', async () => {
    const res = await ok(dispatch, '/api/maintenance/record/add', {
      truckId: truckA.id,
      planId: ids.km,
      maintainDate: '2026-11-19',
      mileageKm: 110_100,
      items: '更换机油、机滤',
      workshop: '东胜汽修厂',
      amountFen: 128_050,
    });
    const cost = await t.db.db
      .selectFrom('cost')
      .selectAll()
      .where('id', '=', res.costId)
      .executeTakeFirstOrThrow();
    expect(cost).toMatchObject({
      truck_id: truckA.id,
      cost_type: 3,
      amount: 128_050,
      cost_date: '2026-11-19',
      source: 3,
      team_code: TEAM_ONE,
    });
    const plan = await t.db.db
      .selectFrom('maintenance_plan')
      .selectAll()
      .where('id', '=', Number(ids.km))
      .executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ last_date: '2026-11-19', last_km: 110_100 });
    const remind = await ok(admin, '/api/maintenance/remind/page', {});
    expect(remind.list.map((r: { planName: string }) => r.planName)).not.toContain('常规保养');
    const records = await ok(admin, '/api/maintenance/record/page', { truckId: truckA.id });
    expect(records.list[0]).toMatchObject({
      amountYuan: '1280.50',
      planName: '常规保养',
      workshop: '东胜汽修厂',
      costId: res.costId,
    });
    // a refused record writes no cost
    const before = await t.db.db.selectFrom('cost').select('id').execute();
    // a record whose own row cannot be written leaves no cost behind: one transaction
    const postgres = database.name === 'postgres';
    await sql
      .raw(
        postgres
          ? `create function refuse_record() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
             create trigger refuse_record before insert on maintenance_record for each row execute function refuse_record();`
          : `create trigger refuse_record before insert on maintenance_record begin select raise(abort, 'refused'); end;`,
      )
      .execute(t.db.db);
    const failed = await post(dispatch, '/api/maintenance/record/add', {
      truckId: truckA.id,
      maintainDate: '2026-11-19',
      items: '补胎',
      amountFen: 5_000,
    });
    await sql
      .raw(
        postgres
          ? 'drop trigger refuse_record on maintenance_record; drop function refuse_record();'
          : 'drop trigger refuse_record;',
      )
      .execute(t.db.db);
    expect(failed.body.code).toBe(406);
    expect((await t.db.db.selectFrom('cost').select('id').execute()).length).toBe(before.length);
    const refused = await post(dispatch, '/api/maintenance/record/add', {
      truckId: truckA.id,
      planId: ids.km,
      maintainDate: '2026-11-19',
      items: '保养',
      amountFen: 100,
      invoiceImages: ['/api/file/none.png'],
    });
    expect(refused.body.code).toBe(400);
    const other = await post(dispatch, '/api/maintenance/record/add', {
      truckId: truckB.id,
      maintainDate: '2026-11-19',
      items: '保养',
      amountFen: 100,
    });
    expect(other.body).toMatchObject({ code: 400, msg: '车辆: 不存在或不在您的管辖范围内' });
    expect((await t.db.db.selectFrom('cost').select('id').execute()).length).toBe(before.length);
    const summary = await ok(admin, '/api/maintenance-summary/page', { truckId: truckA.id });
    expect(summary.list[0]).toMatchObject({
      carNo: truckA.car_no,
      yearCostYuan: '1280.50',
      recordCount: 1,
      planCount: 3,
    });
    const detail = await call(t.app, 'GET', '/api/maintenance-summary/detail', {
      token: admin,
      query: { vin: truckA.vin },
    });
    expect(detail.body.data.records).toHaveLength(1);
    expect(detail.body.data.yearMaintenanceYuan).toBe('1280.50');
    expect(detail.body.data.certificates.find((c: { kind: string }) => c.kind === 'insurance')).toMatchObject(
      { daysLeft: 11, stateName: '即将到期' },
    );
  });

  it('scores a truck by its open faults, silence and maintenance due, and clears faults into the records', async () => {
    await report(truckA, 110_200, 2 * 86_400_000);
    const alarm = (code: number, truck: typeof truckA) =>
      t.db.db
        .insertInto('alarm')
        .values({
          merchant_id: 1,
          team_code: truck === truckA ? TEAM_ONE : TEAM_TWO,
          truck_id: truck.id,
          terminal_id: truck.terminal_id,
          driver_id: null,
          code,
          source: 1,
          level: null,
          start_time: t.now() - 3_600_000,
          end_time: null,
          lat: 39_900_000,
          lon: 116_400_000,
          station_id: null,
          line_id: null,
          plan_id: null,
          detail: null,
          media: null,
          handle_type: null,
          handle_remark: null,
          handler_id: null,
          handled_at: null,
          end_lat: null,
          end_lon: null,
          created_at: t.now(),
          updated_at: t.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const severe = await alarm(10010, truckA);
    const minor = await alarm(10005, truckA);
    const foreign = await alarm(10013, truckB);
    const detail = await call(t.app, 'GET', '/api/intellect-repair/fleet-check/detail', {
      token: dispatch,
      query: { truckId: String(truckA.id) },
    });
    expect(detail.body.code, detail.body.msg).toBe(200);
    // severe fault 20, fault 10, silent two days 10, 刹车检查 overdue 15, 半年检查 due soon 5
    expect(detail.body.data).toMatchObject({ score: 40, stateName: '异常', faultCount: 2 });
    expect(
      detail.body.data.deductions.map((d: { reason: string; points: number }) => `${d.reason} -${d.points}`),
    ).toEqual([
      '严重故障未排除：机油压力过低报警 -20',
      '故障未排除：DPF再生提醒 -10',
      '终端离线超过24小时 -10',
      '保养已到期：刹车检查 -15',
      '保养即将到期：半年检查 -5',
    ]);
    const list = await ok(dispatch, '/api/intellect-repair/fleet-check/page', { state: 3 });
    expect(list.list.map((r: { carNo: string }) => r.carNo)).toContain(truckA.car_no);
    expect(list.list.map((r: { carNo: string }) => r.carNo)).not.toContain(truckB.car_no);

    const wrong = await post(dispatch, '/api/intellect-repair/fleet-check/clear', {
      truckId: truckA.id,
      alarmIds: [foreign.id],
      reason: '已维修',
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: '故障报警不存在、已清除或无权操作' });
    const noReason = await post(dispatch, '/api/intellect-repair/fleet-check/clear', {
      truckId: truckA.id,
      alarmIds: [severe.id],
      reason: ' ',
    });
    expect(noReason.body).toMatchObject({ code: 400, msg: '清码原因: 请输入清码原因' });
    await ok(dispatch, '/api/intellect-repair/fleet-check/clear', {
      truckId: truckA.id,
      alarmIds: [severe.id, minor.id],
      reason: '已更换机油压力传感器',
    });
    const cleared = await t.db.db
      .selectFrom('alarm')
      .select(['handle_status', 'end_time'])
      .where('id', '=', severe.id)
      .executeTakeFirstOrThrow();
    expect(cleared).toMatchObject({ handle_status: 1, end_time: t.now() });
    const after = await call(t.app, 'GET', '/api/intellect-repair/fleet-check/detail', {
      token: dispatch,
      query: { truckId: String(truckA.id) },
    });
    expect(after.body.data).toMatchObject({ score: 70, faultCount: 0, stateName: '亚健康' });
    const records = await ok(admin, '/api/intellect-repair/clear-code/page', { code: 10010 });
    expect(records.list).toEqual([
      expect.objectContaining({
        carNo: truckA.car_no,
        codeNames: 'DPF再生提醒（10005）、机油压力过低报警（10010）',
        alarmCount: 2,
        reason: '已更换机油压力传感器',
        clearedByName: '张调度',
      }),
    ]);
    expect((await ok(admin, '/api/intellect-repair/clear-code/page', { code: 10013 })).total).toBe(0);
    // finance (another team, without the page) sees none of it
    expect((await post(finance, '/api/intellect-repair/clear-code/page', {})).status).toBe(403);
  });

  it('imports plans all or nothing by plate, and exports the filtered plans and certificates', async () => {
    const HEADER = [
      '计划名称',
      '车牌号',
      '品牌',
      '车系',
      '保养间隔里程（公里）',
      '保养间隔时间（月）',
      '上次保养日期',
      '上次保养里程（公里）',
      '提前提醒里程（公里）',
      '提前提醒天数',
      '保养项目',
      '所属车队',
      '备注',
    ];
    const upload = async (rows: (string | number | null)[][]) =>
      uploadFile(t.app, '/api/maintenance/plan/import', dispatch, {
        filename: '保养计划.xlsx',
        content: await sheetFile(rows),
      });
    const bad = await upload([
      HEADER,
      ['换季保养', truckA.car_no, '', '', '', '12', '2026-03-01', '', '', '30', '冷却液', '', ''],
      ['外队车辆', truckB.car_no, '', '', '20000', '', '', '100000', '', '', '', '', ''],
      ['车系保养', '', '', '', '20000', '', '', '', '', '', '', '', ''],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 3, message: `车牌号: ${truckB.car_no} 不存在或不在您的管辖范围内` },
      { row: 4, message: '品牌: 请输入品牌' },
    ]);
    expect((await ok(admin, '/api/maintenance/plan/page', { planName: '换季保养' })).total).toBe(0);
    const good = await upload([
      HEADER,
      ['换季保养', truckA.car_no, '', '', '', '12', '2026-03-01', '', '', '30', '冷却液', '', ''],
      ['解放车系保养', '', '解放', '', '30000', '', '', '', '1000', '', '三滤', '', ''],
    ]);
    expect(good).toMatchObject({ code: 200, data: { success: 2 } });
    const imported = await ok(admin, '/api/maintenance/plan/page', { planName: '换季保养' });
    expect(imported.list[0]).toMatchObject({
      carNo: truckA.car_no,
      intervalMonths: 12,
      nextDate: '2027-03-01',
      teamCode: TEAM_ONE,
    });
    const series = await ok(admin, '/api/maintenance/plan/page', { planName: '解放车系保养' });
    expect(series.list[0]).toMatchObject({ targetType: 2, brand: '解放', teamCode: TEAM_ONE });

    const plans = await t.app.inject({
      method: 'POST',
      url: '/api/maintenance/plan/export',
      payload: { planName: '保养', targetType: 1 },
      headers: { 'auth-token': admin },
    });
    const planRows = await readBack(plans.rawPayload);
    expect(planRows[0]?.slice(0, 3)).toEqual(['计划名称', '适用范围', '车辆/车系']);
    expect(
      planRows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['常规保养', '换季保养']);
    const certs = await t.app.inject({
      method: 'POST',
      url: '/api/reminder/certificate/export',
      payload: { owner: 'truck' },
      headers: { 'auth-token': dispatch },
    });
    const certRows = await readBack(certs.rawPayload);
    expect(certRows.slice(1).map((r) => `${r[1]}${r[0]}${r[6]}`)).toEqual([`${truckA.car_no}车辆保险11`]);
  });
});
