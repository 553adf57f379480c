import { z } from 'zod';

/**
 * Settings of the platform's own alarm rules (车辆报警设置), evaluated on every location report.
 * A vehicle's effective settings are the defaults below, overridden by the settings of each team
 * from the merchant's root team down to the vehicle's own team, then by the vehicle's own; each
 * level stores only what it changes.
 */
export interface AlarmRuleSettings {
  /** 5004: speed above the vehicle's limit (truck speed limit, else `limitKmh`) for `minSeconds`. */
  overspeed: { enabled: boolean; limitKmh: number; minSeconds: number };
  /** 5005 / 5006: continuous driving; a rest of `restMinutes` starts the count again. */
  fatigue: { enabled: boolean; warnMinutes: number; alarmMinutes: number; restMinutes: number };
  /** 5003: standing (speed under 1 km/h, or engine off) longer than `minutes`. */
  parking: { enabled: boolean; minutes: number };
  /** 5001: fuel used per 100 km of a finished trip of at least `minKm` above `maxLPer100km`. */
  fuelUse: { enabled: boolean; maxLPer100km: number; minKm: number };
  /** 5002: a fuel-level rise of at least `minLitres` while moving, or beyond the tank capacity. */
  refuel: { enabled: boolean; minLitres: number };
  /** 5012: a fuel-level drop of at least `minLitres` while parked. */
  oilTheft: { enabled: boolean; minLitres: number };
  /** 10001-10022: fault word of the terminal; 10013 also when the battery is under `minBatteryVolts`. */
  fault: { enabled: boolean; minBatteryVolts: number };
  /**
   * 4005: off the corridor of line `lineId` (the line's width around the path through its station
   * rows) for `minSeconds`; no line, no rule. Until plans assign lines, the line is set here.
   */
  deviation: { enabled: boolean; lineId: number | null; minSeconds: number };
  /** Terminal alarm bits and active-safety events stored as alarms. */
  terminal: { enabled: boolean };
  /**
   * Plan timing (计划时效) of a truck's current departure plan: 4001 / 4002 not departed
   * `departWarnMinutes` / `departAlarmMinutes` after the planned departure; 4003 the estimated
   * arrival later than the planned one by more than `arriveWarnMinutes`; 4004 not arrived
   * `arriveAlarmMinutes` after the planned arrival; 4006 standing `parkingMinutes` on a running plan
   * outside its stations.
   */
  planTiming: {
    enabled: boolean;
    departWarnMinutes: number;
    departAlarmMinutes: number;
    arriveWarnMinutes: number;
    arriveAlarmMinutes: number;
    parkingMinutes: number;
  };
}

export type AlarmRuleKey = keyof AlarmRuleSettings;

/** One level's changes: any rule, any of its fields. */
export type AlarmRulePatch = { [K in AlarmRuleKey]?: Partial<AlarmRuleSettings[K]> };

export const DEFAULT_ALARM_RULES: AlarmRuleSettings = {
  overspeed: { enabled: true, limitKmh: 100, minSeconds: 10 },
  fatigue: { enabled: true, warnMinutes: 210, alarmMinutes: 240, restMinutes: 20 },
  parking: { enabled: true, minutes: 60 },
  fuelUse: { enabled: true, maxLPer100km: 45, minKm: 20 },
  refuel: { enabled: true, minLitres: 20 },
  oilTheft: { enabled: true, minLitres: 10 },
  fault: { enabled: true, minBatteryVolts: 22 },
  deviation: { enabled: true, lineId: null, minSeconds: 60 },
  terminal: { enabled: true },
  planTiming: {
    enabled: true,
    departWarnMinutes: 15,
    departAlarmMinutes: 30,
    arriveWarnMinutes: 0,
    arriveAlarmMinutes: 15,
    parkingMinutes: 30,
  },
};

/** Rules in display order, with their Chinese names and the alarm codes they raise. */
export const ALARM_RULES: readonly { key: AlarmRuleKey; name: string; codes: readonly number[] }[] = [
  { key: 'overspeed', name: '超速报警', codes: [5004] },
  { key: 'fatigue', name: '疲劳驾驶', codes: [5005, 5006] },
  { key: 'parking', name: '停车超时', codes: [5003] },
  { key: 'fuelUse', name: '油耗异常', codes: [5001] },
  { key: 'refuel', name: '加油异常', codes: [5002] },
  { key: 'oilTheft', name: '疑似偷油', codes: [5012] },
  { key: 'fault', name: '故障报警', codes: [] },
  { key: 'deviation', name: '路线偏离', codes: [4005] },
  { key: 'terminal', name: '终端报警', codes: [] },
  { key: 'planTiming', name: '计划时效', codes: [4001, 4002, 4003, 4004, 4006] },
];

