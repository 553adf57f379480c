import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeMessage, parseFrame } from '../decode';
import {
  encodeMediaDataResponse,
  encodeMultimediaData,
  encodeMultimediaEvent,
  encodeRetransmitRequest,
  encodeShootNow,
  encodeShootNowResponse,
} from '../encode';
import { Reassembler } from '../reassembly';

const head = { mediaId: 0x01020304, type: 0, format: 0, event: 1, channel: 2 };
const h = (serial: number, version: 2013 | 2019 = 2013) => ({ phone: '13800000001', serial, version });

describe('multimedia and retransmission messages', () => {
  it('round-trips 0x0800, 0x0805, 0x8800, 0x8801 and 0x8003 (2013 and 2019)', () => {
    expect(decodeFrame(encodeMultimediaEvent(h(1), head)).message).toEqual({
      kind: 'multimediaEvent',
      msgId: 0x0800,
      ...head,
    });
    expect(decodeFrame(encodeShootNowResponse(h(2), 77, 0, [5, 6])).message).toEqual({
      kind: 'shootNowResponse',
      msgId: 0x0805,
      replySerial: 77,
      result: 0,
      mediaIds: [5, 6],
    });
    expect(decodeFrame(encodeMediaDataResponse(h(3), { mediaId: 9, missing: [] })).message).toEqual({
      kind: 'mediaDataResponse',
      msgId: 0x8800,
      mediaId: 9,
      missing: [],
    });
    expect(decodeFrame(encodeMediaDataResponse(h(3), { mediaId: 9, missing: [2, 5] })).message).toMatchObject(
      {
        missing: [2, 5],
      },
    );
    const shoot = {
      channel: 1,
      command: 1,
      interval: 0,
      save: 0,
      resolution: 2,
      quality: 5,
      brightness: 128,
      contrast: 64,
      saturation: 64,
      chroma: 128,
    };
    const shootFrame = decodeFrame(encodeShootNow(h(4), shoot));
    expect(shootFrame.header.bodyLength).toBe(12);
    expect(shootFrame.message).toEqual({ kind: 'shootNow', msgId: 0x8801, ...shoot });
    for (const version of [2013, 2019] as const) {
      const frame = decodeFrame(encodeRetransmitRequest(h(5, version), { firstSerial: 40, missing: [2, 3] }));
      expect(frame.message).toEqual({
        kind: 'retransmitRequest',
        msgId: 0x8003,
        firstSerial: 40,
        missing: [2, 3],
      });
      expect(frame.header.bodyLength).toBe(version === 2019 ? 8 : 7);
    }
  });

  it('splits a long 0x0801 into packets that join back into the media, its location and data', () => {
    const data = Buffer.alloc(2500, 0xab);
    const location = { lat: 39.9, lon: 116.4, speed: 12, time: Date.UTC(2026, 10, 20, 2, 0, 0) };
    const frames = encodeMultimediaData(h(10), head, location, data);
    expect(frames).toHaveLength(3);
    const r = new Reassembler();
    const joined = frames.map((f) => r.push(parseFrame(f), 0)).at(-1);
    if (!joined) throw new Error('not joined');
    const message = decodeMessage(joined);
    expect(message).toMatchObject({ kind: 'multimediaData', ...head, location: { lat: 39.9, lon: 116.4 } });
    expect(message.kind === 'multimediaData' && message.data.equals(data)).toBe(true);
  });
});
