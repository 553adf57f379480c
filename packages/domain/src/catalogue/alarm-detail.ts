/**
 * What a platform rule measured when it raised an alarm (the alarm's detail JSON), as labelled lines
 * for the alarm pages and exports. Known keys get a Chinese label and unit; others show as they are.
 */
const LABELS: Record<string, string> = {
  limitKmh: '限速值(km/h)',
  speedKmh: '速度(km/h)',
  maxSpeedKmh: '最高速度(km/h)',
  minSeconds: '持续时间阈值(秒)',
  seconds: '持续时间(秒)',
  minutes: '时长(分钟)',
  drivingMinutes: '连续驾驶(分钟)',
  parkedMinutes: '停车时长(分钟)',
  fuelBefore: '变化前油量(L)',
  fuelAfter: '变化后油量(L)',
  litres: '油量变化(L)',
  dropLitres: '油量下降(L)',
  riseLitres: '油量上升(L)',
  lPer100km: '百公里油耗(L)',
  km: '行程(km)',
  stationName: '站点',
  fenceName: '围栏',
  lineName: '线路',
  distanceMeters: '偏离距离(米)',
  corridorMeters: '允许偏离(米)',
  planCode: '计划编号',
  plannedTime: '计划时间',
  faultCode: '故障码',
  faultValue: '故障值',
  value: '数值',
  batteryVolts: '蓄电池电压(V)',
  alarmBit: '报警位',
  eventId: '事件编号',
};

export interface DetailEntry {
  key: string;
  label: string;
  value: string;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The detail's entries with labels, empty values left out, known keys first in the order above. */
export function alarmDetailEntries(detail: Record<string, unknown> | null | undefined): DetailEntry[] {
  if (!detail) return [];
  const known = Object.keys(LABELS);
  const keys = Object.keys(detail).sort((a, b) => {
    const ia = known.indexOf(a);
    const ib = known.indexOf(b);
    return (ia < 0 ? known.length : ia) - (ib < 0 ? known.length : ib);
  });
  return keys
    .map((key) => ({ key, label: LABELS[key] ?? key, value: text(detail[key]) }))
    .filter((entry) => entry.value !== '');
}

/** The entries in one line: '限速值(km/h)：100；最高速度(km/h)：112'. */
export function alarmDetailText(detail: Record<string, unknown> | null | undefined): string {
  return alarmDetailEntries(detail)
    .map((entry) => `${entry.label}：${entry.value}`)
    .join('；');
}
