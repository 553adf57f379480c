import { Reader, Writer } from '../bytes';
import { Jt808Error } from '../errors';
import type { Jt808Version } from '../header';
import { decodeLocation, LOCATION_BASIC_LENGTH, type Location } from '../location';
import { type LocationInput, writeLocation } from '../location-encode';

/**
 * Multimedia (JT/T 808-2013/2019 §8.51-8.56) and the retransmission request of split packets:
 *   0x0800 event:  media id u32 | type u8 | format u8 | event u8 | channel u8
 *   0x0801 data:   media id u32 | type u8 | format u8 | event u8 | channel u8 | location basic (28) | data
 *   0x8800 answer: media id u32 | [count u8 | packet index u16 × count] (nothing after the id: all received)
 *   0x8801 shoot:  channel u8 | command u16 (0 stop, 0xffff record, n photos) | interval s u16 |
 *                  save u8 (1 keep on the terminal, 0 upload now) | resolution u8 | quality u8 (1-10) |
 *                  brightness u8 | contrast u8 | saturation u8 | chroma u8
 *   0x0805 answer: reply serial u16 | result u8 (0 ok, 1 failed, 2 channel unsupported) |
 *                  [count u16 | media id u32 × count] (when ok)
 *   0x8003 retransmission request: first packet's serial u16 | count (u8; u16 in 2019) | packet index u16 × count
 */
export const MEDIA_TYPE = { image: 0, audio: 1, video: 2 } as const;
export const MEDIA_FORMAT = { jpeg: 0, tif: 1, mp3: 2, wav: 3, wmv: 4 } as const;
/** Event of a multimedia item: 0 the platform asked, 1 timed, 2 robbery alarm, 3 collision or rollover. */
export const MEDIA_EVENT = { platform: 0, timed: 1, robbery: 2, collision: 3 } as const;

export interface MediaHead {
  mediaId: number;
  type: number;
  format: number;
  event: number;
  channel: number;
}

export interface MultimediaEvent extends MediaHead {
  kind: 'multimediaEvent';
  msgId: 0x0800;
}

export interface MultimediaData extends MediaHead {
  kind: 'multimediaData';
  msgId: 0x0801;
  location: Location;
  data: Buffer;
}

export interface ShootNowBody {
  channel: number;
  /** Photos to take (1-0xfffe); 0 stops, 0xffff records video. */
  command: number;
  /** Seconds between photos, or of the recording. */
  interval: number;
  /** 1 keeps the files on the terminal; 0 uploads them now (0x0800/0x0801). */
  save: number;
  /** 1 320×240, 2 640×480, 3 800×600, 4 1024×768, 5 176×144, 6 352×288, 7 704×288, 8 704×576. */
  resolution: number;
  /** 1 best to 10 smallest. */
  quality: number;
  brightness: number;
  contrast: number;
  saturation: number;
  chroma: number;
}

export interface ShootNow extends ShootNowBody {
  kind: 'shootNow';
  msgId: 0x8801;
}

export interface ShootNowResponse {
  kind: 'shootNowResponse';
  msgId: 0x0805;
  replySerial: number;
  result: number;
  mediaIds: number[];
}

export interface MediaDataResponseBody {
  mediaId: number;
  /** Packet indexes (from 1) to send again; empty when all arrived. */
  missing: number[];
}

export interface MediaDataResponse extends MediaDataResponseBody {
  kind: 'mediaDataResponse';
  msgId: 0x8800;
}

export interface RetransmitRequestBody {
  /** Serial of the first packet of the split message. */
  firstSerial: number;
  /** Packet indexes (from 1) to send again. */
  missing: number[];
}

export interface RetransmitRequest extends RetransmitRequestBody {
  kind: 'retransmitRequest';
  msgId: 0x8003;
}

function readHead(r: Reader): MediaHead {
  return {
    mediaId: r.u32('media id'),
    type: r.u8('media type'),
    format: r.u8('media format'),
    event: r.u8('event'),
    channel: r.u8('channel'),
  };
}

function writeHead(w: Writer, head: MediaHead): Writer {
  return w
    .u32(head.mediaId, 'media id')
    .u8(head.type, 'media type')
    .u8(head.format, 'media format')
    .u8(head.event, 'event')
    .u8(head.channel, 'channel');
}

export function decodeMultimediaEvent(body: Buffer): MultimediaEvent {
  const r = new Reader(body, 0, body.length, '0x0800');
  return { kind: 'multimediaEvent', msgId: 0x0800, ...readHead(r) };
}

