import { formatDateTime } from '@fleet/domain';
import { compassName } from '../geo/gazetteer';

/** A vehicle is online while the gateway holds its session, or when it reported this recently. */
export const ONLINE_WITHIN_MS = 5 * 60_000;
/** Below this speed (0.1 km/h units: 3 km/h) a vehicle counts as standing (GPS drift stays under it). */
export const MOVING_MIN_SPEED = 30;

export type StateCode = 'moving' | 'parked' | 'offline';
export const STATE_TEXT: Record<StateCode, string> = { moving: '行驶', parked: '停车', offline: '离线' };

/** The filter of the monitoring pages (core section 3 "car filter state"). */
export type StateFilter = 'all' | 'online' | 'offline' | 'moving' | 'parked' | 'alarm';

/** The latest state of a vehicle as vehicle_state holds it; null fields when it never reported. */
export interface LatestState {
  receivedAt: number | null;
  online: number | null;
  speed: number | null;
}

export function isOnline(s: LatestState, now: number): boolean {
  if (s.receivedAt === null) return false;
  return s.online === 1 || now - s.receivedAt <= ONLINE_WITHIN_MS;
}

export function stateCode(s: LatestState, now: number): StateCode {
  if (!isOnline(s, now)) return 'offline';
  return (s.speed ?? 0) >= MOVING_MIN_SPEED ? 'moving' : 'parked';
}

export function matchesFilter(filter: StateFilter, code: StateCode, alarm: boolean): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'online':
      return code !== 'offline';
    case 'alarm':
      return alarm;
    default:
      return code === filter;
  }
}

/** JT/T 808-2013/2019 table 24: the alarm word's bits, in Chinese. */
const ALARM_BIT_NAMES: readonly (string | undefined)[] = [
  '紧急报警',
  '超速报警',
  '疲劳驾驶报警',
  '危险驾驶行为报警',
  'GNSS模块故障',
  'GNSS天线未接或被剪断',
  'GNSS天线短路',
  '终端主电源欠压',
  '终端主电源掉电',
  '终端LCD或显示器故障',
  'TTS模块故障',
  '摄像头故障',
  '道路运输证IC卡模块故障',
  '超速预警',
  '疲劳驾驶预警',
  '违规行驶报警',
  '胎压预警',
  '右转盲区异常报警',
  '当天累计驾驶超时',
  '超时停车',
  '进出区域',
  '进出路线',
  '路段行驶时间不足/过长',
  '路线偏离报警',
  '车辆VSS故障',
  '车辆油量异常',
  '车辆被盗',
  '车辆非法点火',
  '车辆非法位移',
  '碰撞预警',
  '侧翻预警',
  '非法开门报警',
];

/** Chinese names of the alarm bits set in a JT/T 808 alarm word. */
export function alarmTexts(bits: number | null): string[] {
  const names: string[] = [];
  if (!bits) return names;
  for (let bit = 0; bit < 32; bit++) {
    if (Math.floor(bits / 2 ** bit) % 2 === 1) names.push(ALARM_BIT_NAMES[bit] ?? `报警位${bit}`);
  }
  return names;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const SHANGHAI_MS = 8 * 3_600_000;
let cachedDay = Number.NaN;
let cachedPrefix = '';

/**
 * Epoch ms as the API's 'YYYY-MM-DD HH:mm:ss' (Shanghai), '' for none. The date part is kept for
 * the day last asked about: a track formats tens of thousands of times of one or two days.
 */
export function timeText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const local = ms + SHANGHAI_MS;
  const day = Math.floor(local / 86_400_000);
  if (day !== cachedDay) {
    cachedPrefix = formatDateTime(new Date(ms)).slice(0, 11);
    cachedDay = day;
  }
  const second = Math.floor((local - day * 86_400_000) / 1000);
  const hour = Math.floor(second / 3600);
  const minute = Math.floor((second % 3600) / 60);
  return `${cachedPrefix}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second % 60]}`;
}

export function directionText(direction: number | null): string {
  return direction === null ? '' : compassName(direction);
}

/** 0.1-unit integers (km/h, km, L) as numbers with one decimal. */
export function tenth(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value) / 10;
}
