/** Alarm categories (kinds) of the catalogue in spec core section 3, with their Chinese names. */
export const ALARM_CATEGORIES = [
  { key: 'driverAssist', name: '驾驶辅助' },
  { key: 'driverState', name: '驾驶员状态' },
  { key: 'dangerousDriving', name: '危险驾驶' },
  { key: 'timing', name: '时效' },
  { key: 'driving', name: '行车' },
  { key: 'safetyRisk', name: '安全风险' },
  { key: 'approval', name: '审批提醒' },
  { key: 'blindSpot', name: '盲区' },
  { key: 'fault', name: '故障' },
  // Beyond the spec's catalogue: the JT/T 808 alarm bits of the location report (7001-7017) and
  // the station fence events (7101 enter, 7102 exit), which the spec's alarm pages list.
  { key: 'device', name: '终端' },
  { key: 'fence', name: '围栏' },
  // the maintenance steward's reminders (8101 保养, 8102 证件) of items falling due
  { key: 'expiry', name: '到期提醒' },
] as const;

export type AlarmKind = (typeof ALARM_CATEGORIES)[number]['key'];

/** Chinese name of an alarm category, '-' for an unknown key. */
export function alarmCategoryName(kind: string): string {
  return ALARM_CATEGORIES.find((category) => category.key === kind)?.name ?? '-';
}