export function decodeMultimediaData(body: Buffer): MultimediaData {
  const r = new Reader(body, 0, body.length, '0x0801');
  const head = readHead(r);
  r.need(LOCATION_BASIC_LENGTH, 'location');
  const location = decodeLocation(body, r.pos, r.pos + LOCATION_BASIC_LENGTH);
  r.pos += LOCATION_BASIC_LENGTH;
  return { kind: 'multimediaData', msgId: 0x0801, ...head, location, data: r.rest() };
}

export function encodeMultimediaEventBody(head: MediaHead): Buffer {
  return writeHead(new Writer(8), head).toBuffer();
}

/** The location is written without additional items (the standard's 28 bytes). */
export function encodeMultimediaDataBody(head: MediaHead, location: LocationInput, data: Uint8Array): Buffer {
  const w = writeHead(new Writer(36 + data.length), head);
  writeLocation(w, { ...location, extras: undefined, items: undefined });
  return w.bytes(data).toBuffer();
}

function readIndexes(r: Reader, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(r.u16('packet index'));
  return out;
}

export function decodeMediaDataResponse(body: Buffer): MediaDataResponse {
  const r = new Reader(body, 0, body.length, '0x8800');
  const mediaId = r.u32('media id');
  const missing = r.remaining > 0 ? readIndexes(r, r.u8('count')) : [];
  return { kind: 'mediaDataResponse', msgId: 0x8800, mediaId, missing };
}

export function encodeMediaDataResponseBody(body: MediaDataResponseBody): Buffer {
  if (body.missing.length > 0xff) throw new Jt808Error('range', '0x8800 lists at most 255 packets');
  const w = new Writer(7 + body.missing.length * 2).u32(body.mediaId, 'media id');
  if (body.missing.length > 0) {
    w.u8(body.missing.length, 'count');
    for (const index of body.missing) w.u16(index, 'packet index');
  }
  return w.toBuffer();
}

export function decodeShootNow(body: Buffer): ShootNow {
  const r = new Reader(body, 0, body.length, '0x8801');
  return {
    kind: 'shootNow',
    msgId: 0x8801,
    channel: r.u8('channel'),
    command: r.u16('command'),
    interval: r.u16('interval'),
    save: r.u8('save'),
    resolution: r.u8('resolution'),
    quality: r.u8('quality'),
    brightness: r.u8('brightness'),
    contrast: r.u8('contrast'),
    saturation: r.u8('saturation'),
    chroma: r.u8('chroma'),
  };
}

export function encodeShootNowBody(body: ShootNowBody): Buffer {
  return new Writer(12)
    .u8(body.channel, 'channel')
    .u16(body.command, 'command')
    .u16(body.interval, 'interval')
    .u8(body.save, 'save')
    .u8(body.resolution, 'resolution')
    .u8(body.quality, 'quality')
    .u8(body.brightness, 'brightness')
    .u8(body.contrast, 'contrast')
    .u8(body.saturation, 'saturation')
    .u8(body.chroma, 'chroma')
    .toBuffer();
}

export function decodeShootNowResponse(body: Buffer): ShootNowResponse {
  const r = new Reader(body, 0, body.length, '0x0805');
  const replySerial = r.u16('reply serial');
  const result = r.u8('result');
  const mediaIds: number[] = [];
  if (result === 0 && r.remaining > 0) {
    const count = r.u16('count');
    for (let i = 0; i < count; i++) mediaIds.push(r.u32('media id'));
  }
  return { kind: 'shootNowResponse', msgId: 0x0805, replySerial, result, mediaIds };
}

export function encodeShootNowResponseBody(replySerial: number, result: number, mediaIds: number[]): Buffer {
  const w = new Writer(7 + mediaIds.length * 4).u16(replySerial, 'reply serial').u8(result, 'result');
  if (result === 0) {
    w.u16(mediaIds.length, 'count');
    for (const id of mediaIds) w.u32(id, 'media id');
  }
  return w.toBuffer();
}

export function decodeRetransmitRequest(body: Buffer, version: Jt808Version): RetransmitRequest {
  const r = new Reader(body, 0, body.length, '0x8003');
  const firstSerial = r.u16('first serial');
  const count = version === 2019 ? r.u16('count') : r.u8('count');
  return { kind: 'retransmitRequest', msgId: 0x8003, firstSerial, missing: readIndexes(r, count) };
}

export function encodeRetransmitRequestBody(body: RetransmitRequestBody, version: Jt808Version): Buffer {
  const w = new Writer(5 + body.missing.length * 2).u16(body.firstSerial, 'first serial');
  if (version === 2019) w.u16(body.missing.length, 'count');
  else w.u8(body.missing.length, 'count');
  for (const index of body.missing) w.u16(index, 'packet index');
  return w.toBuffer();
}
