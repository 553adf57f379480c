import { texts } from '../locales';

/** The states the monitoring APIs give a vehicle. */
export type VehicleStateCode = 'moving' | 'parked' | 'offline';
/** What a vehicle marker shows: its state, or 报警 while an online vehicle has an alarm. */
export type VehicleLook = VehicleStateCode | 'alarm';

/** 行驶 green, 停车 blue, 离线 grey, 报警 red. */
export const VEHICLE_COLORS: Readonly<Record<VehicleLook, string>> = {
  moving: '#2f9e44',
  parked: '#1c7ed6',
  offline: '#868e96',
  alarm: '#e03131',
};

export const VEHICLE_LOOK_TEXT: Readonly<Record<VehicleLook, string>> = texts.map.vehicleStates;

/** An alarm shows only while the vehicle is online: an offline vehicle's last alarm word is stale. */
export function vehicleLook(v: { stateCode?: string | null; alarm?: boolean | null }): VehicleLook {
  const code: VehicleStateCode =
    v.stateCode === 'moving' || v.stateCode === 'parked' ? v.stateCode : 'offline';
  if (v.alarm && code !== 'offline') return 'alarm';
  return code;
}

export function vehicleColor(v: { stateCode?: string | null; alarm?: boolean | null }): string {
  return VEHICLE_COLORS[vehicleLook(v)];
}

/** Direction in degrees (0 north, clockwise) kept within 0..359; anything else is north. */
export function headingOf(direction: unknown): number {
  const d = typeof direction === 'number' && Number.isFinite(direction) ? direction : 0;
  return ((Math.round(d) % 360) + 360) % 360;
}
