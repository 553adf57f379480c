/** Voice intercom constants (spec core sections 4, 7 and 9). */

export const VOICE_AUTO_END_MS = 5 * 60 * 1000;
export const VOICE_HEARTBEAT_MS = 10_000;
export const VOICE_CHANNEL = 1;
export const VOICE_STREAM_TYPE = 0;
export const VOICE_PROTOCOL = 2;
export const VOICE_DATA_TYPE = 2;
/** PCM of the talk stream: 8 kHz, 16-bit, mono. */
export const VOICE_SAMPLE_RATE = 8000;
export const VOICE_SAMPLE_BITS = 16;
export const VOICE_AUDIO_CHANNELS = 1;
/** Added to the epoch seconds of requestTime. */
export const VOICE_REQUEST_TIME_OFFSET = 655_350;

/** requestTime of the media calls: current epoch seconds plus 655350, as text. */
export function voiceRequestTime(nowMs: number): string {
  return String(Math.floor(nowMs / 1000) + VOICE_REQUEST_TIME_OFFSET);
}
