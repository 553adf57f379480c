/**
 * Named bits of the 0x0200 alarm word, status word and the 0x25 / 0x2A additional items
 * (JT/T 808-2013 tables 24, 25, 31, 32; bits marked 2019 were reserved in 2013).
 */
export const ALARM_BITS = {
  emergency: 0,
  overspeed: 1,
  fatigue: 2,
  dangerWarning: 3,
  gnssFault: 4,
  gnssAntennaCut: 5,
  gnssAntennaShort: 6,
  undervoltage: 7,
  powerCut: 8,
  lcdFault: 9,
  ttsFault: 10,
  cameraFault: 11,
  icCardFault: 12,
  overspeedWarning: 13,
  fatigueWarning: 14,
  /** 2019: illegal driving warning. */
  illegalDrivingWarning: 15,
  /** 2019: tyre pressure warning. */
  tyrePressureWarning: 16,
  /** 2019: right-turn blind area warning. */
  rightTurnBlindSpotWarning: 17,
  cumulativeDrivingTimeout: 18,
  parkingTimeout: 19,
  areaInOut: 20,
  routeInOut: 21,
  routeDrivingTime: 22,
  routeDeviation: 23,
  vssFault: 24,
  abnormalFuel: 25,
  stolen: 26,
  illegalIgnition: 27,
  illegalDisplacement: 28,
  collisionWarning: 29,
  rolloverWarning: 30,
  illegalDoorOpen: 31,
} as const;

export type AlarmName = keyof typeof ALARM_BITS;

const ALARM_BY_BIT: AlarmName[] = [];
for (const [name, bit] of Object.entries(ALARM_BITS)) ALARM_BY_BIT[bit] = name as AlarmName;

/** Names of the alarm bits set in `alarm`, lowest bit first. */
export function alarmNames(alarm: number): AlarmName[] {
  const names: AlarmName[] = [];
  let rest = alarm >>> 0;
  while (rest !== 0) {
    const bit = 31 - Math.clz32(rest & -rest);
    names.push(ALARM_BY_BIT[bit] as AlarmName);
    rest &= rest - 1;
  }
  return names;
}

export function alarmWord(names: readonly AlarmName[]): number {
  let word = 0;
  for (const name of names) word |= 1 << ALARM_BITS[name];
  return word >>> 0;
}

export const STATUS_BITS = {
  acc: 0,
  located: 1,
  south: 2,
  west: 3,
  /** 1 = out of service (停运), 0 = operating. */
  outOfService: 4,
  /** Latitude and longitude encrypted by a privacy plug-in. */
  encrypted: 5,
  /** 2019: forward collision warning from the emergency braking system. */
  forwardCollisionWarning: 6,
  /** 2019: lane departure warning. */
  laneDepartureWarning: 7,
  oilCut: 10,
  circuitCut: 11,
  doorLocked: 12,
  /** Doors 1-5: front, middle, rear, driver's, user-defined. */
  door1Open: 13,
  door2Open: 14,
  door3Open: 15,
  door4Open: 16,
  door5Open: 17,
  gps: 18,
  beidou: 19,
  glonass: 20,
  galileo: 21,
  /** 2019: 1 = vehicle moving, 0 = stopped. */
  moving: 22,
} as const;

export type StatusFlagName = keyof typeof STATUS_BITS;
/** Bits 8-9: 0 empty, 1 half load, 2 reserved, 3 full. */
export type LoadState = 'empty' | 'half' | 'reserved' | 'full';
const LOAD_STATES: LoadState[] = ['empty', 'half', 'reserved', 'full'];

export type StatusFlags = Record<StatusFlagName, boolean> & { loadState: LoadState };

export function statusFlags(status: number): StatusFlags {
  return {
    acc: (status & 1) !== 0,
    located: (status & 2) !== 0,
    south: (status & 4) !== 0,
    west: (status & 8) !== 0,
    outOfService: (status & 0x10) !== 0,
    encrypted: (status & 0x20) !== 0,
    forwardCollisionWarning: (status & 0x40) !== 0,
    laneDepartureWarning: (status & 0x80) !== 0,
    loadState: LOAD_STATES[(status >>> 8) & 3] as LoadState,
    oilCut: (status & 0x400) !== 0,
    circuitCut: (status & 0x800) !== 0,
    doorLocked: (status & 0x1000) !== 0,
    door1Open: (status & 0x2000) !== 0,
    door2Open: (status & 0x4000) !== 0,
    door3Open: (status & 0x8000) !== 0,
    door4Open: (status & 0x10000) !== 0,
    door5Open: (status & 0x20000) !== 0,
    gps: (status & 0x40000) !== 0,
    beidou: (status & 0x80000) !== 0,
    glonass: (status & 0x100000) !== 0,
    galileo: (status & 0x200000) !== 0,
    moving: (status & 0x400000) !== 0,
  };
}

/** Status word of named flags (unnamed ones false, load state empty unless given). */
export function statusWord(flags: Partial<StatusFlags>): number {
  let word = 0;
  for (const [name, bit] of Object.entries(STATUS_BITS)) {
    if (flags[name as StatusFlagName]) word |= 1 << bit;
  }
  if (flags.loadState) word |= LOAD_STATES.indexOf(flags.loadState) << 8;
  return word >>> 0;
}

/** Extended vehicle signal status (item 0x25), table 31. */
export const VEHICLE_SIGNAL_BITS = {
  lowBeam: 0,
  highBeam: 1,
  rightTurn: 2,
  leftTurn: 3,
  brake: 4,
  reverse: 5,
  fogLamp: 6,
  clearanceLamp: 7,
  horn: 8,
  airConditioner: 9,
  neutral: 10,
  retarder: 11,
  abs: 12,
  heater: 13,
  clutch: 14,
} as const;

export type VehicleSignalName = keyof typeof VEHICLE_SIGNAL_BITS;

export function vehicleSignalNames(value: number): VehicleSignalName[] {
  return (Object.keys(VEHICLE_SIGNAL_BITS) as VehicleSignalName[]).filter(
    (name) => (value & (1 << VEHICLE_SIGNAL_BITS[name])) !== 0,
  );
}

/** IO status (item 0x2A), table 32: bit 0 deep sleep, bit 1 sleep. */
export function ioStatusFlags(value: number): { deepSleep: boolean; sleep: boolean } {
  return { deepSleep: (value & 1) !== 0, sleep: (value & 2) !== 0 };
}
