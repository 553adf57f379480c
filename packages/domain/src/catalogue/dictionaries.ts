import { ALARM_CATEGORIES, type AlarmKind } from './alarm-categories';
import { alarmTypesOf } from './alarms';
import { TRUCK_TYPES } from './truck-types';

/** One entry of a dictionary (GET /dictionary/find): codes are text whatever their source. */
export interface DictionaryEntry {
  code: string;
  name: string;
}

function alarmEntries(...kinds: AlarmKind[]): DictionaryEntry[] {
  return kinds.flatMap((kind) => alarmTypesOf(kind).map((t) => ({ code: String(t.code), name: t.name })));
}

function kindEntries(...kinds: AlarmKind[]): DictionaryEntry[] {
  return kinds.map((kind) => ({
    code: kind,
    name: ALARM_CATEGORIES.find((c) => c.key === kind)?.name ?? kind,
  }));
}

/** Driving licence classes (准驾车型) of the Ministry of Public Security's licence rules. */
const LICENCE_CLASSES: DictionaryEntry[] = [
  ['A1', '大型客车'],
  ['A2', '重型牵引挂车'],
  ['A3', '城市公交车'],
  ['B1', '中型客车'],
  ['B2', '大型货车'],
  ['C1', '小型汽车'],
  ['C2', '小型自动挡汽车'],
  ['C3', '低速载货汽车'],
  ['C4', '三轮汽车'],
  ['C5', '残疾人专用小型自动挡载客汽车'],
  ['C6', '轻型牵引挂车'],
  ['D', '普通三轮摩托车'],
  ['E', '普通二轮摩托车'],
  ['F', '轻便摩托车'],
  ['M', '轮式专用机械车'],
  ['N', '无轨电车'],
  ['P', '有轨电车'],
].map(([code, name]) => ({ code: code as string, name: `${code} ${name}` }));

const INSURANCE_TYPES: DictionaryEntry[] = [
  { code: '1', name: '交强险' },
  { code: '2', name: '商业险' },
  { code: '3', name: '承运人责任险' },
  { code: '4', name: '货物险' },
];

/** States a plan passes through on the plan monitor, from planned to done. */
const PLAN_MONITOR_STATES: DictionaryEntry[] = [
  { code: '1', name: '待发车' },
  { code: '2', name: '运输中' },
  { code: '3', name: '已到达' },
  { code: '4', name: '已完成' },
  { code: '5', name: '已取消' },
];

/**
 * Every dictionary of GET /dictionary/find (spec core section 7), by dictTypeCode. Alarm kinds come
 * from the alarm catalogue, so the two never disagree.
 */
export const DICTIONARIES = {
  /** Vehicle alarms of the driving and terminal kinds (the vehicle alarm page's type filter). */
  DRIVE_ALARM_TYPE: alarmEntries('driving', 'device'),
  /** Time-effect (plan) alarms. */
  PLAN_ALARM_TYPE: alarmEntries('timing'),
  PLAN_MONITOR: PLAN_MONITOR_STATES,
  /** Truck types of GA 802 (trucks store the name). */
  CAR_TYPE: TRUCK_TYPES.map((t) => ({ code: t.code, name: t.name })),
  QUASI_DRIVING_MODEL: LICENCE_CLASSES,
  INSURANCE_TYPE: INSURANCE_TYPES,
  /** Active-safety events: driver assist, driver state, dangerous driving, blind spot. */
  EVENT_TYPE: alarmEntries('driverAssist', 'driverState', 'dangerousDriving', 'blindSpot'),
  /** Safety business lines: the active-safety kinds and the safety-risk kind. */
  SAFETY_BUSINESS: kindEntries('driverAssist', 'driverState', 'dangerousDriving', 'blindSpot', 'safetyRisk'),
} as const satisfies Record<string, readonly DictionaryEntry[]>;

export type DictTypeCode = keyof typeof DICTIONARIES;

export const DICT_TYPE_CODES = Object.keys(DICTIONARIES) as DictTypeCode[];

export function isDictTypeCode(value: unknown): value is DictTypeCode {
  return typeof value === 'string' && Object.hasOwn(DICTIONARIES, value);
}

/** Entries of a dictionary; an empty list for an unknown type. */
export function dictionary(type: string): readonly DictionaryEntry[] {
  return isDictTypeCode(type) ? DICTIONARIES[type] : [];
}

/** Name of a code in a dictionary, or the fallback. */
export function dictionaryName(
  type: string,
  code: string | number | null | undefined,
  fallback = '-',
): string {
  if (code === null || code === undefined) return fallback;
  return dictionary(type).find((entry) => entry.code === String(code))?.name ?? fallback;
}
