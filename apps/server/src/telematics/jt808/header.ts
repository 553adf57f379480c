import { bcdString, isBcd, toBcd } from './bcd';
import { asBuffer, checkInt, type Writer } from './bytes';
import { Jt808Error } from './errors';

/**
 * Message header:
 *   msgId u16 | attributes u16 (bits 0-9 body length, 10-12 encryption, 13 subpackage, 14 version
 *   flag (2019), 15 reserved) | [2019: protocol version u8] | terminal phone BCD[6] (2013) or
 *   BCD[10] (2019) | serial u16 | [bit 13: total packets u16, packet index u16 (from 1)]
 */
export type Jt808Version = 2013 | 2019;

export interface Jt808Header {
  msgId: number;
  /** The attributes word as received. */
  attributes: number;
  bodyLength: number;
  /** Bits 10-12: 0 plain, 1 RSA; other values reserved. */
  encryption: number;
  /** Bit 14 as received. */
  versionFlag: boolean;
  /**
   * Layout of the header actually read. 2013 also covers 2011 (identical header). A header with the
   * version flag set whose 2019 reading cannot match the frame length but whose 2013 reading does is
   * read as 2013 (real devices do this), so `version` 2013 with `versionFlag` true marks that quirk.
   */
  version: Jt808Version;
  /** The 2019 protocol version byte (1 for 2019), 0 for 2013. */
  protocolVersion: number;
  /**
   * Terminal phone number as the header carries it: 12 (2013) or 20 (2019) BCD digits, leading
   * zeros kept, e.g. '013800000001'. Bytes that are not BCD appear as lower-case hex nibbles.
   */
  phone: string;
  /**
   * Terminal id for look-ups: the phone without its leading zeros, as SmallChi and go-jt808 assert
   * ('012345678900' -> '12345678900', '00000000017299841738' -> '17299841738'); '0' for an all-zero
   * phone. A 6-byte id that is not BCD is read the way Traccar reads such devices (an IMEI sent
   * in binary): decimal of (first u16 << 32) + next u32, plus its Luhn digit.
   */
  tid: string;
  serial: number;
  /** Present when bit 13 is set. */
  packet?: { total: number; index: number };
}

export const ATTR_LENGTH_MASK = 0x03ff;
export const ATTR_SUBPACKAGE = 0x2000;
export const ATTR_VERSION = 0x4000;
export const MAX_BODY_LENGTH = 0x03ff;

function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function terminalId(data: Uint8Array, start: number, end: number, phone: string): string {
  if (isBcd(data, start, end)) {
    let zeros = 0;
    while (zeros < phone.length - 1 && phone.charCodeAt(zeros) === 48) zeros++;
    return zeros === 0 ? phone : phone.slice(zeros);
  }
  if (end - start !== 6) return phone;
  const view = asBuffer(data);
  const imei = (BigInt(view.readUInt16BE(start)) << 32n) + BigInt(view.readUInt32BE(start + 2));
  const digits = imei.toString();
  return digits + luhnDigit(digits);
}

function headerLength(version: Jt808Version, subpackage: boolean): number {
  return (version === 2019 ? 17 : 12) + (subpackage ? 4 : 0);
}

/**
 * Reads a header at the start of `content`. With `contentLength` given (the length of header +
 * body of a frame) it also settles the 2013-under-version-flag quirk and checks that the body
 * length in the attributes matches, else `Jt808Error('length')`.
 */
export function readHeader(
  content: Uint8Array,
  contentLength?: number,
): { header: Jt808Header; size: number } {
  if (content.length < 4)
    throw new Jt808Error('truncated', `header needs at least 4 bytes, got ${content.length}`);
  const view = asBuffer(content);
  const msgId = view.readUInt16BE(0);
  const attributes = view.readUInt16BE(2);
  const bodyLength = attributes & ATTR_LENGTH_MASK;
  const subpackage = (attributes & ATTR_SUBPACKAGE) !== 0;
  const versionFlag = (attributes & ATTR_VERSION) !== 0;
  let version: Jt808Version = versionFlag ? 2019 : 2013;
  let size = headerLength(version, subpackage);
  if (contentLength !== undefined && size + bodyLength !== contentLength) {
    const size2013 = headerLength(2013, subpackage);
    if (versionFlag && size2013 + bodyLength === contentLength) {
      version = 2013;
      size = size2013;
    } else {
      throw new Jt808Error(
        'length',
        `header says body length ${bodyLength}, frame holds ${contentLength - size} byte(s) of body`,
      );
    }
  }
  if (content.length < size) {
    throw new Jt808Error('truncated', `${version} header needs ${size} bytes, got ${content.length}`);
  }
  let pos = 4;
  let protocolVersion = 0;
  if (version === 2019) protocolVersion = view[pos++] as number;
  const phoneSize = version === 2019 ? 10 : 6;
  const phone = bcdString(view, pos, pos + phoneSize);
  const tid = terminalId(view, pos, pos + phoneSize, phone);
  pos += phoneSize;
  const serial = view.readUInt16BE(pos);
  pos += 2;
  const header: Jt808Header = {
    msgId,
    attributes,
    bodyLength,
    encryption: (attributes >> 10) & 7,
    versionFlag,
    version,
    protocolVersion,
    phone,
    tid,
    serial,
  };
  if (subpackage) {
    header.packet = { total: view.readUInt16BE(pos), index: view.readUInt16BE(pos + 2) };
  }
  return { header, size };
}

/** What an encoder needs to write a header; the body length is filled in from the body. */
export interface HeaderInput {
  msgId: number;
  /** Phone / terminal id digits; left-padded with zeros to 12 (2013) or 20 (2019) digits. */
  phone: string;
  serial: number;
  /** Default 2013. */
  version?: Jt808Version;
  /** 2019 protocol version byte, default 1. */
  protocolVersion?: number;
  /** Bits 10-12, default 0. */
  encryption?: number;
  packet?: { total: number; index: number };
}

export function writeHeader(w: Writer, input: HeaderInput, bodyLength: number): void {
  const version = input.version ?? 2013;
  if (bodyLength > MAX_BODY_LENGTH) {
    throw new Jt808Error(
      'too-long',
      `body of ${bodyLength} bytes exceeds ${MAX_BODY_LENGTH}; send it in subpackages`,
    );
  }
  const encryption = input.encryption ?? 0;
  checkInt(encryption, 0, 7, 'encryption');
  let attributes = bodyLength | (encryption << 10);
  if (input.packet) attributes |= ATTR_SUBPACKAGE;
  if (version === 2019) attributes |= ATTR_VERSION;
  w.u16(input.msgId, 'msgId').u16(attributes, 'attributes');
  if (version === 2019) w.u8(input.protocolVersion ?? 1, 'protocolVersion');
  w.bytes(toBcd(input.phone, version === 2019 ? 10 : 6, 'phone', true));
  w.u16(input.serial, 'serial');
  if (input.packet) {
    checkInt(input.packet.total, 1, 0xffff, 'packet total');
    checkInt(input.packet.index, 1, input.packet.total, 'packet index');
    w.u16(input.packet.total, 'packet total').u16(input.packet.index, 'packet index');
  }
}

/** The input that writes `header` back as received (for relaying and tests). */
export function headerInputOf(header: Jt808Header): HeaderInput {
  const input: HeaderInput = {
    msgId: header.msgId,
    phone: header.phone,
    serial: header.serial,
    version: header.version,
    encryption: header.encryption,
  };
  if (header.version === 2019) input.protocolVersion = header.protocolVersion;
  if (header.packet) input.packet = { ...header.packet };
  return input;
}
