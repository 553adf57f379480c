import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { rollUpTruckDays, splitTrip } from './roll-up';
import { TruckDayJob } from './roll-up-job';

// Daily truck figures and the fuel reports through the API on the demo trucks with trips written by
// the test: a trip over midnight is split between its days by the time it ran in each (counted on the
// day it started), a re-run of the roll-up gives the same rows, a trip written late re-rolls its day;
// every report's figures match the trips to the 0.1 L (and km), an electric truck's in kWh; another
// team's truck is refused ("车辆不存在或无权操作") and users without the pages' codes get 403.

const TRUNK_ONE = '10000010010001';
const TRUNK_TWO = '10000010010002';
/** Shanghai wall time of 2026-11-dd hh:mm. */
const at = (d: number, h: number, m = 0) => Date.UTC(2026, 10, d, h - 8, m);

describe('splitTrip', () => {
  it('splits a trip over midnight by the time it ran each day, adding up exactly', () => {
    const shares = splitTrip({
      start_time: at(10, 23),
      end_time: at(11, 2),
      mileage: 1001,
      fuel_used: 301,
      driver_id: 1,
    });
    expect(shares.map((s) => s.day)).toEqual([20261110, 20261111]);
    expect(shares[0]).toMatchObject({ mileage: 334, fuelUsed: 100, trips: 1, driveSeconds: 3600 });
    expect(shares[1]).toMatchObject({ mileage: 667, fuelUsed: 201, trips: 0, driveSeconds: 7200 });
  });
});