/** Field names and ranges (the web form and the server's checks use the same). */
export const ALARM_RULE_FIELDS = {
  limitKmh: { name: '限速值', unit: 'km/h', min: 1, max: 200 },
  minSeconds: { name: '持续时间', unit: '秒', min: 0, max: 3600 },
  warnMinutes: { name: '预警驾驶时长', unit: '分钟', min: 10, max: 1440 },
  alarmMinutes: { name: '报警驾驶时长', unit: '分钟', min: 10, max: 1440 },
  restMinutes: { name: '休息时长', unit: '分钟', min: 1, max: 600 },
  minutes: { name: '停车时长', unit: '分钟', min: 1, max: 10080 },
  maxLPer100km: { name: '百公里油耗上限', unit: 'L', min: 1, max: 200 },
  minKm: { name: '最短行程', unit: 'km', min: 1, max: 5000 },
  minLitres: { name: '油量变化', unit: 'L', min: 1, max: 1000 },
  minBatteryVolts: { name: '蓄电池电压下限', unit: 'V', min: 1, max: 60 },
  departWarnMinutes: { name: '迟发车预警时长', unit: '分钟', min: 1, max: 1440 },
  departAlarmMinutes: { name: '迟发车报警时长', unit: '分钟', min: 1, max: 1440 },
  arriveWarnMinutes: { name: '迟到达预警时长', unit: '分钟', min: 0, max: 1440 },
  arriveAlarmMinutes: { name: '迟到达报警时长', unit: '分钟', min: 0, max: 1440 },
  parkingMinutes: { name: '途中停车时长', unit: '分钟', min: 1, max: 1440 },
} as const;

type FieldKey = keyof typeof ALARM_RULE_FIELDS;

function field(key: FieldKey) {
  const f = ALARM_RULE_FIELDS[key];
  const range = `${f.name}须为${f.min}-${f.max}之间的整数`;
  return z
    .number({ error: `${f.name}须为数字` })
    .int(range)
    .min(f.min, range)
    .max(f.max, range)
    .optional();
}

const enabled = z.boolean({ error: '启用状态须为是或否' }).optional();

/** What a team or vehicle may change: every field optional, unknown fields refused. */
export const alarmRulePatchSchema = z
  .object({
    overspeed: z
      .object({ enabled, limitKmh: field('limitKmh'), minSeconds: field('minSeconds') })
      .strict()
      .optional(),
    fatigue: z
      .object({
        enabled,
        warnMinutes: field('warnMinutes'),
        alarmMinutes: field('alarmMinutes'),
        restMinutes: field('restMinutes'),
      })
      .strict()
      .optional(),
    parking: z
      .object({ enabled, minutes: field('minutes') })
      .strict()
      .optional(),
    fuelUse: z
      .object({ enabled, maxLPer100km: field('maxLPer100km'), minKm: field('minKm') })
      .strict()
      .optional(),
    refuel: z
      .object({ enabled, minLitres: field('minLitres') })
      .strict()
      .optional(),
    oilTheft: z
      .object({ enabled, minLitres: field('minLitres') })
      .strict()
      .optional(),
    fault: z
      .object({ enabled, minBatteryVolts: field('minBatteryVolts') })
      .strict()
      .optional(),
    deviation: z
      .object({
        enabled,
        lineId: z
          .number({ error: '线路须为线路编号' })
          .int('线路须为线路编号')
          .positive('线路须为线路编号')
          .nullable()
          .optional(),
        minSeconds: field('minSeconds'),
      })
      .strict()
      .optional(),
    terminal: z.object({ enabled }).strict().optional(),
    planTiming: z
      .object({
        enabled,
        departWarnMinutes: field('departWarnMinutes'),
        departAlarmMinutes: field('departAlarmMinutes'),
        arriveWarnMinutes: field('arriveWarnMinutes'),
        arriveAlarmMinutes: field('arriveAlarmMinutes'),
        parkingMinutes: field('parkingMinutes'),
      })
      .strict()
      .optional(),
  })
  .strict();

/** The settings of `patches` applied in order over `base` (a new object; `base` is not changed). */
export function mergeAlarmRules(
  base: AlarmRuleSettings,
  ...patches: readonly (AlarmRulePatch | null | undefined)[]
): AlarmRuleSettings {
  const out = {} as Record<AlarmRuleKey, Record<string, unknown>>;
  for (const key of Object.keys(base) as AlarmRuleKey[]) out[key] = { ...base[key] };
  for (const patch of patches) {
    if (!patch) continue;
    for (const key of Object.keys(patch) as AlarmRuleKey[]) {
      const rule = patch[key];
      const target = out[key];
      if (!rule || !target) continue;
      for (const [name, value] of Object.entries(rule)) if (value !== undefined) target[name] = value;
    }
  }
  return out as unknown as AlarmRuleSettings;
}

/** Fatigue and late-departure warnings must come before their alarms; the message when they do not. */
export function alarmRulesProblem(rules: AlarmRuleSettings): string | null {
  if (rules.fatigue.warnMinutes >= rules.fatigue.alarmMinutes) return '预警驾驶时长须小于报警驾驶时长';
  if (rules.planTiming.departWarnMinutes >= rules.planTiming.departAlarmMinutes)
    return '迟发车预警时长须小于迟发车报警时长';
  return null;
}
