import { readBcdTime, toBcdTime } from './bcd';
import { checkInt, hex, Reader, Writer } from './bytes';
import { Jt808Error } from './errors';
import { decodeField } from './text';

/**
 * Additional items 0x64-0x67 of the active-safety extension (苏标 T/JSATL12, the JT/T 1078
 * companion): ADAS, DSM, tyre pressure (TPMS) and blind spot (BSD). Each is decoded only when its
 * length is the one the standard gives (ADAS/DSM 47, BSD 41, TPMS 41 + 9 per tyre); other lengths
 * (vendor variants such as the 粤标 layout) are kept raw by the caller.
 */
export const ADAS_EVENTS = {
  1: 'forwardCollision',
  2: 'laneDeparture',
  3: 'vehicleTooClose',
  4: 'pedestrianCollision',
  5: 'frequentLaneChange',
  6: 'roadSignOverLimit',
  7: 'obstacle',
  16: 'roadSignRecognition',
  17: 'activeCapture',
} as const;
export const DSM_EVENTS = {
  1: 'fatigue',
  2: 'phoneCall',
  3: 'smoking',
  4: 'distraction',
  5: 'driverAbnormal',
  16: 'autoCapture',
  17: 'driverChange',
} as const;
export const BSD_EVENTS = { 1: 'rearApproach', 2: 'leftRearApproach', 3: 'rightRearApproach' } as const;

export type AdasEventName = (typeof ADAS_EVENTS)[keyof typeof ADAS_EVENTS];
export type DsmEventName = (typeof DSM_EVENTS)[keyof typeof DSM_EVENTS];
export type BsdEventName = (typeof BSD_EVENTS)[keyof typeof BSD_EVENTS];

/** 报警标识号, 16 bytes: terminal id 7 + time BCD 6 + serial + attachment count + reserved. */
export interface AlarmIdentification {
  terminalId: string;
  time: number | null;
  timeBcd: string;
  serial: number;
  attachments: number;
  reserved: number;
  /** The 16 bytes as hex (what platforms quote back when asking for the attachments). */
  raw: string;
}

/** Fields every active-safety item carries. Lat/lon are unsigned degrees (no hemisphere bits). */
export interface SafetyCommon {
  alarmId: number;
  /** 0 not available, 1 start, 2 end. */
  flag: number;
  /** km/h */
  speed: number;
  altitude: number;
  lat: number;
  lon: number;
  time: number | null;
  timeBcd: string;
  /** Vehicle status word of the item (bit 0 ACC, 1 left turn, 2 right turn, 3 wiper, 4 brake, ...). */
  vehicleStatus: number;
  identification: AlarmIdentification;
}

export interface AdasAlarm extends SafetyCommon {
  type: number;
  typeName: AdasEventName | null;
  level: number;
  /** km/h */
  frontSpeed: number;
  /** 100 ms units (time headway) or metres, as the event type defines. */
  frontDistance: number;
  departureType: number;
  roadSignType: number;
  roadSignValue: number;
}

export interface DsmAlarm extends SafetyCommon {
  type: number;
  typeName: DsmEventName | null;
  level: number;
  fatigueDegree: number;
}

export interface TyreReading {
  position: number;
  alarmType: number;
  /** kPa */
  pressure: number;
  /** °C */
  temperature: number;
  /** % */
  battery: number;
}

export interface TyreAlarm extends SafetyCommon {
  tyres: TyreReading[];
}

export interface BsdAlarm extends SafetyCommon {
  type: number;
  typeName: BsdEventName | null;
}

export const ADAS_LENGTH = 47;
export const DSM_LENGTH = 47;
export const BSD_LENGTH = 41;
export const TYRE_HEADER_LENGTH = 41;

function name<T extends Record<number, string>>(table: T, type: number): T[keyof T] | null {
  return (table[type as keyof T] ?? null) as T[keyof T] | null;
}

/** Reads speed .. identification (the tail shared by the four items) from `r`. */
function readTail(r: Reader): Omit<SafetyCommon, 'alarmId' | 'flag'> {
  const speed = r.u8('speed');
  const altitude = r.i16('altitude');
  const lat = r.u32('lat') / 1e6;
  const lon = r.u32('lon') / 1e6;
  const at = readBcdTime(r.bytes(6, 'time'), 0, false);
  const vehicleStatus = r.u16('vehicle status');
  const id = r.bytes(16, 'alarm identification');
  const idTime = readBcdTime(id, 7, false);
  const identification: AlarmIdentification = {
    terminalId: decodeField(id.subarray(0, 7)),
    time: idTime.time,
    timeBcd: idTime.raw,
    serial: id[13] as number,
    attachments: id[14] as number,
    reserved: id[15] as number,
    raw: hex(id),
  };
  return { speed, altitude, lat, lon, time: at.time, timeBcd: at.raw, vehicleStatus, identification };
}

export function decodeAdas(value: Buffer): AdasAlarm {
  const r = new Reader(value, 0, value.length, 'item 0x64');
  const alarmId = r.u32('alarm id');
  const flag = r.u8('flag');
  const type = r.u8('event type');
  const level = r.u8('level');
  const frontSpeed = r.u8('front speed');
  const frontDistance = r.u8('front distance');
  const departureType = r.u8('departure type');
  const roadSignType = r.u8('road sign type');
  const roadSignValue = r.u8('road sign value');
  const tail = readTail(r);
  return {
    alarmId,
    flag,
    type,
    typeName: name(ADAS_EVENTS, type),
    level,
    frontSpeed,
    frontDistance,
    departureType,
    roadSignType,
    roadSignValue,
    ...tail,
  };
}