describe.each(TEST_DATABASES)('fuel and energy reports on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let safety: string;
  let finance: string;
  let diesel: { id: number; driver_id: number | null };
  let electric: { id: number; driver_id: number | null };
  let other: { id: number; driver_id: number | null };
  let lineId: number;

  const post = (token: string, url: string, body: unknown) =>
    call(t.app, 'POST', `/api${url}`, { token, body });
  const get = (token: string, url: string, query: Record<string, string>) =>
    call(t.app, 'GET', `/api${url}`, { token, query });
  const ok = async (
    token: string,
    url: string,
    body: Record<string, unknown>,
    method: 'GET' | 'POST' = 'POST',
  ) => {
    const res =
      method === 'POST'
        ? await post(token, url, body)
        : await get(token, url, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])));
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const trip = async (
    truck: { id: number },
    driverId: number | null,
    start: number,
    end: number,
    mileage: number,
    fuel: number | null,
  ) => {
    const scope = await t.db.db
      .selectFrom('truck')
      .select(['merchant_id', 'team_code'])
      .where('id', '=', truck.id)
      .executeTakeFirstOrThrow();
    const row = await t.db.db
      .insertInto('trip')
      .values({
        ...scope,
        truck_id: truck.id,
        driver_id: driverId,
        start_time: start,
        end_time: end,
        start_lat: 40_000_000,
        start_lon: 110_000_000,
        mileage,
        fuel_used: fuel,
        max_speed: 800,
        avg_speed: 500,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const period = { startDate: '2026-11-10', endDate: '2026-11-11' };
  const dayRows = async () =>
    (
      await t.db.db
        .selectFrom('truck_day')
        .select([
          'truck_id',
          'day',
          'driver_id',
          'mileage',
          'fuel_used',
          'drive_seconds',
          'trips',
          'team_code',
        ])
        .orderBy('truck_id')
        .orderBy('day')
        .orderBy('driver_id')
        .execute()
    ).map((r) => ({
      ...r,
      mileage: Number(r.mileage),
      fuel_used: Number(r.fuel_used),
      drive_seconds: Number(r.drive_seconds),
    }));

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    safety = await login(t.app, 'safety', DEMO.safety);
    finance = await login(t.app, 'finance', DEMO.finance);
    const pick = (team: string, fuelType: number) =>
      t.db.db
        .selectFrom('truck')
        .select(['id', 'driver_id'])
        .where('team_code', '=', team)
        .where('fuel_type', '=', fuelType)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    diesel = await pick(TRUNK_ONE, 3);
    other = await pick(TRUNK_TWO, 3);
    electric = await t.db.db
      .selectFrom('truck')
      .select(['id', 'driver_id'])
      .where('fuel_type', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const line = await t.db.db
      .selectFrom('line')
      .select(['id', 'merchant_id'])
      .where('team_code', 'like', '1000001%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    lineId = line.id;
    // only the test's own trips (the demo records trips of its finished plans)
    await t.db.db.deleteFrom('trip').execute();
    await t.db.db.deleteFrom('truck_day').execute();
    // 11-10 08:00-10:00 123.4 km 45.6 L; 22:00 → 11-11 02:00 80 km 25 L (half a day each);
    // 11-11 10:00-11:00 without a driver 30 km 9.9 L; an electric truck 50 km 32.1 kWh
    await trip(diesel, diesel.driver_id, at(10, 8), at(10, 10), 1234, 456);
    await trip(diesel, diesel.driver_id, at(10, 22), at(11, 2), 800, 250);
    await trip(diesel, null, at(11, 10), at(11, 11), 300, 99);
    await trip(electric, electric.driver_id, at(10, 9), at(10, 10), 500, 321);
    await trip(other, other.driver_id, at(10, 9), at(10, 12), 900, 300);
    // the week before: 100 km 40 L
    await trip(diesel, diesel.driver_id, at(8, 9), at(8, 11), 1000, 400);
    await rollUpTruckDays(t.db.db, 0);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('rolls trips up by truck, Shanghai day and driver, splitting the one over midnight', async () => {
    const rows = (await dayRows()).filter((r) => r.truck_id === diesel.id);
    expect(rows).toEqual([
      expect.objectContaining({
        day: 20261108,
        driver_id: diesel.driver_id,
        mileage: 1000,
        fuel_used: 400,
        trips: 1,
      }),
      expect.objectContaining({
        day: 20261110,
        driver_id: diesel.driver_id,
        mileage: 1634,
        fuel_used: 581,
        trips: 2,
        drive_seconds: 4 * 3600,
      }),
      expect.objectContaining({ day: 20261111, driver_id: 0, mileage: 300, fuel_used: 99, trips: 1 }),
      expect.objectContaining({
        day: 20261111,
        driver_id: diesel.driver_id,
        mileage: 400,
        fuel_used: 125,
        trips: 0,
        drive_seconds: 2 * 3600,
      }),
    ]);
    expect(rows.every((r) => r.team_code === TRUNK_ONE)).toBe(true);
  });

  it('gives the same rows when run again, and a late trip re-rolls its day', async () => {
    const before = await dayRows();
    const again = await rollUpTruckDays(t.db.db, 0);
    expect(again.trips).toBe(6);
    expect(await dayRows()).toEqual(before);
    const lastId = again.maxTripId;
    // written now, ended ten days ago: found by its id, not by its end
    await trip(diesel, diesel.driver_id, at(10, 12), at(10, 13), 200, 60);
    const late = await rollUpTruckDays(t.db.db, t.now(), { afterTripId: lastId });
    expect(late).toMatchObject({ trips: 1, days: 1 });
    const day = (await dayRows()).find((r) => r.truck_id === diesel.id && r.day === 20261110);
    expect(day).toMatchObject({ mileage: 1834, fuel_used: 641, trips: 3 });
  });

  it('the job started with the app rolls up a trip written after its last run, whatever its end', async () => {
    const job = new TruckDayJob(t.db.db, t.now, t.app.log);
    await job.run();
    await trip(diesel, diesel.driver_id, at(5, 9), at(5, 10), 150, 50);
    await job.run();
    const day = (await dayRows()).find((r) => r.truck_id === diesel.id && r.day === 20261105);
    expect(day).toMatchObject({ mileage: 150, fuel_used: 50, trips: 1 });
    const state = await t.db.db.selectFrom('truck_day_state').selectAll().executeTakeFirstOrThrow();
    expect(Number(state.last_trip_id)).toBeGreaterThan(0);
  });

  it('adds the refuels and drains of the fuel events to their day', async () => {
    const scope = await t.db.db
      .selectFrom('truck')
      .select(['merchant_id', 'team_code'])
      .where('id', '=', diesel.id)
      .executeTakeFirstOrThrow();
    const event = (kind: number, start: number, litres: number) => ({
      ...scope,
      truck_id: diesel.id,
      driver_id: diesel.driver_id,
      kind,
      start_time: start,
      end_time: start + 600_000,
      lat: 40_000_000,
      lon: 110_000_000,
      before_fuel: 1000,
      after_fuel: 1000 + (kind === 1 ? litres : -litres),
      litres,
      parked: kind === 2 ? 1 : 0,
      state: kind === 1 ? 2 : 3,
      created_at: t.now(),
      updated_at: t.now(),
    });
    await t.db.db
      .insertInto('fuel_event')
      .values([event(1, at(11, 6), 1234), event(2, at(11, 23), 300)])
      .execute();
    await rollUpTruckDays(t.db.db, at(11, 0));
    const day = await t.db.db
      .selectFrom('truck_day')
      .selectAll()
      .where('truck_id', '=', diesel.id)
      .where('day', '=', 20261111)
      .where('driver_id', '=', diesel.driver_id as number)
      .executeTakeFirstOrThrow();
    expect(day).toMatchObject({ refuel: 1234, drain: 300, mileage: 400, fuel_used: 125 });
    const page = await ok(admin, '/fuel/resultList', { ...period, truckId: diesel.id });
    expect(page.list[0]).toMatchObject({ refuel: 123.4, drain: 30 });
  });

  it('answers each truck in its unit, matching its trips to the 0.1', async () => {
    const page = await ok(admin, '/fuel/resultList', { ...period, pageNum: 1, pageSize: 100 });
    const row = page.list.find((r: { truckId: number }) => r.truckId === diesel.id);
    expect(row).toMatchObject({
      unit: 'L',
      per100Unit: 'L/百公里',
      mileage: 253.4,
      fuelUsed: 86.5,
      trips: 4,
    });
    expect(row.per100Km).toBe(Math.round((865 / 2534) * 10000) / 100);
    const trips = await ok(admin, '/fuel/trip/resultInfo', { truckId: diesel.id, ...period }, 'GET');
    expect(trips.list).toHaveLength(4);
    const sum = (k: 'mileage' | 'fuelUsed') =>
      Math.round(trips.list.reduce((s: number, x: Record<string, number>) => s + (x[k] ?? 0), 0) * 10) / 10;
    expect(sum('mileage')).toBe(row.mileage);
    expect(sum('fuelUsed')).toBe(row.fuelUsed);
    const e = page.list.find((r: { truckId: number }) => r.truckId === electric.id);
    expect(e).toMatchObject({
      unit: 'kwh',
      per100Unit: 'kwh/百公里',
      fuelUsed: 32.1,
      mileage: 50,
      per100Km: 64.2,
    });
    const units = page.totalRow.map((r: { unit: string }) => r.unit).sort();
    expect(units).toEqual(['L', 'kwh']);
    const info = await ok(admin, '/fuel/resultInfo', { truckId: diesel.id, ...period }, 'GET');
    expect(info.total).toMatchObject({ mileage: 253.4, fuelUsed: 86.5 });
    expect(info.days).toEqual([
      { day: '2026-11-10', mileage: 183.4, fuelUsed: 64.1, per100Km: 34.95 },
      { day: '2026-11-11', mileage: 70, fuelUsed: 22.4, per100Km: 32 },
    ]);
    const support = await ok(admin, '/fuel/isSupport3', { truckId: diesel.id }, 'GET');
    expect(support).toMatchObject({ support: true, unit: 'L' });
    const energy = await ok(admin, '/v2/web/reprot/vehicle/milReport/list', {
      ...period,
      truckId: electric.id,
    });
    expect(energy.list).toEqual([
      expect.objectContaining({ mileage: 50, fuelUsed: 32.1, unit: 'kwh', days: 1 }),
    ]);
  });

  it('reports by driver, by driver and day, and by line of the finished plans', async () => {
    const drivers = await ok(admin, '/driver/oil/report/page', {
      ...period,
      truckId: diesel.id,
      pageNum: 1,
      pageSize: 10,
    });
    const named = drivers.list.find((r: { driverId: number }) => r.driverId === diesel.driver_id);
    expect(named).toMatchObject({ mileage: 223.4, fuelUsed: 76.6, unit: 'L', days: 2 });
    expect(drivers.list.find((r: { driverId: number }) => r.driverId === 0)).toMatchObject({
      driverName: '未知司机',
      mileage: 30,
      fuelUsed: 9.9,
    });
    const detail = await ok(admin, '/driver/oil/report/detail/page', {
      ...period,
      driverId: diesel.driver_id,
      pageNum: 1,
      pageSize: 10,
    });
    expect(detail.list.map((r: { day: string; fuelUsed: number }) => [r.day, r.fuelUsed])).toEqual([
      ['2026-11-10', 64.1],
      ['2026-11-11', 12.5],
    ]);
    await withoutDemoPlans(t.db.db);
    const now = t.now();
    const team = await t.db.db
      .selectFrom('truck')
      .select(['merchant_id', 'team_code'])
      .where('id', '=', diesel.id)
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('plan')
      .values({
        ...team,
        plan_no: 'JHENERGY001',
        state: 4,
        line_id: lineId,
        truck_id: diesel.id,
        driver_id: diesel.driver_id,
        departed_at: at(10, 8),
        arrived_at: at(10, 10),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const lines = await ok(admin, '/driver/oil/report/detail/line', {
      ...period,
      lineId,
      truckId: diesel.id,
    });
    expect(lines.list).toEqual([
      expect.objectContaining({ lineId, plans: 1, mileage: 123.4, fuelUsed: 45.6, unit: 'L' }),
    ]);
  });

  it('fuel manager: cards against the previous period, summary by team and the chart by day', async () => {
    const cards = await ok(admin, '/fule/manager/cards', { ...period, truckId: diesel.id });
    expect(cards).toMatchObject({ previousStartDate: '2026-11-08', previousEndDate: '2026-11-09' });
    expect(cards.cards).toEqual([
      expect.objectContaining({
        unit: 'L',
        current: expect.objectContaining({ mileage: 253.4, fuelUsed: 86.5, trucks: 1 }),
        previous: expect.objectContaining({ mileage: 100, fuelUsed: 40 }),
        mileageChange: 153.4,
      }),
    ]);
    const summary = await ok(admin, '/fule/manager/summary/result', {
      ...period,
      groupBy: 'team',
      pageNum: 1,
      pageSize: 20,
    });
    const trunkOne = summary.list.find(
      (r: { key: string; unit: string }) => r.key === TRUNK_ONE && r.unit === 'L',
    );
    expect(trunkOne).toMatchObject({ name: '干线一分队', mileage: 253.4, fuelUsed: 86.5 });
    const chart = await ok(admin, '/fule/manager/analyse/chart', { ...period, teamCode: TRUNK_ONE });
    expect(chart.days).toEqual(['2026-11-10', '2026-11-11']);
    expect(chart.series).toEqual([
      expect.objectContaining({ unit: 'L', mileage: [183.4, 70], fuelUsed: [64.1, 22.4] }),
    ]);
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/fuel/exportResultList',
      headers: { 'auth-token': admin },
      payload: period,
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('keeps each user to their scope and pages', async () => {
    const mine = await ok(dispatch, '/fuel/resultList', { ...period, pageNum: 1, pageSize: 100 });
    const ids = mine.list.map((r: { truckId: number }) => r.truckId);
    expect(ids).toContain(diesel.id);
    expect(ids).not.toContain(other.id);
    // the list routes answer the last 31 days without a period
    for (const url of [
      '/fuel/resultList',
      '/driver/oil/report/page',
      '/driver/oil/report/detail/page',
      '/fule/manager/summary/result',
    ]) {
      const res = await post(dispatch, url, { pageSize: 500 });
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
      expect(res.text).not.toContain('干线二分队');
    }
    const refused = await get(dispatch, '/fuel/resultInfo', { truckId: String(other.id), ...period });
    expect(refused.body.msg).toBe('车辆不存在或无权操作');
    const trips = await get(dispatch, '/fuel/trip/resultInfo', { truckId: String(other.id), ...period });
    expect(trips.body.msg).toBe('车辆不存在或无权操作');
    const driver = await post(dispatch, '/driver/oil/report/page', { ...period, driverId: other.driver_id });
    expect(driver.body.msg).toBe('司机不存在或无权操作');
    expect((await post(safety, '/fuel/resultList', period)).status).toBe(403);
    expect((await post(finance, '/fule/manager/cards', period)).status).toBe(403);
    expect((await post(dispatch, '/v2/web/reprot/vehicle/milReport/list', period)).status).toBe(403);
    const bad = await post(admin, '/fuel/resultList', { startDate: '2026-11-12', endDate: '2026-11-10' });
    expect(bad.body.msg).toBe('结束日期: 结束日期不能早于开始日期');
    const wrong = await post(admin, '/fuel/resultList', { startDate: '2026-11-31', endDate: '2026-12-01' });
    expect(wrong.body.msg).toBe('开始日期: 日期格式应为YYYY-MM-DD');
    const long = await post(admin, '/fuel/resultList', { startDate: '2025-01-01', endDate: '2026-11-10' });
    expect(long.body.msg).toBe('结束日期: 统计时间跨度不能超过366天');
  });
});
