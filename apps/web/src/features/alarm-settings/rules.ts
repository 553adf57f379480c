import {
  type ALARM_RULE_FIELDS,
  ALARM_RULES,
  type AlarmRuleKey,
  type AlarmRulePatch,
  type AlarmRuleSettings,
} from '@fleet/domain';

/** The numeric fields of each rule, in form order (`lineId` is a line picker). */
export const RULE_FIELDS: Record<AlarmRuleKey, readonly (keyof typeof ALARM_RULE_FIELDS | 'lineId')[]> = {
  overspeed: ['limitKmh', 'minSeconds'],
  fatigue: ['warnMinutes', 'alarmMinutes', 'restMinutes'],
  parking: ['minutes'],
  fuelUse: ['maxLPer100km', 'minKm'],
  refuel: ['minLitres'],
  oilTheft: ['minLitres'],
  fault: ['minBatteryVolts'],
  deviation: ['lineId', 'minSeconds'],
  terminal: [],
  planTiming: [
    'departWarnMinutes',
    'departAlarmMinutes',
    'arriveWarnMinutes',
    'arriveAlarmMinutes',
    'parkingMinutes',
  ],
};

export const RULE_KEYS: readonly AlarmRuleKey[] = ALARM_RULES.map((r) => r.key);

/** A rule's fields whose values differ from `base` (a team stores only what it changes). */
export function changedPatch(values: AlarmRuleSettings, base: AlarmRuleSettings): AlarmRulePatch {
  const patch: Record<string, Record<string, unknown>> = {};
  for (const key of RULE_KEYS) {
    const now = values[key] as unknown as Record<string, unknown>;
    const before = base[key] as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(now)) {
      if (value === undefined || value === before[field]) continue;
      patch[key] ??= {};
      (patch[key] as Record<string, unknown>)[field] = value;
    }
  }
  return patch as AlarmRulePatch;
}

/** A vehicle's own settings: the whole rule for each rule it does not take from its team. */
export function ownPatch(
  values: AlarmRuleSettings,
  own: Partial<Record<AlarmRuleKey, boolean>>,
): AlarmRulePatch {
  const patch: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (own[key]) patch[key] = { ...values[key] };
  return patch as AlarmRulePatch;
}

/** Which rules a vehicle sets itself (those its own settings name). */
export function ownRules(patch: AlarmRulePatch | null | undefined): Record<AlarmRuleKey, boolean> {
  const out = {} as Record<AlarmRuleKey, boolean>;
  for (const key of RULE_KEYS) out[key] = Boolean(patch?.[key] && Object.keys(patch[key] ?? {}).length > 0);
  return out;
}

/** The settings with a vehicle's own rules replaced by the team's where it inherits. */
export function withInherited(
  values: AlarmRuleSettings,
  team: AlarmRuleSettings,
  own: Partial<Record<AlarmRuleKey, boolean>>,
): AlarmRuleSettings {
  const out = { ...values } as Record<AlarmRuleKey, unknown>;
  for (const key of RULE_KEYS) if (!own[key]) out[key] = { ...team[key] };
  return out as AlarmRuleSettings;
}
