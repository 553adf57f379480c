import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlarmMedia, AlarmRow } from '../../modules/alarms/alarms.table';
import type { VehicleState } from '../ingest/batch-store';
import { isStill } from '../ingest/trips';
import { type AlarmScope, type AlarmSource, type OpenAlarm, TruckAlarms } from './alarm';
import { BATTERY_FAULT_CODE } from './codes';

/**
 * After a restart: the open alarms (end_time null) are read back and each truck's rule state is
 * rebuilt from them and from its latest state, so a condition that still holds stays one alarm and
 * one that ended while the server was down ends at the truck's next report.
 */
function parse<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Which condition an open alarm row of one source is (see the keys the rules use). */
export function keyOf(row: { code: number; source: number }, detail: Record<string, unknown> | null): string {
  if (row.source === 2) return `p${row.code}`;
  if (detail?.bit !== undefined) return `b${row.code}`;
  if (detail?.faultBit !== undefined) return `f${row.code}`;
  if (row.code === BATTERY_FAULT_CODE && detail?.batteryVolts !== undefined) return `v${row.code}`;
  if (detail?.item !== undefined) return `s${String(detail.item)}${String(detail.eventType)}`;
  return `x${row.code}`;
}

/**
 * The conditions of an open alarm row: one, or the terminal's and the platform's of an alarm both
 * raised (source 3). A condition that ended before the restart ends again at the next report.
 */
export function keysOf(
  row: { code: number; source: number },
  detail: Record<string, unknown> | null,
): string[] {
  if (row.source !== 3) return [keyOf(row, detail)];
  return [keyOf({ code: row.code, source: 2 }, detail), keyOf({ code: row.code, source: 1 }, detail)];
}

export function openAlarmOf(row: AlarmRow): OpenAlarm {
  const detail = parse<Record<string, unknown>>(row.detail);
  const scope: AlarmScope = {
    truckId: row.truck_id,
    merchantId: row.merchant_id,
    teamCode: row.team_code,
    driverId: row.driver_id,
    terminalId: row.terminal_id,
  };
  return {
    id: row.id,
    key: keyOf(row, detail),
    scope,
    code: row.code,
    source: row.source as AlarmSource,
    level: row.level,
    startTime: row.start_time,
    endTime: row.end_time,
    lat: row.lat,
    lon: row.lon,
    speed: row.speed,
    maxSpeed: row.max_speed,
    endLat: row.end_lat,
    endLon: row.end_lon,
    stationId: row.station_id,
    lineId: row.line_id,
    planId: row.plan_id,
    detail,
    media: parse<AlarmMedia[]>(row.media),
    alarmNo: typeof detail?.alarmNo === 'string' ? detail.alarmNo : null,
    attachments: Number(detail?.attachments ?? 0) || 0,
  };
}

export async function loadOpenAlarms(db: Kysely<Database>): Promise<OpenAlarm[]> {
  const rows = await db.selectFrom('alarm').selectAll().where('end_time', 'is', null).execute();
  return rows.map(openAlarmOf);
}

function restoreCondition(t: TruckAlarms, key: string, alarm: OpenAlarm): void {
  const s = t.state;
  t.open.set(key, alarm);
  const d = alarm.detail ?? {};
  const at = { time: alarm.startTime, lat: alarm.lat, lon: alarm.lon, speed: alarm.speed };
  if (key.startsWith('b') && typeof d.bit === 'number') s.bits = (s.bits | (1 << d.bit)) >>> 0;
  else if (key.startsWith('f') && typeof d.faultBit === 'number')
    s.faults = (s.faults | (1 << d.faultBit)) >>> 0;
  else if (key.startsWith('v')) s.batteryLow = true;
  else if (key === 'p5004') s.overSince = at;
  else if (key === 'p5005' || key === 'p5006')
    s.driveStart = typeof d.since === 'number' ? d.since : alarm.startTime;
  else if (key === 'p5003' || key === 'p5012') {
    const since = typeof d.parkedSince === 'number' ? d.parkedSince : alarm.startTime;
    s.stillSince = { ...at, time: since };
    if (key === 'p5012' && typeof d.beforeL === 'number') s.parkFuelMax = Math.round(d.beforeL * 10);
  } else if (key === 'p4005') s.offLineSince = at;
}

/** A truck's alarms and rule state rebuilt from its open alarms and latest state. */
export function restoreTruck(
  scope: AlarmScope,
  open: readonly OpenAlarm[],
  last: VehicleState | null,
): TruckAlarms {
  const t = new TruckAlarms(scope);
  const s = t.state;
  if (last) {
    s.lastTime = last.time;
    s.lastFuel = last.fuel;
    const still = isStill({ speed: last.speed, acc: last.acc === 1 });
    s.lastMoving = !still;
    if (still) s.stillSince = { time: last.time, lat: last.lat, lon: last.lon, speed: last.speed };
  }
  for (const alarm of open) {
    for (const key of keysOf(alarm, alarm.detail)) restoreCondition(t, key, alarm);
  }
  return t;
}
