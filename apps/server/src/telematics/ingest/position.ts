import type { Location } from '../jt808';

/**
 * One row of `position` as the ingest writes it, in the stored units: microdegrees (WGS-84),
 * 0.1 km/h, 0.1 km, 0.1 L, epoch ms.
 */
export interface PositionRow {
  truckId: number;
  terminalId: number;
  /** Device time, or the received time when the device time was unusable (see `extra`). */
  time: number;
  receivedAt: number;
  lat: number;
  lon: number;
  altitude: number;
  speed: number;
  direction: number;
  alarmBits: number;
  statusBits: number;
  mileage: number | null;
  fuel: number | null;
  /** JSON of the further additional items, null when there are none (see `extraJson`). */
  extra: string | null;
  /** The decoded report, not stored: the alarm rules read its items (active safety, faults). */
  location?: Location;
}

/** A device time further ahead of the receive time than this is not believed. */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

const ACC_BIT = 1;
const LOCATED_BIT = 2;

export function accOn(statusBits: number): boolean {
  return (statusBits & ACC_BIT) !== 0;
}

export function located(statusBits: number): boolean {
  return (statusBits & LOCATED_BIT) !== 0;
}

/**
 * `position.extra`: the additional items other than mileage (0x01) and fuel (0x02) under the
 * codec's names (`recorderSpeedKmh`, `signalStrength`, `satellites`, `vehicleSignal` (0x25),
 * `ioStatus` (0x2A), `analog` (0x2B), `adas`, `dsm`, `tyre`, `bsd`, `overspeed`, `areaAlarm`, ...),
 * `raw`: items the codec does not decode as `{ "<id hex>": "<value hex>" }`, and two flags of the
 * ingest: `futureTime` (the device time, epoch ms, when it was more than 10 minutes ahead and the
 * received time was stored instead) and `badTime` (the BCD digits when they were not a date).
 * Null when there is nothing to keep, which is the common case.
 */
export function extraJson(location: Location, futureTime: number | null): string | null {
  let extra: Record<string, unknown> | null = null;
  const extras = location.extras as Record<string, unknown>;
  for (const key in extras) {
    if (key === 'mileageKm' || key === 'fuelL') continue;
    extra ??= {};
    extra[key] = extras[key];
  }
  if (location.unknown.length > 0) {
    const raw: Record<string, string> = {};
    for (const item of location.unknown)
      raw[item.id.toString(16).padStart(2, '0')] = item.bytes.toString('hex');
    extra ??= {};
    extra.raw = raw;
  }
  if (futureTime !== null) {
    extra ??= {};
    extra.futureTime = futureTime;
  }
  if (location.time === null) {
    extra ??= {};
    extra.badTime = location.timeBcd;
  }
  return extra ? JSON.stringify(extra) : null;
}

/** The stored row of a decoded location; an unusable device time is replaced by `receivedAt` and flagged. */
export function positionRow(
  location: Location,
  truckId: number,
  terminalId: number,
  receivedAt: number,
): PositionRow {
  let time = location.time ?? receivedAt;
  let futureTime: number | null = null;
  if (time > receivedAt + FUTURE_TOLERANCE_MS) {
    futureTime = time;
    time = receivedAt;
  }
  const { mileageKm, fuelL } = location.extras;
  return {
    truckId,
    terminalId,
    time,
    receivedAt,
    lat: Math.round(location.lat * 1e6),
    lon: Math.round(location.lon * 1e6),
    altitude: location.altitude,
    speed: Math.round(location.speed * 10),
    direction: location.direction,
    alarmBits: location.alarm,
    statusBits: location.status,
    mileage: mileageKm === undefined ? null : Math.round(mileageKm * 10),
    fuel: fuelL === undefined ? null : Math.round(fuelL * 10),
    extra: extraJson(location, futureTime),
    location,
  };
}
