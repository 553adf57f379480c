import { formatDateTime, fromShanghai } from '@fleet/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { coordSet } from '../geo/coords';
import { insertTrack, type TrackFixturePoint } from '../monitor/test-fixtures';

const DAY_START = fromShanghai(2026, 11, 19, 8).getTime();
const at = (second: number) => formatDateTime(new Date(DAY_START + second * 1000));

/**
 * Two hours at 1 Hz heading east from 40°N 110°E: 45 km/h for 30 min, a 10 min stop with a 200 L
 * refuel, 75 km/h with five seconds of overspeed alarm, then 95 km/h climbing.
 */
function dayTrack(): TrackFixturePoint[] {
  const points: TrackFixturePoint[] = [];
  let lng = 110;
  let fuel = 300;
  let altitude = 1000;
  for (let s = 0; s < 7200; s++) {
    const speed = s < 1800 ? 45 : s < 2400 ? 0 : s < 4000 ? 75 : 95;
    lng += speed / 3.6 / 85_300;
    if (speed > 0) fuel -= 0.01;
    if (s >= 2000 && s < 2100) fuel += 2;
    if (s >= 4000) altitude += (95 / 3.6) * 0.04;
    points.push({
      time: DAY_START + s * 1000,
      lat: 40,
      lng,
      speed,
      direction: 90,
      altitude: Math.round(altitude),
      alarmBits: s >= 3000 && s < 3005 ? 2 : 0,
      fuel: Math.round(fuel * 10) / 10,
      mileage: 1000 + s / 100,
      acc: !(s >= 1850 && s < 2350),
    });
  }
  return points;
}

