import { fromShanghai } from '@fleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutDemoPlans } from '../../test/demo-plans';
import { uploadFile } from '../../test/sheets';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { readBack, sheetFile } from '../file-tasks/file-tasks.fixture';

// 行程报告 through the API: entered and imported reports compared with the trips the truck recorded
// (difference and a flag beyond 10 %), an import that is all or nothing, its rollback (refused once
// a row was edited), scope refusals, and 行程统计 by truck, driver and line.

const TRUNK_ONE = '10000010010001';
const at = (day: number, hour: number, minute = 0) => fromShanghai(2026, 11, day, hour, minute).getTime();
const HEADERS = [
  '车牌号',
  '司机姓名',
  '线路名称',
  '出发时间',
  '到达时间',
  '上报里程(公里)',
  '上报油耗(升)',
  '载货吨数',
  '备注',
];

describe.each(TEST_DATABASES)('trip reports on $title', (database) => {
  let t: TestApp;
  let admin: string;
  let merchantId: number;
  let truck: { id: number; carNo: string; driverId: number; driverName: string };
  let coalTruckId: number;
  let lineId: number;
  let lineName: string;

  const trip = (start: number, end: number, mileage: number, fuel: number) =>
    t.db.db
      .insertInto('trip')
      .values({
        merchant_id: merchantId,
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

  const list = async (body: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', '/api/tripReport/queryList', {
      token: admin,
      body: { pageSize: 50, ...body },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { total: number; list: Record<string, unknown>[] };
  };

  beforeAll(async () => {
    t = await startTestApp(database);
    const db = t.db.db;
    await withoutDemoPlans(db);
    await db.deleteFrom('trip').execute();
    // the demo's imported reports are no part of these figures
    await db.deleteFrom('trip_report').execute();
    await db.deleteFrom('trip_report_import').execute();
    admin = await login(t.app, 'admin', DEMO.admin);
    const row = await db
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.id', 'truck.car_no', 'truck.merchant_id', 'driver.id as driver_id', 'driver.name'])
      .where('truck.team_code', '=', TRUNK_ONE)
      .orderBy('truck.id')
      .executeTakeFirstOrThrow();
    truck = { id: row.id, carNo: row.car_no, driverId: row.driver_id, driverName: row.name };
    merchantId = row.merchant_id;
    coalTruckId = (
      await db
        .selectFrom('truck')
        .select('id')
        .where('merchant_id', '!=', merchantId)
        .executeTakeFirstOrThrow()
    ).id;
    const line = await db
      .selectFrom('line')
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    lineId = line.id;
    lineName = line.name;
    // recorded: day 10 two trips 120 km / 40 L in all; day 11 one trip 100 km / 30 L
    await trip(at(10, 8), at(10, 10), 700, 230);
    await trip(at(10, 10, 30), at(10, 12), 500, 170);
    await trip(at(11, 8), at(11, 10), 1000, 300);
  });

  afterAll(async () => {
    await t?.close();
  });

  let entered: number;

  it('compares an entered report with the recorded trips of its window', async () => {
    const res = await call(t.app, 'POST', '/api/tripReport/saveOrUpdate', {
      token: admin,
      body: {
        truckId: truck.id,
        driverId: truck.driverId,
        lineId,
        departTime: '2026-11-10 07:50:00',
        arriveTime: '2026-11-10 12:10:00',
        mileage: 125,
        fuel: '46.5',
        cargoTons: 32.5,
        remark: '司机上报',
      },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    entered = res.body.data.id;
    const [row] = (await list()).list;
    expect(row).toMatchObject({
      carNo: truck.carNo,
      driverName: truck.driverName,
      lineName,
      mileage: 125,
      fuel: 46.5,
      cargoTons: 32.5,
      recordedTrips: 2,
      recordedMileage: 120,
      recordedFuel: 40,
      mileageDiff: 5,
      fuelDiff: 6.5,
      mileageDiffRate: 4.2,
      fuelDiffRate: 16.3,
      abnormal: true,
      sourceName: '司机上报',
    });
    const detail = await call(t.app, 'GET', '/api/tripReport/detail', {
      token: admin,
      query: { id: String(entered) },
    });
    expect(detail.body.data.trips.map((x: { mileageKm: number }) => x.mileageKm)).toEqual([70, 50]);
  });

  it('refuses wrong fields and ids out of scope', async () => {
    const save = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/tripReport/saveOrUpdate', { token: admin, body });
    const base = {
      truckId: truck.id,
      departTime: '2026-11-10 08:00:00',
      arriveTime: '2026-11-10 12:00:00',
      mileage: 100,
      fuel: 30,
    };
    expect((await save({ ...base, truckId: undefined })).body.msg).toBe('车辆: 请选择车辆');
    expect((await save({ ...base, arriveTime: '2026-11-10 07:00:00' })).body.msg).toBe(
      '到达时间: 到达时间应晚于出发时间',
    );
    expect((await save({ ...base, mileage: 10.25 })).body.msg).toBe(
      '上报里程: 应为0.1至5000之间的数字，最多1位小数',
    );
    expect((await save({ ...base, truckId: coalTruckId })).body.msg).toBe('车辆: 车辆不存在或无权操作');
    const finance = await login(t.app, 'finance', DEMO.finance);
    // finance works in another team: the report of 干线一分队 is not theirs
    const theirs = await call(t.app, 'POST', '/api/tripReport/queryList', { token: finance, body: {} });
    expect(theirs.body.data.total).toBe(0);
    const del = await call(t.app, 'POST', '/api/tripReport/batchDelete', {
      token: finance,
      body: { ids: [entered] },
    });
    expect(del.body.msg).toBe('行程报告不存在或无权操作');
  });

  const importSheet = (rows: (string | number | null)[][]) =>
    sheetFile([HEADERS, ...rows]).then((content) =>
      uploadFile(t.app, '/api/excelTask/importExcel', admin, { filename: '十一月行程.xlsx', content }),
    );

  it('imports all rows or none, as one batch', async () => {
    const bad = await importSheet([
      [
        truck.carNo,
        truck.driverName,
        lineName,
        '2026-11-11 07:30:00',
        '2026-11-11 10:30:00',
        '101',
        '30.5',
        '30',
        '',
      ],
      ['京X00000', '', '', '2026-11-11 07:30:00', '2026-11-11 10:30:00', '101', '30.5', '', ''],
      [truck.carNo, '', '', '2026-11-11 07:30:00', '2026-11-11 06:30:00', '101', '30.5', '', ''],
    ]);
    expect(bad.code).toBe(400);
    // rows are read first: the row whose arrival is before its departure
    expect(bad.data.errors).toEqual([{ row: 4, message: '到达时间: 到达时间应晚于出发时间' }]);
    // then checked against the database: a plate the user does not have
    const unknown = await importSheet([
      [
        truck.carNo,
        truck.driverName,
        lineName,
        '2026-11-11 07:30:00',
        '2026-11-11 10:30:00',
        '101',
        '30.5',
        '30',
        '',
      ],
      ['京X00000', '', '', '2026-11-11 07:30:00', '2026-11-11 10:30:00', '101', '30.5', '', ''],
    ]);
    expect(unknown.code).toBe(400);
    expect(unknown.data.errors).toEqual([{ row: 3, message: '车牌号: 京X00000车辆不存在或无权操作' }]);
    expect((await list({ source: 2 })).total).toBe(0);
    const good = await importSheet([
      [
        truck.carNo,
        truck.driverName,
        lineName,
        '2026-11-11 07:30:00',
        '2026-11-11 10:30:00',
        '101',
        '30.5',
        '30',
        '',
      ],
      [truck.carNo, '', '', '2026-11-12 07:30:00', '2026-11-12 10:30:00', '80', '25', '', '无记录'],
    ]);
    expect(good.code, good.msg).toBe(200);
    const imported = await list({ source: 2 });
    expect(imported.total).toBe(2);
    const byDay = Object.fromEntries(imported.list.map((r) => [String(r.departTime).slice(0, 10), r]));
    expect(byDay['2026-11-11']).toMatchObject({
      recordedMileage: 100,
      recordedFuel: 30,
      abnormal: false,
      abnormalName: '一致',
    });
    expect(byDay['2026-11-12']).toMatchObject({
      recordedTrips: 0,
      abnormal: true,
      abnormalName: '无记录行程',
    });
    const abnormal = await list({ onlyAbnormal: true });
    expect(abnormal.total).toBe(2);
    const records = await call(t.app, 'POST', '/api/tripReport/importRecord', { token: admin, body: {} });
    expect(records.body.data.list[0]).toMatchObject({
      fileName: '十一月行程.xlsx',
      rows: 2,
      remaining: 2,
      stateName: '已导入',
    });
  });

  it('exports exactly the filtered reports with their comparison', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/excelTask/exportExcel',
      headers: { 'auth-token': admin },
      payload: { onlyAbnormal: true },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([
      '车牌号',
      '司机',
      '线路',
      '出发时间',
      '到达时间',
      '上报里程(公里)',
      '记录里程(公里)',
      '上报油耗(升)',
      '记录油耗(升)',
      '里程差异率(%)',
      '油耗差异率(%)',
      '对比结果',
      '载货吨数',
      '来源',
      '备注',
    ]);
    // the entered report (fuel 16.3 % above) and the imported one without a recorded trip
    expect(rows.slice(1).map((r) => [r[3], r[11]])).toEqual([
      ['2026-11-12 07:30:00', '无记录行程'],
      ['2026-11-10 07:50:00', '差异超10%'],
    ]);
  });

  it('rolls an import back as a whole, refused once one of its rows was edited', async () => {
    const first = await importSheet([
      [truck.carNo, '', '', '2026-11-13 07:30:00', '2026-11-13 10:30:00', '90', '28', '', ''],
      [truck.carNo, '', '', '2026-11-14 07:30:00', '2026-11-14 10:30:00', '90', '28', '', ''],
    ]);
    expect(first.code, first.msg).toBe(200);
    const records = await call(t.app, 'POST', '/api/tripReport/importRecord', { token: admin, body: {} });
    const [latest, earlier] = records.body.data.list as { id: number }[];
    // edit a row of the earlier batch: it can no longer be rolled back
    const row = (await list({ importId: earlier?.id })).list[0] as { id: number };
    const edit = await call(t.app, 'POST', '/api/tripReport/saveOrUpdate', {
      token: admin,
      body: {
        id: row.id,
        truckId: truck.id,
        departTime: '2026-11-11 07:30:00',
        arriveTime: '2026-11-11 10:30:00',
        mileage: 100,
        fuel: 30,
      },
    });
    expect(edit.body.code, edit.body.msg).toBe(200);
    const refused = await call(t.app, 'POST', '/api/tripReport/rollback', {
      token: admin,
      body: { id: earlier?.id },
    });
    expect(refused.body.msg).toBe('该批导入中已有1条行程报告被修改，不能整批回滚');
    expect((await list({ importId: earlier?.id })).total).toBe(2);
    const done = await call(t.app, 'POST', '/api/tripReport/rollback', {
      token: admin,
      body: { id: latest?.id },
    });
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data.removed).toBe(2);
    expect((await list({ importId: latest?.id })).total).toBe(0);
    const again = await call(t.app, 'POST', '/api/tripReport/rollback', {
      token: admin,
      body: { id: latest?.id },
    });
    expect(again.body.msg).toBe('该批导入已回滚，不能重复回滚');
    const after = await call(t.app, 'POST', '/api/tripReport/importRecord', { token: admin, body: {} });
    expect(after.body.data.list[0]).toMatchObject({ stateName: '已回滚', remaining: 0 });
  });

  it('counts trips per truck, driver and line with the reported ones beside them', async () => {
    const stats = async (dimension: string) => {
      const res = await call(t.app, 'POST', '/api/tripReport/statistics', {
        token: admin,
        body: { startDate: '2026-11-01', endDate: '2026-11-30', dimension },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data;
    };
    const byTruck = await stats('truck');
    expect(byTruck.list).toHaveLength(1);
    expect(byTruck.list[0]).toMatchObject({
      name: truck.carNo,
      trips: 3,
      mileageKm: 220,
      fuelL: 70,
      fuelPer100: 31.8,
      durationHours: 5.5,
      reportedTrips: 3,
      // 125 km entered, 101 km imported, and the imported row edited to 100 km (the other batch rolled back)
      reportedMileageKm: 326,
      reportedFuelL: 107,
    });
    const byDriver = await stats('driver');
    expect(byDriver.list[0]).toMatchObject({ name: truck.driverName, trips: 3, reportedTrips: 2 });
    // a finished plan of the line on day 11 holds the 100 km trip
    await t.db.db
      .insertInto('plan')
      .values({
        merchant_id: merchantId,
        team_code: TRUNK_ONE,
        plan_no: 'JHTRIP1',
        state: 4,
        line_id: lineId,
        truck_id: truck.id,
        departed_at: at(11, 7, 45),
        arrived_at: at(11, 10, 15),
        created_at: at(11, 7),
        updated_at: at(11, 11),
      })
      .execute();
    const byLine = await stats('line');
    expect(byLine.list[0]).toMatchObject({
      name: lineName,
      trips: 1,
      mileageKm: 100,
      fuelL: 30,
      reportedTrips: 2,
    });
    const wrong = await call(t.app, 'POST', '/api/tripReport/statistics', {
      token: admin,
      body: { startDate: '2026-11-01', endDate: '2026-11-30', dimension: 'month' },
    });
    expect(wrong.body.msg).toBe('统计维度: 统计维度应为truck（车辆）、driver（司机）或line（线路）');
  });
});
