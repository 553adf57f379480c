import { Writer } from './bytes';
import { Jt808Error } from './errors';
import { wrapFrame } from './frame';
import { type HeaderInput, type Jt808Version, MAX_BODY_LENGTH, writeHeader } from './header';
import { encodeLocationBody, type LocationInput } from './location-encode';
import { encodeGeneralResponseBody, type GeneralResponseBody, MSG } from './messages/general';
import { encodeBatchLocationBody, encodeLocationQueryResponseBody } from './messages/location-report';
import {
  encodeMediaDataResponseBody,
  encodeMultimediaDataBody,
  encodeMultimediaEventBody,
  encodeRetransmitRequestBody,
  encodeShootNowBody,
  encodeShootNowResponseBody,
  type MediaDataResponseBody,
  type MediaHead,
  type RetransmitRequestBody,
  type ShootNowBody,
} from './messages/multimedia';
import { encodeSetParametersBody, type SetParametersBody } from './messages/parameters';
import {
  type AuthBody,
  encodeAuthBody,
  encodeRegisterBody,
  encodeRegisterResponseBody,
  type RegisterBody,
  type RegisterLayout,
  type RegisterResponseBody,
} from './messages/registration';
import { encodeTextMessageBody, type TextMessageBody } from './messages/text-message';
import { encodeWaybillReportBody } from './messages/waybill';

/**
 * Encoders: each answers one complete frame (delimited, escaped, check code computed) ready to
 * write to the socket. The header's `msgId` is set by the encoder; serial numbers are the
 * caller's. Header version (2013 / 2019) also selects the body layout where the two differ.
 */
export type FrameHeader = Omit<HeaderInput, 'msgId'>;

/** A frame of any message id from its header and raw body. */
export function encodeFrame(header: HeaderInput, body: Uint8Array = new Uint8Array(0)): Buffer {
  const w = new Writer(21 + body.length);
  writeHeader(w, header, body.length);
  w.bytes(body);
  return wrapFrame(w.toBuffer());
}

/**
 * A body longer than one frame allows, cut into subpackages of `chunkSize` bytes (default 1000,
 * as go-jt808 and most platforms do) with consecutive serials from `header.serial`.
 */
export function encodeSubpackaged(header: HeaderInput, body: Uint8Array, chunkSize = 1000): Buffer[] {
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_BODY_LENGTH) {
    throw new Jt808Error('range', `chunk size must be 1..${MAX_BODY_LENGTH}, got ${chunkSize}`);
  }
  const total = Math.max(1, Math.ceil(body.length / chunkSize));
  if (total > 0xffff) throw new Jt808Error('too-long', `body of ${body.length} bytes needs ${total} packets`);
  const frames: Buffer[] = [];
  for (let i = 0; i < total; i++) {
    const chunk = body.subarray(i * chunkSize, (i + 1) * chunkSize);
    const serial = (header.serial + i) & 0xffff;
    frames.push(encodeFrame({ ...header, serial, packet: { total, index: i + 1 } }, chunk));
  }
  return frames;
}

const withId = (header: FrameHeader, msgId: number): HeaderInput => ({ ...header, msgId });
const versionOf = (header: FrameHeader): Jt808Version => header.version ?? 2013;

// Platform -> terminal

/** 0x8001. Result: 0 ok, 1 fail, 2 bad message, 3 unsupported, 4 alarm confirmed. */
export function encodePlatformResponse(header: FrameHeader, body: GeneralResponseBody): Buffer {
  return encodeFrame(withId(header, MSG.platformResponse), encodeGeneralResponseBody(body));
}

/** 0x8100. Result: 0 ok, 1 vehicle registered, 2 no such vehicle, 3 terminal registered, 4 no such terminal. */
export function encodeRegisterResponse(header: FrameHeader, body: RegisterResponseBody): Buffer {
  return encodeFrame(withId(header, MSG.registerResponse), encodeRegisterResponseBody(body));
}

/** 0x8201, empty body. */
export function encodeLocationQuery(header: FrameHeader): Buffer {
  return encodeFrame(withId(header, MSG.locationQuery));
}

/** 0x8300. Throws `Jt808Error('encoding')` for text GBK cannot carry, 'too-long' past 1023 bytes. */
export function encodeTextMessage(header: FrameHeader, body: TextMessageBody): Buffer {
  return encodeFrame(withId(header, MSG.textMessage), encodeTextMessageBody(body, versionOf(header)));
}

/** 0x8103 set terminal parameters; the terminal answers 0x0001. */
export function encodeSetParameters(header: FrameHeader, body: SetParametersBody): Buffer {
  return encodeFrame(withId(header, MSG.setParameters), encodeSetParametersBody(body));
}

