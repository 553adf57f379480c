import { durationText } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GeoService } from '../geo/geo.service';
import { MOVING_MIN_SPEED, STATE_TEXT, tenth, timeText } from './vehicle-status';
import { vehicleView } from './vehicle-view';
import type { VehicleRow } from './vehicles.repository';

/** How far back the start of the current state is looked for in the track. */
const STATE_LOOKBACK_MS = 7 * 86_400_000;

/**
 * Since when a vehicle has been in its state: offline since its last report; parked since its open
 * stop began (or since it last moved); moving since its last stop ended (or since it last stood).
 */
export async function stateSince(
  db: Kysely<Database>,
  row: VehicleRow,
  code: 'moving' | 'parked' | 'offline',
): Promise<number | null> {
  if (row.time === null) return null;
  if (code === 'offline') return row.receivedAt;
  const stop = await db
    .selectFrom('stop')
    .select(['start_time', 'end_time'])
    .where('truck_id', '=', row.truckId)
    .where('start_time', '<=', row.time)
    .orderBy('start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (code === 'parked' && stop && stop.end_time === null) return stop.start_time;
  if (code === 'moving' && stop && stop.end_time !== null) return stop.end_time;
  // no stop row tells: find the last report of the other kind in the track
  const other = await db
    .selectFrom('position')
    .select('time')
    .where('truck_id', '=', row.truckId)
    .where('time', '>=', row.time - STATE_LOOKBACK_MS)
    .where('time', '<=', row.time)
    .where('speed', code === 'parked' ? '>=' : '<', MOVING_MIN_SPEED)
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!other) return null;
  const next = await db
    .selectFrom('position')
    .select('time')
    .where('truck_id', '=', row.truckId)
    .where('time', '>', other.time)
    .where('time', '<=', row.time)
    .orderBy('time')
    .limit(1)
    .executeTakeFirst();
  return next?.time ?? row.time;
}

/** The vehicle card of the monitoring pages (plate, driver, team, speed, place, state, mileage, fuel). */
export async function vehicleCard(db: Kysely<Database>, geo: GeoService, row: VehicleRow, now: number) {
  const view = vehicleView(row, now);
  const since = await stateSince(db, row, view.stateCode);
  const place = view.lat === null || view.lng === null ? null : await geo.reverse(view.lat, view.lng);
  return {
    ...view,
    place: place?.address ?? '',
    cityCode: place?.cityCode ?? '',
    state: STATE_TEXT[view.stateCode],
    stateSince: timeText(since),
    stateDuration: since === null ? '' : durationText(Math.max(0, now - since)),
    receiveTime: timeText(row.receivedAt),
    altitude: row.altitude ?? 0,
    tankCapacity: row.tankCapacity,
    accText: row.acc === 1 ? '开' : '关',
    onlineText: view.online ? '在线' : '离线',
    located: row.statusBits === null ? false : Math.floor(row.statusBits / 2) % 2 === 1,
    speedText: `${tenth(row.speed) ?? 0}km/h`,
  };
}
