import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestTerminal } from '../../telematics/gateway/test-terminal';
import type { AdasAlarm, LocationInput } from '../../telematics/jt808';
import {
  call,
  DEMO,
  login,
  multipartBody,
  startTestApp,
  TEST_DATABASES,
  type TestApp,
} from '../../test/support';
import { MIN, report } from '../../test/telematics';

const TEAM_A1 = '10000010010001';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 9)]);

describe.each(TEST_DATABASES)('fence sets, settings on ingest and evidence on $name', (database) => {
  let t: TestApp;
  let dispatch: string;
  let uploadDir: string;
  let base: number;
  let trucks: { id: number; vin: string; phone: string }[];
  let stationId: number;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'alarm-media-'));
    t = await startTestApp(database, { jt808Port: 0, uploadDir });
    dispatch = await login(t.app, 'dispatch', DEMO.dispatch);
    base = t.now() - 2 * 3600_000;
    trucks = await t.db.db
      .selectFrom('truck')
      .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
      .select(['truck.id', 'truck.vin', 'terminal.phone'])
      .where('truck.team_code', '=', TEAM_A1)
      .orderBy('truck.id')
      .execute();
    const station = await t.db.db
      .insertInto('station')
      .values({
        merchant_id: 1,
        team_code: TEAM_A1,
        name: '天津港煤码头',
        lat: 39_000_000,
        lon: 117_700_000,
        radius: 500,
        polygon: null,
        address: null,
        province: null,
        city: null,
        district: null,
        remark: null,
        created_by: null,
        deleted_at: null,
        created_at: t.now(),
        updated_at: t.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stationId = station.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const connect = async (phone: string) => {
    const terminal = await TestTerminal.connect(t.app.jt808Port as number, phone);
    await terminal.login();
    return terminal;
  };
  const at = (minute: number, lat: number, speed = 30): LocationInput => ({
    status: 3,
    lat,
    lon: 117.7,
    speed,
    time: base + minute * MIN,
  });

  it('adds, lists, updates and deletes a fence set, and its fence raises enter and exit alarms', async () => {
    const truck = trucks[0] as (typeof trucks)[number];
    const empty = await call(t.app, 'POST', '/api/electricFence/fenceSet/add', {
      token: dispatch,
      body: { name: '港口', stationIds: [stationId] },
    });
    expect(empty.body).toMatchObject({ code: 400, msg: '车辆: 请选择车辆或车队' });
    const noStation = await call(t.app, 'POST', '/api/electricFence/fenceSet/add', {
      token: dispatch,
      body: { name: '港口', stationIds: [], carIds: [truck.id] },
    });
    expect(noStation.body).toMatchObject({ code: 400, msg: '站点: 请选择站点' });

    const options = await call(t.app, 'GET', '/api/electricFence/fenceSet/options', { token: dispatch });
    // its own station, and those of 干线运输车队 above it; none of a sibling team
    expect(options.body.data.stations).toContainEqual({ id: stationId, name: '天津港煤码头', address: null });
    expect(options.body.data.stations).toContainEqual(
      expect.objectContaining({ name: '天津开发区物流中心' }),
    );
    expect(options.body.data.stations).not.toContainEqual(
      expect.objectContaining({ name: '河西陈塘庄配送中心' }),
    );
    const added = await call(t.app, 'POST', '/api/electricFence/fenceSet/add', {
      token: dispatch,
      body: { name: '港口进出', stationIds: [stationId], carIds: [truck.id], notifyEnter: 1, notifyExit: 1 },
    });
    expect(added.body.code).toBe(200);
    const id = added.body.data.id as number;
    // beside the demo's own set of 干线一分队
    const list = await call(t.app, 'POST', '/api/electricFence/fenceSet/list', { token: dispatch, body: {} });
    expect(list.body.data.list.map((s: { name: string }) => s.name).sort()).toEqual([
      '干线装卸货点',
      '港口进出',
    ]);
    expect(list.body.data.list.find((s: { id: number }) => s.id === id)).toMatchObject({
      id,
      name: '港口进出',
      stations: [{ stationId, stationName: '天津港煤码头' }],
      cars: [{ carId: truck.id, vin: truck.vin }],
      notifyEnter: 1,
      notifyExit: 1,
      status: 1,
    });

    const terminal = await connect(truck.phone);
    expect(await report(terminal, [at(0, 39.02), at(1, 39.001), at(2, 39.0, 0), at(3, 39.01)])).toEqual([
      0, 0, 0, 0,
    ]);
    const alarms = await t.db.db
      .selectFrom('alarm')
      .select(['code', 'start_time', 'end_time', 'station_id'])
      .where('truck_id', '=', truck.id)
      .where('code', 'in', [7101, 7102])
      .orderBy('start_time')
      .execute();
    expect(alarms).toEqual([
      { code: 7101, start_time: base + MIN, end_time: base + MIN, station_id: stationId },
      { code: 7102, start_time: base + 3 * MIN, end_time: base + 3 * MIN, station_id: stationId },
    ]);

    // Exit only from now on, then the set is deleted: no more fence alarms.
    const updated = await call(t.app, 'POST', '/api/electricFence/fenceSet/update', {
      token: dispatch,
      body: {
        id,
        name: '港口出站',
        stationIds: [stationId],
        carIds: [truck.id],
        notifyEnter: 0,
        notifyExit: 1,
      },
    });
    expect(updated.body.code).toBe(200);
    await report(terminal, [at(4, 39.0), at(5, 39.02)]);
    const deleted = await call(t.app, 'POST', '/api/electricFence/fenceSet/delete', {
      token: dispatch,
      body: { id },
    });
    expect(deleted.body.code).toBe(200);
    await report(terminal, [at(6, 39.0), at(7, 39.02)]);
    const codes = await t.db.db
      .selectFrom('alarm')
      .select('code')
      .where('truck_id', '=', truck.id)
      .where('code', 'in', [7101, 7102])
      .orderBy('start_time')
      .execute();
    expect(codes.map((c) => c.code)).toEqual([7101, 7102, 7102]);
    const after = await call(t.app, 'POST', '/api/electricFence/fenceSet/list', {
      token: dispatch,
      body: {},
    });
    expect(after.body.data.list.map((s: { name: string }) => s.name)).toEqual(['干线装卸货点']);
    const log = await t.db.db
      .selectFrom('operate_log')
      .select('content')
      .where('page_enum', '=', 17)
      .where('data_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.content)).toEqual([
      '新增围栏设置：港口进出',
      '修改围栏设置：港口出站',
      '删除围栏设置：港口出站',
    ]);
    await terminal.close();
  });

  it('applies a vehicle setting changed through the routes to the next reports', async () => {
    const truck = trucks[1] as (typeof trucks)[number];
    const set = await call(t.app, 'POST', '/api/v2/web/alarm/updateVehicleAlarmSet', {
      token: dispatch,
      body: { carIds: [truck.id], settings: { parking: { minutes: 5 } } },
    });
    expect(set.body.code).toBe(200);
    const terminal = await connect(truck.phone);
    const parked = (minute: number) => ({ ...at(minute, 39.5, 0), status: 2 });
    await report(terminal, [at(10, 39.5), parked(11), parked(14), parked(17), at(18, 39.51)]);
    const rows = await t.db.db
      .selectFrom('alarm')
      .select(['code', 'start_time', 'end_time', 'source'])
      .where('truck_id', '=', truck.id)
      .execute();
    expect(rows).toEqual([{ code: 5003, source: 2, start_time: base + 16 * MIN, end_time: base + 18 * MIN }]);
    await terminal.close();
  });

  it('stores evidence uploaded for an active-safety alarm as its media, served at its address', async () => {
    const truck = trucks[2] as (typeof trucks)[number];
    const time = base + 30 * MIN;
    const adas: AdasAlarm = {
      alarmId: 5,
      flag: 0,
      type: 3,
      typeName: 'vehicleTooClose',
      level: 1,
      frontSpeed: 60,
      frontDistance: 6,
      departureType: 0,
      roadSignType: 0,
      roadSignValue: 0,
      speed: 65,
      altitude: 20,
      lat: 39.2,
      lon: 117.1,
      time,
      timeBcd: '',
      vehicleStatus: 1,
      identification: {
        terminalId: 'T000003',
        time,
        timeBcd: '',
        serial: 1,
        attachments: 1,
        reserved: 0,
        raw: '',
      },
    };
    const terminal = await connect(truck.phone);
    expect(await report(terminal, [{ ...at(30, 39.2, 65), extras: { adas } }])).toEqual([0]);
    await terminal.close();
    const alarm = await t.db.db
      .selectFrom('alarm')
      .select(['id', 'detail', 'media'])
      .where('truck_id', '=', truck.id)
      .where('code', '=', 1002)
      .executeTakeFirstOrThrow();
    expect(alarm.media).toBeNull();
    const alarmNo = JSON.parse(alarm.detail ?? '{}').alarmNo as string;

    const upload = (fields: Record<string, string>, content = JPEG) => {
      const { payload, headers } = multipartBody({ filename: 'evidence.jpg', content }, fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/alarm/attachment/upload',
        payload,
        headers: { ...headers, 'auth-token': dispatch },
      });
    };
    const bad = await upload({ vin: truck.vin, alarmNo }, Buffer.from('not an image at all'));
    expect(bad.json()).toMatchObject({ code: 400, msg: '附件只支持 jpg、png 图片和 mp4 视频' });
    const res = await upload({ vin: truck.vin, alarmNo, channel: '1' });
    expect(res.json()).toMatchObject({ code: 200, data: { type: 'photo', alarmId: alarm.id } });
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/alarm\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    const stored = await t.db.db
      .selectFrom('alarm')
      .select('media')
      .where('id', '=', alarm.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.media ?? '[]')).toEqual([{ type: 'photo', url, channel: 1 }]);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(JPEG)).toBe(true);
  });
});
