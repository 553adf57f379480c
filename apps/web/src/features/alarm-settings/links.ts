import { canAccessPath, findMenuByPath } from '@fleet/domain';

/**
 * The alarm settings pages. They are hidden menu pages (under 车辆报警 and 站点围栏报警), so the
 * alarm pages link to them and the all-functions drawer's search finds them.
 */
export const ALARM_SETTINGS_PATHS = ['/alarm/carset/index', '/car-dispatch/stationFenceAlarm'] as const;

export interface SettingsLink {
  path: string;
  title: string;
}

/** The settings pages a user with these menu codes may open, with their menu titles. */
export function alarmSettingsLinks(codes: Iterable<string>): SettingsLink[] {
  const held = [...codes];
  return ALARM_SETTINGS_PATHS.filter((path) => canAccessPath(path, held)).map((path) => ({
    path,
    title: findMenuByPath(path)?.title ?? path,
  }));
}
