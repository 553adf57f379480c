import { formatDateTime } from '../time/shanghai';

/**
 * What the source measured when it raised an alarm (the alarm's detail JSON), as labelled lines for
 * the alarm pages and exports: every field the terminal rules and platform rules write has a
 * Chinese label and a formatted value (units, enumerations of the active-safety standard 苏标
 * T/JSATL12). Internal keys (fence set ids, trip id) and keys no rule writes are not shown.
 */
type Detail = Record<string, unknown>;

interface Field {
  label: string;
  /** The value as shown; '' leaves the field out. */
  format: (value: unknown, detail: Detail) => string;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** A number with its unit; '' when absent. */
const unit =
  (suffix: string) =>
  (value: unknown): string => {
    const n = num(value);
    return n === null ? '' : `${round(n)}${suffix}`;
  };

/** Like `unit`, but 0 means the terminal left the field empty (active-safety items). */
const given =
  (suffix: string) =>
  (value: unknown): string =>
    num(value) === 0 ? '' : unit(suffix)(value);

const plain = (value: unknown): string => {
  if (value === null || value === undefined || typeof value === 'object') return '';
  if (typeof value === 'number') return round(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  return String(value);
};

const time = (value: unknown): string => {
  const n = num(value);
  return n === null ? '' : formatDateTime(new Date(n));
};

const hidden = (): string => '';

/** An enumeration; an unknown value shows as '其他(n)'. */
const oneOf =
  (names: Readonly<Record<string | number, string>>, zeroIsEmpty = false) =>
  (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    if (zeroIsEmpty && value === 0) return '';
    return names[value as string | number] ?? `其他(${String(value)})`;
  };

/** Active-safety item kinds (0x64, 0x65, 0x67). */
export const SAFETY_ITEM_NAMES: Readonly<Record<string, string>> = {
  adas: '驾驶辅助(ADAS)',
  dsm: '驾驶状态监测(DSM)',
  bsd: '盲区监测(BSD)',
};

/** Event types of each item, as the standard names them. */
export const SAFETY_EVENT_NAMES: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  adas: {
    1: '前向碰撞报警',
    2: '车道偏离报警',
    3: '车距过近报警',
    4: '行人碰撞报警',
    5: '频繁变道报警',
    6: '道路标识超限报警',
    7: '障碍物报警',
    16: '道路标志识别事件',
    17: '主动抓拍事件',
  },
  dsm: {
    1: '疲劳驾驶报警',
    2: '接打电话报警',
    3: '抽烟报警',
    4: '分神驾驶报警',
    5: '驾驶员异常报警',
    16: '自动抓拍事件',
    17: '驾驶员变更事件',
  },
  bsd: { 1: '后方接近报警', 2: '左侧后方接近报警', 3: '右侧后方接近报警' },
};

/** Road sign types of an ADAS item. */
export const ROAD_SIGN_TYPES: Readonly<Record<number, string>> = {
  1: '限速标志',
  2: '限高标志',
  3: '限重标志',
  4: '禁行标志',
  5: '禁停标志',
};

export const LANE_DEPARTURE_TYPES: Readonly<Record<number, string>> = { 1: '左侧偏离', 2: '右侧偏离' };

export const REFUEL_REASONS: Readonly<Record<string, string>> = {
  moving: '行驶中油量上升',
  overCapacity: '油量超过油箱容量',
};

const FIELDS: Readonly<Record<string, Field>> = {
  item: { label: '主动安全类别', format: oneOf(SAFETY_ITEM_NAMES) },
  eventType: {
    label: '事件类型',
    format: (value, d) => oneOf(SAFETY_EVENT_NAMES[String(d.item)] ?? {})(value),
  },
  limitKmh: { label: '限速值', format: unit(' km/h') },
  speedKmh: { label: '速度', format: unit(' km/h') },
  maxSpeedKmh: { label: '最高速度', format: unit(' km/h') },
  minSeconds: { label: '持续时间阈值', format: unit(' 秒') },
  seconds: { label: '持续时间', format: unit(' 秒') },
  drivingMinutes: { label: '连续驾驶时长', format: unit(' 分钟') },
  since: { label: '连续驾驶开始', format: time },
  warnMinutes: { label: '预警驾驶时长', format: unit(' 分钟') },
  alarmMinutes: { label: '报警驾驶时长', format: unit(' 分钟') },
  parkedSince: { label: '停车开始', format: time },
  minutes: { label: '时长阈值', format: unit(' 分钟') },
  parkedMinutes: { label: '停车时长', format: unit(' 分钟') },
  reason: { label: '原因', format: oneOf(REFUEL_REASONS) },
  beforeL: { label: '变化前油量', format: unit(' L') },
  afterL: { label: '变化后油量', format: unit(' L') },
  dropL: { label: '油量下降', format: unit(' L') },
  addedL: { label: '油量上升', format: unit(' L') },
  minLitres: { label: '油量变化阈值', format: unit(' L') },
  tankCapacityL: { label: '油箱容量', format: unit(' L') },
  fuelBefore: { label: '变化前油量', format: unit(' L') },
  fuelAfter: { label: '变化后油量', format: unit(' L') },
  litres: { label: '油量变化', format: unit(' L') },
  dropLitres: { label: '油量下降', format: unit(' L') },
  riseLitres: { label: '油量上升', format: unit(' L') },
  mileageKm: { label: '行程', format: unit(' km') },
  km: { label: '行程', format: unit(' km') },
  fuelUsedL: { label: '耗油量', format: unit(' L') },
  lPer100km: { label: '百公里油耗', format: unit(' L/100km') },
  maxLPer100km: { label: '百公里油耗上限', format: unit(' L/100km') },
  stationName: { label: '站点', format: plain },
  fenceName: { label: '围栏', format: plain },
  lineName: { label: '线路', format: plain },
  corridorMeters: { label: '允许偏离', format: unit(' 米') },
  maxMeters: { label: '最大偏离', format: unit(' 米') },
  distanceMeters: { label: '偏离距离', format: unit(' 米') },
  planCode: { label: '计划编号', format: plain },
  planNo: { label: '计划单号', format: plain },
  plannedDepartTime: { label: '计划发车时间', format: time },
  plannedArriveTime: { label: '计划到达时间', format: time },
  etaTime: { label: '预计到达时间', format: time },
  lateMinutes: { label: '晚点时长', format: unit(' 分钟') },
  thresholdMinutes: { label: '时效阈值', format: unit(' 分钟') },
  distanceLeftMeters: { label: '剩余里程', format: unit(' 米') },
  planId: { label: '计划', format: hidden },
  plannedTime: { label: '计划时间', format: plain },
  batteryVolts: { label: '蓄电池电压', format: unit(' V') },
  minBatteryVolts: { label: '电压下限', format: unit(' V') },
  faultCode: { label: '故障码', format: plain },
  faultValue: { label: '故障值', format: plain },
  faultBit: { label: '故障位', format: (v) => (num(v) === null ? '' : `第${v}位`) },
  bit: { label: '终端报警位', format: (v) => (num(v) === null ? '' : `第${v}位`) },
  frontSpeed: { label: '前车车速', format: given(' km/h') },
  frontDistance: {
    label: '前车/行人距离',
    format: (v) => given(' 秒')(num(v) === null ? v : (v as number) / 10),
  },
  departureType: { label: '偏离类型', format: oneOf(LANE_DEPARTURE_TYPES, true) },
  roadSignType: { label: '道路标志类型', format: oneOf(ROAD_SIGN_TYPES, true) },
  roadSignValue: { label: '道路标志数值', format: given('') },
  fatigueDegree: { label: '疲劳程度', format: (v) => (num(v) ? `${v}级(1-10)` : '') },
  alarmId: { label: '报警序号', format: plain },
  alarmNo: { label: '报警编号', format: plain },
  attachments: { label: '附件数', format: unit(' 个') },
  value: { label: '数值', format: plain },
  eventId: { label: '事件编号', format: plain },
  fenceSetIds: { label: '围栏组', format: hidden },
  tripId: { label: '行程', format: hidden },
};

const ORDER = Object.keys(FIELDS);

export interface DetailEntry {
  key: string;
  label: string;
  value: string;
}

/** The label of a detail key, undefined for a key no rule writes. */
export function alarmDetailLabel(key: string): string | undefined {
  return FIELDS[key]?.label;
}

/** The detail's entries, labelled and formatted, in a fixed order; empty and unknown ones left out. */
export function alarmDetailEntries(detail: Detail | null | undefined): DetailEntry[] {
  if (!detail) return [];
  const entries: DetailEntry[] = [];
  for (const key of ORDER) {
    const field = FIELDS[key];
    if (!field || !(key in detail)) continue;
    const value = field.format(detail[key], detail);
    if (value !== '') entries.push({ key, label: field.label, value });
  }
  return entries;
}

/** The entries in one line: '限速值：100 km/h；持续时间阈值：10 秒'. */
export function alarmDetailText(detail: Detail | null | undefined): string {
  return alarmDetailEntries(detail)
    .map((entry) => `${entry.label}：${entry.value}`)
    .join('；');
}
