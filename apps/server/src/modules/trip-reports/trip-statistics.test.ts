import { fromShanghai } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack } from '../file-tasks/file-tasks.fixture';

// 行程统计 and its export through the API: the sheet holds exactly the rows and the 合计 of the list
// by truck, driver and line, in the caller's scope; the period is bounded even when only its start is
// given; the list filters of 行程报告 refuse a truck, driver or import batch out of scope.

const TRUNK_ONE = '10000010010001';
const at = (day: number, hour: number, minute = 0) => fromShanghai(2026, 11, day, hour, minute).getTime();

describe.each(TEST_DATABASES)('trip statistics on $title', (database) => {
  let t: TestApp;
  let admin: string;
  let truck: { id: number; carNo: string; driverId: number };
  let coalTruckId: number;

  beforeAll(async () => {
    t = await startTestApp(database);
    const db = t.db.db;
    await withoutDemoPlans(db);
    await db.deleteFrom('trip').execute();
    await db.deleteFrom('trip_report').execute();
    await db.deleteFrom('trip_report_import').execute();
    admin = await login(t.app, 'admin', DEMO.admin);
    const row = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'merchant_id', 'driver_id'])
      .where('team_code', '=', TRUNK_ONE)
      .where('driver_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    truck = { id: row.id, carNo: row.car_no, driverId: row.driver_id as number };
    coalTruckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('merchant_id', '!=', row.merchant_id)
        .executeTakeFirstOrThrow()
    ).id;
    const line = await db
      .selectFrom('line')
      .select('id')
      .where('merchant_id', '=', row.merchant_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const recorded: [number, number, number, number][] = [
      [at(10, 8), at(10, 10), 700, 230],
      [at(10, 10, 30), at(10, 12), 500, 170],
      [at(11, 8), at(11, 10), 1000, 300],
    ];
    for (const [start, end, mileage, fuel] of recorded)
      await db
        .insertInto('trip')
        .values({
          merchant_id: row.merchant_id,
          team_code: TRUNK_ONE,
          truck_id: truck.id,
          driver_id: truck.driverId,
          start_time: start,
          end_time: end,
          start_lat: 39_900_000,
          start_lon: 116_400_000,
          mileage,
          fuel_used: fuel,
        })
        .execute();
    // a finished plan of the line holds the day-11 trip
    await db
      .insertInto('plan')
      .values({
        merchant_id: row.merchant_id,
        team_code: TRUNK_ONE,
        plan_no: 'JHSTAT1',
        state: 4,
        line_id: line.id,
        truck_id: truck.id,
        departed_at: at(11, 7, 45),
        arrived_at: at(11, 10, 15),
        created_at: at(11, 7),
        updated_at: at(11, 11),
      })
      .execute();
    for (const [day, mileage, fuel] of [
      [10, 125, 46.5],
      [11, 101, 30.5],
    ] as const) {
      const saved = await call(t.app, 'POST', '/api/tripReport/saveOrUpdate', {
        token: admin,
        body: {
          truckId: truck.id,
          driverId: truck.driverId,
          lineId: line.id,
          departTime: `2026-11-${day} 07:50:00`,
          arriveTime: `2026-11-${day} 12:10:00`,
          mileage,
          fuel,
        },
      });
      expect(saved.body.code, saved.body.msg).toBe(200);
    }
    await db
      .insertInto('trip_report_import')
      .values({
        merchant_id: row.merchant_id,
        team_code: '1000001',
        file_name: '行程.xlsx',
        rows: 0,
        created_at: at(12, 8),
      })
      .execute();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('exports 行程统计 with the rows and the 合计 of the list, by each dimension', async () => {
    for (const [dimension, name] of [
      ['truck', '车辆'],
      ['driver', '司机'],
      ['line', '线路'],
    ] as const) {
      const filter = { startDate: '2026-11-01', endDate: '2026-11-30', dimension };
      const listed = await call(t.app, 'POST', '/api/tripReport/statistics', {
        token: admin,
        body: { ...filter, pageSize: 500 },
      });
      const { list, totalRow } = listed.body.data as {
        list: Record<string, number | string | null>[];
        totalRow: Record<string, number | string | null>;
      };
      expect(list.length).toBeGreaterThan(0);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tripReport/statistics/export',
        headers: { 'auth-token': admin },
        payload: filter,
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/行程统计_\d{14}\.xlsx/);
      const rows = await readBack(res.rawPayload);
      expect(rows[0]).toEqual([
        '统计维度',
        '统计对象',
        '记录趟数',
        '记录里程(公里)',
        '记录油耗(升)',
        '百公里油耗(L/100km)',
        '行驶时长(小时)',
        '上报趟数',
        '上报里程(公里)',
        '上报油耗(升)',
      ]);
      const cells = (r: Record<string, number | string | null>) => [
        name,
        r.name,
        r.trips,
        r.mileageKm,
        r.fuelL,
        r.fuelPer100 ?? '-',
        r.durationHours,
        r.reportedTrips,
        r.reportedMileageKm,
        r.reportedFuelL,
      ];
      expect(rows.slice(1)).toEqual([...list.map(cells), cells(totalRow)]);
      expect(rows[rows.length - 1]?.[1]).toBe('合计');
    }
    // the finance user of another team exports only the 合计 row of nothing
    const finance = await login(t.app, 'finance', DEMO.finance);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/tripReport/statistics/export',
      headers: { 'auth-token': finance },
      payload: { startDate: '2026-11-01', endDate: '2026-11-30', dimension: 'truck' },
    });
    const rows = await readBack(theirs.rawPayload);
    expect(rows.slice(1).map((r) => r[1])).not.toContain(truck.carNo);
    // the same checks as the list, naming the field
    const wrong = await call(t.app, 'POST', '/api/tripReport/statistics/export', {
      token: admin,
      body: { startDate: '2026-11-30', endDate: '2026-11-01' },
    });
    expect(wrong.body.msg).toBe('结束日期: 结束日期不能早于开始日期');
  });

  it('refuses a statistics period longer than a year even when only its start is given', async () => {
    const res = await call(t.app, 'POST', '/api/tripReport/statistics', {
      token: admin,
      body: { startDate: '2020-01-01' },
    });
    expect(res.body.msg).toBe('结束日期: 统计时间跨度不能超过366天');
  });

  it('refuses a list filter naming a truck, driver, line or import batch out of scope', async () => {
    const byTruck = await call(t.app, 'POST', '/api/tripReport/queryList', {
      token: admin,
      body: { truckId: coalTruckId },
    });
    expect(byTruck.body.msg).toBe('车辆: 车辆不存在或无权操作');
    const exported = await call(t.app, 'POST', '/api/excelTask/exportExcel', {
      token: admin,
      body: { truckId: coalTruckId },
    });
    expect(exported.body.msg).toBe('车辆: 车辆不存在或无权操作');
    const finance = await login(t.app, 'finance', DEMO.finance);
    const records = await call(t.app, 'POST', '/api/tripReport/importRecord', { token: admin, body: {} });
    expect(records.body.data.total).toBe(1);
    const batch = (records.body.data.list as { id: number }[])[0];
    const theirs = await call(t.app, 'POST', '/api/tripReport/queryList', {
      token: finance,
      body: { importId: batch?.id },
    });
    expect(theirs.body.msg).toBe('导入批次: 导入批次不存在或无权操作');
    const driver = await call(t.app, 'POST', '/api/tripReport/queryList', {
      token: finance,
      body: { driverId: truck.driverId },
    });
    expect(driver.body.msg).toBe('司机: 司机不存在或无权操作');
    const wrongType = await call(t.app, 'POST', '/api/excelTask/exportExcel', {
      token: admin,
      body: { source: 3 },
    });
    expect(wrongType.body.msg).toBe('来源: 来源应为1（司机上报）或2（导入）');
  });
});
