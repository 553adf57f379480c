import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_TEST_DATABASES, startTestApp, TEST_DATABASES, type TestApp } from '../../test/support';
import { loginTerminal as login, truckOf, waitFor } from '../../test/telematics';
import {
  encodeBatchLocation,
  encodeFrame,
  encodeHeartbeat,
  encodeLocation,
  encodeLocationBody,
  encodeLocationQueryResponse,
  encodeLogout,
  encodeSubpackaged,
  encodeTerminalResponse,
  escapeBytes,
  type LocationInput,
  MSG,
  type PlatformResponse,
  type TextMessage,
  unwrapFrame,
  wrapFrame,
} from '../jt808';
import { TestTerminal } from './test-terminal';

async function positionsOf(t: TestApp, truckId: number) {
  return t.db.db.selectFrom('position').selectAll().where('truck_id', '=', truckId).orderBy('time').execute();
}

describe.each(INGEST_TEST_DATABASES)('JT/T 808 gateway on $title', (database) => {
  let t: TestApp;
  let port: number;
  let now: number;
  const at = (minutes: number) => now - 60 * 60_000 + minutes * 60_000;
  const beijing: LocationInput = { lat: 39.908692, lon: 116.397477, speed: 0, time: 0 };

  beforeAll(async () => {
    t = await startTestApp(database, { jt808Port: 0, jt808ReplyTimeoutMs: 500 });
    port = t.app.jt808Port as number;
    now = t.now();
  });
  afterAll(async () => {
    await t.close();
  });

  it('listens on a free port when asked for port 0', () => {
    expect(port).toBeGreaterThan(0);
  });

  it('refuses to register a terminal no operator added (0x8100 result 4)', async () => {
    const terminal = await TestTerminal.connect(port, '13912345678');
    const answer = await terminal.register();
    expect(answer.result).toBe(4);
    expect(answer.authCode).toBeUndefined();
    await terminal.close();
  });

  it('registers a demo terminal with the code it got before; it authenticates with it on a new connection', async () => {
    const first = await TestTerminal.connect(port, '13800000010');
    const a = await first.register();
    expect(a.result).toBe(0);
    expect(a.authCode).toMatch(/^[0-9A-F]{16}$/);
    const b = await first.register();
    expect(b.result).toBe(0);
    expect(b.authCode).toBe(a.authCode);
    const row = await t.db.db
      .selectFrom('terminal')
      .select(['auth_code_hash', 'registered_at'])
      .where('phone', '=', '13800000010')
      .executeTakeFirstOrThrow();
    expect(row.auth_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.registered_at).toBe(now);
    await first.close();

    const second = await TestTerminal.connect(port, '13800000010');
    expect((await second.authenticate(a.authCode as string)).result).toBe(0);
    await second.close();
  });

  it('answers a wrong authentication code with result 1 and closes the connection', async () => {
    const terminal = await TestTerminal.connect(port, '13800000011');
    await terminal.register();
    const answer = await terminal.authenticate('WRONG-CODE');
    expect(answer.result).toBe(1);
    await terminal.closed;
    expect(terminal.isClosed).toBe(true);
  });

  it('refuses location reports before authentication and stores nothing', async () => {
    const truckId = await truckOf(t, '13800000012');
    const terminal = await TestTerminal.connect(port, '13800000012');
    const h1 = terminal.header();
    const h2 = terminal.header();
    const h3 = terminal.header();
    terminal.send(
      encodeLocation(h1, { ...beijing, time: at(1) }),
      encodeBatchLocation(h2, 0, [{ ...beijing, time: at(2) }]),
      encodeLocationQueryResponse(h3, 7, { ...beijing, time: at(3) }),
    );
    expect((await terminal.answerTo(h1.serial)).result).toBe(1);
    expect((await terminal.answerTo(h2.serial)).result).toBe(1);
    expect((await terminal.answerTo(h3.serial)).result).toBe(1);
    expect(await positionsOf(t, truckId)).toHaveLength(0);
    await terminal.close();
  });

  it('stores an authenticated report and acknowledges it only once the row is committed', async () => {
    const truckId = await truckOf(t, '13800000001');
    const terminal = await login(t, '13800000001');
    const onlineRow = await t.db.db
      .selectFrom('terminal')
      .select('last_online_at')
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow();
    expect(onlineRow.last_online_at).toBe(now);

    const h = terminal.header();
    terminal.send(
      encodeLocation(h, {
        alarm: 0b10,
        status: 0b11,
        lat: 39.908692,
        lon: 116.397477,
        altitude: 44,
        speed: 62.5,
        direction: 270,
        time: at(5),
        extras: { mileageKm: 12345.6, fuelL: 321.4, satellites: 14, signalStrength: 25, vehicleSignal: 0x11 },
      }),
    );
    const ack = await terminal.answerTo(h.serial);
    // The row is there the moment the acknowledgement arrives.
    const rows = await positionsOf(t, truckId);
    expect(ack).toMatchObject({ replyMsgId: MSG.location, result: 0 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      time: at(5),
      received_at: now,
      lat: 39908692,
      lon: 116397477,
      altitude: 44,
      speed: 625,
      direction: 270,
      alarm_bits: 2,
      status_bits: 3,
      mileage: 123456,
      fuel: 3214,
    });
    expect(JSON.parse(rows[0]?.extra ?? 'null')).toEqual({
      satellites: 14,
      signalStrength: 25,
      vehicleSignal: 0x11,
    });

    const state = await t.db.db
      .selectFrom('vehicle_state')
      .selectAll()
      .where('truck_id', '=', truckId)
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({ time: at(5), speed: 625, acc: 1, online: 1, mileage: 123456, fuel: 3214 });
    expect(t.app.telematics.vehicleState(truckId)).toMatchObject({ time: at(5), lat: 39908692, online: 1 });

    // A report without odometer or fuel keeps the latest known values in the state.
    const h2 = terminal.header();
    terminal.send(encodeLocation(h2, { ...beijing, time: at(6) }));
    expect((await terminal.answerTo(h2.serial)).result).toBe(0);
    expect(t.app.telematics.vehicleState(truckId)).toMatchObject({
      time: at(6),
      mileage: 123456,
      fuel: 3214,
    });
    const plain = await positionsOf(t, truckId);
    expect(plain[1]).toMatchObject({ mileage: null, fuel: null, extra: null });
    await terminal.close();
  });

  it('refuses reports of a terminal installed in no truck (result 1), keeping them on the terminal', async () => {
    const merchant = await t.db.db
      .selectFrom('merchant')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('terminal')
      .values({
        merchant_id: merchant.id,
        team_code: '1000001',
        phone: '13700000001',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const terminal = await login(t, '13700000001');
    const h = terminal.header();
    terminal.send(encodeLocation(h, { ...beijing, time: at(4) }));
    expect((await terminal.answerTo(h.serial)).result).toBe(1);
    const rows = await t.db.db.selectFrom('position').select('time').where('time', '=', at(4)).execute();
    expect(rows).toHaveLength(0);
    await terminal.close();
  });

  it('stores a report dated more than 10 minutes ahead at its received time, flagged', async () => {
    const truckId = await truckOf(t, '13800000013');
    const terminal = await login(t, '13800000013');
    const h = terminal.header();
    const ahead = now + 3600_000;
    terminal.send(encodeLocation(h, { ...beijing, time: ahead }));
    expect((await terminal.answerTo(h.serial)).result).toBe(0);
    const [row] = await positionsOf(t, truckId);
    expect(row?.time).toBe(now);
    expect(JSON.parse(row?.extra ?? '{}')).toEqual({ futureTime: ahead });
    await terminal.close();
  });

  it('serves a 2019-version terminal (20-digit phone in the header)', async () => {
    const truckId = await truckOf(t, '13800000002');
    const terminal = await login(t, '13800000002', 2019);
    const h = terminal.header();
    terminal.send(encodeLocation(h, { ...beijing, speed: 45, time: at(7) }));
    const ack = await terminal.next(MSG.platformResponse);
    expect(ack.header.version).toBe(2019);
    expect(ack.header.phone).toBe('00000000013800000002');
    expect(ack.message).toMatchObject({ replySerial: h.serial, result: 0 });
    const rows = await positionsOf(t, truckId);
    expect(rows.map((r) => [r.time, r.speed])).toEqual([[at(7), 450]]);
    const terminalRow = await t.db.db
      .selectFrom('terminal')
      .select('protocol_version')
      .where('phone', '=', '13800000002')
      .executeTakeFirstOrThrow();
    expect(terminalRow.protocol_version).toBe('2019');
    await terminal.close();
  });

  it('stores every item of a batch upload 0x0704 with its own device time, in one acknowledgement', async () => {
    const truckId = await truckOf(t, '13800000003');
    const terminal = await login(t, '13800000003');
    const h = terminal.header();
    const items = [10, 11, 12].map((m) => ({
      ...beijing,
      lat: beijing.lat + m / 1000,
      speed: m,
      time: at(m),
    }));
    terminal.send(encodeBatchLocation(h, 1, items));
    expect(await terminal.answerTo(h.serial)).toMatchObject({ replyMsgId: MSG.batchLocation, result: 0 });
    const rows = await positionsOf(t, truckId);
    expect(rows.map((r) => [r.time, r.speed, r.lat])).toEqual([
      [at(10), 100, 39918692],
      [at(11), 110, 39919692],
      [at(12), 120, 39920692],
    ]);
    await terminal.close();
  });

  it('reassembles a batch upload split into subpackages', async () => {
    const truckId = await truckOf(t, '13800000004');
    const terminal = await login(t, '13800000004');
    const items = Array.from({ length: 40 }, (_, i) => ({
      ...beijing,
      speed: 30,
      time: at(20) + i * 10_000,
      extras: { mileageKm: 500 + i / 10 },
    }));
    // 0x0704 body longer than one frame allows: count u16 | type u8 | (length u16 | location) x count
    const parts = items.map((item) => {
      const location = encodeLocationBody(item);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(location.length);
      return Buffer.concat([length, location]);
    });
    const body = Buffer.concat([Buffer.from([0, items.length, 0]), ...parts]);
    expect(body.length).toBeGreaterThan(1023);
    const first = terminal.header();
    const frames = encodeSubpackaged({ msgId: MSG.batchLocation, ...first }, body, 400);
    expect(frames.length).toBeGreaterThan(1);
    terminal.send(Buffer.concat(frames));
    // each part is acknowledged as it arrives, the last one once the joined batch is stored
    for (let i = 0; i < frames.length; i++) {
      const ack = await terminal.answerTo(first.serial + i);
      expect(ack).toMatchObject({ replyMsgId: MSG.batchLocation, result: 0 });
    }
    const rows = await positionsOf(t, truckId);
    expect(rows).toHaveLength(40);
    expect(rows[39]).toMatchObject({ time: at(20) + 390_000, mileage: 5039 });
    await terminal.close();
  });

  it('answers heartbeat ok, unknown messages unsupported, logout ok then closes and marks offline', async () => {
    const truckId = await truckOf(t, '13800000005');
    const terminal = await login(t, '13800000005');
    const h0 = terminal.header();
    terminal.send(encodeLocation(h0, { ...beijing, time: at(30) }));
    await terminal.answerTo(h0.serial);
    const h1 = terminal.header();
    terminal.send(encodeHeartbeat(h1));
    expect(await terminal.answerTo(h1.serial)).toMatchObject({ replyMsgId: MSG.heartbeat, result: 0 });
    const h2 = terminal.header();
    terminal.send(encodeFrame({ msgId: 0x0900, ...h2 }, Buffer.from('f0414243', 'hex')));
    expect(await terminal.answerTo(h2.serial)).toMatchObject({ replyMsgId: 0x0900, result: 3 });
    const h3 = terminal.header();
    terminal.send(encodeLogout(h3));
    expect(await terminal.answerTo(h3.serial)).toMatchObject({ replyMsgId: MSG.logout, result: 0 });
    await terminal.closed;
    await waitFor(async () => t.app.telematics.vehicleState(truckId)?.online === 0);
    const state = await t.db.db
      .selectFrom('vehicle_state')
      .select('online')
      .where('truck_id', '=', truckId)
      .executeTakeFirstOrThrow();
    expect(state.online).toBe(0);
  });

  it('keeps serving other terminals while one sends garbage and bad frames', async () => {
    const goodTruck = await truckOf(t, '13800000006');
    const good = await login(t, '13800000006');
    const bad = await login(t, '13800000007');
    const badTruck = await truckOf(t, '13800000007');

    // Random bytes, a frame with a wrong check code, a bad escape, and a wrong body length.
    const h = bad.header();
    const content = unwrapFrame(encodeLocation(h, { ...beijing, time: at(40) })).content;
    const check = content.reduce((x, b) => x ^ b, 0);
    const wrongCheck = Buffer.concat([
      Buffer.from([0x7e]),
      escapeBytes(Buffer.concat([content, Buffer.from([check ^ 0x55])])),
      Buffer.from([0x7e]),
    ]);
    const badEscape = Buffer.from('7e02007d03000000000000000000007e', 'hex');
    const hLen = bad.header();
    const wrongLength = Buffer.from(unwrapFrame(encodeLocation(hLen, { ...beijing, time: at(41) })).content);
    wrongLength[3] = 3; // says 3 body bytes, carries 28
    const noise = (n: number) =>
      Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 0x7e)));
    for (let i = 0; i < 5; i++) {
      bad.send(noise(200), Buffer.concat([Buffer.from([0x7e]), noise(40), Buffer.from([0x7e])]));
      good.send(encodeLocation(good.header(), { ...beijing, speed: 10 + i, time: at(40) + i * 1000 }));
    }
    bad.send(wrongCheck, badEscape, wrapFrame(wrongLength));
    const h2 = good.header();
    good.send(encodeLocation(h2, { ...beijing, speed: 20, time: at(41) }));
    expect((await good.answerTo(h2.serial)).result).toBe(0);
    expect(await bad.answerTo(h.serial)).toMatchObject({ replyMsgId: MSG.location, result: 2 });
    expect(await bad.answerTo(hLen.serial)).toMatchObject({ replyMsgId: MSG.location, result: 2 });
    expect((await positionsOf(t, goodTruck)).map((r) => r.speed)).toEqual([100, 110, 120, 130, 140, 200]);
    expect(await positionsOf(t, badTruck)).toHaveLength(0);

    // The misbehaving connection still works for a valid frame.
    const h3 = bad.header();
    bad.send(encodeLocation(h3, { ...beijing, time: at(42) }));
    expect((await bad.answerTo(h3.serial)).result).toBe(0);
    await good.close();
    await bad.close();
  });

  it('closes the older connection when a terminal connects again', async () => {
    const older = await TestTerminal.connect(port, '13800000008');
    const { authCode } = await older.register();
    expect((await older.authenticate(authCode as string)).result).toBe(0);
    // the terminal connects again with the code it kept, without registering
    const newer = await TestTerminal.connect(port, '13800000008');
    expect((await newer.authenticate(authCode as string)).result).toBe(0);
    await older.closed;
    expect(older.isClosed).toBe(true);
    const h = newer.header();
    newer.send(encodeLocation(h, { ...beijing, time: at(50) }));
    expect((await newer.answerTo(h.serial)).result).toBe(0);
    expect(t.app.telematics.isOnline('13800000008')).toBe(true);
    await newer.close();
  });

  it('queries a location (0x8201 -> 0x0201) and stores the answer', async () => {
    const truckId = await truckOf(t, '13800000009');
    const terminal = await login(t, '13800000009');
    terminal.onFrame = (r) => {
      if (r.header.msgId === MSG.locationQuery) {
        terminal.send(
          encodeLocationQueryResponse(terminal.header(), r.header.serial, {
            ...beijing,
            lat: 31.230416,
            lon: 121.473701,
            speed: 33.3,
            time: at(55),
          }),
        );
      }
    };
    const answer = await t.app.telematics.queryLocation('13800000009');
    expect(answer.location).toMatchObject({ lat: 31.230416, lon: 121.473701, speed: 33.3, time: at(55) });
    expect(answer.position).toMatchObject({ truckId, lat: 31230416, lon: 121473701, speed: 333 });
    const rows = await positionsOf(t, truckId);
    expect(rows.map((r) => r.time)).toEqual([at(55)]);

    terminal.onFrame = null;
    await expect(t.app.telematics.queryLocation('13800000009')).rejects.toMatchObject({ code: 511 });
    await terminal.close();
    await expect(t.app.telematics.queryLocation('13800000009')).rejects.toMatchObject({
      code: 511,
      message: '终端设备不在线',
    });
  });

  it('sends a text message (0x8300) and resolves on the terminal general response 0x0001', async () => {
    const terminal = await login(t, '13800000014');
    const texts: TextMessage[] = [];
    terminal.onFrame = (r) => {
      if (r.message.kind === 'textMessage') {
        texts.push(r.message);
        terminal.send(
          encodeTerminalResponse(terminal.header(), {
            replySerial: r.header.serial,
            replyMsgId: MSG.textMessage,
            result: 0,
          }),
        );
      }
    };
    const result = await t.app.telematics.sendText('13800000014', 0x0c, '前方施工，请减速慢行');
    expect(result).toBe(0);
    expect(texts).toMatchObject([{ flag: 0x0c, text: '前方施工，请减速慢行' }]);
    await terminal.close();
  });

  it('pauses a connection whose reports wait for storage and acknowledges each of many pipelined reports', async () => {
    const truckId = await truckOf(t, '13800000015');
    const terminal = await login(t, '13800000015');
    const serials: number[] = [];
    const frames: Buffer[] = [];
    for (let i = 0; i < 300; i++) {
      const h = terminal.header();
      serials.push(h.serial);
      frames.push(encodeLocation(h, { ...beijing, speed: 1, time: at(0) + i * 1000 }));
    }
    terminal.send(Buffer.concat(frames));
    const acks: PlatformResponse[] = [];
    for (const serial of serials) acks.push(await terminal.answerTo(serial));
    expect(acks.every((a) => a.result === 0)).toBe(true);
    expect(await positionsOf(t, truckId)).toHaveLength(300);
    await terminal.close();
  });

  it('survives a peer that connects and resets at once', async () => {
    for (let i = 0; i < 5; i++) {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.on('error', () => {});
      socket.on('connect', () => socket.resetAndDestroy());
    }
    const terminal = await login(t, '13800000016');
    await terminal.close();
  });
});

describe('idle connections', () => {
  const database = TEST_DATABASES[0] as (typeof TEST_DATABASES)[number];
  it('closes a connection that sends nothing for the idle time and marks the vehicle offline', async () => {
    const t = await startTestApp(database, { jt808Port: 0, jt808IdleMs: 300 });
    try {
      const truckId = await truckOf(t, '13800000001');
      const terminal = await login(t, '13800000001');
      const h = terminal.header();
      terminal.send(encodeLocation(h, { lat: 39.9, lon: 116.4, time: t.now() - 60_000 }));
      await terminal.answerTo(h.serial);
      expect(t.app.telematics.vehicleState(truckId)?.online).toBe(1);
      const started = Date.now();
      await terminal.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      await waitFor(async () => t.app.telematics.vehicleState(truckId)?.online === 0);
      expect(t.app.telematics.isOnline('13800000001')).toBe(false);
    } finally {
      await t.close();
    }
  });
});
