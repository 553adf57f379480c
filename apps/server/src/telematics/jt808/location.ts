import {
  type AdasAlarm,
  type BsdAlarm,
  type DsmAlarm,
  decodeAdas,
  decodeBsd,
  decodeDsm,
  decodeTyre,
  isActiveSafetyLayout,
  type TyreAlarm,
} from './active-safety';
import { readBcdTimeValue } from './bcd';
import { Jt808Error } from './errors';
import { type AlarmName, STATUS_BITS, type StatusFlags } from './flags';
import { DecodedLocation } from './location-decoded';

/**
 * Location basic information (0x0200 body, also inside 0x0201 and 0x0704), 28 bytes:
 *   alarm u32 | status u32 | lat u32 (1e-6 deg) | lon u32 | altitude WORD (m) | speed u16 (0.1 km/h)
 *   | direction u16 (0-359) | time BCD[6] YYMMDDhhmmss GMT+8
 * then additional items: id u8 | length u8 | value.
 *
 * Altitude: the standard types it WORD (unsigned); it is read as a signed 16-bit value because real
 * terminals below sea level (吐鲁番 basin, -154 m) send two's complement and an altitude above
 * 32 767 m cannot happen. Values 0..32 767 read the same either way.
 */
export const LOCATION_BASIC_LENGTH = 28;
export const SOUTH = 1 << STATUS_BITS.south;
export const WEST = 1 << STATUS_BITS.west;

export interface RawItem {
  id: number;
  bytes: Buffer;
}

export interface LocationExtras {
  /** 0x01, odometer in km (0.1 km units on the wire). */
  mileageKm?: number;
  /** 0x02, fuel gauge in litres (0.1 L units). */
  fuelL?: number;
  /** 0x03, speed from the driving recorder in km/h (0.1 km/h units). */
  recorderSpeedKmh?: number;
  /** 0x04, id of an alarm event needing manual confirmation. */
  manualAlarmEventId?: number;
  /** 0x11, overspeed: area type (0 none, 1 circle, 2 rectangle, 3 polygon, 4 route), id unless type 0. */
  overspeed?: { areaType: number; areaId?: number };
  /** 0x12, area/route in-out: direction 0 in, 1 out. */
  areaAlarm?: { areaType: number; areaId: number; direction: number };
  /** 0x13, route section driving time (s): result 0 too short, 1 too long. */
  routeTimeAlarm?: { routeId: number; drivingTime: number; result: number };
  /** 0x14-0x18, video alarms of JT/T 1078 (bit words as sent). */
  videoAlarm?: number;
  videoSignalLoss?: number;
  videoOcclusion?: number;
  storageFault?: number;
  abnormalDriving?: { types: number; fatigueLevel: number };
  /** 0x25, extended vehicle signal status (see `vehicleSignalNames`). */
  vehicleSignal?: number;
  /** 0x2A, IO status (see `ioStatusFlags`). */
  ioStatus?: number;
  /** 0x2B, analog: AD0 bits 0-15, AD1 bits 16-31. */
  analog?: { ad0: number; ad1: number };
  /** 0x30, wireless signal strength. */
  signalStrength?: number;
  /** 0x31, GNSS satellites in use. */
  satellites?: number;
  /** 0x64-0x67, active safety (苏标). */
  adas?: AdasAlarm;
  dsm?: DsmAlarm;
  tyre?: TyreAlarm;
  bsd?: BsdAlarm;
}

export interface Location {
  alarm: number;
  /** Names of the bits of `alarm` (decoded locations derive them when first read). */
  alarms: AlarmName[];
  status: number;
  /** Named bits of `status` (decoded locations derive them when first read). */
  flags: StatusFlags;
  /** Degrees, negative in the southern hemisphere (status bit 2). Not range-checked. */
  lat: number;
  /** Degrees, negative west of Greenwich (status bit 3). */
  lon: number;
  /** Metres. */
  altitude: number;
  /** km/h */
  speed: number;
  /** Degrees from north, clockwise. */
  direction: number;
  /** UTC epoch ms, null when the BCD digits are not a date (e.g. all zeros before a first fix). */
  time: number | null;
  /** YYMMDDhhmmss as sent (GMT+8). */
  timeBcd: string;
  extras: LocationExtras;
  /** Items of ids not decoded here, and known ids with a length other than the standard one. */
  unknown: RawItem[];
}

/** Length of the item at `pos` (its id at `pos`, length at `pos + 1`); an error when it runs past `end`. */
function itemLength(buf: Buffer, pos: number, end: number): number {
  if (end - pos < 2)
    throw new Jt808Error('truncated', `additional item header at offset ${pos} is cut short`);
  const length = buf[pos + 1] as number;
  if (pos + 2 + length > end) {
    const id = (buf[pos] as number).toString(16);
    throw new Jt808Error(
      'truncated',
      `additional item 0x${id} declares ${length} byte(s), ${end - pos - 2} left`,
    );
  }
  return length;
}

/** Iterates the additional items of `buf[start..end)`; an item running past `end` is an error. */
export function readItems(
  buf: Buffer,
  start: number,
  end: number,
  visit: (id: number, value: Buffer) => void,
): void {
  for (let pos = start; pos < end; ) {
    const length = itemLength(buf, pos, end);
    visit(buf[pos] as number, buf.subarray(pos + 2, pos + 2 + length));
    pos += 2 + length;
  }
}

