import { formatDateTime, fuelPercent, litresFromReading } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inScope } from '../../http/scope';
import { thinSeries } from '../history/thinning';
import { litresText } from './fuel.repository';
import { calibrationTables, fuelPoints } from './fuel-scan';

// The level of a truck's tank over time (油量变化): every report's reading through the truck's
// calibration table, thinned (Douglas–Peucker on litres, 0.5 L), and the fleet's recent changes.

/** Thinning tolerance, tenths of a litre. */
const THIN_TENTHS = 5;

/** The fuel level of one truck over a period, thinned or every report. */
export async function levelHistory(
  db: Kysely<Database>,
  truck: { id: number; tankCapacity: number | null },
  range: { from: number; to: number },
  thin: boolean,
) {
  const points = await fuelPoints(db, truck.id, range.from - 1, range.to);
  const table = (await calibrationTables(db, [truck.id])).get(truck.id) ?? null;
  const time = points.map((p) => p.time);
  const litres = points.map((p) => litresFromReading(p.fuel as number, table, truck.tankCapacity));
  const kept = thin ? thinSeries(time, litres, THIN_TENTHS) : time.map((_, i) => i);
  return {
    calibrated: table !== null,
    rawTotal: points.length,
    list: kept.map((i) => ({
      reportTime: formatDateTime(new Date(time[i] as number)),
      litres: litresText(litres[i] as number),
      oilValue: fuelPercent(litres[i] as number, truck.tankCapacity),
      speed: Math.round((points[i]?.speed ?? 0) / 10),
    })),
  };
}

/**
 * 油量变化监控: the trucks of the scope (a team, a plate) with their level now (the last report's
 * reading, calibrated), the change over the last 24 hours and their latest fuel event.
 */
export async function oilChangeTrucks(
  db: Kysely<Database>,
  auth: AuthContext,
  f: { truckId?: number; teamCode?: string },
  now: number,
  page: { offset: number; limit: number },
) {
  let q = db
    .selectFrom('truck')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'truck.merchant_id').onRef('team.team_code', '=', 'truck.team_code'),
    )
    .leftJoin('vehicle_state', 'vehicle_state.truck_id', 'truck.id')
    .where(inScope(auth.scope, 'truck'))
    .where('truck.deleted_at', 'is', null);
  if (f.truckId) q = q.where('truck.id', '=', f.truckId);
  if (f.teamCode) q = q.where('truck.team_code', 'like', `${f.teamCode}%`);
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const trucks = await q
    .select([
      'truck.id',
      'truck.car_no',
      'truck.vin',
      'truck.tank_capacity',
      'team.team_name',
      'vehicle_state.time',
      'vehicle_state.fuel',
    ])
    .orderBy('vehicle_state.fuel', (ob) => ob.desc().nullsLast())
    .orderBy('truck.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const ids = trucks.map((t) => t.id);
  const tables = await calibrationTables(db, ids);
  const list = [];
  for (const t of trucks) {
    const table = tables.get(t.id) ?? null;
    // the latest reading: the live state, or the last report with one
    let reading = t.fuel;
    let readAt = t.time;
    if (reading === null) {
      const last = await db
        .selectFrom('position')
        .select(['time', 'fuel'])
        .where('truck_id', '=', t.id)
        .where('fuel', 'is not', null)
        .orderBy('time', 'desc')
        .limit(1)
        .executeTakeFirst();
      reading = last?.fuel ?? null;
      readAt = last?.time ?? null;
    }
    const level = reading === null ? null : litresFromReading(reading, table, t.tank_capacity);
    const dayAgo = await db
      .selectFrom('position')
      .select(['fuel'])
      .where('truck_id', '=', t.id)
      .where('time', '>=', (readAt ?? now) - 86_400_000)
      .where('fuel', 'is not', null)
      .orderBy('time')
      .limit(1)
      .executeTakeFirst();
    const before = dayAgo?.fuel == null ? null : litresFromReading(dayAgo.fuel, table, t.tank_capacity);
    const last = await db
      .selectFrom('fuel_event')
      .select(['kind', 'start_time', 'litres', 'state'])
      .where('truck_id', '=', t.id)
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    list.push({
      truckId: t.id,
      carNo: t.car_no,
      vin: t.vin,
      teamName: t.team_name ?? '',
      tankCapacity: t.tank_capacity,
      calibrated: table !== null,
      reportTime: readAt === null ? '' : formatDateTime(new Date(readAt)),
      oil: litresText(level),
      oilValue: level === null ? null : fuelPercent(level, t.tank_capacity),
      change24h: level === null || before === null ? null : litresText(level - before),
      lastEventKind: last?.kind ?? null,
      lastEventTime: last ? formatDateTime(new Date(last.start_time)) : '',
      lastEventLitres: last ? litresText(last.litres) : null,
      lastEventState: last?.state ?? null,
    });
  }
  return { list, total: Number(count.n) };
}
