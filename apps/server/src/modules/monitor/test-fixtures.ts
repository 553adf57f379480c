import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Test and benchmark fixtures: latest states and tracks written straight into the telematics tables. */

export interface StateFixture {
  lat: number;
  lng: number;
  /** km/h */
  speed?: number;
  direction?: number;
  online?: boolean;
  /** Epoch ms of the report; `now` when left out. */
  time?: number;
  alarmBits?: number;
  /** Litres. */
  fuel?: number;
  /** km. */
  mileage?: number;
  acc?: boolean;
  altitude?: number;
}

export async function truckByVin(db: Kysely<Database>, vin: string) {
  return db
    .selectFrom('truck')
    .select(['id', 'terminal_id', 'merchant_id', 'team_code', 'car_no', 'vin'])
    .where('vin', '=', vin)
    .executeTakeFirstOrThrow();
}

/** Writes (or replaces) the latest state of a truck. */
export async function placeTruck(db: Kysely<Database>, truckId: number, s: StateFixture, now: number) {
  const truck = await db
    .selectFrom('truck')
    .select(['terminal_id'])
    .where('id', '=', truckId)
    .executeTakeFirstOrThrow();
  const time = s.time ?? now;
  const row = {
    truck_id: truckId,
    terminal_id: truck.terminal_id ?? 0,
    time,
    received_at: time,
    lat: Math.round(s.lat * 1e6),
    lon: Math.round(s.lng * 1e6),
    altitude: s.altitude ?? 0,
    speed: Math.round((s.speed ?? 0) * 10),
    direction: s.direction ?? 0,
    acc: s.acc === false ? 0 : 1,
    online: s.online === false ? 0 : 1,
    alarm_bits: s.alarmBits ?? 0,
    status_bits: (s.acc === false ? 0 : 1) | 2,
    mileage: s.mileage === undefined ? null : Math.round(s.mileage * 10),
    fuel: s.fuel === undefined ? null : Math.round(s.fuel * 10),
    driver_id: null,
  };
  await db.deleteFrom('vehicle_state').where('truck_id', '=', truckId).execute();
  await db.insertInto('vehicle_state').values(row).execute();
}

/** One report of a track. */
export interface TrackFixturePoint {
  time: number;
  lat: number;
  lng: number;
  /** km/h */
  speed: number;
  direction?: number;
  altitude?: number;
  alarmBits?: number;
  acc?: boolean;
  /** Litres. */
  fuel?: number;
  /** km. */
  mileage?: number;
}

/** Inserts reports of one truck into position, in chunks of 1000 rows. */
export async function insertTrack(
  db: Kysely<Database>,
  truckId: number,
  points: readonly TrackFixturePoint[],
) {
  for (let start = 0; start < points.length; start += 1000) {
    const chunk = points.slice(start, start + 1000).map((p) => ({
      truck_id: truckId,
      terminal_id: 0,
      time: p.time,
      received_at: p.time,
      lat: Math.round(p.lat * 1e6),
      lon: Math.round(p.lng * 1e6),
      altitude: p.altitude ?? 0,
      speed: Math.round(p.speed * 10),
      direction: p.direction ?? 0,
      alarm_bits: p.alarmBits ?? 0,
      status_bits: (p.acc === false ? 0 : 1) | 2,
      mileage: p.mileage === undefined ? null : Math.round(p.mileage * 10),
      fuel: p.fuel === undefined ? null : Math.round(p.fuel * 10),
      extra: null,
    }));
    await db.insertInto('position').values(chunk).execute();
  }
}
