import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { DEMO_SCHEDULES, seedDemoSchedules } from './demo-schedules';

interface Schedule {
  id: number;
  name: string;
  lineId: number;
  truckId: number;
  driverId: number;
  orderId: number | null;
  cargo: string;
  plannedTons: string;
  weekdays: number[];
  departTime: string;
  startDate: string;
  endDate: string;
  daysAhead: number;
  teamCode: string;
  remark: string;
}

// The demo timetable passes the schedule form's own rules, has no conflict in its next days, and its
// plans are created by the generation job without a refused day.
describe.each(TEST_DATABASES)('demo schedules on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // the API tests' demo has no operations history, so the timetable is seeded here on top of it
    t = await startTestApp(database);
    const user = await t.db.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await seedDemoSchedules(t.db.db, user.id, t.now())).toBe(DEMO_SCHEDULES.length);
    admin = await login(t.app, 'admin', DEMO.admin);
  });
  afterAll(() => t.close());

  it('saves each demo schedule unchanged, finds no conflict and generates its plans', async () => {
    const page = await call(t.app, 'POST', '/api/scheduling/plan/page', {
      token: admin,
      body: { pageNum: 1, pageSize: 50 },
    });
    const list = page.body.data.list as Schedule[];
    expect(list.map((s) => s.name).sort()).toEqual(DEMO_SCHEDULES.map((s) => s.name).sort());
    for (const listed of list) {
      const info = await call(t.app, 'GET', '/api/scheduling/plan/info', {
        token: admin,
        query: { id: String(listed.id) },
      });
      const s = info.body.data as Schedule;
      const form = {
        name: s.name,
        lineId: s.lineId,
        truckId: s.truckId,
        driverId: s.driverId,
        orderId: s.orderId,
        cargo: s.cargo,
        plannedTons: s.plannedTons,
        weekdays: s.weekdays,
        departTime: s.departTime,
        startDate: s.startDate,
        endDate: s.endDate,
        daysAhead: s.daysAhead,
        teamCode: s.teamCode,
        remark: s.remark,
      };
      const check = await call(t.app, 'POST', '/api/scheduling/plan/check', {
        token: admin,
        body: { ...form, id: s.id },
      });
      expect(check.body.code, check.body.msg).toBe(200);
      expect(check.body.data.conflicts, s.name).toEqual([]);
      const saved = await call(t.app, 'POST', '/api/scheduling/plan/update', {
        token: admin,
        body: { ...form, id: s.id },
      });
      expect(saved.body.code, `${s.name}: ${saved.body.msg}`).toBe(200);
    }
    // the demo dispatcher (干线一分队) finds the trunk schedule in its list
    const dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const own = await call(t.app, 'POST', '/api/scheduling/plan/page', {
      token: dispatch,
      body: { pageNum: 1, pageSize: 50 },
    });
    expect(own.body.data.list.map((s: Schedule) => s.name)).toEqual(['京津线早班']);
    const generated = await call(t.app, 'POST', '/api/scheduling/plan/generate', { token: admin, body: {} });
    expect(generated.body.data.skipped).toEqual([]);
    for (const s of list)
      expect(
        generated.body.data.created.filter((c: { scheduleId: number }) => c.scheduleId === s.id).length,
        s.name,
      ).toBeGreaterThan(0);
  });
});
