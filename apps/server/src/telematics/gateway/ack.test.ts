import { describe, expect, it } from 'vitest';
import { encodePlatformResponse } from '../jt808';
import { AckEncoder } from './ack';

describe('0x8001 acknowledgement encoder', () => {
  it('writes the same bytes as the codec for 2013 and 2019 headers, escapes included', () => {
    const acks = new AckEncoder();
    const headers = [
      { phone: '013800000001', version: 2013 as const, protocolVersion: 0 },
      { phone: '00000000013800000002', version: 2019 as const, protocolVersion: 1 },
      { phone: '0b3a73ce2ff2', version: 2013 as const, protocolVersion: 0 },
      { phone: '013800000001', version: 2013 as const, protocolVersion: 0 },
    ];
    for (const h of headers) {
      for (const [serial, replySerial, replyMsgId, result] of [
        [0, 1, 0x0200, 0],
        [0x7e7d, 0x7d7e, 0x0704, 1],
        [65535, 34845, 0x0002, 3],
        [126, 125, 0x0102, 2],
      ] as const) {
        const expected = encodePlatformResponse(
          {
            phone: h.phone,
            serial,
            version: h.version,
            ...(h.version === 2019 ? { protocolVersion: h.protocolVersion } : {}),
          },
          { replySerial, replyMsgId, result },
        );
        expect(acks.encode(h, serial, replySerial, replyMsgId, result).toString('hex')).toBe(
          expected.toString('hex'),
        );
      }
    }
  });
});
