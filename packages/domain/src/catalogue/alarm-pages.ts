import type { AlarmKind } from './alarm-categories';
import { ALARM_TYPES, type AlarmType, alarmType } from './alarms';

/**
 * The alarm pages of 运输管理 and the alarm codes each lists (issue 5 item 5). Server routes filter
 * by these codes and check them on detail and handling; the web offers them in the type select.
 */
export type AlarmPageKey =
  | 'drive'
  | 'plan'
  | 'affairs'
  | 'repair'
  | 'theft'
  | 'fence'
  | 'record'
  | 'fault'
  | 'violation';

export interface AlarmPage {
  key: AlarmPageKey;
  /** Menu code of the page (MENU_TREE). */
  code: string;
  path: string;
  title: string;
  /** The catalogue codes the page lists. */
  codes: readonly number[];
}

const SAFETY_KINDS: readonly AlarmKind[] = ['driverAssist', 'driverState', 'dangerousDriving', 'blindSpot'];

/** 疑似偷油: a fuel-level drop while parked (platform rule). */
export const OIL_THEFT_CODE = 5012;
/** Speeding: the platform rule (5004) and the active-safety device's own (3002). */
export const OVER_SPEED_CODES: readonly number[] = [5004, 3002];

/**
 * 车辆违章: alarms that are a breach of road-traffic or operating rules by the driver, as opposed to
 * warnings (lane departure, close following) and device or vehicle faults: speeding, fatigue and
 * overtime driving, phone use, smoking, no seat belt, hands off the wheel, and driving without
 * permission (illegal ignition or displacement).
 */
export const VIOLATION_CODES: readonly number[] = [
  2002, 2005, 2006, 3002, 3006, 5004, 5006, 5009, 5010, 5011, 7011, 7017, 7018,
];

const codesOf = (kinds: readonly AlarmKind[]) =>
  ALARM_TYPES.filter((type) => kinds.includes(type.kind)).map((type) => type.code);

export const ALARM_PAGES: Readonly<Record<AlarmPageKey, AlarmPage>> = {
  drive: {
    key: 'drive',
    code: 'car050106',
    path: '/alarm/driver/route',
    title: '车辆报警',
    codes: codesOf(['driving', 'device']),
  },
  plan: {
    key: 'plan',
    code: 'car050107',
    path: '/time/effect/alarm',
    title: '时效报警',
    codes: codesOf(['timing']),
  },
  affairs: {
    key: 'affairs',
    code: 'car050108',
    path: '/video/event',
    title: '主动安全报警',
    codes: codesOf(SAFETY_KINDS),
  },
  repair: {
    key: 'repair',
    code: 'car050109',
    path: '/intellect-repair/hitch-query',
    title: '维修报警',
    codes: codesOf(['fault']),
  },
  theft: {
    key: 'theft',
    code: 'car050110',
    path: '/oil-consumption/suspected-theft',
    title: '疑似偷油',
    codes: [OIL_THEFT_CODE],
  },
  fence: {
    key: 'fence',
    code: 'car050111',
    path: '/alarm/station-fence',
    title: '站点围栏报警',
    codes: codesOf(['fence']),
  },
  record: {
    key: 'record',
    code: 'car050114',
    path: '/alarm/record',
    title: '报警记录',
    // every alarm of a vehicle; approval reminders are not vehicle alarms
    codes: ALARM_TYPES.filter((type) => type.kind !== 'approval').map((type) => type.code),
  },
  fault: {
    key: 'fault',
    code: 'car050117',
    path: '/alarm/repair/index',
    title: '故障报警',
    codes: codesOf(['fault']),
  },
  violation: {
    key: 'violation',
    code: 'car050307',
    path: '/alarm/violation',
    title: '车辆违章',
    codes: VIOLATION_CODES,
  },
};

/** Menu codes of every alarm page (who may open an alarm's detail or handle it, by its code). */
export const ALARM_PAGE_CODES: readonly string[] = Object.values(ALARM_PAGES).map((page) => page.code);

/** The menu codes of the pages that list an alarm code: holding one lets a user see and handle it. */
export function alarmPageCodesFor(code: number): string[] {
  return Object.values(ALARM_PAGES)
    .filter((page) => page.codes.includes(code))
    .map((page) => page.code);
}

