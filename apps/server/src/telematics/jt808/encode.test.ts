import { describe, expect, it } from 'vitest';
import { reasonOf } from '../../test/jt808';
import { decodeFrame, decodeMessage, type Jt808Message, parseFrame } from './decode';
import {
  encodeAuth,
  encodeBatchLocation,
  encodeHeartbeat,
  encodeLocation,
  encodeLocationQuery,
  encodeLocationQueryResponse,
  encodeLogout,
  encodePlatformResponse,
  encodeRegister,
  encodeRegisterResponse,
  encodeSubpackaged,
  encodeTerminalResponse,
  encodeTextMessage,
  encodeWaybillReport,
  type FrameHeader,
} from './encode';
import { FrameSplitter } from './frame';
import type { Jt808Version } from './header';
import type { LocationInput } from './location-encode';
import { Reassembler } from './reassembly';

// Serial 0x7e7d, phone digits 7e / 7d, values full of 0x7e and 0x7d: every frame needs escapes.
const header = (version: Jt808Version): FrameHeader => ({ phone: '13800007e7d', serial: 0x7e7d, version });
const at = Date.UTC(2026, 5, 1, 4, 30, 0);
const location: LocationInput = {
  alarm: 0x7e7d7e7d,
  status: 0x0000007e & ~0x0c,
  lat: 31.234567,
  lon: 121.47,
  altitude: 0x7e,
  speed: 0x7d / 10,
  direction: 126,
  time: at,
  extras: {
    mileageKm: 0x7e7d / 10,
    fuelL: 12.5,
    recorderSpeedKmh: 12.6,
    vehicleSignal: 0x7e,
    ioStatus: 0x7d,
  },
};
const expectedLocation = {
  alarm: 0x7e7d7e7d,
  lat: 31.234567,
  lon: 121.47,
  altitude: 126,
  speed: 12.5,
  direction: 126,
  time: at,
  timeBcd: '260601123000',
  extras: { mileageKm: 3238.1, fuelL: 12.5, recorderSpeedKmh: 12.6, vehicleSignal: 0x7e, ioStatus: 0x7d },
};

function roundTrip(frame: Buffer, version: Jt808Version): Jt808Message {
  const inner = frame.subarray(1, -1);
  expect(inner.includes(0x7e)).toBe(false);
  expect(inner.includes(0x7d)).toBe(true); // escapes were needed and written
  const [split] = new FrameSplitter().push(frame);
  const { header: h, message } = decodeFrame(split as Buffer);
  expect(h).toMatchObject({
    phone: version === 2019 ? '00000000013800007e7d' : '013800007e7d',
    serial: 0x7e7d,
  });
  expect(h.version).toBe(version);
  return message;
}

