import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../decode';
import { encodeSetParameters } from '../encode';
import { Jt808Error } from '../errors';
import { FrameSplitter } from '../frame';
import { encodeSetParametersBody, TERMINAL_PARAM } from './parameters';

describe('0x8103 set terminal parameters', () => {
  it('writes count, then id, length and DWORD value of each parameter', () => {
    const body = encodeSetParametersBody({
      parameters: [
        { id: TERMINAL_PARAM.heartbeatSeconds, value: 60 },
        { id: TERMINAL_PARAM.maxSpeedKmh, value: 89 },
      ],
    });
    expect(body.toString('hex')).toBe(
      ['02', '00000001', '04', '0000003c', '00000055', '04', '00000059'].join(''),
    );
  });

  it.each([2013, 2019] as const)('round-trips through a %i frame', (version) => {
    const frame = encodeSetParameters(
      { phone: '13800000001', serial: 7, version },
      {
        parameters: [
          { id: TERMINAL_PARAM.reportSeconds, value: 30 },
          { id: TERMINAL_PARAM.continuousDrivingSeconds, value: 4 * 3600 },
          { id: 0x0083, value: Buffer.from('京A12345', 'utf8') },
        ],
      },
    );
    const [split] = new FrameSplitter().push(frame);
    const { header, message } = decodeFrame(split as Buffer);
    expect(header.msgId).toBe(0x8103);
    expect(message).toEqual({
      kind: 'setParameters',
      msgId: 0x8103,
      parameters: [
        { id: 0x0029, value: 30 },
        { id: 0x0057, value: 14_400 },
        { id: 0x0083, value: Buffer.from('京A12345', 'utf8') },
      ],
    });
  });

  it('refuses an empty list and values out of range', () => {
    expect(() => encodeSetParametersBody({ parameters: [] })).toThrow(Jt808Error);
    expect(() => encodeSetParametersBody({ parameters: [{ id: 1, value: -1 }] })).toThrow(Jt808Error);
  });
});
