import { describe, expect, it } from 'vitest';
import { prng } from '../../test/random';
import { decodeMessage, parseFrame } from './decode';
import {
  encodeAuth,
  encodeBatchLocation,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  encodeRegisterResponse,
  encodeTextMessage,
} from './encode';
import { Jt808Error } from './errors';
import { FrameSplitter, wrapFrame } from './frame';
import { Reassembler } from './reassembly';
import { loadVectors } from './vectors.fixture';

const random = prng(808);
const int = (n: number) => Math.floor(random() * n);
const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));

const at = Date.UTC(2026, 0, 1);
const location = {
  lat: 30.5,
  lon: 114.3,
  time: at,
  extras: { mileageKm: 12.3, fuelL: 4, satellites: 9, signalStrength: 20, vehicleSignal: 3, ioStatus: 1 },
  items: [{ id: 0xe1, bytes: Buffer.from('7e7d00', 'hex') }],
};

/** Valid frames to mutate: the vector file's, and one of each message this codec writes. */
function seeds(): Buffer[] {
  const fromFile = loadVectors()
    .filter((v) => v.kind === 'FRAME' && (v.wire ?? v.hex).startsWith('7e'))
    .map((v) => Buffer.from(v.wire ?? v.hex, 'hex'));
  const own = [2013, 2019].flatMap((version) => {
    const h = { phone: '13800000001', serial: 7, version: version as 2013 | 2019 };
    return [
      encodeLocation(h, location),
      encodeBatchLocation(h, 1, [location, location]),
      encodeRegister(h, {
        province: 44,
        city: 300,
        manufacturer: 'M1',
        model: 'X',
        terminalId: 'T1',
        plateColor: 1,
        plate: '粤B12345',
      }),
      encodeAuth(h, { code: 'abc', imei: '860000000000001', softwareVersion: '1.0' }),
      encodeRegisterResponse(h, { replySerial: 1, result: 0, authCode: 'abc' }),
      encodeTextMessage(h, { flag: 8, text: '注意安全' }),
      encodeFrame({ ...h, msgId: 0x0801, packet: { total: 2, index: 1 } }, randomBytes(40)),
    ];
  });
  return [...fromFile, ...own];
}

function mutate(frame: Buffer): Buffer {
  const out = Buffer.from(frame);
  switch (int(6)) {
    case 0: // flip bytes
      for (let i = 0, n = 1 + int(4); i < n; i++) out[int(out.length)] = int(256);
      return out;
    case 1: // cut short
      return out.subarray(0, int(out.length));
    case 2: // insert bytes
      return Buffer.concat([
        out.subarray(0, int(out.length)),
        randomBytes(1 + int(8)),
        out.subarray(int(out.length)),
      ]);
    case 3: // body changed, check code recomputed: reaches the body decoders
      return wrapFrame(Buffer.concat([out.subarray(1, 13 + int(8)), randomBytes(int(60))]));
    case 4: // attributes changed, check code recomputed
      return wrapFrame(Buffer.concat([out.subarray(1, 3), randomBytes(2), out.subarray(5, -2)]));
    default: // random item area of a location
      return wrapFrame(Buffer.concat([out.subarray(1, 41), randomBytes(int(40))]));
  }
}

describe('fuzz', () => {
  it('answers 20,000 random and mutated frames with a result or a Jt808Error, nothing else', () => {
    const pool = seeds();
    const splitter = new FrameSplitter();
    const reassembler = new Reassembler({ maxBytesPerKey: 4096 });
    const outcome = { decoded: 0, refused: 0 };
    for (let i = 0; i < 20_000; i++) {
      const input =
        i % 5 === 0
          ? Buffer.concat([Buffer.of(0x7e), randomBytes(int(120)), Buffer.of(0x7e)])
          : mutate(pool[int(pool.length)] as Buffer);
      const frames = [input, ...splitter.push(input)];
      for (const frame of frames) {
        try {
          const packet = reassembler.push(parseFrame(frame, { verifyChecksum: i % 2 === 0 }), i);
          if (packet) decodeMessage(packet);
          outcome.decoded++;
        } catch (error) {
          if (!(error instanceof Jt808Error)) throw error;
          outcome.refused++;
        }
      }
    }
    expect(outcome.decoded).toBeGreaterThan(2000);
    expect(outcome.refused).toBeGreaterThan(2000);
    expect(splitter.buffered).toBeLessThanOrEqual(4096);
  });
});