describe.each([2013, 2019] as const)('encode then decode, %i', (version) => {
  const h = header(version);

  it('general responses, heartbeat, logout, location query', () => {
    const body = { replySerial: 0x7e7e, replyMsgId: 0x0200, result: 4 };
    expect(roundTrip(encodePlatformResponse(h, body), version)).toEqual({
      kind: 'platformResponse',
      msgId: 0x8001,
      ...body,
    });
    const t = { replySerial: 0x7d7d, replyMsgId: 0x8300, result: 3 };
    expect(roundTrip(encodeTerminalResponse(h, t), version)).toEqual({
      kind: 'terminalResponse',
      msgId: 0x0001,
      ...t,
    });
    expect(roundTrip(encodeHeartbeat(h), version)).toEqual({ kind: 'heartbeat', msgId: 0x0002 });
    expect(roundTrip(encodeLogout(h), version)).toEqual({ kind: 'logout', msgId: 0x0003 });
    expect(roundTrip(encodeLocationQuery(h), version)).toEqual({ kind: 'locationQuery', msgId: 0x8201 });
  });

  it('register, register response and auth', () => {
    const reg = {
      province: 0x7e,
      city: 0x7d7e,
      manufacturer: 'ZT~}',
      model: 'G7-Pro',
      terminalId: 'T~}001',
      plateColor: 2,
      plate: '粤B·7E7D5',
    };
    const decoded = roundTrip(encodeRegister(h, { ...reg, plate: '粤B7E7D5' }), version);
    expect(decoded).toEqual({
      kind: 'register',
      msgId: 0x0100,
      layout: String(version),
      ...reg,
      plate: '粤B7E7D5',
    });
    const ok = { replySerial: 0x7e7d, result: 0, authCode: 'AUTH~}鉴权' };
    expect(roundTrip(encodeRegisterResponse(h, ok), version)).toEqual({
      kind: 'registerResponse',
      msgId: 0x8100,
      ...ok,
    });
    const refused = { replySerial: 0x7e7d, result: 4 };
    expect(roundTrip(encodeRegisterResponse(h, refused), version)).toEqual({
      kind: 'registerResponse',
      msgId: 0x8100,
      ...refused,
    });
    const auth =
      version === 2019
        ? { code: 'AUTH~}', imei: '86~}00000000001', softwareVersion: 'v1.0.7e' }
        : { code: 'AUTH~}' };
    expect(roundTrip(encodeAuth(h, auth), version)).toEqual({ kind: 'auth', msgId: 0x0102, ...auth });
  });

  it('location, location query response and batch', () => {
    const loc = roundTrip(encodeLocation(h, location), version);
    expect(loc.kind === 'location' && loc.location).toMatchObject(expectedLocation);
    const answer = roundTrip(encodeLocationQueryResponse(h, 0x7d7e, location), version);
    expect(answer.kind === 'locationQueryResponse' && answer.replySerial).toBe(0x7d7e);
    expect(answer.kind === 'locationQueryResponse' && answer.location).toMatchObject(expectedLocation);
    const batch = roundTrip(
      encodeBatchLocation(h, 1, [location, { ...location, lat: -1.5, lon: -2.5 }]),
      version,
    );
    expect(batch.kind === 'batchLocation' && batch.type).toBe(1);
    expect(
      batch.kind === 'batchLocation' && batch.locations.map((l) => [l.lat, l.lon, l.flags.south]),
    ).toEqual([
      [31.234567, 121.47, false],
      [-1.5, -2.5, true],
    ]);
  });

  it('text message in GBK, waybill report', () => {
    const text = { flag: 0x0c, text: '请于18:00前到达~}仓库，注意安全' };
    const decoded = roundTrip(encodeTextMessage(h, text), version);
    expect(decoded).toEqual({
      kind: 'textMessage',
      msgId: 0x8300,
      ...text,
      ...(version === 2019 ? { textType: 1 } : {}),
    });
    const content = Buffer.from('运单~}', 'utf8');
    const w = roundTrip(encodeWaybillReport(h, content), version);
    expect(w.kind === 'waybillReport' && w.content).toEqual(content);
  });
});

describe('encoder refusals and subpackages', () => {
  it('refuses text GBK cannot carry and bodies over 1023 bytes', () => {
    const h = header(2013);
    expect(reasonOf(() => encodeTextMessage(h, { flag: 0, text: '到达 🚚' }))).toBe('encoding');
    expect(reasonOf(() => encodeTextMessage(h, { flag: 0, text: '好'.repeat(512) }))).toBe('too-long');
    expect(reasonOf(() => encodeRegisterResponse(h, { replySerial: 1, result: 0 }))).toBe('range');
    expect(
      reasonOf(() =>
        encodeRegister(h, {
          province: 1,
          city: 1,
          manufacturer: 'ABCDEF',
          model: '',
          terminalId: '',
          plateColor: 0,
          plate: '',
        }),
      ),
    ).toBe('range');
  });

  it('splits a long body into subpackages the reassembler joins again', () => {
    const body = Buffer.alloc(2500);
    for (let i = 0; i < body.length; i++) body[i] = i % 3 === 0 ? 0x7e : i % 3 === 1 ? 0x7d : i & 0xff;
    const frames = encodeSubpackaged({ msgId: 0x0801, phone: '13800000001', serial: 65534 }, body, 1000);
    expect(frames).toHaveLength(3);
    const packets = frames.map((f) => parseFrame(f));
    expect(packets.map((p) => [p.header.serial, p.header.packet])).toEqual([
      [65534, { total: 3, index: 1 }],
      [65535, { total: 3, index: 2 }],
      [0, { total: 3, index: 3 }],
    ]);
    expect(decodeMessage(packets[0] as never)).toMatchObject({ kind: 'fragment', total: 3, index: 1 });
    const r = new Reassembler();
    expect(r.push(packets[2] as never, 0)).toBeNull();
    expect(r.push(packets[0] as never, 0)).toBeNull();
    const joined = r.push(packets[1] as never, 0);
    expect(joined?.body).toEqual(body);
    expect(joined?.header).toMatchObject({ serial: 65534, bodyLength: 2500 });
    expect(joined?.header.packet).toBeUndefined();
  });
});
