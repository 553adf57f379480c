import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { notFound } from '../../http/envelope';
import { teamCodeField } from '../../http/form-fields';
import { paging } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import type { StationWithTeam } from './stations.fields';

/** The list filter of /station/list and /station/export (query string). */
export const stationFilter = z.object({
  ...paging,
  name: z.string().trim().max(30).optional(),
  type: z.coerce.number().int().optional(),
  fenceType: z.enum(['circle', 'polygon']).optional(),
  teamCode: z.preprocess((v) => (v === '' ? undefined : v), teamCodeField.optional()),
});
export type StationFilter = z.output<typeof stationFilter>;

/**
 * How far a query of stations reaches: `read` those a caller may see and pick (its subtree and the
 * teams above: stations are reference data), `write` those it may change (its subtree).
 */
export type StationReach = 'read' | 'write';

/** Live stations the caller reaches, with their team's name. */
export function scopedStations(db: Kysely<Database>, auth: AuthContext, reach: StationReach = 'read') {
  return db
    .selectFrom('station')
    .leftJoin('team', (j) =>
      j
        .onRef('team.merchant_id', '=', 'station.merchant_id')
        .onRef('team.team_code', '=', 'station.team_code'),
    )
    .where(reach === 'read' ? inReferenceScope(auth.scope, 'station') : inScope(auth.scope, 'station'))
    .where('station.deleted_at', 'is', null);
}

export function filteredStations(
  db: Kysely<Database>,
  auth: AuthContext,
  f: Omit<StationFilter, 'pageNum' | 'pageSize'>,
) {
  let q = scopedStations(db, auth);
  if (f.name) q = q.where('station.name', 'like', `%${f.name}%`);
  if (f.type !== undefined) q = q.where('station.type', '=', f.type);
  if (f.fenceType) q = q.where('station.fence_type', '=', f.fenceType);
  if (f.teamCode) q = q.where('station.team_code', 'like', `${f.teamCode.replace(/[^0-9A-Za-z]/g, '')}%`);
  return q;
}

/** One station the caller reaches, or 404. */
export async function findStation(
  db: Kysely<Database>,
  auth: AuthContext,
  id: number,
  reach: StationReach = 'read',
): Promise<StationWithTeam> {
  const row = await scopedStations(db, auth, reach)
    .selectAll('station')
    .select('team.team_name as teamName')
    .where('station.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('站点不存在或无权访问');
  return row;
}

/** Whether another live station of the merchant has this name. */
export async function nameTaken(db: Kysely<Database>, merchantId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('station')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