describe.each(TEST_DATABASES)('track history and trends on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let vin: string;
  let otherVin: string;
  const body = (extra: Record<string, unknown> = {}) => ({
    vin,
    beginTime: at(0),
    endTime: at(7199),
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    const mine = await t.db.db
      .selectFrom('truck')
      .select(['id', 'vin'])
      .where('team_code', '=', '10000010010001')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await t.db.db
      .selectFrom('truck')
      .select(['vin'])
      .where('team_code', '=', '10000010010002')
      .executeTakeFirstOrThrow();
    vin = mine.vin;
    otherVin = other.vin;
    await insertTrack(t.db.db, mine.id, dayTrack());
  });
  afterAll(() => t.close());

  it('answers track points in three coordinate systems, all of them unthinned', async () => {
    const res = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/trail/history', {
      token: dispatch,
      body: body({ thin: false }),
    });
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      vin,
      rawTotal: 7200,
      total: 7200,
      thin: false,
      beginTime: at(0),
      endTime: at(7199),
    });
    expect(data.mileage).toBeCloseTo(71.99, 1);
    const p = data.list[100];
    const c = coordSet(p.lng, p.lat);
    expect(p).toEqual({
      lon: p.lng,
      lng: p.lng,
      longitude: p.lng,
      lat: 40,
      latitude: 40,
      bd09Lng: c.bd09Lng,
      bd09Lat: c.bd09Lat,
      gcj02Lng: c.gcj02Lng,
      gcj02Lat: c.gcj02Lat,
      speed: 45,
      direction: 90,
      reportTime: at(100),
      autoDriverFlag: 0,
      indexKey: 100,
      mileage: 1001,
      acc: 1,
      alarm: 0,
      alarmText: '',
    });
  });

  it('thins the day and keeps every stop, alarm point and speed-band change', async () => {
    const res = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/trail/history', {
      token: dispatch,
      body: body(),
    });
    const { list, total, rawTotal, thinLevel, toleranceMeters } = res.body.data;
    expect({ rawTotal, thinLevel, toleranceMeters }).toEqual({
      rawTotal: 7200,
      thinLevel: 8,
      toleranceMeters: 20,
    });
    expect(total).toBe(list.length);
    expect(total).toBeLessThan(40);
    const times = list.map((p: { reportTime: string }) => p.reportTime);
    // both ends of the stop and its neighbours, each ACC change and band change, every alarm second
    for (const s of [0, 1799, 1800, 1850, 2350, 2399, 2400, 4000, 7199]) expect(times).toContain(at(s));
    for (let s = 3000; s <= 3005; s++) expect(times).toContain(at(s));
    const alarm = list.find((p: { reportTime: string }) => p.reportTime === at(3002));
    expect(alarm).toMatchObject({
      alarm: 1,
      alarmText: '超速报警',
      speed: 75,
      direction: 90,
      mileage: 1030,
    });
    // direction and odometer of the kept points, and the day's kilometres, as unthinned
    expect(
      list.every((p: { direction: number; mileage: number }) => p.direction === 90 && p.mileage >= 1000),
    ).toBe(true);
    expect(res.body.data.mileage).toBeCloseTo(71.99, 1);
    expect(list.map((p: { indexKey: number }) => p.indexKey)).toEqual(list.map((_: unknown, i: number) => i));
  });

  it('checks the time range and says what is wrong in Chinese', async () => {
    const url = '/api/v2/web/monitor/local/truck/trail/history';
    const cases: [Record<string, unknown>, string][] = [
      [{ vin, endTime: at(10) }, '请选择开始时间'],
      [{ vin, beginTime: at(0) }, '请选择结束时间'],
      [
        { vin, beginTime: '2026/11/19 08:00', endTime: at(10) },
        '开始时间格式不正确，应为YYYY-MM-DD HH:mm:ss',
      ],
      [
        { vin, beginTime: at(0), endTime: '2026-11-19 25:00:00' },
        '结束时间格式不正确，应为YYYY-MM-DD HH:mm:ss',
      ],
      [{ vin, beginTime: at(10), endTime: at(0) }, '开始时间不能晚于结束时间'],
      [{ vin, beginTime: '2026-11-15 00:00:00', endTime: '2026-11-18 00:00:01' }, '查询时间范围不能超过3天'],
      [{ beginTime: at(0), endTime: at(10) }, '请选择车辆'],
      [{ ...body(), thinLevel: 30 }, '抽稀级别: 抽稀级别不能大于20'],
    ];
    for (const [payload, msg] of cases) {
      const res = await call(t.app, 'POST', url, { token: dispatch, body: payload });
      expect(res.body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    }
    const three = await call(t.app, 'POST', url, {
      token: dispatch,
      body: { vin, beginTime: '2026-11-16 00:00:00', endTime: '2026-11-19 00:00:00' },
    });
    expect(three.body.code).toBe(200);
  });

  it('shows no vehicle outside the caller’s team subtree', async () => {
    const res = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/trail/history', {
      token: dispatch,
      body: { ...body(), vin: otherVin },
    });
    expect(res.body).toMatchObject({ code: 404, msg: '车辆不存在或无权访问' });
    const oil = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/oil/trend', {
      token: dispatch,
      body: { ...body(), vin: otherVin },
    });
    expect(oil.body.code).toBe(404);
  });

  it('draws the fuel curve as percent of the tank, whole or ±10 minutes around a time', async () => {
    const res = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/oil/trend', {
      token: admin,
      body: body(),
    });
    expect(res.body.code).toBe(200);
    const curve = res.body.data as { reportTime: string; oilValue: number; oilLitre: number }[];
    expect(curve[0]).toEqual({ reportTime: at(0), oilValue: 50, oilLitre: 300 });
    expect(curve.length).toBeLessThan(60);
    const peak = Math.max(...curve.map((p) => p.oilValue));
    expect(peak).toBeGreaterThan(80);
    const around = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/oil/trend', {
      token: admin,
      body: { vin, time: at(2000), thin: false },
    });
    expect(around.body.data).toHaveLength(1201);
    expect(around.body.data[0].reportTime).toBe(at(1400));
    expect(around.body.data[1200].reportTime).toBe(at(2600));
    const byPlate = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/oil/trend', {
      token: admin,
      body: { carNo: res.body.data.carNo ?? undefined, vin, time: at(2000) },
    });
    expect(byPlate.body.code).toBe(200);
  });

  it('gives altitude points and road data with slope and road type', async () => {
    const alt = await call(t.app, 'POST', '/api/v2/web/monitor/local/truck/altitude', {
      token: admin,
      body: body(),
    });
    expect(alt.body.code).toBe(200);
    const points = alt.body.data as { dateTime: string; mile: number; height: number }[];
    expect(points[0]).toEqual({ dateTime: at(0), mile: 0, height: 1000 });
    const last = points[points.length - 1];
    // 30 min at 45 km/h, 1600 s at 75 km/h and 3200 s at 95 km/h by GPS
    expect(last?.mile).toBeCloseTo(140.3, 0);
    expect(last?.height).toBeGreaterThan(1100);
    expect(points.length).toBeLessThan(30);

    const road = await call(t.app, 'POST', '/api/roadNet/gradientAndRoadType', {
      token: admin,
      body: { vin, startTime: at(0), endTime: at(7199) },
    });
    expect(road.body.code).toBe(200);
    const slope = road.body.data['1'];
    const type = road.body.data['2'];
    expect(slope.segments[0]).toMatchObject({ type: '平路', startTime: at(0), startMile: 0 });
    // the last stretch climbs 4 m every 100 m
    const climb = slope.segments.find((s: { type: string }) => s.type === '上坡');
    expect(climb.slope).toBeCloseTo(4, 0);
    expect(slope.distribution.find((d: { name: string }) => d.name === '上坡').distance).toBeCloseTo(84, -1);
    expect(type.method).toContain('停车');
    expect(type.distribution.find((d: { name: string }) => d.name === '高速').ratio).toBeGreaterThan(50);
    const missing = await call(t.app, 'POST', '/api/roadNet/gradientAndRoadType', {
      token: admin,
      body: { vin, startTime: at(0) },
    });
    expect(missing.body).toMatchObject({ code: 400, msg: '请选择结束时间' });
  });

  it('lists refuels and drains from the fuel curve, and exports them', async () => {
    const query = { beginTime: at(0), endTime: at(7199) };
    const res = await call(t.app, 'GET', '/api/oilChange/change/history', { token: dispatch, query });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      vin,
      type: 1,
      typeName: '加油',
      startTime: at(1800),
      endTime: at(2399),
      teamName: '干线一分队',
      beforePercent: expect.any(Number),
      address: expect.stringContaining('内蒙古自治区'),
    });
    expect(res.body.data.list[0].changeOil).toBeCloseTo(200, -1);
    const drains = await call(t.app, 'GET', '/api/oilChange/change/history', {
      token: dispatch,
      query: { ...query, type: '2' },
    });
    expect(drains.body.data.total).toBe(0);
    const today = await call(t.app, 'GET', '/api/oilChange/change/history', { token: dispatch });
    expect(today.body.data).toEqual({ list: [], total: 0 });
    const tooLong = await call(t.app, 'GET', '/api/oilChange/change/history', {
      token: dispatch,
      query: { beginTime: '2026-09-01 00:00:00', endTime: at(0) },
    });
    expect(tooLong.body).toMatchObject({ code: 400, msg: '查询时间范围不能超过31天' });

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/oilChange/change/history/export',
      headers: { 'auth-token': dispatch },
      query,
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(1).getCell(5).value).toBe('类型');
    expect(sheet?.getRow(2).getCell(5).value).toBe('加油');
    expect(sheet?.getRow(2).getCell(6).value).toBe(at(1800));
  });
});
