import { type CalibrationRow, litresFromReading } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import { timeText } from '../monitor/vehicle-status';
import { readPositionRows } from './position-reader';
import { cumulativeMeters } from './road';
import { thinSeries } from './thinning';

/** Fuel curve tolerance a thin level: level × 0.05 % of the tank (level 8: 0.4 %). */
export const FUEL_PERCENT_PER_LEVEL = 0.05;
/** Altitude curve tolerance a thin level: level × 0.5 m (level 8: 4 m). */
export const ALTITUDE_METERS_PER_LEVEL = 0.5;

/** The oil trend: fuel as percent of the tank at each report (primary source). */
export async function oilTrend(
  db: Kysely<Database>,
  dialect: Dialect,
  truck: { truckId: number; tankCapacity: number; table?: readonly CalibrationRow[] | null },
  range: { from: number; to: number },
  thin: { thin: boolean; thinLevel: number },
) {
  const rows = await readPositionRows(db, dialect, truck.truckId, range.from, range.to, ['time', 'fuel'], {
    withFuel: true,
  });
  const time: number[] = [];
  const litres: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    time.push(rows.values[i * 2] as number);
    // through the truck's calibration table (油箱标定) when it has one
    litres.push(
      Math.round(
        litresFromReading(rows.values[i * 2 + 1] as number, truck.table ?? null, truck.tankCapacity),
      ) / 10,
    );
  }
  const percent = litres.map((l) => (l / truck.tankCapacity) * 100);
  const kept = thin.thin
    ? thinSeries(time, percent, thin.thinLevel * FUEL_PERCENT_PER_LEVEL)
    : time.map((_, i) => i);
  return kept.map((i) => ({
    reportTime: timeText(time[i] as number),
    oilValue: Math.round((percent[i] as number) * 10) / 10,
    /** Litres. */
    oilLitre: litres[i] as number,
  }));
}

/** Altitude along the way: time, kilometres from the first point, height in metres. */
export async function altitudePoints(
  db: Kysely<Database>,
  dialect: Dialect,
  truckId: number,
  range: { from: number; to: number },
  thin: { thin: boolean; thinLevel: number },
) {
  const rows = await readPositionRows(db, dialect, truckId, range.from, range.to, [
    'time',
    'lat',
    'lon',
    'altitude',
  ]);
  const n = rows.length;
  const v = rows.values;
  const time: number[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const height: number[] = [];
  for (let i = 0; i < n; i++) {
    time.push(v[i * 4] as number);
    lat.push(v[i * 4 + 1] as number);
    lon.push(v[i * 4 + 2] as number);
    height.push(v[i * 4 + 3] as number);
  }
  const along = cumulativeMeters({ length: n, lat, lon });
  const kept = thin.thin
    ? thinSeries(along, height, thin.thinLevel * ALTITUDE_METERS_PER_LEVEL)
    : time.map((_, i) => i);
  return kept.map((i) => ({
    dateTime: timeText(time[i] as number),
    mile: Math.round((along[i] as number) / 10) / 100,
    height: height[i] as number,
  }));
}
