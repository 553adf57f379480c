import { Reader, Writer } from '../bytes';
import { Jt808Error } from '../errors';
import { decodeLocation, type Location } from '../location';
import { type LocationInput, writeLocation } from '../location-encode';

/**
 * Location reports: 0x0200 (location), 0x0201 (reply serial u16 + location, the answer to 0x8201),
 * 0x0704 (count u16 | type u8 (0 regular batch, 1 blind-area backfill) | count x (length u16 + location)).
 */
export interface LocationReport {
  kind: 'location';
  msgId: 0x0200;
  location: Location;
}

export interface LocationQueryResponse {
  kind: 'locationQueryResponse';
  msgId: 0x0201;
  replySerial: number;
  location: Location;
}

export const BATCH_TYPE = { regular: 0, blindArea: 1 } as const;

export interface BatchLocation {
  kind: 'batchLocation';
  msgId: 0x0704;
  type: number;
  locations: Location[];
}

export function decodeLocationReport(body: Buffer): LocationReport {
  return { kind: 'location', msgId: 0x0200, location: decodeLocation(body) };
}

export function decodeLocationQueryResponse(body: Buffer): LocationQueryResponse {
  const r = new Reader(body, 0, body.length, '0x0201');
  const replySerial = r.u16('reply serial');
  return { kind: 'locationQueryResponse', msgId: 0x0201, replySerial, location: decodeLocation(body, r.pos) };
}

/** Reads `count` items; bytes after the last one are ignored. */
export function decodeBatchLocation(body: Buffer): BatchLocation {
  const r = new Reader(body, 0, body.length, '0x0704');
  const count = r.u16('count');
  const type = r.u8('type');
  const locations: Location[] = [];
  for (let i = 0; i < count; i++) {
    const length = r.u16(`item ${i + 1} length`);
    r.need(length, `item ${i + 1}`);
    locations.push(decodeLocation(body, r.pos, r.pos + length));
    r.pos += length;
  }
  return { kind: 'batchLocation', msgId: 0x0704, type, locations };
}

export function encodeLocationQueryResponseBody(replySerial: number, location: LocationInput): Buffer {
  const w = new Writer(64).u16(replySerial, 'reply serial');
  writeLocation(w, location);
  return w.toBuffer();
}

export function encodeBatchLocationBody(type: number, locations: readonly LocationInput[]): Buffer {
  if (locations.length === 0) throw new Jt808Error('range', '0x0704 needs at least one location');
  const w = new Writer(256).u16(locations.length, 'count').u8(type, 'type');
  for (const location of locations) {
    const item = new Writer(64);
    writeLocation(item, location);
    w.u16(item.length, 'item length').bytes(item.toBuffer());
  }
  return w.toBuffer();
}