/** The catalogue types a page lists, for its type select. */
export function alarmPageTypes(key: AlarmPageKey): AlarmType[] {
  return ALARM_PAGES[key].codes.map((code) => alarmType(code)).filter((type) => type !== undefined);
}

/** Handling state of an alarm (alarm.handle_status). */
export const ALARM_HANDLE_STATUSES = [
  { value: 0, label: '未处理' },
  { value: 1, label: '已处理' },
  { value: 2, label: '已忽略' },
] as const;

/** How an alarm was handled (alarm.handle_type). */
export const ALARM_HANDLE_TYPES = [
  { value: 1, label: '电话提醒司机' },
  { value: 2, label: '下发语音提醒' },
  { value: 3, label: '下发文本信息' },
  { value: 4, label: '现场处理' },
  { value: 5, label: '安排维修' },
  { value: 6, label: '误报' },
  { value: 9, label: '其他' },
] as const;

/** Alarm level (alarm.level): 1 serious, 2 ordinary, none when the source gives none. */
export const ALARM_LEVELS = [
  { value: 1, label: '一级报警' },
  { value: 2, label: '二级报警' },
] as const;

/**
 * The level a kind is configured with, for sources that give none (terminal alarm bits, faults and
 * platform rules; active-safety items carry their own): the alarms that endanger people or the
 * truck at once are 一级, the others 二级.
 */
export const SERIOUS_ALARM_CODES: ReadonlySet<number> = new Set([
  1001, 1005, 2005, 3010, 3011, 5004, 5006, 5012, 7001, 7002, 7007, 7017, 7018, 7020,
]);

export function configuredAlarmLevel(code: number): 1 | 2 {
  return SERIOUS_ALARM_CODES.has(code) ? 1 : 2;
}

/** Who raised an alarm (alarm.source, bits): the terminal, a platform rule, or both. */
export const ALARM_SOURCES = [
  { bit: 1, key: 'terminal', label: '终端' },
  { bit: 2, key: 'platform', label: '平台' },
] as const;

export type AlarmSourceKey = (typeof ALARM_SOURCES)[number]['key'];

/** The sources of an alarm: ['terminal', 'platform'] for source 3. */
export function alarmSources(source: number): AlarmSourceKey[] {
  return ALARM_SOURCES.filter((s) => (source & s.bit) !== 0).map((s) => s.key);
}

/** '终端', '平台' or '终端、平台'. */
export function alarmSourceName(source: number): string {
  return (
    ALARM_SOURCES.filter((s) => (source & s.bit) !== 0)
      .map((s) => s.label)
      .join('、') || '-'
  );
}

function labelOf(list: readonly { value: number; label: string }[], value: number | null | undefined) {
  return list.find((item) => item.value === value)?.label ?? '-';
}

export const alarmHandleStatusName = (value: number | null | undefined) =>
  labelOf(ALARM_HANDLE_STATUSES, value);
export const alarmHandleTypeName = (value: number | null | undefined) => labelOf(ALARM_HANDLE_TYPES, value);
export const alarmLevelName = (value: number | null | undefined) => labelOf(ALARM_LEVELS, value);

/** Over-speed risk of a vehicle in a period (GET /drive/alarm/overSpeedRisk). */
export const OVER_SPEED_RISK_LEVELS = [
  { value: 1, label: '高风险', color: '#e03131' },
  { value: 2, label: '中风险', color: '#f76707' },
  { value: 3, label: '低风险', color: '#1c7ed6' },
] as const;

export interface OverSpeedFigures {
  /** Speeding alarms in the period. */
  count: number;
  /** Their total duration, ms. */
  durationMs: number;
}

/**
 * Risk level from a vehicle's speeding in the period: high at 10 or more alarms or 30 minutes or more
 * in all, medium at 3 alarms or 10 minutes, otherwise low.
 */
export function overSpeedRiskLevel(figures: OverSpeedFigures): 1 | 2 | 3 {
  const minutes = figures.durationMs / 60_000;
  if (figures.count >= 10 || minutes >= 30) return 1;
  if (figures.count >= 3 || minutes >= 10) return 2;
  return 3;
}

export const overSpeedRiskName = (level: number) => labelOf(OVER_SPEED_RISK_LEVELS, level);
