import type { AdasAlarm, BsdAlarm, DsmAlarm } from '../jt808/active-safety';
import { ALARM_BITS, type AlarmName } from '../jt808/flags';

/**
 * How terminal data becomes catalogue codes (@fleet/domain ALARM_TYPES).
 *
 * Alarm word of the location report (JT/T 808-2019 table 24): a bit set opens the alarm, the bit
 * cleared closes it. Overspeed, fatigue, collision and rollover have codes of their own kinds; the
 * others are the `device` kind 7001-7020. Bits without a catalogue entry are not alarms here: IC
 * card module fault (12), overspeed pre-warning (13), illegal driving warning (15), tyre pressure
 * warning (16; the tyre item 0x66 is not an alarm either) and illegal door opening (31).
 */
export const ALARM_BIT_CODES: Partial<Record<AlarmName, number>> = {
  emergency: 7001,
  overspeed: 5004,
  fatigue: 5006,
  dangerWarning: 7002,
  gnssFault: 7003,
  gnssAntennaCut: 7004,
  gnssAntennaShort: 7005,
  undervoltage: 7006,
  powerCut: 7007,
  lcdFault: 7008,
  ttsFault: 7009,
  cameraFault: 7010,
  fatigueWarning: 5005,
  rightTurnBlindSpotWarning: 9001,
  cumulativeDrivingTimeout: 7011,
  parkingTimeout: 5003,
  areaInOut: 7012,
  routeInOut: 7013,
  routeDrivingTime: 7014,
  routeDeviation: 7015,
  vssFault: 7016,
  abnormalFuel: 7019,
  stolen: 7020,
  illegalIgnition: 7017,
  illegalDisplacement: 7018,
  collisionWarning: 3011,
  rolloverWarning: 3010,
};

/**
 * Kinds both a terminal bit and a platform rule raise (parking timeout, speeding, fatigue warning
 * and alarm): the rule may start an episode back in time, after the terminal's bit already ended
 * it, so a truck keeps the last ended alarm of these kinds to join them (see TruckAlarms.start).
 */
export const BOTH_SOURCE_CODES: ReadonlySet<number> = new Set([5003, 5004, 5005, 5006]);

/** Code by bit number (undefined for bits that are not alarms). */
export const CODE_OF_BIT: readonly (number | undefined)[] = Array.from({ length: 32 }, (_, bit) => {
  const name = (Object.keys(ALARM_BITS) as AlarmName[]).find((n) => ALARM_BITS[n] === bit);
  return name ? ALARM_BIT_CODES[name] : undefined;
});

/** The bits of the alarm word that are alarms. */
export const MAPPED_ALARM_BITS = CODE_OF_BIT.reduce<number>(
  (word, code, bit) => (code === undefined ? word : (word | (1 << bit)) >>> 0),
  0,
);

/**
 * Active safety (苏标 T/JSATL12). ADAS item 0x64: lane departure is left or right by its departure
 * type (1 left, 2 right); road sign recognition (16) and active capture (17) are records, not
 * alarms. Solid-line lane change (1009) and carriage-aisle pedestrian (1010) have no type in this
 * standard and come from no item.
 */
export function adasCode(item: AdasAlarm): number | null {
  switch (item.type) {
    case 1:
      return 1001;
    case 2:
      return item.departureType === 2 ? 1004 : 1003;
    case 3:
      return 1002;
    case 4:
      return 1005;
    case 5:
      return 1006;
    case 6:
      return 1007;
    case 7:
      return 1008;
    default:
      return null;
  }
}

/**
 * DSM item 0x65: fatigue 2005, phone call 2002, smoking 3006 (dangerous driving), distraction 2003,
 * driver abnormal 5008; automatic capture (16) and driver change (17) are records, not alarms.
 */
export function dsmCode(item: DsmAlarm): number | null {
  switch (item.type) {
    case 1:
      return 2005;
    case 2:
      return 2002;
    case 3:
      return 3006;
    case 4:
      return 2003;
    case 5:
      return 5008;
    default:
      return null;
  }
}

/** BSD item 0x67: rear approach 9002, left rear 9003, right rear 9001. */
export function bsdCode(item: BsdAlarm): number | null {
  switch (item.type) {
    case 1:
      return 9002;
    case 2:
      return 9003;
    case 3:
      return 9001;
    default:
      return null;
  }
}

/**
 * Vehicle faults. JT/T 808 has no item for engine or battery faults; terminals that read the CAN
 * bus report them in an item of the vendor range (0xE0-0xFF). The platform reads item 0xF3, a
 * 4-byte big-endian word: bit n (0-21) set means fault 10001 + n is active (10001 torque limit ...
 * 10022 motor controller fault, in catalogue order); a report with the item and a bit cleared ends
 * that fault. Besides, analog item 0x2B AD0 is the battery voltage in 0.1 V (AD0 0 = not wired):
 * under the rule's minimum it is fault 10013 (battery voltage low) as well.
 */
export const FAULT_ITEM_ID = 0xf3;
export const FAULT_COUNT = 22;
export const FAULT_BASE_CODE = 10001;
export const BATTERY_FAULT_CODE = 10013;

/** The fault word of item 0xF3 among the report's undecoded items, or null when absent. */
export function faultWord(unknown: readonly { id: number; bytes: Buffer }[] | undefined): number | null {
  if (!unknown) return null;
  for (const item of unknown) {
    if (item.id === FAULT_ITEM_ID && item.bytes.length === 4) return item.bytes.readUInt32BE(0) >>> 0;
  }
  return null;
}

/** Item 0xF3 holding the given fault codes (10001-10022), for terminals and the simulator. */
export function faultItem(codes: readonly number[]): { id: number; bytes: Buffer } {
  let word = 0;
  for (const code of codes) {
    const bit = code - FAULT_BASE_CODE;
    if (bit < 0 || bit >= FAULT_COUNT) throw new RangeError(`not a fault code: ${code}`);
    word |= 1 << bit;
  }
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(word >>> 0, 0);
  return { id: FAULT_ITEM_ID, bytes };
}
