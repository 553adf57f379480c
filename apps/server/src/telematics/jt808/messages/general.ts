import { Reader, Writer } from '../bytes';

/** General responses and the empty-bodied messages: 0x0001, 0x8001, 0x0002, 0x0003, 0x8201. */
export const MSG = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  location: 0x0200,
  locationQueryResponse: 0x0201,
  waybillReport: 0x0701,
  batchLocation: 0x0704,
  multimediaEvent: 0x0800,
  multimediaData: 0x0801,
  shootNowResponse: 0x0805,
  platformResponse: 0x8001,
  retransmitRequest: 0x8003,
  registerResponse: 0x8100,
  setParameters: 0x8103,
  locationQuery: 0x8201,
  textMessage: 0x8300,
  mediaDataResponse: 0x8800,
  shootNow: 0x8801,
} as const;

/** Result of 0x0001 (terminal general response). */
export const TERMINAL_RESULT = { ok: 0, fail: 1, badMessage: 2, unsupported: 3 } as const;
/** Result of 0x8001 (platform general response). */
export const PLATFORM_RESULT = { ok: 0, fail: 1, badMessage: 2, unsupported: 3, alarmConfirmed: 4 } as const;

export interface GeneralResponseBody {
  /** Serial of the message answered. */
  replySerial: number;
  /** Id of the message answered. */
  replyMsgId: number;
  result: number;
}

export interface TerminalResponse extends GeneralResponseBody {
  kind: 'terminalResponse';
  msgId: 0x0001;
}

export interface PlatformResponse extends GeneralResponseBody {
  kind: 'platformResponse';
  msgId: 0x8001;
}

/** 0x0002. The standard body is empty; bytes some devices add (battery, signal) are ignored. */
export interface Heartbeat {
  kind: 'heartbeat';
  msgId: 0x0002;
}

export interface Logout {
  kind: 'logout';
  msgId: 0x0003;
}

/** 0x8201, empty body: the terminal answers 0x0201. */
export interface LocationQuery {
  kind: 'locationQuery';
  msgId: 0x8201;
}

function readGeneral(body: Buffer, what: string): GeneralResponseBody {
  const r = new Reader(body, 0, body.length, what);
  return { replySerial: r.u16('reply serial'), replyMsgId: r.u16('reply id'), result: r.u8('result') };
}

export function decodeTerminalResponse(body: Buffer): TerminalResponse {
  return { kind: 'terminalResponse', msgId: 0x0001, ...readGeneral(body, '0x0001') };
}

export function decodePlatformResponse(body: Buffer): PlatformResponse {
  return { kind: 'platformResponse', msgId: 0x8001, ...readGeneral(body, '0x8001') };
}

export function encodeGeneralResponseBody(body: GeneralResponseBody): Buffer {
  return new Writer(5)
    .u16(body.replySerial, 'reply serial')
    .u16(body.replyMsgId, 'reply id')
    .u8(body.result, 'result')
    .toBuffer();
}
