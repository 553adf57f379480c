import { unwrapFrame } from './frame';
import { type Jt808Header, readHeader } from './header';
import {
  decodePlatformResponse,
  decodeTerminalResponse,
  type Heartbeat,
  type LocationQuery,
  type Logout,
  MSG,
  type PlatformResponse,
  type TerminalResponse,
} from './messages/general';
import {
  type BatchLocation,
  decodeBatchLocation,
  decodeLocationQueryResponse,
  decodeLocationReport,
  type LocationQueryResponse,
  type LocationReport,
} from './messages/location-report';
import {
  decodeMediaDataResponse,
  decodeMultimediaData,
  decodeMultimediaEvent,
  decodeRetransmitRequest,
  decodeShootNow,
  decodeShootNowResponse,
  type MediaDataResponse,
  type MultimediaData,
  type MultimediaEvent,
  type RetransmitRequest,
  type ShootNow,
  type ShootNowResponse,
} from './messages/multimedia';
import { decodeSetParameters, type SetParameters } from './messages/parameters';
import {
  type Auth,
  decodeAuth,
  decodeRegister,
  decodeRegisterResponse,
  type Register,
  type RegisterResponse,
} from './messages/registration';
import { decodeTextMessage, type TextMessage } from './messages/text-message';
import { decodeWaybillReport, type WaybillReport } from './messages/waybill';

/** One frame after framing checks: header, body (unescaped) and the check code received. */
export interface Jt808Packet {
  header: Jt808Header;
  body: Buffer;
  checksum: number;
}

/** A subpackage before reassembly (see `Reassembler`). */
export interface Fragment {
  kind: 'fragment';
  msgId: number;
  total: number;
  index: number;
  body: Buffer;
}

/** A message not decoded here (or sent encrypted): its id and raw body. */
export interface UnknownMessage {
  kind: 'unknown';
  msgId: number;
  body: Buffer;
}

export type Jt808Message =
  | TerminalResponse
  | Heartbeat
  | Logout
  | Register
  | Auth
  | LocationReport
  | LocationQueryResponse
  | BatchLocation
  | PlatformResponse
  | RegisterResponse
  | LocationQuery
  | TextMessage
  | SetParameters
  | WaybillReport
  | MultimediaEvent
  | MultimediaData
  | ShootNowResponse
  | MediaDataResponse
  | ShootNow
  | RetransmitRequest
  | Fragment
  | UnknownMessage;

export interface DecodeOptions {
  /** Default true. False reads frames whose check code is wrong (captures, tools), never the gateway. */
  verifyChecksum?: boolean;
}

/** Header and body of unescaped content (header + body, no check code); the body length must match. */
export function readPacket(content: Buffer, checksum = -1): Jt808Packet {
  const { header, size } = readHeader(content, content.length);
  return { header, body: content.subarray(size), checksum };
}

/**
 * A frame as the `FrameSplitter` yields it (0x7e delimiters optional): unescaped, check code
 * verified, header read, body length checked. Throws `Jt808Error` on any fault.
 */
export function parseFrame(frame: Uint8Array, options: DecodeOptions = {}): Jt808Packet {
  const { content, checksum } = unwrapFrame(frame, options.verifyChecksum ?? true);
  return readPacket(content, checksum);
}

/** The typed message of a packet; throws `Jt808Error` when the body is malformed. */
export function decodeMessage(packet: Jt808Packet): Jt808Message {
  const { header, body } = packet;
  const { msgId, version } = header;
  if (header.packet) {
    return { kind: 'fragment', msgId, total: header.packet.total, index: header.packet.index, body };
  }
  if (header.encryption !== 0) return { kind: 'unknown', msgId, body };
  switch (msgId) {
    case MSG.terminalResponse:
      return decodeTerminalResponse(body);
    case MSG.heartbeat:
      return { kind: 'heartbeat', msgId };
    case MSG.logout:
      return { kind: 'logout', msgId };
    case MSG.register:
      return decodeRegister(body, version);
    case MSG.auth:
      return decodeAuth(body, version);
    case MSG.location:
      return decodeLocationReport(body);
    case MSG.locationQueryResponse:
      return decodeLocationQueryResponse(body);
    case MSG.batchLocation:
      return decodeBatchLocation(body);
    case MSG.platformResponse:
      return decodePlatformResponse(body);
    case MSG.registerResponse:
      return decodeRegisterResponse(body);
    case MSG.locationQuery:
      return { kind: 'locationQuery', msgId };
    case MSG.textMessage:
      return decodeTextMessage(body, version);
    case MSG.setParameters:
      return decodeSetParameters(body);
    case MSG.waybillReport:
      return decodeWaybillReport(body);
    case MSG.multimediaEvent:
      return decodeMultimediaEvent(body);
    case MSG.multimediaData:
      return decodeMultimediaData(body);
    case MSG.shootNowResponse:
      return decodeShootNowResponse(body);
    case MSG.mediaDataResponse:
      return decodeMediaDataResponse(body);
    case MSG.shootNow:
      return decodeShootNow(body);
    case MSG.retransmitRequest:
      return decodeRetransmitRequest(body, version);
    default:
      return { kind: 'unknown', msgId, body };
  }
}

/** `parseFrame` then `decodeMessage`. */
export function decodeFrame(
  frame: Uint8Array,
  options: DecodeOptions = {},
): { header: Jt808Header; message: Jt808Message } {
  const packet = parseFrame(frame, options);
  return { header: packet.header, message: decodeMessage(packet) };
}
