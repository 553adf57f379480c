import { alarmName, alarmType, formatDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlarmMedia, AlarmRow } from '../alarms/alarms.table';
import { OfflineGeocoder } from '../geo/offline-geocoder';

/** Message types of the live channel and of the message table. */
export const MESSAGE_TYPE = { pong: 0, alarm: 1, reminder: 2 } as const;

/** What a browser receives for one alarm or reminder (`content` of `{ type, content }`). */
export interface AlarmPush {
  /** The recipient's message id (each user has a message row of their own). */
  id: number;
  alarmId: number | null;
  alarmCode: number;
  /** Kind key of the catalogue ('driving', 'driverAssist'...); '' for reminders without a kind. */
  categoryCode: string;
  eventName: string;
  title: string;
  messageContent: string;
  content: string;
  /** The alarm id as text (the pop-up's business key). */
  businessCode: string;
  carNo: string;
  vin: string;
  /** Terminal phone number (the JT/T 808 identity). */
  tid: string;
  driverName: string;
  /** km/h. */
  speed: number;
  startTime: string;
  remindTime: string;
  reportTime: string;
  /** Milliseconds from the start to the push. */
  duration: number;
  /** WGS-84 degrees. */
  latitude: number;
  longitude: number;
  address: string;
  video: string;
  photoList: string[];
  level: number | null;
}

let geocoder: OfflineGeocoder | null = null;

/** Address of a point by the shipped gazetteer (never fails, needs no network). */
export function addressOf(latMicro: number, lonMicro: number): string {
  if (latMicro === 0 && lonMicro === 0) return '';
  geocoder ??= new OfflineGeocoder();
  try {
    return geocoder.reverseSync(latMicro / 1e6, lonMicro / 1e6).address;
  } catch {
    return '';
  }
}

export function parseMedia(text: string | null): AlarmMedia[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as AlarmMedia[]) : [];
  } catch {
    return [];
  }
}

/** Title and text of the message row of an alarm (kept within the table's 100 and 500 characters). */
export function alarmMessageText(
  alarm: Pick<AlarmRow, 'code' | 'start_time' | 'speed'>,
  carNo: string,
  address: string,
): { title: string; content: string } {
  const name = alarmName(alarm.code, `报警${alarm.code}`);
  const at = formatDateTime(new Date(alarm.start_time));
  const speed = (alarm.speed / 10).toFixed(1);
  const where = address ? `，位置：${address}` : '';
  return {
    title: `${carNo} ${name}`.slice(0, 100),
    content: `车辆${carNo}于${at}发生${name}，速度${speed}km/h${where}`.slice(0, 500),
  };
}

/** The push of each alarm (without the per-user message id) with the vehicle, terminal and driver. */
export async function alarmPushes(
  db: Kysely<Database>,
  alarms: readonly AlarmRow[],
  now: number,
): Promise<Omit<AlarmPush, 'id'>[]> {
  const truckIds = [...new Set(alarms.map((a) => a.truck_id))];
  const trucks = truckIds.length
    ? await db
        .selectFrom('truck as t')
        .leftJoin('terminal as tm', 'tm.id', 't.terminal_id')
        .leftJoin('driver as d', 'd.id', 't.driver_id')
        .select(['t.id', 't.car_no', 't.vin', 'tm.phone', 'd.name as driverName'])
        .where('t.id', 'in', truckIds)
        .execute()
    : [];
  const byTruck = new Map(trucks.map((t) => [t.id, t]));
  const driverIds = [...new Set(alarms.flatMap((a) => (a.driver_id === null ? [] : [a.driver_id])))];
  const drivers = driverIds.length
    ? await db.selectFrom('driver').select(['id', 'name']).where('id', 'in', driverIds).execute()
    : [];
  const driverName = new Map(drivers.map((d) => [d.id, d.name]));
  const terminalIds = [...new Set(alarms.flatMap((a) => (a.terminal_id === null ? [] : [a.terminal_id])))];
  const terminals = terminalIds.length
    ? await db.selectFrom('terminal').select(['id', 'phone']).where('id', 'in', terminalIds).execute()
    : [];
  const terminalPhone = new Map(terminals.map((t) => [t.id, t.phone]));

  return alarms.map((alarm) => {
    const truck = byTruck.get(alarm.truck_id);
    const carNo = truck?.car_no ?? '';
    const address = addressOf(alarm.lat, alarm.lon);
    const text = alarmMessageText(alarm, carNo, address);
    const media = parseMedia(alarm.media);
    const start = formatDateTime(new Date(alarm.start_time));
    return {
      alarmId: alarm.id,
      alarmCode: alarm.code,
      categoryCode: alarmType(alarm.code)?.kind ?? '',
      eventName: alarmName(alarm.code, `报警${alarm.code}`),
      title: text.title,
      messageContent: text.content,
      content: text.content,
      businessCode: String(alarm.id),
      carNo,
      vin: truck?.vin ?? '',
      tid:
        (alarm.terminal_id !== null ? terminalPhone.get(alarm.terminal_id) : undefined) ?? truck?.phone ?? '',
      driverName:
        (alarm.driver_id !== null ? driverName.get(alarm.driver_id) : undefined) ?? truck?.driverName ?? '',
      speed: alarm.speed / 10,
      startTime: start,
      remindTime: formatDateTime(new Date(now)),
      reportTime: start,
      duration: Math.max(0, (alarm.end_time ?? now) - alarm.start_time),
      latitude: alarm.lat / 1e6,
      longitude: alarm.lon / 1e6,
      address,
      video: media.find((m) => m.type === 'video')?.url ?? '',
      photoList: media.filter((m) => m.type === 'photo').map((m) => m.url),
      level: alarm.level,
    };
  });
}
