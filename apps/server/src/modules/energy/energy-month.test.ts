import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { rollUpTruckDays } from './roll-up';
import { TruckDayJob } from './roll-up-job';

// Month sums and plug-in hybrids through the API: truck_month equals the sums of its truck_day rows
// to the unit after every roll-up; a report over months that cuts a month at each end answers what
// the days alone give (sums and days driven, by truck and by driver); a plug-in hybrid has its
// litres and its kwh, each per 100 km; a trip open across a restart of the roll-up that then closes
// long before the checkpoint is still rolled up.

const TRUNK_ONE = '10000010010001';
/** Shanghai wall time of 2026-mm-dd hh:00. */
const at = (month: number, d: number, h: number) => Date.UTC(2026, month - 1, d, h - 8);

describe.each(TEST_DATABASES)('month sums and hybrids on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let diesel: { id: number; driver_id: number | null };
  let second: { id: number; driver_id: number | null };
  let hybrid: { id: number; driver_id: number | null };

  const ok = async (url: string, body: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') => {
    const res =
      method === 'POST'
        ? await call(t.app, 'POST', `/api${url}`, { token: admin, body })
        : await call(t.app, 'GET', `/api${url}`, {
            token: admin,
            query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
          });
    expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's data
    return res.body.data as any;
  };
  const trip = async (
    truck: { id: number },
    driverId: number | null,
    start: number,
    end: number | null,
    mileage: number,
    fuel: number,
    power?: number,
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
    if (power !== undefined)
      await sql`update trip set power_used = ${power} where id = ${row.id}`.execute(t.db.db);
    return row.id;
  };
  const sums = (table: 'truck_day' | 'truck_month', key: string) =>
    sql<Record<string, number>>`
      select truck_id, ${sql.raw(key)} as month, driver_id, team_code, sum(mileage) as mileage,
        sum(fuel_used) as fuel_used, sum(power_used) as power_used, sum(drive_seconds) as drive_seconds,
        sum(trips) as trips, sum(refuel) as refuel, sum(drain) as drain
      from ${sql.table(table)} group by truck_id, ${sql.raw(key)}, driver_id, team_code
      order by truck_id, 2, driver_id, team_code`
      .execute(t.db.db)
      .then((r) =>
        r.rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'team_code' ? v : Number(v)])),
        ),
      );

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    const trucks = await t.db.db
      .selectFrom('truck')
      .select(['id', 'driver_id'])
      .where('team_code', '=', TRUNK_ONE)
      .where('fuel_type', '=', 3)
      .orderBy('id')
      .limit(3)
      .execute();
    [diesel, second, hybrid] = trucks as [typeof diesel, typeof diesel, typeof diesel];
    await t.db.db.updateTable('truck').set({ fuel_type: 8 }).where('id', '=', hybrid.id).execute();
    await t.db.db.deleteFrom('trip').execute();
    await t.db.db.deleteFrom('truck_day').execute();
    await t.db.db.deleteFrom('truck_month').execute();
    // from 08-20 to 11-10 every fourth day; the diesel truck's driver also drives the second truck on
    // the same days (one day each, counted once for the driver); one trip over the midnight of 10-31
    for (let day = at(8, 20, 8); day < at(11, 10, 0); day += 4 * 86_400_000) {
      await trip(diesel, diesel.driver_id, day, day + 2 * 3_600_000, 1234, 411);
      await trip(second, diesel.driver_id, day + 5 * 3_600_000, day + 6 * 3_600_000, 501, 170);
      await trip(hybrid, hybrid.driver_id, day, day + 3 * 3_600_000, 1500, 121, 453);
    }
    await trip(diesel, null, at(10, 31, 22), at(11, 1, 2), 800, 250);
    await rollUpTruckDays(t.db.db, 0);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps truck_month equal to the sums of its days, also after a late trip re-rolls a day', async () => {
    expect(await sums('truck_month', 'month')).toEqual(await sums('truck_day', 'day / 100'));
    expect((await sums('truck_month', 'month')).length).toBeGreaterThanOrEqual(4 * 3);
    await trip(diesel, diesel.driver_id, at(9, 15, 9), at(9, 15, 10), 100, 33);
    const last = await t.db.db
      .selectFrom('trip')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await rollUpTruckDays(t.db.db, t.now(), { afterTripId: Number(last.id) - 1 });
    expect(await sums('truck_month', 'month')).toEqual(await sums('truck_day', 'day / 100'));
  });

  it('answers a period of whole months and cut ends as the days alone give', async () => {
    const period = { startDate: '2026-08-25', endDate: '2026-11-07' };
    const from = 20260825;
    const to = 20261107;
    const days = await t.db.db
      .selectFrom('truck_day')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const list = (await ok('/fuel/resultList', { ...period, pageSize: 500 })).list as Record<
      string,
      number
    >[];
    for (const truck of [diesel, second, hybrid]) {
      const own = days.filter((d) => d.truck_id === truck.id);
      const row = list.find((r) => r.truckId === truck.id) as Record<string, number>;
      expect(row.mileage).toBe(own.reduce((s, d) => s + Number(d.mileage), 0) / 10);
      expect(row.fuelUsed).toBe(own.reduce((s, d) => s + Number(d.fuel_used), 0) / 10);
      expect(row.trips).toBe(own.reduce((s, d) => s + Number(d.trips), 0));
      expect(row.days).toBe(new Set(own.map((d) => d.day)).size);
    }
    // biome-ignore lint/suspicious/noExplicitAny: the answer's rows
    const drivers = (await ok('/driver/oil/report/page', { ...period, pageSize: 500 })).list as any[];
    const mine = days.filter((d) => d.driver_id === diesel.driver_id);
    const driver = drivers.find((r) => r.driverId === diesel.driver_id && r.unit === 'L');
    expect(driver.mileage).toBe(mine.reduce((s, d) => s + Number(d.mileage), 0) / 10);
    // two trucks a day, each day once
    expect(driver.days).toBe(new Set(mine.map((d) => d.day)).size);
    expect(driver.trucks).toBe(2);
    // the same through the days only: one month, cut
    const october = (
      await ok('/fuel/resultList', { startDate: '2026-10-01', endDate: '2026-10-31', pageSize: 500 })
    ).list as Record<string, number>[];
    const oct = days.filter((d) => d.truck_id === diesel.id && Math.floor(d.day / 100) === 202610);
    expect(october.find((r) => r.truckId === diesel.id)?.mileage).toBe(
      oct.reduce((s, d) => s + Number(d.mileage), 0) / 10,
    );
  });

  it('gives a plug-in hybrid its litres and its kwh, each per 100 km, in the lists, totals and its days', async () => {
    const period = { startDate: '2026-09-01', endDate: '2026-09-30' };
    const data = await ok('/fuel/resultList', { ...period, truckId: hybrid.id });
    // trips on 09-01, 05, 09, 13, 17, 21, 25, 29: 8 × 150 km, 12.1 L, 45.3 kwh
    expect(data.list).toEqual([
      expect.objectContaining({
        unit: 'kwh+L',
        fuelUnit: 'L',
        per100Unit: 'L/百公里',
        mileage: 1200,
        fuelUsed: 96.8,
        per100Km: 8.07,
        powerUnit: 'kwh',
        powerUsed: 362.4,
        powerPer100Km: 30.2,
        fuelTypeName: '插电混动',
      }),
    ]);
    expect(data.totalRow).toEqual([
      expect.objectContaining({ unit: 'kwh+L', powerUsed: 362.4, fuelUsed: 96.8 }),
    ]);
    const info = await ok('/fuel/resultInfo', { ...period, truckId: hybrid.id }, 'GET');
    expect(info.total).toMatchObject({ fuelUsed: 96.8, powerUsed: 362.4, powerPer100Km: 30.2 });
    expect(info.days.find((d: { day: string }) => d.day === '2026-09-01')).toEqual({
      day: '2026-09-01',
      mileage: 150,
      fuelUsed: 12.1,
      per100Km: 8.07,
      powerUsed: 45.3,
      powerPer100Km: 30.2,
    });
    const trips = await ok('/fuel/trip/resultInfo', { ...period, truckId: hybrid.id }, 'GET');
    expect(trips.list[0]).toMatchObject({ fuelUsed: 12.1, powerUsed: 45.3, powerPer100Km: 30.2 });
    const diesels = await ok('/fuel/resultList', { ...period, truckId: diesel.id });
    expect(diesels.list[0]).toMatchObject({ unit: 'L', powerUsed: null, powerPer100Km: null });
  });

  it('rolls up a trip open across a restart that closes long before the checkpoint', async () => {
    const open = await trip(second, second.driver_id, at(11, 12, 8), null, 0, 0);
    await trip(diesel, diesel.driver_id, at(11, 14, 8), at(11, 14, 12), 400, 120);
    const before = new TruckDayJob(t.db.db, t.now, t.app.log);
    await before.run();
    const state = await t.db.db.selectFrom('truck_day_state').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(state.open_trip_ids)).toContain(open);
    // the terminal comes back after the restart: the trip ended on 11-12, days before the checkpoint
    await t.db.db
      .updateTable('trip')
      .set({ end_time: at(11, 12, 10), mileage: 777, fuel_used: 222 })
      .where('id', '=', open)
      .execute();
    const after = new TruckDayJob(t.db.db, t.now, t.app.log);
    await after.run();
    const day = await t.db.db
      .selectFrom('truck_day')
      .selectAll()
      .where('truck_id', '=', second.id)
      .where('day', '=', 20261112)
      .executeTakeFirst();
    expect(day).toMatchObject({ trips: 1 });
    expect(Number(day?.mileage)).toBe(777);
    expect(Number(day?.fuel_used)).toBe(222);
    const month = await t.db.db
      .selectFrom('truck_month')
      .selectAll()
      .where('truck_id', '=', second.id)
      .where('month', '=', 202611)
      .execute();
    expect(month.reduce((s, m) => s + Number(m.mileage), 0)).toBeGreaterThanOrEqual(777);
    expect(await sums('truck_month', 'month')).toEqual(await sums('truck_day', 'day / 100'));
  });
});
