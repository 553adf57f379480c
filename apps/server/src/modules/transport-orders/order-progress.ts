import { PLAN_STATE, WAYBILL_STATE } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How far an order is fulfilled: by its plans (not drafts, not cancelled) and their waybills. */
export interface OrderProgress {
  /** Plans and their planned kg. */
  plannedTrips: number;
  plannedKg: number;
  /** Waybills of the plans weighed at loading, and their loading net kg. */
  loadedTrips: number;
  loadedKg: number;
  /** Waybills arrived or completed, and their unloading net kg (the loading net where none). */
  deliveredTrips: number;
  deliveredKg: number;
}

export const NO_PROGRESS: OrderProgress = {
  plannedTrips: 0,
  plannedKg: 0,
  loadedTrips: 0,
  loadedKg: 0,
  deliveredTrips: 0,
  deliveredKg: 0,
};

/** Plans that count toward an order: published and after, not cancelled. */
const COUNTED_STATES = [
  PLAN_STATE.published,
  PLAN_STATE.distributed,
  PLAN_STATE.running,
  PLAN_STATE.finished,
];

/** The progress of each of `orderIds` (every id has an entry). */
export async function orderProgress(
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<Map<number, OrderProgress>> {
  const found = new Map<number, OrderProgress>(orderIds.map((id) => [id, { ...NO_PROGRESS }]));
  if (orderIds.length === 0) return found;
  const plans = await db
    .selectFrom('plan')
    .select((eb) => [
      'order_id',
      eb.fn.countAll<number | string>().as('trips'),
      eb.fn.sum<number | string | null>('planned_kg').as('kg'),
    ])
    .where('order_id', 'in', [...orderIds])
    .where('state', 'in', COUNTED_STATES)
    .groupBy('order_id')
    .execute();
  for (const p of plans) {
    const progress = found.get(Number(p.order_id));
    if (!progress) continue;
    progress.plannedTrips = Number(p.trips);
    progress.plannedKg = Number(p.kg ?? 0);
  }
  const waybills = await db
    .selectFrom('waybill')
    .innerJoin('plan', 'plan.id', 'waybill.plan_id')
    .select(['plan.order_id', 'waybill.status', 'waybill.loading_net_kg', 'waybill.unloading_net_kg'])
    .where('plan.order_id', 'in', [...orderIds])
    .where('plan.state', 'in', COUNTED_STATES)
    .where('waybill.cancelled', '=', 0)
    .execute();
  for (const w of waybills) {
    const progress = found.get(Number(w.order_id));
    if (!progress) continue;
    if (w.loading_net_kg !== null) {
      progress.loadedTrips += 1;
      progress.loadedKg += Number(w.loading_net_kg);
    }
    if (w.status === WAYBILL_STATE.arrived || w.status === WAYBILL_STATE.completed) {
      progress.deliveredTrips += 1;
      progress.deliveredKg += Number(w.unloading_net_kg ?? w.loading_net_kg ?? 0);
    }
  }
  return found;
}
