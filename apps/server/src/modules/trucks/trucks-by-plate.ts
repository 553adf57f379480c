import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inScope, type Scope } from '../../http/scope';

/** A truck an import row names by its plate. */
export interface PlateTruck {
  id: number;
  car_no: string;
  team_code: string;
  driver_id: number | null;
}

/**
 * The trucks of the given plates that the caller may use (its merchant and team subtree, not
 * deleted), by plate: what every import resolves its 车牌号 column with. 500 plates a query.
 */
export async function trucksByPlate(
  db: Kysely<Database>,
  scope: Scope,
  plates: readonly (string | null | undefined)[],
): Promise<Map<string, PlateTruck>> {
  const unique = [...new Set(plates.filter((p): p is string => Boolean(p)))];
  const found = new Map<string, PlateTruck>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'team_code', 'driver_id'])
      .where(inScope(scope, 'truck'))
      .where('deleted_at', 'is', null)
      .where('car_no', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.car_no, row);
  }
  return found;
}