export function decodeDsm(value: Buffer): DsmAlarm {
  const r = new Reader(value, 0, value.length, 'item 0x65');
  const alarmId = r.u32('alarm id');
  const flag = r.u8('flag');
  const type = r.u8('event type');
  const level = r.u8('level');
  const fatigueDegree = r.u8('fatigue degree');
  r.bytes(4, 'reserved');
  const tail = readTail(r);
  return { alarmId, flag, type, typeName: name(DSM_EVENTS, type), level, fatigueDegree, ...tail };
}

export function decodeTyre(value: Buffer): TyreAlarm {
  const r = new Reader(value, 0, value.length, 'item 0x66');
  const alarmId = r.u32('alarm id');
  const flag = r.u8('flag');
  const tail = readTail(r);
  const count = r.u8('tyre count');
  const tyres: TyreReading[] = [];
  for (let i = 0; i < count; i++) {
    tyres.push({
      position: r.u8('tyre position'),
      alarmType: r.u16('tyre alarm type'),
      pressure: r.u16('tyre pressure'),
      temperature: r.u16('tyre temperature'),
      battery: r.u16('tyre battery'),
    });
  }
  return { alarmId, flag, ...tail, tyres };
}

export function decodeBsd(value: Buffer): BsdAlarm {
  const r = new Reader(value, 0, value.length, 'item 0x67');
  const alarmId = r.u32('alarm id');
  const flag = r.u8('flag');
  const type = r.u8('event type');
  const tail = readTail(r);
  return { alarmId, flag, type, typeName: name(BSD_EVENTS, type), ...tail };
}

/** Whether an item of this id and length has the standard layout decoded here. */
export function isActiveSafetyLayout(id: number, length: number): boolean {
  if (id === 0x64) return length === ADAS_LENGTH;
  if (id === 0x65) return length === DSM_LENGTH;
  if (id === 0x67) return length === BSD_LENGTH;
  if (id === 0x66) return length >= TYRE_HEADER_LENGTH && (length - TYRE_HEADER_LENGTH) % 9 === 0;
  return false;
}

function writeTail(w: Writer, a: SafetyCommon): void {
  w.u8(a.speed, 'speed').word(a.altitude, 'altitude');
  w.u32(Math.round(a.lat * 1e6), 'lat').u32(Math.round(a.lon * 1e6), 'lon');
  w.bytes(toBcdTime(a.time ?? a.timeBcd)).u16(a.vehicleStatus, 'vehicle status');
  const id = a.identification;
  const terminal = Buffer.from(id.terminalId, 'latin1');
  if (terminal.length > 7 || /[^\x20-\x7e]/.test(id.terminalId)) {
    throw new Jt808Error('range', `alarm identification terminal id must be up to 7 ASCII characters`);
  }
  w.fixed(terminal, 7, 'terminal id').bytes(toBcdTime(id.time ?? id.timeBcd));
  w.u8(id.serial, 'identification serial').u8(id.attachments, 'attachments').u8(id.reserved, 'reserved');
}

export function encodeAdas(a: AdasAlarm): Buffer {
  const w = new Writer(ADAS_LENGTH).u32(a.alarmId, 'alarm id').u8(a.flag, 'flag').u8(a.type, 'type');
  w.u8(a.level, 'level').u8(a.frontSpeed, 'front speed').u8(a.frontDistance, 'front distance');
  w.u8(a.departureType, 'departure type').u8(a.roadSignType, 'road sign type');
  w.u8(a.roadSignValue, 'road sign value');
  writeTail(w, a);
  return w.toBuffer();
}

export function encodeDsm(a: DsmAlarm): Buffer {
  const w = new Writer(DSM_LENGTH).u32(a.alarmId, 'alarm id').u8(a.flag, 'flag').u8(a.type, 'type');
  w.u8(a.level, 'level').u8(a.fatigueDegree, 'fatigue degree').fixed(new Uint8Array(0), 4, 'reserved');
  writeTail(w, a);
  return w.toBuffer();
}

export function encodeTyre(a: TyreAlarm): Buffer {
  checkInt(a.tyres.length, 0, 23, 'tyre count');
  const w = new Writer(TYRE_HEADER_LENGTH + 9 * a.tyres.length).u32(a.alarmId, 'alarm id').u8(a.flag, 'flag');
  writeTail(w, a);
  w.u8(a.tyres.length, 'tyre count');
  for (const t of a.tyres) {
    w.u8(t.position, 'tyre position').u16(t.alarmType, 'tyre alarm type').u16(t.pressure, 'tyre pressure');
    w.u16(t.temperature, 'tyre temperature').u16(t.battery, 'tyre battery');
  }
  return w.toBuffer();
}

export function encodeBsd(a: BsdAlarm): Buffer {
  const w = new Writer(BSD_LENGTH).u32(a.alarmId, 'alarm id').u8(a.flag, 'flag').u8(a.type, 'type');
  writeTail(w, a);
  return w.toBuffer();
}
