import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import { type PackedRows, packedAggregate, packedRow, unpackRows } from '../monitor/packed-rows';

export type PositionColumn =
  | 'time'
  | 'lat'
  | 'lon'
  | 'speed'
  | 'direction'
  | 'altitude'
  | 'alarm_bits'
  | 'status_bits'
  | 'mileage'
  | 'fuel';

/**
 * The reports of one truck in [from, to], oldest first, with the asked columns (time first), those
 * flagged implausible left out: one range query on the position index (truck_id, time, ...), its
 * rows packed by the database into one text (see `packedRows`), so that a day of one-second reports
 * (86,400) stays inside the playback's time budget.
 */
export async function readPositionRows(
  db: Kysely<Database>,
  dialect: Dialect,
  truckId: number,
  from: number,
  to: number,
  columns: readonly PositionColumn[],
  options: { withFuel?: boolean } = {},
): Promise<PackedRows> {
  if (columns[0] !== 'time') throw new Error('the first column of a track read is its time');
  let rows = db
    .selectFrom('position')
    .select(
      packedRow(
        dialect,
        columns.map((c) => sql.ref(c)),
      ).as('r'),
    )
    .where('truck_id', '=', truckId)
    .where('time', '>=', from)
    .where('time', '<=', to)
    // reports flagged implausible on ingest (see ingest/plausibility.ts) are no part of a track
    .where((eb) => eb.or([eb('extra', 'is', null), eb('extra', 'not like', '%"implausible"%')]))
    .orderBy('time');
  if (options.withFuel) rows = rows.where('fuel', 'is not', null);
  // the ordered subquery feeds the aggregate in time order (no sort inside the aggregate)
  const packed = await db
    .selectFrom(rows.as('s'))
    .select(packedAggregate(dialect, sql.ref('s.r')).as('rows'))
    .executeTakeFirst();
  return unpackRows(packed?.rows, columns.length, true);
}
