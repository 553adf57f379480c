import { PLAN_BUSY_STATES, PLAN_STATE } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../http/auth';
import { checkPublishable } from '../../modules/plans/plan-rules';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';

const MINUTE = 60_000;

/**
 * The demo's orders and plans (demo-plans.ts): every plan still to run passes the publishing rules
 * (the order, the certificates, the truck and driver free), no truck or driver has two plans at
 * once in the whole history, times follow each other, today's plans are there in each state, and
 * the past late plans have their timing alarms naming the plan and its line.
 */
describe.each(TEST_DATABASES)('demo plans on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { seedDemoAlarms: true });
  });
  afterAll(() => t.close());

  const plans = () =>
    t.db.db.selectFrom('plan').selectAll().orderBy('truck_id').orderBy('planned_depart_at').execute();

  it('plans still to run pass the publishing rules of their form', async () => {
    const db = t.db.db;
    const admin = await db
      .selectFrom('app_user')
      .select(['id', 'nickname'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const busy = (await plans()).filter((p) => PLAN_BUSY_STATES.includes(p.state));
    expect(busy.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const p of busy) {
      const hq = p.team_code.slice(0, 7);
      const auth: AuthContext = {
        sessionId: 0,
        userId: admin.id,
        username: 'admin',
        nickname: admin.nickname,
        merchantId: p.merchant_id,
        teamCode: hq,
        isManager: true,
        codes: new Set(),
        scope: { merchantId: p.merchant_id, teamCode: hq },
      };
      const stations = await db
        .selectFrom('plan_station')
        .selectAll()
        .where('plan_id', '=', p.id)
        .orderBy('seq')
        .execute();
      try {
        await checkPublishable(
          db,
          auth,
          {
            orderId: p.order_id,
            customerId: p.customer_id,
            lineId: p.line_id,
            truckId: p.truck_id,
            driverId: p.driver_id,
            cargo: p.cargo,
            plannedTons: p.planned_kg === null ? null : Number(p.planned_kg),
            departTime: Number(p.planned_depart_at),
            stations: stations.map((s) => ({
              seq: s.seq,
              stationType: s.station_type,
              stationId: s.station_id,
              address: s.address,
              distance: Number(s.distance),
              arriveTime: Number(s.planned_arrive_at),
              departTime: Number(s.planned_depart_at),
            })),
            remark: p.remark,
            teamCode: p.team_code,
          },
          p.id,
        );
      } catch (err) {
        refused.push(`${p.plan_no}: ${(err as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('no truck or driver is planned twice at once; times and states agree', async () => {
    const all = await plans();
    const overlaps: string[] = [];
    for (const key of ['truck_id', 'driver_id'] as const) {
      const by = new Map<number, typeof all>();
      for (const p of all) by.set(Number(p[key]), [...(by.get(Number(p[key])) ?? []), p]);
      for (const list of by.values()) {
        list.sort((a, b) => Number(a.planned_depart_at) - Number(b.planned_depart_at));
        for (let i = 1; i < list.length; i++) {
          const a = list[i - 1];
          const b = list[i];
          const aEnd = Math.max(Number(a?.planned_arrive_at), Number(a?.arrived_at ?? 0));
          if (a && b && aEnd >= Number(b.planned_depart_at))
            overlaps.push(`${key} ${a.plan_no} ${b.plan_no}`);
        }
      }
    }
    expect(overlaps).toEqual([]);
    const now = t.now();
    const count = (state: number) => all.filter((p) => p.state === state).length;
    expect(count(PLAN_STATE.finished)).toBeGreaterThan(100);
    expect(count(PLAN_STATE.running)).toBeGreaterThan(2);
    expect(count(PLAN_STATE.distributed)).toBeGreaterThan(2);
    // one distributed plan should have left a while ago
    expect(
      all.filter(
        (p) => p.state === PLAN_STATE.distributed && Number(p.planned_depart_at) < now - 30 * MINUTE,
      ),
    ).toHaveLength(1);
    for (const p of all) {
      expect(Number(p.planned_arrive_at)).toBeGreaterThan(Number(p.planned_depart_at));
      expect(Number(p.created_at)).toBeLessThanOrEqual(now);
      if (p.state === PLAN_STATE.finished) {
        expect(Number(p.departed_at)).toBeLessThan(Number(p.arrived_at));
        expect(Number(p.arrived_at)).toBeLessThan(now);
      }
      if (p.state === PLAN_STATE.running) {
        expect(Number(p.departed_at)).toBeLessThan(now);
        expect(p.max_seq).toBeGreaterThanOrEqual(1);
      }
    }
    // the finished plans: a share left or arrived late, most on time
    const finished = all.filter((p) => p.state === PLAN_STATE.finished);
    const lateDepart = finished.filter(
      (p) => Number(p.departed_at) > Number(p.planned_depart_at) + 15 * MINUTE,
    );
    const lateArrive = finished.filter(
      (p) => Number(p.arrived_at) > Number(p.planned_arrive_at) + 15 * MINUTE,
    );
    expect(lateDepart.length / finished.length).toBeGreaterThan(0.05);
    expect(lateDepart.length / finished.length).toBeLessThan(0.4);
    expect(lateArrive.length / finished.length).toBeGreaterThan(0.05);
    expect(lateArrive.length / finished.length).toBeLessThan(0.4);
    // the station rows of a running plan: reached ones have their times, in order
    const running = all.find((p) => p.state === PLAN_STATE.running);
    const rows = await t.db.db
      .selectFrom('plan_station')
      .selectAll()
      .where('plan_id', '=', running?.id ?? 0)
      .orderBy('seq')
      .execute();
    expect(rows[0]?.actual_depart_at).toBe(running?.departed_at);
    for (const r of rows.slice(1))
      expect(r.actual_arrive_at !== null).toBe(r.seq <= Number(running?.max_seq));
  });

  it('past late plans have their timing alarms with the plan and its line', async () => {
    const alarms = await t.db.db
      .selectFrom('alarm')
      .innerJoin('plan', 'plan.id', 'alarm.plan_id')
      .innerJoin('line', 'line.id', 'alarm.line_id')
      .select([
        'alarm.code',
        'alarm.detail',
        'alarm.start_time',
        'plan.plan_no',
        'plan.truck_id',
        'alarm.truck_id as alarm_truck',
        'line.name',
      ])
      .where('alarm.code', 'in', [4001, 4002, 4003, 4004])
      .execute();
    expect(new Set(alarms.map((a) => a.code))).toEqual(new Set([4001, 4002, 4003, 4004]));
    for (const a of alarms) {
      const detail = JSON.parse(a.detail ?? '{}');
      expect(detail).toMatchObject({ planNo: a.plan_no, lineName: a.name });
      expect(a.alarm_truck).toBe(a.truck_id);
      expect(Number(a.start_time)).toBeLessThanOrEqual(t.now());
    }
    // the dispatcher's 线路报警 list tells them in words, with the plan and its line
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const list = await call(t.app, 'GET', '/api/plan/alarm/list', {
      token: dispatch,
      query: { pageNum: '1', pageSize: '100', alarmCode: '4002' },
    });
    const rows = list.body.data.list as { planNo: string; lineName: string; detailText: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.planNo).toMatch(/^JH\d{18}$/);
      expect(r.lineName).not.toBe('');
      expect(r.detailText).toMatch(/^计划发车时间\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}，超过30分钟未发车$/);
    }
  });
});

/**
 * Seeded at night (02:00 in Shanghai): the plans still to leave and those under way left or leave
 * in the office's working day (05:00–22:00), none in the small hours.
 */
describe.each(TEST_DATABASES.slice(0, 1))('demo plans seeded at night on $name', (database) => {
  const NIGHT = Date.UTC(2026, 10, 19, 18, 0, 0);
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { now: () => NIGHT });
  });
  afterAll(() => t.close());

  it('plans no departure between 22:00 and 05:00', async () => {
    const all = await t.db.db.selectFrom('plan').select(['plan_no', 'state', 'planned_depart_at']).execute();
    const today = all.filter((p) => p.state !== PLAN_STATE.finished);
    expect(today.filter((p) => p.state === PLAN_STATE.distributed).length).toBeGreaterThan(2);
    const hour = (ms: number) => new Date(ms + 8 * 3_600_000).getUTCHours();
    const atNight = today
      .filter((p) => hour(Number(p.planned_depart_at)) < 5 || hour(Number(p.planned_depart_at)) >= 22)
      .map((p) => `${p.plan_no} ${hour(Number(p.planned_depart_at))}h`);
    expect(atNight).toEqual([]);
  });
});