/**
 * Decodes item `id` (its `n` value bytes at `v[o..]`) into `extras`; false when the id or its length
 * is not one decoded here. Reads in place: no buffer is made for the items decoded.
 */
function decodeItem(id: number, v: Buffer, o: number, n: number, extras: LocationExtras): boolean {
  switch (id) {
    case 0x01:
      if (n !== 4) return false;
      extras.mileageKm = v.readUInt32BE(o) / 10;
      return true;
    case 0x02:
      if (n !== 2) return false;
      extras.fuelL = v.readUInt16BE(o) / 10;
      return true;
    case 0x03:
      if (n !== 2) return false;
      extras.recorderSpeedKmh = v.readUInt16BE(o) / 10;
      return true;
    case 0x04:
      if (n !== 2) return false;
      extras.manualAlarmEventId = v.readUInt16BE(o);
      return true;
    case 0x11:
      if (n === 1 && v[o] === 0) extras.overspeed = { areaType: 0 };
      else if (n === 5) extras.overspeed = { areaType: v[o] as number, areaId: v.readUInt32BE(o + 1) };
      else return false;
      return true;
    case 0x12:
      if (n !== 6) return false;
      extras.areaAlarm = {
        areaType: v[o] as number,
        areaId: v.readUInt32BE(o + 1),
        direction: v[o + 5] as number,
      };
      return true;
    case 0x13:
      if (n !== 7) return false;
      extras.routeTimeAlarm = {
        routeId: v.readUInt32BE(o),
        drivingTime: v.readUInt16BE(o + 4),
        result: v[o + 6] as number,
      };
      return true;
    case 0x14:
    case 0x15:
    case 0x16:
      if (n !== 4) return false;
      extras[id === 0x14 ? 'videoAlarm' : id === 0x15 ? 'videoSignalLoss' : 'videoOcclusion'] =
        v.readUInt32BE(o);
      return true;
    case 0x17:
      if (n !== 2) return false;
      extras.storageFault = v.readUInt16BE(o);
      return true;
    case 0x18:
      if (n !== 3) return false;
      extras.abnormalDriving = { types: v.readUInt16BE(o), fatigueLevel: v[o + 2] as number };
      return true;
    case 0x25:
      if (n !== 4) return false;
      extras.vehicleSignal = v.readUInt32BE(o);
      return true;
    case 0x2a:
      if (n !== 2) return false;
      extras.ioStatus = v.readUInt16BE(o);
      return true;
    case 0x2b: {
      if (n !== 4) return false;
      const word = v.readUInt32BE(o);
      extras.analog = { ad0: word & 0xffff, ad1: word >>> 16 };
      return true;
    }
    case 0x30:
    case 0x31:
      if (n !== 1) return false;
      extras[id === 0x30 ? 'signalStrength' : 'satellites'] = v[o] as number;
      return true;
    case 0x64:
    case 0x65:
    case 0x66:
    case 0x67:
      if (!isActiveSafetyLayout(id, n)) return false;
      if (id === 0x64) extras.adas = decodeAdas(v.subarray(o, o + n));
      else if (id === 0x65) extras.dsm = decodeDsm(v.subarray(o, o + n));
      else if (id === 0x66) extras.tyre = decodeTyre(v.subarray(o, o + n));
      else extras.bsd = decodeBsd(v.subarray(o, o + n));
      return true;
    default:
      return false;
  }
}

/** Location of `buf[start..end)`: 28 basic bytes then additional items up to `end`. */
export function decodeLocation(buf: Buffer, start = 0, end = buf.length): Location {
  if (end - start < LOCATION_BASIC_LENGTH) {
    throw new Jt808Error('truncated', `location needs ${LOCATION_BASIC_LENGTH} bytes, got ${end - start}`);
  }
  const status = buf.readUInt32BE(start + 4);
  const latRaw = buf.readUInt32BE(start + 8);
  const lonRaw = buf.readUInt32BE(start + 12);
  const time = readBcdTimeValue(buf, start + 22, true);
  const extras: LocationExtras = {};
  const unknown: RawItem[] = [];
  for (let pos = start + LOCATION_BASIC_LENGTH; pos < end; ) {
    const id = buf[pos] as number;
    const length = itemLength(buf, pos, end);
    if (!decodeItem(id, buf, pos + 2, length, extras)) {
      unknown.push({ id, bytes: buf.subarray(pos + 2, pos + 2 + length) });
    }
    pos += 2 + length;
  }
  return new DecodedLocation(
    buf.readUInt32BE(start),
    status,
    latRaw === 0 ? 0 : (status & SOUTH ? -latRaw : latRaw) / 1e6,
    lonRaw === 0 ? 0 : (status & WEST ? -lonRaw : lonRaw) / 1e6,
    buf.readInt16BE(start + 16),
    buf.readUInt16BE(start + 18) / 10,
    buf.readUInt16BE(start + 20),
    time,
    buf.readUIntBE(start + 22, 3),
    buf.readUIntBE(start + 25, 3),
    extras,
    unknown,
  );
}
