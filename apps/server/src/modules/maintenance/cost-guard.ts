import { COST_RECORD } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';

/** Said when the cost pages are asked to change a cost a maintenance record keeps. */
export const MAINTENANCE_COST_MESSAGE =
  '该费用由保养记录生成，不能在成本中心修改或删除，请到「保养提醒 - 保养记录」中修改或删除该保养记录';

/** The cost pages' edit and delete calls, as Fastify names their routes. */
const GUARDED = new Set([`/api${COST_RECORD.paths.edit}`, `/api${COST_RECORD.paths.delete}`]);

/** Which of `costIds` of the merchant a live maintenance record keeps. */
export async function keptCosts(
  db: Kysely<Database>,
  merchantId: number,
  costIds: readonly number[],
): Promise<number[]> {
  if (costIds.length === 0) return [];
  const rows = await db
    .selectFrom('maintenance_record')
    .select('cost_id')
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .where('cost_id', 'in', [...costIds])
    .execute();
  return rows.map((r) => Number(r.cost_id));
}

/**
 * A maintenance record's 保养 cost changes only with its record (record-change.routes.ts), so the two
 * never drift: the cost pages' edit (`/miscellaneous/update`) and delete (`/miscellaneous/deleteBatch`)
 * of such a cost are refused with a 400 pointing to 保养记录. A hook on those two routes (after the
 * token, the menu code and the body are checked), so the costs module needs no knowledge of
 * maintenance.
 */
export function guardMaintenanceCosts(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (req) => {
    const url = req.routeOptions.url;
    if (!url || !GUARDED.has(url) || !req.auth) return;
    const body = (req.body ?? {}) as { id?: unknown; ids?: unknown };
    const ids = [body.id, ...(Array.isArray(body.ids) ? body.ids : [])].filter(
      (id): id is number => typeof id === 'number' && Number.isSafeInteger(id),
    );
    if ((await keptCosts(ctx.db, req.auth.merchantId, ids)).length > 0)
      throw badInput(MAINTENANCE_COST_MESSAGE);
  });
}
