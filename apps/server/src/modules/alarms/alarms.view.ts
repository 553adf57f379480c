import {
  alarmCategoryName,
  alarmHandleStatusName,
  alarmHandleTypeName,
  alarmLevelName,
  alarmSourceName,
  alarmSources,
  alarmType,
  configuredAlarmLevel,
  formatDateTime,
} from '@fleet/domain';
import type { AlarmListRow } from './alarms.repository';
import type { AlarmMedia } from './alarms.table';

/** Evidence of an alarm from its media JSON: the first video, and the photos in order. */
export function alarmEvidence(media: string | null): {
  video: string;
  photoList: string[];
  media: AlarmMedia[];
} {
  let items: AlarmMedia[] = [];
  if (media) {
    try {
      const parsed: unknown = JSON.parse(media);
      if (Array.isArray(parsed))
        items = parsed.filter(
          (m): m is AlarmMedia =>
            typeof m === 'object' &&
            m !== null &&
            (m.type === 'photo' || m.type === 'video') &&
            typeof m.url === 'string',
        );
    } catch {
      items = [];
    }
  }
  return {
    video: items.find((m) => m.type === 'video')?.url ?? '',
    photoList: items.filter((m) => m.type === 'photo').map((m) => m.url),
    media: items,
  };
}

/** What a rule measured (the detail JSON), as an object; {} when there is none. */
export function alarmDetail(detail: string | null): Record<string, unknown> {
  if (!detail) return {};
  try {
    const parsed: unknown = JSON.parse(detail);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const time = (ms: number | null) => (ms === null ? '' : formatDateTime(new Date(ms)));
const degrees = (micro: number | null) => (micro === null ? null : micro / 1e6);

/**
 * An alarm as every alarm page shows it: the fields of the alarm card row (spec core section 3:
 * eventName, video, photoList, tid, startTime, carNo, driverName, speed km/h, duration ms, latitude,
 * longitude) plus team, end, level, the rule's detail and the handling record. `now` closes the
 * duration of an alarm that still lasts.
 */
export function alarmView(row: AlarmListRow, now: number) {
  const type = alarmType(row.code);
  const end = row.end_time;
  // alarms stored before levels were filled take the level their kind is configured with
  const level = row.level ?? configuredAlarmLevel(row.code);
  return {
    id: row.id,
    alarmCode: row.code,
    eventName: type?.name ?? String(row.code),
    categoryCode: type?.kind ?? '',
    categoryName: type ? alarmCategoryName(type.kind) : '-',
    source: row.source,
    sources: alarmSources(row.source),
    sourceName: alarmSourceName(row.source),
    level,
    levelName: alarmLevelName(level),
    carNo: row.car_no ?? '',
    vin: row.vin ?? '',
    tid: row.tid ?? '',
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    driverName: row.driver_name ?? '',
    startTime: time(row.start_time),
    endTime: time(end),
    ongoing: end === null,
    duration: Math.max(0, (end ?? now) - row.start_time),
    speed: row.speed / 10,
    maxSpeed: row.max_speed / 10,
    latitude: degrees(row.lat),
    longitude: degrees(row.lon),
    endLatitude: degrees(row.end_lat),
    endLongitude: degrees(row.end_lon),
    stationId: row.station_id,
    stationName: row.station_name ?? '',
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    planId: row.plan_id,
    detail: alarmDetail(row.detail),
    ...alarmEvidence(row.media),
    handleStatus: row.handle_status,
    handleStatusName: alarmHandleStatusName(row.handle_status),
    handleType: row.handle_type,
    handleTypeName: row.handle_type === null ? '' : alarmHandleTypeName(row.handle_type),
    handleRemark: row.handle_remark ?? '',
    handlerName: row.handler_name ?? '',
    handleTime: time(row.handled_at),
  };
}

export type AlarmView = ReturnType<typeof alarmView>;
