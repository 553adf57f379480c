import { DAY_MS, formatDateTime, parseDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inScope } from '../../http/scope';
import { per100 } from './energy.figures';

// One truck's trips of a period as 油耗结果查看 and the mileage details list them (from the trip table).

type Db = Kysely<Database>;

const UNKNOWN_DRIVER = '未知司机';

export interface TripResult {
  id: number;
  startTime: string;
  endTime: string;
  driverId: number | null;
  driverName: string;
  /** km, and the unit of the truck's fuel type, one decimal. */
  mileage: number;
  fuelUsed: number | null;
  per100Km: number | null;
  /** A plug-in hybrid's electricity, kwh, and per 100 km (null for other trucks' trips). */
  powerUsed: number | null;
  powerPer100Km: number | null;
  durationMinutes: number;
  maxSpeed: number;
  avgSpeed: number;
}

/** The closed trips of one truck that started in the period (Shanghai days), in order. */
export async function truckTrips(
  db: Db,
  auth: AuthContext,
  truckId: number,
  f: { startDate: string; endDate: string },
): Promise<TripResult[]> {
  const from = (parseDateTime(f.startDate) as Date).getTime();
  const to = (parseDateTime(f.endDate) as Date).getTime() + DAY_MS;
  const rows = await db
    .selectFrom('trip')
    .leftJoin('driver', 'driver.id', 'trip.driver_id')
    .select([
      'trip.id',
      'trip.start_time',
      'trip.end_time',
      'trip.driver_id',
      'driver.name as driver_name',
      'trip.mileage',
      'trip.fuel_used',
      'trip.max_speed',
      'trip.avg_speed',
      'trip.power_used',
    ])
    .where(inScope(auth.scope, 'trip'))
    .where('trip.truck_id', '=', truckId)
    .where('trip.end_time', 'is not', null)
    .where('trip.start_time', '>=', from)
    .where('trip.start_time', '<', to)
    .orderBy('trip.start_time')
    .limit(5000)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startTime: formatDateTime(new Date(Number(r.start_time))),
    endTime: formatDateTime(new Date(Number(r.end_time))),
    driverId: r.driver_id,
    driverName: r.driver_name ?? UNKNOWN_DRIVER,
    mileage: r.mileage / 10,
    fuelUsed: r.fuel_used === null ? null : r.fuel_used / 10,
    per100Km: r.fuel_used === null ? null : per100(r.fuel_used, r.mileage),
    powerUsed: r.power_used === null ? null : Number(r.power_used) / 10,
    powerPer100Km: r.power_used === null ? null : per100(Number(r.power_used), r.mileage),
    durationMinutes: Math.round((Number(r.end_time) - Number(r.start_time)) / 60_000),
    maxSpeed: r.max_speed / 10,
    avgSpeed: r.avg_speed / 10,
  }));
}
