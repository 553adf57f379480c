import { describe, expect, it } from 'vitest';
import {
  VOICE_AUTO_END_MS,
  VOICE_CHANNEL,
  VOICE_DATA_TYPE,
  VOICE_HEARTBEAT_MS,
  VOICE_PROTOCOL,
  VOICE_STREAM_TYPE,
  voiceRequestTime,
} from './voice';

describe('voice constants', () => {
  it('have the values of the spec', () => {
    expect([VOICE_AUTO_END_MS, VOICE_HEARTBEAT_MS]).toEqual([300000, 10000]);
    expect([VOICE_CHANNEL, VOICE_STREAM_TYPE, VOICE_PROTOCOL, VOICE_DATA_TYPE]).toEqual([1, 0, 2, 2]);
  });
});

describe('voiceRequestTime', () => {
  it('is epoch seconds plus 655350 as text', () => {
    expect(voiceRequestTime(1_700_000_000_999)).toBe('1700655350');
    expect(voiceRequestTime(0)).toBe('655350');
  });
});
