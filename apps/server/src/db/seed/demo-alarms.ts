import type { Kysely } from 'kysely';
import type { Database } from '../schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const micro = (degrees: number) => Math.round(degrees * 1e6);

/** Terminal (1) or platform rule (2), as alarm.source. */
const TERMINAL = 1;
const PLATFORM = 2;

interface Episode {
  code: number;
  source: number;
  level: number | null;
  minutes: number;
  /** km/h at the start and the highest while it lasted. */
  speed: number;
  maxSpeed: number;
  detail: (truck: { limitKmh: number; tankL: number }) => Record<string, unknown>;
  /** At a station of the truck's merchant (fence alarms). */
  atStation?: boolean;
}

/**
 * A working day of alarms per truck, one of each kind a page lists: speeding and fatigue (车辆报警,
 * 车辆违章), active safety (主动安全报警), a fault (故障报警), a suspected oil theft (疑似偷油) and
 * a station fence entry (站点围栏报警). Details carry what the live rules measure.
 */
const EPISODES: readonly Episode[] = [
  {
    code: 5004,
    source: PLATFORM,
    level: null,
    minutes: 4,
    speed: 96,
    maxSpeed: 104,
    detail: ({ limitKmh }) => ({ limitKmh, minSeconds: 60 }),
  },
  { code: 1001, source: TERMINAL, level: 1, minutes: 1, speed: 78, maxSpeed: 78, detail: () => ({}) },
  { code: 2003, source: TERMINAL, level: 2, minutes: 1, speed: 65, maxSpeed: 65, detail: () => ({}) },
  {
    code: 5006,
    source: PLATFORM,
    level: null,
    minutes: 25,
    speed: 72,
    maxSpeed: 85,
    detail: () => ({ drivingMinutes: 245, alarmMinutes: 240 }),
  },
  { code: 10007, source: TERMINAL, level: 2, minutes: 45, speed: 60, maxSpeed: 70, detail: () => ({}) },
  {
    code: 5012,
    source: PLATFORM,
    level: null,
    minutes: 12,
    speed: 0,
    maxSpeed: 0,
    detail: ({ tankL }) => {
      const beforeL = Math.round(tankL * 0.7);
      const dropL = Math.max(8, Math.round(tankL * 0.09));
      return { beforeL, afterL: beforeL - dropL, dropL };
    },
  },
  {
    code: 7101,
    source: PLATFORM,
    level: null,
    minutes: 18,
    speed: 15,
    maxSpeed: 22,
    detail: () => ({}),
    atStation: true,
  },
];

/**
 * Alarms of the day before `now` for every demo truck, most of them handled by the merchant's
 * administrator, so that each demo account finds alarms on the alarm pages it may open before the
 * demo fleet has raised any of its own.
 */
export async function seedDemoAlarms(tx: Kysely<Database>, handlerId: number, now: number): Promise<void> {
  const trucks = await tx
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'terminal_id', 'driver_id', 'speed_limit', 'tank_capacity'])
    .orderBy('id')
    .execute();
  const stations = await tx
    .selectFrom('station')
    .select(['id', 'merchant_id', 'name', 'lat', 'lon'])
    .orderBy('id')
    .execute();
  const rows = trucks.flatMap((truck, t) => {
    const own = stations.filter((s) => s.merchant_id === truck.merchant_id);
    return EPISODES.flatMap((e, k) => {
      const station = own[(t + k) % Math.max(1, own.length)];
      if (!station) return [];
      // spread over the 22 hours before the last two, a different hour for each truck and kind
      const start = now - 2 * HOUR - ((t * 7 + k * 3) % 20) * HOUR - ((t * 13 + k * 17) % 60) * MINUTE;
      // a little way off the station, except at a fence, where the truck is inside it
      const offset = e.atStation ? 0 : 0.01 + ((t + k) % 5) * 0.004;
      const handled = (t + k) % 3 !== 0;
      const detail = e.atStation
        ? { stationName: station.name }
        : e.detail({ limitKmh: truck.speed_limit ?? 90, tankL: truck.tank_capacity ?? 400 });
      return [
        {
          merchant_id: truck.merchant_id,
          team_code: truck.team_code,
          truck_id: truck.id,
          terminal_id: truck.terminal_id,
          driver_id: truck.driver_id,
          code: e.code,
          source: e.source,
          level: e.level,
          start_time: start,
          end_time: start + e.minutes * MINUTE,
          lat: station.lat + micro(offset),
          lon: station.lon + micro(offset),
          speed: e.speed * 10,
          max_speed: e.maxSpeed * 10,
          station_id: e.atStation ? station.id : null,
          detail: JSON.stringify(detail),
          handle_status: handled ? 1 : 0,
          handle_type: handled ? (e.code === 10007 ? 5 : 1) : null,
          handle_remark: handled ? (e.code === 10007 ? '已安排回场加注尿素' : '已电话提醒司机') : null,
          handler_id: handled ? handlerId : null,
          handled_at: handled ? start + e.minutes * MINUTE + 20 * MINUTE : null,
          created_at: start,
          updated_at: start + e.minutes * MINUTE,
        },
      ];
    });
  });
  for (let i = 0; i < rows.length; i += 200)
    await tx
      .insertInto('alarm')
      .values(rows.slice(i, i + 200))
      .execute();
}