/** 0x8800, the answer to a whole 0x0801: the packets to send again (none: all arrived). */
export function encodeMediaDataResponse(header: FrameHeader, body: MediaDataResponseBody): Buffer {
  return encodeFrame(withId(header, MSG.mediaDataResponse), encodeMediaDataResponseBody(body));
}

/** 0x8801 camera shoot now; the terminal answers 0x0805 (older ones 0x0001), then uploads 0x0800/0x0801. */
export function encodeShootNow(header: FrameHeader, body: ShootNowBody): Buffer {
  return encodeFrame(withId(header, MSG.shootNow), encodeShootNowBody(body));
}

/** 0x8003: the packets of a split message to send again. */
export function encodeRetransmitRequest(header: FrameHeader, body: RetransmitRequestBody): Buffer {
  return encodeFrame(
    withId(header, MSG.retransmitRequest),
    encodeRetransmitRequestBody(body, versionOf(header)),
  );
}

// Terminal -> platform (simulator, tests)

/** 0x0800 multimedia event. */
export function encodeMultimediaEvent(header: FrameHeader, head: MediaHead): Buffer {
  return encodeFrame(withId(header, MSG.multimediaEvent), encodeMultimediaEventBody(head));
}

/**
 * 0x0801 multimedia data, split into packets of `chunkSize` body bytes when longer (serials from
 * `header.serial` on); one frame when it fits.
 */
export function encodeMultimediaData(
  header: FrameHeader,
  head: MediaHead,
  location: LocationInput,
  data: Uint8Array,
  chunkSize = 1000,
): Buffer[] {
  const body = encodeMultimediaDataBody(head, location, data);
  const input = withId(header, MSG.multimediaData);
  return body.length > chunkSize ? encodeSubpackaged(input, body, chunkSize) : [encodeFrame(input, body)];
}

/** 0x0805, the answer to 0x8801: result 0 ok, 1 failed, 2 channel unsupported, with the media ids. */
export function encodeShootNowResponse(
  header: FrameHeader,
  replySerial: number,
  result: number,
  mediaIds: number[],
): Buffer {
  return encodeFrame(
    withId(header, MSG.shootNowResponse),
    encodeShootNowResponseBody(replySerial, result, mediaIds),
  );
}

/** 0x0001. Result: 0 ok, 1 fail, 2 bad message, 3 unsupported. */
export function encodeTerminalResponse(header: FrameHeader, body: GeneralResponseBody): Buffer {
  return encodeFrame(withId(header, MSG.terminalResponse), encodeGeneralResponseBody(body));
}

export function encodeHeartbeat(header: FrameHeader): Buffer {
  return encodeFrame(withId(header, MSG.heartbeat));
}

export function encodeLogout(header: FrameHeader): Buffer {
  return encodeFrame(withId(header, MSG.logout));
}

/** 0x0100; the layout follows the header version unless `layout` says '2011'. */
export function encodeRegister(header: FrameHeader, body: RegisterBody, layout?: RegisterLayout): Buffer {
  const chosen = layout ?? (versionOf(header) === 2019 ? '2019' : '2013');
  return encodeFrame(withId(header, MSG.register), encodeRegisterBody(body, chosen));
}

/** 0x0102; 2019 adds IMEI and software version. */
export function encodeAuth(header: FrameHeader, body: AuthBody): Buffer {
  return encodeFrame(withId(header, MSG.auth), encodeAuthBody(body, versionOf(header)));
}

/** 0x0200. */
export function encodeLocation(header: FrameHeader, location: LocationInput): Buffer {
  return encodeFrame(withId(header, MSG.location), encodeLocationBody(location));
}

/** 0x0201, the answer to 0x8201. */
export function encodeLocationQueryResponse(
  header: FrameHeader,
  replySerial: number,
  location: LocationInput,
): Buffer {
  return encodeFrame(
    withId(header, MSG.locationQueryResponse),
    encodeLocationQueryResponseBody(replySerial, location),
  );
}

/** 0x0704. Type 0 regular batch, 1 blind-area backfill. */
export function encodeBatchLocation(
  header: FrameHeader,
  type: number,
  locations: readonly LocationInput[],
): Buffer {
  return encodeFrame(withId(header, MSG.batchLocation), encodeBatchLocationBody(type, locations));
}

/** 0x0701 electronic waybill report. */
export function encodeWaybillReport(header: FrameHeader, content: Uint8Array): Buffer {
  return encodeFrame(withId(header, MSG.waybillReport), encodeWaybillReportBody(content));
}
