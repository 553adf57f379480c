import { Reader, Writer } from '../bytes';
import type { Jt808Version } from '../header';
import { decodeGbk, encodeGbk } from '../text';

/**
 * 0x8300 text message down to the terminal.
 *   2013: flag u8 | text (GBK)
 *   2019: flag u8 | text type u8 (1 notice, 2 service) | text (GBK)
 * Flag bits (2013): 0 emergency, 2 show on the terminal display, 3 read aloud by TTS, 4 show on
 * the advertising screen, 5 CAN fault code (else navigation info). 2019 keeps 2 and 3 and uses
 * bits 0-1 for the level (1 service, 2 emergency, 3 notice).
 * Text must be GBK-encodable; other characters are refused with `Jt808Error('encoding')`.
 */
export const TEXT_FLAG = {
  emergency: 0x01,
  display: 0x04,
  tts: 0x08,
  advertisingScreen: 0x10,
  canFaultCode: 0x20,
} as const;

export const TEXT_TYPE = { notice: 1, service: 2 } as const;

export interface TextMessageBody {
  flag: number;
  /** 2019 only (default 1, notice). */
  textType?: number;
  text: string;
}

export interface TextMessage extends TextMessageBody {
  kind: 'textMessage';
  msgId: 0x8300;
}

export function decodeTextMessage(body: Buffer, version: Jt808Version): TextMessage {
  const r = new Reader(body, 0, body.length, '0x8300');
  const flag = r.u8('flag');
  if (version === 2013) return { kind: 'textMessage', msgId: 0x8300, flag, text: decodeGbk(r.rest()) };
  const textType = r.u8('text type');
  return { kind: 'textMessage', msgId: 0x8300, flag, textType, text: decodeGbk(r.rest()) };
}

export function encodeTextMessageBody(body: TextMessageBody, version: Jt808Version): Buffer {
  const w = new Writer(64).u8(body.flag, 'flag');
  if (version === 2019) w.u8(body.textType ?? TEXT_TYPE.notice, 'text type');
  return w.bytes(encodeGbk(body.text, 'text')).toBuffer();
}
