import { expect } from 'vitest';
import type { Jt808Message, Jt808Packet } from './decode';
import {
  encodeAuth,
  encodeBatchLocation,
  encodeFrame,
  encodeHeartbeat,
  encodeLocation,
  encodeLocationQuery,
  encodeLocationQueryResponse,
  encodeLogout,
  encodePlatformResponse,
  encodeRegister,
  encodeRegisterResponse,
  encodeTerminalResponse,
  encodeTextMessage,
  encodeWaybillReport,
  type FrameHeader,
} from './encode';
import type { Jt808Error } from './errors';
import { headerInputOf } from './header';
import type { Location } from './location';
import { locationInputOf } from './location-encode';
import type { Vector } from './vectors.fixture';

/** What one vector decoded to, shared by the COMPUTED and EXPECT checkers. */
export interface FrameContext {
  v: Vector;
  /** Bytes fed to the splitter (the WIRE form when the file gives one). */
  wire: Buffer;
  /** The packet, read leniently (check code not verified) when the strict read failed on it. */
  packet?: Jt808Packet;
  strictError?: Jt808Error;
  message?: Jt808Message;
  messageError?: Jt808Error;
}

/** Counts assertions made from EXPECT and COMPUTED lines, and what could not be checked. */
export class Tally {
  expectAssertions = 0;
  computedAssertions = 0;
  readonly expectLines = new Set<string>();
  /** `id: reason` of EXPECT statements not satisfied (or not decodable here). */
  readonly unsatisfied: string[] = [];

  check(v: Vector, line: number, actual: unknown, expected: unknown, label: string): void {
    expect(actual, `${v.id} EXPECT ${label}`).toEqual(expected);
    this.expectAssertions++;
    this.expectLines.add(`${v.id}#${line}`);
  }

  near(v: Vector, line: number, actual: number | undefined, expected: number, label: string): void {
    expect(actual, `${v.id} EXPECT ${label}`).toBeCloseTo(expected, 6);
    this.expectAssertions++;
    this.expectLines.add(`${v.id}#${line}`);
  }

  computed(v: Vector, actual: unknown, expected: unknown, label: string): void {
    expect(actual, `${v.id} COMPUTED ${label}`).toEqual(expected);
    this.computedAssertions++;
  }

  skip(v: Vector, reason: string): void {
    this.unsatisfied.push(`${v.id}: ${reason}`);
  }
}

/** Locations a message carries (0x0200, 0x0201, 0x0704). */
export function locationsOf(message: Jt808Message | undefined): Location[] {
  if (!message) return [];
  if (message.kind === 'location' || message.kind === 'locationQueryResponse') return [message.location];
  if (message.kind === 'batchLocation') return message.locations;
  return [];
}

/** The frame this codec's own encoder writes for a decoded message, or null when it has none. */
export function reencode(packet: Jt808Packet, message: Jt808Message): Buffer | null {
  const { msgId: _msgId, ...header } = headerInputOf(packet.header);
  const h: FrameHeader = header;
  switch (message.kind) {
    case 'terminalResponse':
      return encodeTerminalResponse(h, message);
    case 'platformResponse':
      return encodePlatformResponse(h, message);
    case 'heartbeat':
      return packet.body.length === 0 ? encodeHeartbeat(h) : null;
    case 'logout':
      return packet.body.length === 0 ? encodeLogout(h) : null;
    case 'locationQuery':
      return packet.body.length === 0 ? encodeLocationQuery(h) : null;
    case 'register':
      return encodeRegister(h, message, message.layout);
    case 'registerResponse':
      return encodeRegisterResponse(h, message);
    case 'auth':
      return encodeAuth(h, message);
    case 'location':
      return encodeLocation(h, locationInputOf(message.location));
    case 'locationQueryResponse':
      return encodeLocationQueryResponse(h, message.replySerial, locationInputOf(message.location));
    case 'batchLocation':
      return encodeBatchLocation(h, message.type, message.locations.map(locationInputOf));
    case 'textMessage':
      return encodeTextMessage(h, message);
    case 'waybillReport':
      return encodeWaybillReport(h, message.content);
    default:
      return null;
  }
}

/** Header and raw body written back through `encodeFrame`. */
export function reencodeRaw(packet: Jt808Packet): Buffer {
  return encodeFrame(headerInputOf(packet.header), packet.body);
}

/** "2018-07-15 10:10:10" (GMT+8) as UTC epoch ms and as the BCD digits a terminal sends. */
export function gmt8(text: string): { time: number; bcd: string } {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!m) throw new Error(`not a date: ${text}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return {
    time: Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - 8 * 3600_000,
    bcd: text.slice(2).replace(/[- :]/g, ''),
  };
}
