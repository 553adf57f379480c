import { fromShanghai, ROLE_PRESETS } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { sha256Hex } from '../auth/tokens';
import { readBack } from '../file-tasks/file-tasks.fixture';

// 发车统计 through the API: plans published through the API, their actual departure and arrival
// set in the database as the plan monitor would, then each grouping with its counts, rates and total
// row, the date range, the export, the refused query, and another team that sees none of it.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
const JINGJINTANG = '北京至天津京津塘干线';

interface Row {
  key: string;
  name: string;
  plans: number;
  departed: number;
  onTimeDepart: number;
  onTimeDepartRate: number | null;
  arrived: number;
  onTimeArrive: number;
  onTimeArriveRate: number | null;
}
interface Statistics {
  list: Row[];
  totalRow: Row;
}

const at = (day: number, hour: number, minute = 0) => fromShanghai(2026, 11, day, hour, minute).getTime();
const figures = (r: Row) => [
  r.plans,
  r.departed,
  r.onTimeDepart,
  r.onTimeDepartRate,
  r.arrived,
  r.onTimeArrive,
  r.onTimeArriveRate,
];

describe.each(TEST_DATABASES)('departure statistics on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let other: string;
  let admin: string;
  let lineId: number;
  const trucks: { id: number; car_no: string; driver_id: number; driver: string }[] = [];

  const statistics = async (token: string, query: Record<string, string>) => {
    const res = await call(t.app, 'GET', '/api/plan/statistics/list', { token, query });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as Statistics;
  };
  const range = { startDate: '2026-11-25', endDate: '2026-11-27' };

  /** Publishes a plan through the API; `actual` sets what the monitor would have recorded. */
  const plan = async (
    truck: (typeof trucks)[number],
    day: number,
    actual: { state: number; departed?: number; arriveLate?: number | null },
  ) => {
    const res = await call(t.app, 'POST', '/api/plan/add', {
      token: dispatch,
      body: {
        lineId,
        truckId: truck.id,
        driverId: truck.driver_id,
        cargo: '动力煤',
        plannedTons: '30',
        departTime: `2026-11-${day} 08:00:00`,
      },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.id as number;
    const row = await t.db.db
      .selectFrom('plan')
      .select('planned_arrive_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('plan')
      .set({
        state: actual.state,
        departed_at: actual.departed ?? null,
        arrived_at:
          actual.arriveLate === undefined || actual.arriveLate === null
            ? null
            : Number(row.planned_arrive_at) + actual.arriveLate * 60_000,
      })
      .where('id', '=', id)
      .execute();
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    const db = t.db.db;
    // the demo's own plans (if any) are no part of these figures
    await db.deleteFrom('plan_station').execute();
    await db.deleteFrom('plan').execute();
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    admin = await login(t.app, 'admin', DEMO.admin);
    const role = await call(t.app, 'POST', '/api/system/role/add', {
      token: admin,
      body: { name: '二分队统计', codes: [...ROLE_PRESETS.dispatch] },
    });
    await call(t.app, 'POST', '/api/system/user/add', {
      token: admin,
      body: {
        username: 'stat_d2',
        password: sha256Hex('Stat@1234'),
        nickname: 'stat_d2',
        teamCode: TRUNK_TWO,
        roleIds: [role.body.data.id],
      },
    });
    other = await login(t.app, 'stat_d2', 'Stat@1234');
    lineId = (
      await db.selectFrom('line').select('id').where('name', '=', JINGJINTANG).executeTakeFirstOrThrow()
    ).id;
    const rows = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.id', 'truck.car_no', 'truck.driver_id', 'driver.name'])
      .where('truck.team_code', '=', TRUNK_ONE)
      .orderBy('truck.id')
      .limit(2)
      .execute();
    for (const r of rows)
      trucks.push({ id: r.id, car_no: r.car_no, driver_id: Number(r.driver_id), driver: r.name });
    if (trucks.length < 2) throw new Error('the demo has two trucks with drivers in 干线一分队');
    await db
      .updateTable('driver')
      .set({ license_expiry: '2030-06-30', qualification_expiry: '2030-06-30' })
      .where(
        'id',
        'in',
        trucks.map((tr) => tr.driver_id),
      )
      .execute();
    const [one, two] = trucks as [(typeof trucks)[number], (typeof trucks)[number]];
    // 25th: one left 10 minutes late and arrived on the minute; two left 20 minutes late, arrived 5 late
    await plan(one, 25, { state: 4, departed: at(25, 8, 10), arriveLate: 0 });
    await plan(two, 25, { state: 4, departed: at(25, 8, 20), arriveLate: 5 });
    // 26th: one left on the threshold's last minute and runs; two is handed out, not started
    await plan(one, 26, { state: 3, departed: at(26, 8, 15) });
    await plan(two, 26, { state: 2 });
    // neither a cancelled plan nor a draft counts
    const cancelled = await plan(two, 27, { state: 1 });
    await call(t.app, 'GET', '/api/plan/cancel', { token: dispatch, query: { id: String(cancelled) } });
    await call(t.app, 'POST', '/api/plan/temp', {
      token: dispatch,
      body: { lineId, truckId: one.id, departTime: '2026-11-27 08:00:00' },
    });
  });
  afterAll(() => t.close());

  it('counts by team with the two on-time rates and the total row', async () => {
    const s = await statistics(dispatch, { ...range, groupBy: 'team' });
    const team = await t.db.db
      .selectFrom('team')
      .select('team_name')
      .where('team_code', '=', TRUNK_ONE)
      .executeTakeFirstOrThrow();
    expect(s.list.map((r) => [r.key, r.name])).toEqual([[TRUNK_ONE, team.team_name]]);
    expect(figures(s.list[0] as Row)).toEqual([4, 3, 2, 66.7, 2, 1, 50]);
    expect(s.totalRow).toMatchObject({ key: 'total', name: '合计' });
    expect(figures(s.totalRow)).toEqual([4, 3, 2, 66.7, 2, 1, 50]);
  });

  it('counts by truck, driver, line and day; a rate with nothing to divide is null', async () => {
    const [one, two] = trucks as [(typeof trucks)[number], (typeof trucks)[number]];
    const byTruck = await statistics(dispatch, { ...range, groupBy: 'truck' });
    const truckRows = new Map(byTruck.list.map((r) => [r.name, figures(r)]));
    expect(truckRows.get(one.car_no)).toEqual([2, 2, 2, 100, 1, 1, 100]);
    expect(truckRows.get(two.car_no)).toEqual([2, 1, 0, 0, 1, 0, 0]);
    expect(byTruck.list.map((r) => r.key).sort()).toEqual([String(one.id), String(two.id)].sort());

    const byDriver = await statistics(dispatch, { ...range, groupBy: 'driver' });
    expect(new Map(byDriver.list.map((r) => [r.name, figures(r)])).get(two.driver)).toEqual([
      2, 1, 0, 0, 1, 0, 0,
    ]);

    const byLine = await statistics(dispatch, { ...range, groupBy: 'line' });
    expect(byLine.list.map((r) => [r.key, r.name, r.plans])).toEqual([[String(lineId), JINGJINTANG, 4]]);

    const byDay = await statistics(dispatch, { ...range, groupBy: 'day' });
    expect(byDay.list.map((r) => [r.name, ...figures(r)])).toEqual([
      ['2026-11-25', 2, 2, 1, 50, 2, 1, 50],
      ['2026-11-26', 2, 1, 1, 100, 0, 0, null],
    ]);
    expect(figures(byDay.totalRow)).toEqual([4, 3, 2, 66.7, 2, 1, 50]);
  });

  it('takes the plans departing in the date range, Shanghai days', async () => {
    const day = await statistics(dispatch, {
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      groupBy: 'day',
    });
    expect(day.list.map((r) => r.name)).toEqual(['2026-11-26']);
    expect(day.totalRow.plans).toBe(2);
    const none = await statistics(dispatch, { startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(none.list).toEqual([]);
    expect(figures(none.totalRow)).toEqual([0, 0, 0, null, 0, 0, null]);
  });

  it('refuses a query naming the field in Chinese', async () => {
    const msg = async (query: Record<string, string>) =>
      (await call(t.app, 'GET', '/api/plan/statistics/list', { token: dispatch, query })).body.msg;
    expect(await msg({ startDate: '2026-11-32', endDate: '2026-11-30' })).toBe(
      '开始日期: 日期格式应为YYYY-MM-DD',
    );
    expect(await msg({ startDate: '2026-11-01' })).toBe('结束日期: 请选择结束日期');
    expect(await msg({ startDate: '2026-11-30', endDate: '2026-11-01' })).toBe(
      '结束日期: 结束日期不能早于开始日期',
    );
    expect(await msg({ ...range, groupBy: 'month' })).toBe(
      '统计维度: 统计维度应为车队、线路、车辆、司机、日期之一',
    );
    expect(await msg({ startDate: '2025-01-01', endDate: '2026-11-30' })).toBe(
      '结束日期: 统计时间跨度不能超过366天',
    );
  });

  it('exports the table with its total row as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/plan/statistics/export?startDate=${range.startDate}&endDate=${range.endDate}&groupBy=day`,
      headers: { 'auth-token': dispatch },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([
      '统计维度',
      '统计对象',
      '计划数',
      '已发车',
      '准点发车',
      '发车准点率',
      '已到达',
      '准点到达',
      '到达准点率',
    ]);
    expect(rows.slice(1).map((r) => r.map(String))).toEqual([
      ['日期', '2026-11-25', '2', '2', '1', '50.0%', '2', '1', '50.0%'],
      ['日期', '2026-11-26', '2', '1', '1', '100.0%', '0', '0', '-'],
      ['日期', '合计', '4', '3', '2', '66.7%', '2', '1', '50.0%'],
    ]);
  });

  it("measures on time by the team's plan timing settings", async () => {
    const set = (settings: unknown) =>
      call(t.app, 'POST', '/api/alarm/set', { token: admin, body: { teamCode: TRUNK_ONE, settings } });
    const saved = await set({
      planTiming: { departWarnMinutes: 20, departAlarmMinutes: 40, arriveWarnMinutes: 5 },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    // two's 20 minutes late departure and 5 minutes late arrival are now within the thresholds
    const s = await statistics(dispatch, { ...range, groupBy: 'team' });
    expect(figures(s.totalRow)).toEqual([4, 3, 3, 100, 2, 2, 100]);
    await set({ planTiming: { departWarnMinutes: 5 } });
    expect(figures((await statistics(dispatch, range)).totalRow)).toEqual([4, 3, 0, 0, 2, 1, 50]);
    expect((await set({})).body.code).toBe(200);
    expect(figures((await statistics(dispatch, range)).totalRow)).toEqual([4, 3, 2, 66.7, 2, 1, 50]);
  });

  it('keeps the figures to the caller team: another team sees none', async () => {
    const s = await statistics(other, { ...range, groupBy: 'truck' });
    expect(s.list).toEqual([]);
    expect(s.totalRow.plans).toBe(0);
    // a team filter outside the caller's subtree finds nothing either
    const mine = await statistics(dispatch, { ...range, teamCode: TRUNK_TWO });
    expect(mine.totalRow.plans).toBe(0);
  });
});
