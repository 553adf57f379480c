import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What a waybill written by a test or a benchmark names: the first truck of `teamCode` (with its
 * driver), the first line of its merchant with a loading and an unloading station, and the
 * merchant's first customer.
 */
export async function waybillRefs(db: Kysely<Database>, teamCode: string) {
  const truck = await db
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'driver_id'])
    .where('team_code', '=', teamCode)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const line = await db
    .selectFrom('line')
    .innerJoin('line_station as s', (j) => j.onRef('s.line_id', '=', 'line.id').on('s.station_type', '=', 1))
    .innerJoin('line_station as e', (j) => j.onRef('e.line_id', '=', 'line.id').on('e.station_type', '=', 3))
    .select(['line.id', 'line.name', 's.station_id as loading', 'e.station_id as unloading'])
    .where('line.merchant_id', '=', truck.merchant_id)
    .where('s.station_id', 'is not', null)
    .where('e.station_id', 'is not', null)
    .orderBy('line.id')
    .executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('customer')
    .select(['id', 'customer_name'])
    .where('merchant_id', '=', truck.merchant_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { truck, line, customer };
}
