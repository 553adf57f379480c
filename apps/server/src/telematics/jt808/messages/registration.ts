import { Reader, Writer } from '../bytes';
import { Jt808Error } from '../errors';
import type { Jt808Version } from '../header';
import { decodeField, encodeGbk } from '../text';

/**
 * Registration and authentication: 0x0100 register, 0x8100 register response, 0x0102 auth.
 *
 * 0x0100: province u16 | city u16 | manufacturer | model | terminal id | plate colour u8 | plate (GBK, rest)
 *   widths   2011: 5 / 8 / 7    2013: 5 / 20 / 7    2019: 11 / 30 / 30
 * 2011 and 2013 share the header, so a register body without the 2019 flag is read as 2011 when it
 * is shorter than the 37 fixed bytes of 2013, else as 2013.
 */
export type RegisterLayout = '2011' | '2013' | '2019';
const WIDTHS: Record<RegisterLayout, [number, number, number]> = {
  '2011': [5, 8, 7],
  '2013': [5, 20, 7],
  '2019': [11, 30, 30],
};
/** Byte widths of manufacturer, model and terminal id in a layout (longer values arrive cut). */
export function registerFieldWidths(layout: RegisterLayout): {
  manufacturer: number;
  model: number;
  terminalId: number;
} {
  const [manufacturer, model, terminalId] = WIDTHS[layout];
  return { manufacturer, model, terminalId };
}
const fixedLength = (layout: RegisterLayout) => 5 + WIDTHS[layout].reduce((a, b) => a + b, 0);

export interface RegisterBody {
  province: number;
  city: number;
  manufacturer: string;
  model: string;
  terminalId: string;
  /** 0 no plate (plate then holds the VIN), 1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other. */
  plateColor: number;
  plate: string;
}

export interface Register extends RegisterBody {
  kind: 'register';
  msgId: 0x0100;
  layout: RegisterLayout;
}

export function registerLayout(version: Jt808Version, bodyLength: number): RegisterLayout {
  if (version === 2019) return '2019';
  return bodyLength < fixedLength('2013') ? '2011' : '2013';
}

export function decodeRegister(body: Buffer, version: Jt808Version): Register {
  const layout = registerLayout(version, body.length);
  const [maker, model, id] = WIDTHS[layout];
  const r = new Reader(body, 0, body.length, `0x0100 (${layout})`);
  return {
    kind: 'register',
    msgId: 0x0100,
    layout,
    province: r.u16('province'),
    city: r.u16('city'),
    manufacturer: decodeField(r.bytes(maker, 'manufacturer')),
    model: decodeField(r.bytes(model, 'model')),
    terminalId: decodeField(r.bytes(id, 'terminal id')),
    plateColor: r.u8('plate colour'),
    plate: decodeField(r.rest()),
  };
}

export function encodeRegisterBody(body: RegisterBody, layout: RegisterLayout): Buffer {
  const [maker, model, id] = WIDTHS[layout];
  return new Writer(fixedLength(layout) + 12)
    .u16(body.province, 'province')
    .u16(body.city, 'city')
    .fixed(encodeGbk(body.manufacturer, 'manufacturer'), maker, 'manufacturer')
    .fixed(encodeGbk(body.model, 'model'), model, 'model')
    .fixed(encodeGbk(body.terminalId, 'terminal id'), id, 'terminal id')
    .u8(body.plateColor, 'plate colour')
    .bytes(encodeGbk(body.plate, 'plate'))
    .toBuffer();
}

/** Result of 0x8100. */
export const REGISTER_RESULT = {
  ok: 0,
  vehicleRegistered: 1,
  noSuchVehicle: 2,
  terminalRegistered: 3,
  noSuchTerminal: 4,
} as const;

export interface RegisterResponseBody {
  replySerial: number;
  result: number;
  /** Present only when result is 0. */
  authCode?: string;
}

export interface RegisterResponse extends RegisterResponseBody {
  kind: 'registerResponse';
  msgId: 0x8100;
}

export function decodeRegisterResponse(body: Buffer): RegisterResponse {
  const r = new Reader(body, 0, body.length, '0x8100');
  const message: RegisterResponse = {
    kind: 'registerResponse',
    msgId: 0x8100,
    replySerial: r.u16('reply serial'),
    result: r.u8('result'),
  };
  if (message.result === REGISTER_RESULT.ok) message.authCode = decodeField(r.rest());
  return message;
}

export function encodeRegisterResponseBody(body: RegisterResponseBody): Buffer {
  const w = new Writer(16).u16(body.replySerial, 'reply serial').u8(body.result, 'result');
  if (body.result === REGISTER_RESULT.ok) {
    if (!body.authCode) throw new Jt808Error('range', '0x8100 with result 0 needs an auth code');
    w.bytes(encodeGbk(body.authCode, 'auth code'));
  }
  return w.toBuffer();
}

/**
 * 0x0102. 2013: the whole body is the auth code. 2019: code length u8 | code | IMEI BYTE[15] |
 * software version BYTE[20].
 */
export interface AuthBody {
  code: string;
  imei?: string;
  softwareVersion?: string;
}

export interface Auth extends AuthBody {
  kind: 'auth';
  msgId: 0x0102;
}

export function decodeAuth(body: Buffer, version: Jt808Version): Auth {
  if (version === 2013) return { kind: 'auth', msgId: 0x0102, code: decodeField(body) };
  const r = new Reader(body, 0, body.length, '0x0102 (2019)');
  const code = decodeField(r.bytes(r.u8('code length'), 'code'));
  const imei = decodeField(r.bytes(15, 'IMEI'));
  const softwareVersion = decodeField(r.bytes(20, 'software version'));
  return { kind: 'auth', msgId: 0x0102, code, imei, softwareVersion };
}

export function encodeAuthBody(body: AuthBody, version: Jt808Version): Buffer {
  const code = encodeGbk(body.code, 'auth code');
  if (version === 2013) return code;
  if (code.length > 0xff) throw new Jt808Error('range', `auth code is ${code.length} bytes, at most 255`);
  return new Writer(36 + code.length)
    .u8(code.length, 'code length')
    .bytes(code)
    .fixed(encodeGbk(body.imei ?? '', 'IMEI'), 15, 'IMEI')
    .fixed(encodeGbk(body.softwareVersion ?? '', 'software version'), 20, 'software version')
    .toBuffer();
}
