import { OPERATE_LOG_PAGES, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack } from '../file-tasks/file-tasks.fixture';
import { generateSchedulePlans, PlanScheduleJob } from './plan-schedule-job';

// Vehicle schedules through the API: the form's rules with their Chinese labels, references outside
// the caller's scope, the conflict check before saving (plans, other schedules, certificates), the
// generation of each day's published plan once (also when two runs race), a day that fails a check
// left without a plan and logged once, pausing, the job itself, and another team that sees nothing.
// The server's clock is 2026-11-20 10:00 Shanghai time, a Friday.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const JINGJINTANG = '北京至天津京津塘干线';
const DAY = 24 * 3600_000;

interface Schedule {
  id: number;
  name: string;
  carNo: string;
  driverName: string;
  weekdays: number[];
  weekdaysText: string;
  departTime: string;
  validity: string;
  status: number;
  statusName: string;
  nextPlans: { id: number; planNo: string; departTime: string; stateName: string }[];
  lastSkipped: { day: string; reason: string } | null;
}
interface Check {
  days: { day: string; departTime: string }[];
  conflicts: { day: string; kind: string; message: string }[];
}

describe.each(TEST_DATABASES)('vehicle schedules on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let lineId: number;
  let truck: { id: number; car_no: string; driver_id: number; driver: string };
  let truck2: { id: number; car_no: string; driver_id: number; driver: string };

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api/scheduling/plan/${url}`, { token, body });
  const ok = async <T = { id: number }>(token: string, url: string, body: unknown) => {
    const res = await post(token, url, body);
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    return res.body.data as T;
  };
  const form = (extra: Record<string, unknown> = {}) => ({
    name: '京津早班',
    lineId,
    truckId: truck.id,
    driverId: truck.driver_id,
    cargo: '动力煤',
    plannedTons: '32.5',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    departTime: '08:00',
    startDate: '2026-11-20',
    endDate: '',
    daysAhead: 3,
    remark: '',
    ...extra,
  });
  const page = async (token: string) =>
    (await post(token, 'page', { pageNum: 1, pageSize: 50 })).body.data as {
      list: Schedule[];
      total: number;
    };
  const plansOf = async (scheduleId: number) =>
    t.db.db
      .selectFrom('plan')
      .select(['id', 'plan_no', 'state', 'planned_depart_at', 'truck_id', 'driver_id', 'planned_kg'])
      .where('schedule_id', '=', scheduleId)
      .orderBy('planned_depart_at')
      .execute();
  const departDays = (rows: { planned_depart_at: number | null }[]) =>
    rows.map((r) => new Date(Number(r.planned_depart_at) + 8 * 3600_000).toISOString().slice(0, 16));
  /** Moves the clock a day on; the sessions idle that long sign in again. */
  const nextDay = async () => {
    t.advance(DAY);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    other = await login(t.app, 'sched_d2', 'Sched@1234');
  };
  const logOf = async (pageEnum: number, id: number) =>
    (
      (
        await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
          token: dispatch,
          body: { dataId: id, pageEnum, pageSize: 100 },
        })
      ).body.data as { list: { content: string; accountName?: string }[] }
    ).list.map((l) => l.content);

  beforeAll(async () => {
    t = await startTestApp(database);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '二分队排班', codes: [...ROLE_PRESETS.dispatch] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'sched_d2',
        password: sha256Hex('Sched@1234'),
        nickname: 'sched_d2',
        teamCode: TRUNK_TWO,
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'sched_d2', 'Sched@1234');
    const db = t.db.db;
    lineId = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    const trucks = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.id', 'truck.car_no', 'truck.driver_id', 'driver.name'])
      .where('truck.team_code', '=', TRUNK_ONE)
      .orderBy('truck.id')
      .limit(2)
      .execute();
    const [a, b] = trucks;
    if (!a || !b) throw new Error('the demo has two trucks with drivers in 干线一分队');
    truck = { id: a.id, car_no: a.car_no, driver_id: Number(a.driver_id), driver: a.name };
    truck2 = { id: b.id, car_no: b.car_no, driver_id: Number(b.driver_id), driver: b.name };
  });
  afterAll(() => t.close());

  it('refuses a form that breaks the rules, naming the field by its Chinese label', async () => {
    expect((await post(dispatch, 'add', {})).body.msg).toMatch(/^排班名称: 请输入排班名称/);
    expect((await post(dispatch, 'add', form({ weekdays: [] }))).body.msg).toBe(
      '执行日: 请选择执行日（周一至周日）',
    );
    expect((await post(dispatch, 'add', form({ weekdays: [1, 8] }))).body.msg).toBe(
      '执行日: 请选择执行日（周一至周日）',
    );
    expect((await post(dispatch, 'add', form({ departTime: '24:10' }))).body.msg).toBe(
      '发车时间: 发车时间格式应为HH:mm',
    );
    expect((await post(dispatch, 'add', form({ endDate: '2026-11-19' }))).body.msg).toBe(
      '结束日期: 结束日期不能早于开始日期',
    );
    expect((await post(dispatch, 'add', form({ daysAhead: 15 }))).body.msg).toBe(
      '提前生成天数: 提前生成天数须为1到14的整数',
    );
    expect((await post(dispatch, 'add', form({ plannedTons: '-1' }))).body.msg).toBe(
      '计划装载量: 计划装载量须为大于0的吨数，最多三位小数',
    );
    expect((await post(dispatch, 'add', form({ startDate: '2026-02-30' }))).body.msg).toBe(
      '开始日期: 日期格式应为YYYY-MM-DD',
    );
    // 干线二分队 may not point at 干线一分队's truck, driver or the check of them
    expect((await post(other, 'add', form())).body.msg).toBe('车辆: 不存在或不在您的管辖范围内');
    expect((await post(other, 'check', form())).body.msg).toBe('车辆: 不存在或不在您的管辖范围内');
    expect((await post(dispatch, 'add', form({ orderId: 999999 }))).body.msg).toBe(
      '运输订单: 不存在或不在您的管辖范围内',
    );
  });

  let first = 0;
  it('saves a schedule and generates the published plans of its next days once', async () => {
    first = (await ok(dispatch, 'add', form())).id;
    const generated = await ok<{ created: { day: string; planNo: string }[] }>(dispatch, 'generate', {});
    // today's 08:00 has passed at 10:00: tomorrow and the two days after
    expect(generated.created.map((c) => c.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    const plans = await plansOf(first);
    expect(departDays(plans)).toEqual(['2026-11-21T08:00', '2026-11-22T08:00', '2026-11-23T08:00']);
    expect(
      plans.every((p) => p.state === 1 && p.truck_id === truck.id && Number(p.planned_kg) === 32_500),
    ).toBe(true);
    const plan = await call(t.app, 'GET', '/api/plan/info', {
      token: dispatch,
      query: { id: String(plans[0]?.id) },
    });
    expect(plan.body.data.stations.length).toBeGreaterThanOrEqual(2);
    expect(plan.body.data.stations[0]).toMatchObject({ arriveTime: '2026-11-21 08:00:00' });
    // never twice
    expect((await ok<{ created: unknown[] }>(dispatch, 'generate', {})).created).toEqual([]);
    expect(await plansOf(first)).toHaveLength(3);
    const listed = (await page(dispatch)).list.find((s) => s.id === first);
    expect(listed).toMatchObject({
      weekdaysText: '每天',
      departTime: '08:00',
      validity: '2026-11-20至长期',
      statusName: '启用',
      carNo: truck.car_no,
    });
    expect(listed?.nextPlans.map((p) => p.departTime)).toEqual([
      '2026-11-21 08:00:00',
      '2026-11-22 08:00:00',
      '2026-11-23 08:00:00',
    ]);
    expect(await logOf(OPERATE_LOG_PAGES.plan, plans[0]?.id as number)).toEqual([
      expect.stringContaining(`排班“京津早班”生成并发布计划 ${plans[0]?.plan_no}`),
    ]);
    const log = await logOf(OPERATE_LOG_PAGES.planSchedule, first);
    expect(log.filter((l) => l.startsWith('生成计划'))).toHaveLength(3);
    expect(log).toContain(`生成计划 ${plans[0]?.plan_no}：2026-11-21（周六） 08:00发车`);
  });

  it('shows the conflicts of a form before saving: plans, other schedules, certificates, each with its day', async () => {
    await t.db.db
      .updateTable('driver')
      .set({ qualification_expiry: '2026-11-25' })
      .where('id', '=', truck2.driver_id)
      .execute();
    const check = await ok<Check>(
      dispatch,
      'check',
      form({ name: '京津加班', driverId: truck2.driver_id, departTime: '09:00', weekdays: [6, 7, 1] }),
    );
    // today through 3 + 7 days: Sat 21, Sun 22, Mon 23, Sat 28, Sun 29, Mon 30
    expect(check.days.map((d) => d.day)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    const messages = check.conflicts.map((c) => c.message);
    const plans = await plansOf(first);
    expect(messages).toContain(
      `2026-11-21（周六）：车辆${truck.car_no}在该时段已有计划${plans[0]?.plan_no}（${messages.find((m) => m.startsWith('2026-11-21（周六）：车辆'))?.match(/（(\d\d:\d\d至[^）]+)）$/)?.[1]}）`,
    );
    expect(messages.filter((m) => m.includes('已有计划'))).toHaveLength(3);
    // the days the first schedule has not planned yet are its slots
    expect(
      messages
        .filter((m) => m.includes(`车辆${truck.car_no}已排入排班“京津早班”`))
        .map((m) => m.slice(0, 10)),
    ).toEqual(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(messages).toContain(
      `2026-11-28（周六）起：司机${truck2.driver}的从业资格证于2026-11-25到期，到期后的排班日不能生成计划`,
    );
    // another time of day is free of the truck's plans
    const later = await ok<Check>(
      dispatch,
      'check',
      form({ name: '京津晚班', truckId: truck2.id, driverId: truck2.driver_id, departTime: '20:00' }),
    );
    expect(later.conflicts.filter((c) => c.kind !== 'certificate')).toEqual([]);
    // editing: a schedule does not conflict with itself or its own plans
    const self = await ok<Check>(dispatch, 'check', { ...form(), id: first });
    expect(self.conflicts).toEqual([]);
  });

  let second = 0;
  it('leaves a day that fails a check without a plan and says why in the log, once', async () => {
    // the first schedule's driver is taken at 09:00 on the days it already runs
    second = (
      await ok(
        dispatch,
        'add',
        form({ name: '京津加班', truckId: truck2.id, departTime: '09:00', daysAhead: 2 }),
      )
    ).id;
    const res = await ok<{ created: unknown[]; skipped: { day: string; reason: string }[] }>(
      dispatch,
      'generate',
      {
        id: second,
      },
    );
    expect(res.created).toEqual([]);
    expect(res.skipped.map((s) => s.day)).toEqual(['2026-11-21', '2026-11-22']);
    expect(res.skipped[0]?.reason).toMatch(new RegExp(`^司机: 司机${truck.driver}在该时段已有计划JH\\d+`));
    expect(await plansOf(second)).toEqual([]);
    const log = await logOf(OPERATE_LOG_PAGES.planSchedule, second);
    expect(log.filter((l) => l.includes('未生成计划'))).toEqual([
      expect.stringMatching(/^2026-11-22（周日） 09:00未生成计划：司机: 司机.+在该时段已有计划/),
      expect.stringMatching(/^2026-11-21（周六） 09:00未生成计划：司机: 司机.+在该时段已有计划/),
    ]);
    await ok(dispatch, 'generate', { id: second });
    expect(
      (await logOf(OPERATE_LOG_PAGES.planSchedule, second)).filter((l) => l.includes('未生成计划')),
    ).toHaveLength(2);
    expect((await page(dispatch)).list.find((s) => s.id === second)?.lastSkipped?.day).toBe('2026-11-22');
    // with its own driver the day is planned on the next run
    await ok(dispatch, 'update', {
      ...form({
        name: '京津加班',
        truckId: truck2.id,
        driverId: truck2.driver_id,
        departTime: '09:00',
        daysAhead: 2,
      }),
      id: second,
    });
    const again = await ok<{ created: { day: string }[] }>(dispatch, 'generate', { id: second });
    expect(again.created.map((c) => c.day)).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('stops generating while paused, and the job creates the days as the clock moves', async () => {
    expect((await ok(dispatch, 'changeStatus', { id: first, status: 2 })) as unknown).toMatchObject({
      status: 2,
    });
    expect((await post(dispatch, 'changeStatus', { id: first, status: 2 })).body.msg).toBe(
      '排班计划已是暂停状态',
    );
    expect((await post(dispatch, 'generate', { id: first })).body.msg).toBe('排班计划已暂停，请先启用');
    await nextDay();
    const job = new PlanScheduleJob(t.db.db, t.now, t.app.log);
    await job.run();
    expect(await plansOf(first)).toHaveLength(3);
    await ok(dispatch, 'changeStatus', { id: first, status: 1 });
    expect(departDays(await plansOf(first)).at(-1)).toBe('2026-11-24T08:00');
    await nextDay();
    await job.run();
    expect(departDays(await plansOf(first)).at(-1)).toBe('2026-11-25T08:00');
    const log = await logOf(OPERATE_LOG_PAGES.planSchedule, first);
    expect(log).toEqual(expect.arrayContaining(['暂停排班计划', '启用排班计划']));
    await job.stop();
  });

  it('creates a day once when two runs race', async () => {
    await nextDay();
    const runs = await Promise.all([
      generateSchedulePlans(t.db.db, t.now()),
      generateSchedulePlans(t.db.db, t.now()),
      generateSchedulePlans(t.db.db, t.now()),
    ]);
    const created = runs.flatMap((r) => r.created).filter((c) => c.scheduleId === first);
    expect(created.map((c) => c.day)).toEqual(['2026-11-26']);
    const days = departDays(await plansOf(first));
    expect(new Set(days).size).toBe(days.length);
  });

  it('runs the job when a server starts: a second process on the same database creates the days', async () => {
    const night = (
      await ok(
        dispatch,
        'add',
        form({ name: '京津夜班', truckId: truck2.id, driverId: truck2.driver_id, departTime: '22:00' }),
      )
    ).id;
    expect(await plansOf(night)).toEqual([]);
    const other = await buildApp(
      { ...loadConfig({}), now: t.now, logLevel: 'silent', jt808Port: null, seedDemo: false },
      { database: t.db, bus: t.bus, logger: false },
    );
    await other.ready();
    // closing waits for the run the start began
    await other.close();
    // today (the 23rd) and the 24th; the runs of the 25th and 26th end after the driver's
    // qualification expires on the 25th
    expect(departDays(await plansOf(night))).toEqual(['2026-11-23T22:00', '2026-11-24T22:00']);
    const log = await logOf(OPERATE_LOG_PAGES.planSchedule, night);
    expect(log.filter((l) => l.startsWith('生成计划'))).toHaveLength(2);
    expect(log.filter((l) => l.includes('未生成计划'))).toEqual([
      `2026-11-26（周四） 22:00未生成计划：司机: 司机${truck2.driver}的从业资格证已于2026-11-25到期，不能执行2026-11-26的计划`,
      `2026-11-25（周三） 22:00未生成计划：司机: 司机${truck2.driver}的从业资格证已于2026-11-25到期，不能执行2026-11-25的计划`,
    ]);
  });

  it('shows another team nothing and lets it change nothing', async () => {
    expect(await page(other)).toMatchObject({ total: 0, list: [] });
    const info = await call(t.app, 'GET', '/api/scheduling/plan/info', {
      token: other,
      query: { id: String(first) },
    });
    expect(info.body.msg).toBe('排班计划不存在或无权操作');
    expect((await post(other, 'update', { ...form(), id: first })).body.msg).toBe('排班计划不存在或无权操作');
    expect((await post(other, 'changeStatus', { id: first, status: 2 })).body.msg).toBe(
      '排班计划不存在或无权操作',
    );
    expect((await post(other, 'delete', { ids: [first] })).body.msg).toBe('排班计划不存在或无权操作');
    expect((await ok<{ created: unknown[] }>(other, 'generate', {})).created).toEqual([]);
  });

  it('exports the list and deletes a schedule, keeping its plans', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/scheduling/plan/export',
      payload: { status: 1 },
      headers: { 'auth-token': dispatch },
    });
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['排班名称', '执行日', '发车时间', '接下来的计划']));
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['京津加班', '京津夜班', '京津早班']);
    expect(rows.find((r) => r[0] === '京津早班')).toEqual(expect.arrayContaining(['每天', '08:00', '启用']));
    const kept = (await plansOf(second)).length;
    expect(kept).toBeGreaterThan(0);
    await ok(dispatch, 'delete', { ids: [second] });
    expect((await page(dispatch)).list.map((s) => s.id)).not.toContain(second);
    expect(await plansOf(second)).toHaveLength(kept);
    const gone = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', OPERATE_LOG_PAGES.planSchedule)
      .where('data_id', '=', String(second))
      .where('content', 'like', '删除%')
      .execute();
    expect(gone.map((l) => l.content)).toEqual(['删除排班计划 京津加班：每天 09:00发车，2026-11-20至长期']);
  });
});
