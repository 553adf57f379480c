import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlarmMedia, AlarmTable } from './alarms.table';

/** Test, end-to-end and benchmark fixtures: alarms written straight into the alarm table. */

export interface FixtureTruck {
  id: number;
  merchant_id: number;
  team_code: string;
  terminal_id: number | null;
  driver_id: number | null;
  car_no: string;
  vin: string;
}

/** The demo trucks of a team (or of a merchant's whole tree), ordered by id. */
export async function fixtureTrucks(db: Kysely<Database>, teamPrefix: string): Promise<FixtureTruck[]> {
  return db
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'terminal_id', 'driver_id', 'car_no', 'vin'])
    .where('team_code', 'like', `${teamPrefix}%`)
    .orderBy('id')
    .execute();
}

export interface AlarmFixture {
  code: number;
  /** Epoch ms. */
  start: number;
  /** Epoch ms; null (default) while it lasts. */
  end?: number | null;
  /** km/h. */
  speed?: number;
  maxSpeed?: number;
  level?: number | null;
  /** 1 terminal, 2 platform rule, 3 both; by default 1 with media, else 2. */
  source?: number;
  lat?: number;
  lng?: number;
  /** Null for an unknown driver; the truck's driver by default. */
  driverId?: number | null;
  media?: AlarmMedia[];
  detail?: Record<string, unknown>;
  stationId?: number | null;
  handleStatus?: number;
}

/** The alarm row of a fixture on a truck (source 2, a platform rule, unless media make it a terminal's). */
export function alarmRow(truck: FixtureTruck, a: AlarmFixture): Insertable<AlarmTable> {
  return {
    merchant_id: truck.merchant_id,
    team_code: truck.team_code,
    truck_id: truck.id,
    terminal_id: truck.terminal_id,
    driver_id: a.driverId === undefined ? truck.driver_id : a.driverId,
    code: a.code,
    source: a.source ?? (a.media ? 1 : 2),
    level: a.level ?? null,
    start_time: a.start,
    end_time: a.end ?? null,
    lat: Math.round((a.lat ?? 39.9) * 1e6),
    lon: Math.round((a.lng ?? 116.4) * 1e6),
    speed: Math.round((a.speed ?? 0) * 10),
    max_speed: Math.round((a.maxSpeed ?? a.speed ?? 0) * 10),
    station_id: a.stationId ?? null,
    detail: a.detail ? JSON.stringify(a.detail) : null,
    media: a.media ? JSON.stringify(a.media) : null,
    handle_status: a.handleStatus ?? 0,
    created_at: a.start,
    updated_at: a.start,
  };
}

/** Inserts alarms in batches; returns their ids in order. */
export async function insertAlarms(
  db: Kysely<Database>,
  rows: readonly Insertable<AlarmTable>[],
  batch = 500,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += batch) {
    const inserted = await db
      .insertInto('alarm')
      .values(rows.slice(i, i + batch))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}
