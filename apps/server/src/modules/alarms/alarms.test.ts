import { OPERATE_LOG_PAGES } from '@fleet/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { insertTrack } from '../monitor/test-fixtures';
import {
  type AlarmFixture,
  alarmRow,
  type FixtureTruck,
  fixtureTrucks,
  insertAlarms,
} from './alarm-fixtures';
import { countAlarms } from './alarms.repository';

const MIN = 60_000;
const HOUR = 60 * MIN;

interface Row {
  id: number;
  alarmCode: number;
  carNo: string;
  startTime: string;
  // biome-ignore lint/suspicious/noExplicitAny: the rest of the row is read field by field
  [key: string]: any;
}

describe.each(TEST_DATABASES)('alarm pages on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let dispatch: string;
  let a: FixtureTruck;
  let b: FixtureTruck;
  let c: FixtureTruck;
  let k: FixtureTruck;
  /** Alarm ids by fixture name. */
  const id: Record<string, number> = {};

  const list = async (url: string, body: Record<string, unknown> = {}, token = admin) => {
    const res = await call(t.app, 'POST', `/api${url}`, { token, body });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { list: Row[]; total: number; totalCapped: boolean };
  };
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApp(database);
    admin = await login(t.app, 'admin', DEMO.admin);
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    [a] = (await fixtureTrucks(t.db.db, '10000010010001')) as [FixtureTruck];
    [b] = (await fixtureTrucks(t.db.db, '10000010010002')) as [FixtureTruck];
    [c] = (await fixtureTrucks(t.db.db, '10000010020001')) as [FixtureTruck];
    [k] = (await fixtureTrucks(t.db.db, '20000010010001')) as [FixtureTruck];
    const now = t.now();
    const photo = (n: number) => ({ type: 'photo' as const, url: `/api/file/evidence-${n}.jpg` });
    const fixtures: [string, FixtureTruck, AlarmFixture][] = [
      [
        'speeding',
        a,
        {
          code: 5004,
          start: now - 3 * HOUR,
          end: now - 3 * HOUR + 90_000,
          speed: 105,
          maxSpeed: 112,
          level: 1,
          detail: { limitKmh: 100 },
        },
      ],
      ['emergency', a, { code: 7001, start: now - 2 * HOUR, driverId: null }],
      ['parking', b, { code: 5003, start: now - HOUR, end: now - 30 * MIN }],
      [
        'collision',
        c,
        {
          code: 1001,
          start: now - 50 * MIN,
          end: now - 50 * MIN + 5000,
          level: 2,
          speed: 62,
          media: [photo(1), photo(2), { type: 'video', url: '/api/file/evidence-1.mp4', channel: 1 }],
        },
      ],
      ['phone', a, { code: 2002, start: now - 40 * MIN, end: now - 39 * MIN, media: [photo(3)] }],
      ['deviation', a, { code: 4005, start: now - 5 * HOUR, end: now - 4 * HOUR }],
      ['urea', b, { code: 10007, start: now - 26 * HOUR, detail: { value: 5 } }],
      ['fence', c, { code: 7101, start: now - 20 * MIN, end: now - 20 * MIN }],
      ['theft', c, { code: 5012, start: now - 10 * MIN, end: now - 8 * MIN, detail: { dropLitres: 35 } }],
      ['coalSpeeding', k, { code: 5004, start: now - HOUR, speed: 99 }],
      ['coalCollision', k, { code: 1001, start: now - HOUR }],
    ];
    const inserted = await insertAlarms(
      t.db.db,
      fixtures.map(([, truck, f]) => alarmRow(truck, f)),
    );
    fixtures.forEach(([name], i) => {
      id[name] = inserted[i] as number;
    });
  });
  afterAll(() => t.close());

  it('lists vehicle alarms newest first with plate, driver, terminal, team and duration', async () => {
    const page = await list('/v2/web/alarm/drive/list');
    expect(ids(page.list)).toEqual([id.theft, id.parking, id.emergency, id.speeding]);
    expect(page.total).toBe(4);
    expect(page.totalCapped).toBe(false);
    const speeding = page.list[3] as Row;
    expect(speeding).toMatchObject({
      alarmCode: 5004,
      eventName: '超速报警',
      categoryCode: 'driving',
      carNo: a.car_no,
      vin: a.vin,
      teamName: '干线一分队',
      driverName: expect.any(String),
      tid: expect.stringMatching(/^\d+$/),
      startTime: '2026-11-20 07:00:00',
      endTime: '2026-11-20 07:01:30',
      duration: 90_000,
      speed: 105,
      maxSpeed: 112,
      level: 1,
      levelName: '一级报警',
      latitude: 39.9,
      longitude: 116.4,
      handleStatus: 0,
      handleStatusName: '未处理',
      detail: { limitKmh: 100 },
    });
    expect(speeding.driverName).not.toBe('');
    // an alarm that still lasts counts up to now; an unknown driver is empty
    expect(page.list[2]).toMatchObject({ endTime: '', ongoing: true, duration: 2 * HOUR, driverName: '' });
  });

  it('filters by plate, type, team, time range, level and handling state', async () => {
    const by = async (body: Record<string, unknown>) =>
      ids((await list('/v2/web/alarm/drive/list', body)).list);
    expect(await by({ carNo: a.car_no.slice(2) })).toEqual([id.emergency, id.speeding]);
    expect(await by({ carNo: a.vin })).toEqual([id.emergency, id.speeding]);
    expect(await by({ eventType: 5004 })).toEqual([id.speeding]);
    expect(await by({ alarmCodes: [5003, 7001] })).toEqual([id.parking, id.emergency]);
    // a type of another page selects nothing here
    expect(await by({ eventType: 1001 })).toEqual([]);
    expect(await by({ teamCode: '10000010010002' })).toEqual([id.parking]);
    expect(await by({ teamCodeList: ['10000010010001', '10000010020001'] })).toEqual([
      id.theft,
      id.emergency,
      id.speeding,
    ]);
    expect(await by({ startTime: '2026-11-20 07:30:00', endTime: '2026-11-20 09:30:00' })).toEqual([
      id.parking,
      id.emergency,
    ]);
    expect(await by({ level: 1 })).toEqual([id.speeding]);
    expect(await by({ handleStatus: 1 })).toEqual([]);
    expect(
      (await list('/v2/web/alarm/drive/list', { pageNum: 2, pageSize: 3 })).list.map((r) => r.id),
    ).toEqual([id.speeding]);
    const bad = await call(t.app, 'POST', '/api/v2/web/alarm/drive/list', {
      token: admin,
      body: { startTime: '2026-11-20 10:00:00', endTime: '2026-11-20 09:00:00' },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '开始时间不能晚于结束时间' });
    const badLevel = await call(t.app, 'POST', '/api/v2/web/alarm/drive/list', {
      token: admin,
      body: { level: 7 },
    });
    expect(badLevel.body).toMatchObject({ code: 400, msg: expect.stringContaining('报警等级') });
  });

  it("shows each page its own kinds, within the caller's merchant and team subtree", async () => {
    expect(ids((await list('/v2/web/alarm/affairs/list')).list)).toEqual([id.phone, id.collision]);
    expect(ids((await list('/v2/web/alarm/record/list')).list)).toEqual([
      id.theft,
      id.fence,
      id.phone,
      id.collision,
      id.parking,
      id.emergency,
      id.speeding,
      id.deviation,
      id.urea,
    ]);
    expect(ids((await list('/electricFence/notice/list')).list)).toEqual([id.fence]);
    expect(ids((await list('/v2/web/alarm/oilTheft/list')).list)).toEqual([id.theft]);
    expect(ids((await list('/v2/web/alarm/fault/list')).list)).toEqual([id.urea]);
    expect(ids((await list('/intellect-repair/hitch-query/list')).list)).toEqual([id.urea]);
    expect(ids((await list('/vio/list')).list)).toEqual([id.phone, id.speeding]);
    const plan = await call(t.app, 'GET', '/api/plan/alarm/list', {
      token: admin,
      query: { startTime: '2026-11-20 00:00:00', endTime: '2026-11-20 23:59:59', carNo: a.car_no },
    });
    expect(ids(plan.body.data.list)).toEqual([id.deviation]);
    const collision = (await list('/v2/web/alarm/affairs/list')).list[1] as Row;
    expect(collision).toMatchObject({
      photoList: ['/api/file/evidence-1.jpg', '/api/file/evidence-2.jpg'],
      video: '/api/file/evidence-1.mp4',
      levelName: '二级报警',
      teamName: '城配一分队',
    });
    // 干线一分队's dispatcher sees that team's alarms only
    expect(ids((await list('/v2/web/alarm/drive/list', {}, dispatch)).list)).toEqual([
      id.emergency,
      id.speeding,
    ]);
    expect(ids((await list('/v2/web/alarm/affairs/list', {}, dispatch)).list)).toEqual([id.phone]);
    const lookup = await call(t.app, 'GET', `/api/alarm/lookup/${id.parking}`, { token: dispatch });
    expect(lookup.body.code).toBe(404);
    const foreign = await call(t.app, 'GET', `/api/alarm/lookup/${id.coalSpeeding}`, { token: admin });
    expect(foreign.body.code).toBe(404);
  });

  it('handles alarms: who, when, how and a remark, shown in the list and the operation log', async () => {
    const done = await call(t.app, 'POST', '/api/v2/web/alarm/handle', {
      token: admin,
      body: { ids: [id.speeding], handleStatus: 1, handleType: 1, remark: '已电话提醒司机减速' },
    });
    expect(done.body).toMatchObject({ code: 200, data: { ids: [id.speeding] } });
    t.advance(1000);
    const ignored = await call(t.app, 'POST', '/api/v2/web/alarm/handle', {
      token: admin,
      body: { ids: [id.emergency], handleStatus: 2, remark: '误触' },
    });
    expect(ignored.body.code).toBe(200);
    const handled = await list('/v2/web/alarm/drive/list', { handleStatus: 1 });
    expect(handled.list).toEqual([
      expect.objectContaining({
        id: id.speeding,
        handleStatus: 1,
        handleStatusName: '已处理',
        handleType: 1,
        handleTypeName: '电话提醒司机',
        handleRemark: '已电话提醒司机减速',
        handlerName: '系统管理员',
        handleTime: '2026-11-20 10:00:00',
      }),
    ]);
    expect(ids((await list('/v2/web/alarm/drive/list', { handleStatus: 2 })).list)).toEqual([id.emergency]);
    expect(ids((await list('/v2/web/alarm/drive/list', { handleStatus: 0 })).list)).toEqual([
      id.theft,
      id.parking,
    ]);
    const log = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: admin,
      body: { dataId: id.speeding, pageEnum: OPERATE_LOG_PAGES.alarm },
    });
    expect(log.body.data.total).toBe(1);
    expect(log.body.data.list[0]).toMatchObject({
      accountName: '系统管理员',
      content: `处理报警：超速报警（${a.car_no} 2026-11-20 07:00:00）；处理方式：电话提醒司机；备注：已电话提醒司机减速`,
    });
    // the dispatcher of 干线一分队 sees that log too, not the handling of other teams' alarms
    const theirs = await call(t.app, 'POST', '/api/colliery/operate/log/tc/page', {
      token: dispatch,
      body: { dataId: id.speeding, pageEnum: OPERATE_LOG_PAGES.alarm },
    });
    expect(theirs.body.data.total).toBe(1);

    const noType = await call(t.app, 'POST', '/api/v2/web/alarm/handle', {
      token: admin,
      body: { ids: [id.parking], handleStatus: 1 },
    });
    expect(noType.body).toMatchObject({ code: 400, msg: expect.stringContaining('处理方式') });
    const outside = await call(t.app, 'POST', '/api/v2/web/alarm/handle', {
      token: dispatch,
      body: { ids: [id.parking, id.phone], handleStatus: 2 },
    });
    expect(outside.body.code).toBe(404);
    // nothing of a refused batch is written
    expect((await list('/v2/web/alarm/affairs/list', { handleStatus: 0 })).list.map((r) => r.id)).toContain(
      id.phone,
    );
    const foreign = await call(t.app, 'POST', '/api/v2/web/alarm/handle', {
      token: admin,
      body: { ids: [id.coalSpeeding], handleStatus: 2 },
    });
    expect(foreign.body.code).toBe(404);
  });

  it('handles active-safety alarms and violations through their own calls, and only those', async () => {
    const wrongKind = await call(t.app, 'PUT', `/api/affairs/alarm/handle/${id.parking}`, {
      token: admin,
      body: { handleStatus: 2 },
    });
    expect(wrongKind.body.code).toBe(404);
    const affairs = await call(t.app, 'PUT', `/api/affairs/alarm/handle/${id.collision}`, {
      token: admin,
      body: { handleStatus: 1, handleType: 2, remark: '已下发语音' },
    });
    expect(affairs.body.code).toBe(200);
    const vio = await call(t.app, 'POST', '/api/vio/handle', {
      token: dispatch,
      body: { id: id.phone, handleStatus: 1, handleType: 3 },
    });
    expect(vio.body.code).toBe(200);
    const rows = (await list('/v2/web/alarm/affairs/list')).list;
    expect(rows.map((r) => [r.id, r.handleStatus, r.handlerName])).toEqual([
      [id.phone, 1, '张调度'],
      [id.collision, 1, '系统管理员'],
    ]);
    const notViolation = await call(t.app, 'POST', '/api/vio/handle', {
      token: admin,
      body: { id: id.parking, handleStatus: 2 },
    });
    expect(notViolation.body.code).toBe(404);
  });

  it('exports exactly the filtered rows as a real .xlsx', async () => {
    const filter = { teamCodeList: ['10000010010001', '10000010020001'] };
    const shown = (await list('/v2/web/alarm/record/list', { ...filter, pageSize: 100 })).list;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/web/alarm/record/export',
      headers: { 'auth-token': admin },
      payload: filter,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('报警记录.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const cells = (r: number) =>
      (sheet.getRow(r).values as unknown[]).slice(1).map((v) => (v ?? '') as unknown);
    expect(cells(1).slice(0, 9)).toEqual([
      '车牌号',
      'VIN',
      '所属车队',
      '司机',
      '报警类型',
      '报警等级',
      '开始时间',
      '结束时间',
      '持续时长',
    ]);
    expect(sheet.rowCount).toBe(shown.length + 1);
    shown.forEach((row, i) => {
      const [carNo, vin, team, driver, type, , start] = cells(i + 2);
      expect([carNo, vin, team, type, start]).toEqual([
        row.carNo,
        row.vin,
        row.teamName,
        row.eventName,
        row.startTime,
      ]);
      expect(driver).toBe(row.driverName === '' ? '未知司机' : row.driverName);
    });
    const handledRow = cells(shown.findIndex((r) => r.id === id.speeding) + 2);
    expect(handledRow.slice(-5, -2)).toEqual(['已处理', '电话提醒司机', '已电话提醒司机减速']);

    const planExport = await t.app.inject({
      method: 'GET',
      url: '/api/plan/alarm/export',
      headers: { 'auth-token': admin },
      query: { carNo: b.car_no },
    });
    const planBook = new ExcelJS.Workbook();
    await planBook.xlsx.load(planExport.rawPayload as unknown as ArrayBuffer);
    expect((planBook.worksheets[0] as ExcelJS.Worksheet).rowCount).toBe(1);
  });

  it('shows an alarm with its track, evidence and handling record; a fault with advice and history', async () => {
    // the speeding alarm started at 07:00:00 (the clock has moved on since)
    const start = Date.UTC(2026, 10, 19, 23, 0, 0);
    await insertTrack(
      t.db.db,
      a.id,
      Array.from({ length: 60 }, (_, i) => ({
        time: start - 5 * MIN + i * 10_000,
        lat: 39.9,
        lng: 116.4 + i * 0.001,
        speed: 100,
      })),
    );
    const detail = await call(t.app, 'GET', `/api/alarm/lookup/${id.speeding}`, { token: admin });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: id.speeding,
      eventName: '超速报警',
      handlerName: '系统管理员',
      detailEntries: [{ key: 'limitKmh', label: '限速值', value: '100 km/h' }],
      position: { lng: 116.4, lat: 39.9, gcj02Lng: expect.any(Number) },
      operations: [expect.objectContaining({ content: expect.stringContaining('处理报警') })],
    });
    expect(detail.body.data.track.points).toHaveLength(60);
    expect(detail.body.data.track.points[0]).toMatchObject({ speed: 100, reportTime: '2026-11-20 06:55:00' });

    const hitch = await call(t.app, 'GET', '/api/intellect-repair/hitch-query/detail', {
      token: admin,
      query: { id: String(id.urea) },
    });
    expect(hitch.body.data).toMatchObject({
      eventName: '尿素液位过低报警',
      advice: expect.stringContaining('尿素'),
      occurrences: 1,
      history: [expect.objectContaining({ id: id.urea })],
    });
    const notFault = await call(t.app, 'GET', '/api/intellect-repair/hitch-query/detail', {
      token: admin,
      query: { id: String(id.speeding) },
    });
    expect(notFault.body.code).toBe(404);
  });

  it('counts at most the cap, and says when there are more', async () => {
    const scope = { merchantId: a.merchant_id, teamCode: '1000001' };
    const filter = { codes: [5004, 7001, 5003, 5012] };
    expect(await countAlarms(t.db.db, scope, filter, 100)).toBe(4);
    expect(await countAlarms(t.db.db, scope, filter, 2)).toBe(3);
  });

  it('rates each vehicle by its speeding in a period', async () => {
    const now = t.now();
    await insertAlarms(
      t.db.db,
      [1, 2, 3].map((n) =>
        alarmRow(b, { code: 5004, start: now - n * HOUR, end: now - n * HOUR + 4 * MIN, maxSpeed: 118 }),
      ),
    );
    const res = await call(t.app, 'GET', '/api/drive/alarm/overSpeedRisk', {
      token: admin,
      query: { startTime: '2026-11-20 00:00:00', endTime: '2026-11-20 23:59:59' },
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.list).toEqual([
      expect.objectContaining({
        carNo: b.car_no,
        overSpeedCount: 3,
        overSpeedDuration: 12 * MIN,
        maxSpeed: 118,
        riskLevel: 2,
        riskLevelName: '中风险',
      }),
      expect.objectContaining({
        carNo: a.car_no,
        overSpeedCount: 1,
        overSpeedDuration: 90_000,
        maxSpeed: 112,
        riskLevel: 3,
      }),
    ]);
    expect(res.body.data.summary).toEqual([
      { riskLevel: 1, name: '高风险', count: 0 },
      { riskLevel: 2, name: '中风险', count: 1 },
      { riskLevel: 3, name: '低风险', count: 1 },
    ]);
    const mine = await call(t.app, 'GET', '/api/drive/alarm/overSpeedRisk', {
      token: dispatch,
      query: { riskLevel: '3' },
    });
    expect(mine.body.data.list.map((r: { carNo: string }) => r.carNo)).toEqual([a.car_no]);
    const tooLong = await call(t.app, 'GET', '/api/drive/alarm/overSpeedRisk', {
      token: admin,
      query: { startTime: '2026-09-01 00:00:00', endTime: '2026-11-20 00:00:00' },
    });
    expect(tooLong.body).toMatchObject({ code: 400, msg: '查询时间范围不能超过31天' });
  });
});
