import { type CoordSet, coordSetMicro } from '../geo/coords';
import {
  alarmTexts,
  directionText,
  isOnline,
  STATE_TEXT,
  type StateCode,
  stateCode,
  tenth,
  timeText,
} from './vehicle-status';
import { driverOf, type VehicleRow } from './vehicles.repository';

export const UNKNOWN_DRIVER = '未知司机';

const NO_POSITION = {
  lng: null,
  lat: null,
  gcj02Lng: null,
  gcj02Lat: null,
  bd09Lng: null,
  bd09Lat: null,
} as const;

export function positionOf(row: Pick<VehicleRow, 'lat' | 'lon'>): CoordSet | typeof NO_POSITION {
  return row.lat === null || row.lon === null ? NO_POSITION : coordSetMicro(row.lon, row.lat);
}

export function fuelPercent(fuelTenthLitres: number | null, tankCapacity: number | null): number | null {
  if (fuelTenthLitres === null || !tankCapacity) return null;
  return Math.round((fuelTenthLitres / 10 / tankCapacity) * 1000) / 10;
}

/** A vehicle as the monitoring lists show it: identity, team, driver, state and last position. */
export function vehicleView(row: VehicleRow, now: number) {
  const code: StateCode = stateCode(row, now);
  const driver = driverOf(row);
  return {
    truckId: row.truckId,
    vin: row.vin,
    carNo: row.carNo,
    tid: row.tid ?? '',
    teamCode: row.teamCode,
    teamName: row.teamName ?? '',
    driverName: driver.name ?? UNKNOWN_DRIVER,
    driverPhone: driver.phone ?? '',
    online: isOnline(row, now),
    state: STATE_TEXT[code],
    stateCode: code,
    alarm: (row.alarmBits ?? 0) !== 0,
    alarms: alarmTexts(row.alarmBits),
    speed: tenth(row.speed) ?? 0,
    direction: row.direction ?? 0,
    directionText: directionText(row.direction),
    ...positionOf(row),
    reportTime: timeText(row.time),
    /** Odometer, km. */
    mileage: tenth(row.mileage),
    /** Fuel gauge, litres. */
    fuel: tenth(row.fuel),
    fuelPercent: fuelPercent(row.fuel, row.tankCapacity),
    acc: row.acc ?? 0,
  };
}

export type VehicleView = ReturnType<typeof vehicleView>;

/**
 * `vehicleView` of one row of a list: a row whose stored state cannot be shown (a position or time
 * out of every range) is listed without its position and time, so one truck never fails a list.
 */
export function safeView(row: VehicleRow, now: number): VehicleView {
  try {
    return vehicleView(row, now);
  } catch {
    return vehicleView({ ...row, lat: null, lon: null, time: null, direction: null }, now);
  }
}
