import { COST_TYPE, FUEL_EVENT_KIND } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A refuel cost and a refuel in the tank match within this time of each other. */
export const MATCH_WINDOW_MS = 2 * 3_600_000;
/** …and when their litres differ by at most this share of the cost's litres. */
export const MATCH_LITRES_SHARE = 0.1;
/** A drop while parked and the 5012 alarm it explains may be this far apart. */
const ALARM_SLACK_MS = 30 * 60_000;
/** Reconciliation looks back this far. */
export const RECONCILE_SPAN_MS = 62 * 86_400_000;
const DAY_MS = 86_400_000;

/** When a refuel cost happened: its time, or (a date only) the Shanghai day it names. */
export function costWindow(cost: { occurred_at: number | null; cost_at: number }): [number, number] {
  return cost.occurred_at !== null
    ? [cost.occurred_at - MATCH_WINDOW_MS, cost.occurred_at + MATCH_WINDOW_MS]
    : [cost.cost_at, cost.cost_at + DAY_MS];
}

/** Whether a refuel cost of `quantity` (hundredths of a litre, or none) matches `litres` (tenths). */
export function litresMatch(quantity: number | null, litres: number): boolean {
  if (quantity === null || quantity <= 0) return true;
  const costLitres = quantity / 10;
  return Math.abs(costLitres - litres) <= costLitres * MATCH_LITRES_SHARE;
}

/**
 * Reconciles the fuel events of the last RECONCILE_SPAN_MS (of `truckIds`, or of a merchant) with the
 * refuel costs and the 5012 alarms, afresh each time (a cost entered, changed or deleted since is
 * seen): each refuel takes the nearest unmatched refuel cost of its truck within ±2 hours whose litres
 * lie within 10 % (state 1 and cost_id), else it is a rise without a record (state 2); each drop while
 * parked takes the truck's 5012 alarm overlapping it (alarm_id). Changes only rows that differ.
 */
export async function reconcileFuelEvents(
  db: Kysely<Database>,
  who: { truckIds?: readonly number[]; merchantId?: number },
  now: number,
): Promise<void> {
  const since = now - RECONCILE_SPAN_MS;
  if (who.truckIds && who.truckIds.length === 0) return;
  let eq = db
    .selectFrom('fuel_event')
    .select([
      'id',
      'truck_id',
      'kind',
      'start_time',
      'end_time',
      'litres',
      'parked',
      'state',
      'cost_id',
      'alarm_id',
    ])
    .where('start_time', '>=', since);
  if (who.truckIds) eq = eq.where('truck_id', 'in', who.truckIds);
  if (who.merchantId !== undefined) eq = eq.where('merchant_id', '=', who.merchantId);
  const events = await eq.orderBy('start_time').execute();
  if (events.length === 0) return;
  const trucks = [...new Set(events.map((e) => e.truck_id))];
  const costs = await db
    .selectFrom('cost')
    .select(['id', 'truck_id', 'occurred_at', 'cost_at', 'quantity'])
    .where('cost_type', '=', COST_TYPE.refuel)
    .where('deleted_at', 'is', null)
    .where('truck_id', 'in', trucks)
    .where('cost_at', '>=', since - 2 * DAY_MS)
    .execute();
  const alarms = await db
    .selectFrom('alarm')
    .select(['id', 'truck_id', 'start_time', 'end_time'])
    .where('code', '=', 5012)
    .where('truck_id', 'in', trucks)
    .where('start_time', '>=', since - DAY_MS)
    .execute();

  // refuels and costs: closest pairs first
  const pairs: { event: number; cost: number; gap: number }[] = [];
  for (const e of events) {
    if (e.kind !== FUEL_EVENT_KIND.refuel) continue;
    for (const c of costs) {
      if (c.truck_id !== e.truck_id) continue;
      const [from, to] = costWindow(c);
      if (e.start_time > to || e.end_time < from || !litresMatch(c.quantity, e.litres)) continue;
      const at = c.occurred_at ?? c.cost_at + DAY_MS / 2;
      pairs.push({ event: e.id, cost: c.id, gap: Math.abs(at - e.start_time) });
    }
  }
  pairs.sort((a, b) => a.gap - b.gap || a.event - b.event);
  const costOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const p of pairs) {
    if (costOf.has(p.event) || taken.has(p.cost)) continue;
    costOf.set(p.event, p.cost);
    taken.add(p.cost);
  }

  for (const e of events) {
    let state = e.state;
    let costId: number | null = null;
    let alarmId: number | null = null;
    if (e.kind === FUEL_EVENT_KIND.refuel) {
      costId = costOf.get(e.id) ?? null;
      state = costId !== null ? 1 : 2;
    } else if (e.parked) {
      const alarm = alarms.find(
        (a) =>
          a.truck_id === e.truck_id &&
          a.start_time <= e.end_time + ALARM_SLACK_MS &&
          (a.end_time ?? now) >= e.start_time - ALARM_SLACK_MS,
      );
      alarmId = alarm?.id ?? null;
      state = 3;
    } else state = 4;
    if (state === e.state && costId === e.cost_id && alarmId === e.alarm_id) continue;
    await db
      .updateTable('fuel_event')
      .set({ state, cost_id: costId, alarm_id: alarmId, updated_at: now })
      .where('id', '=', e.id)
      .execute();
  }
}
