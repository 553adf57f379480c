import { COST_TYPE, FUEL_EVENT_KIND } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Reconciliation of the fuel events with the refuel costs and the 5012 alarms, kept by the scan job
// (fuel-scan.ts) for what changed only: a truck's newly scanned time after its scan, and the truck
// and time of each refuel cost added, edited, deleted or imported since the job's checkpoint (read
// from cost.updated_at, so costs written by any module are seen). The lists only read the result.

/** A refuel cost and a refuel in the tank match within this time of each other. */
export const MATCH_WINDOW_MS = 2 * 3_600_000;
/** …and when their litres differ by at most this share of the cost's litres. */
export const MATCH_LITRES_SHARE = 0.1;
/** A drop while parked and the 5012 alarm it explains may be this far apart. */
const ALARM_SLACK_MS = 30 * 60_000;
/** A database without a checkpoint reconciles the costs changed this far back, once. */
export const RECONCILE_SPAN_MS = 62 * 86_400_000;
/** Costs changed this long before the checkpoint are read again (a write committed late is not missed). */
const COST_LAG_MS = 5 * 60_000;
/** A 5012 alarm may be stored this long after its start (a terminal's backlog): read again that far back. */
const ALARM_LATE_MS = 60 * 60_000;
/** The name of the job's checkpoint of cost.updated_at in fuel_reconcile_mark. */
const COST_MARK = 'refuel_cost';
const DAY_MS = 86_400_000;

type Db = Kysely<Database>;

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
 * Reconciles one truck's fuel events starting in [from, to] afresh, in `db` (a transaction when the
 * caller has one): each refuel takes the nearest refuel cost of the truck within ±2 hours whose
 * litres lie within 10 % and that no other event holds (state 1 and cost_id), else it is a rise
 * without a record (state 2); each drop while parked takes the truck's 5012 alarm overlapping it
 * (state 3, alarm_id), a drop while driving is state 4. Costs held by events outside the window stay
 * theirs. Changes only rows that differ; returns how many.
 */
export async function reconcileTruck(
  db: Db,
  truckId: number,
  from: number,
  to: number,
  now: number,
): Promise<number> {
  const events = await db
    .selectFrom('fuel_event')
    .select(['id', 'kind', 'start_time', 'end_time', 'litres', 'parked', 'state', 'cost_id', 'alarm_id'])
    .where('truck_id', '=', truckId)
    .where('start_time', '>=', from)
    .where('start_time', '<=', to)
    .orderBy('start_time')
    .execute();
  if (events.length === 0) return 0;
  const refuels = events.some((e) => e.kind === FUEL_EVENT_KIND.refuel);
  const costs = !refuels
    ? []
    : await db
        .selectFrom('cost')
        .select(['id', 'occurred_at', 'cost_at', 'quantity'])
        .where('truck_id', '=', truckId)
        .where('cost_type', '=', COST_TYPE.refuel)
        .where('deleted_at', 'is', null)
        .where('cost_at', '>=', from - 2 * DAY_MS)
        .where('cost_at', '<=', to + DAY_MS)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('fuel_event as held')
                .select('held.id')
                .whereRef('held.cost_id', '=', 'cost.id')
                .where((o) => o.or([o('held.start_time', '<', from), o('held.start_time', '>', to)])),
            ),
          ),
        )
        .execute();
  const drains = events.some((e) => e.kind !== FUEL_EVENT_KIND.refuel && e.parked);
  const alarms = !drains
    ? []
    : await db
        .selectFrom('alarm')
        .select(['id', 'start_time', 'end_time'])
        .where('truck_id', '=', truckId)
        .where('code', '=', 5012)
        .where('start_time', '>=', from - DAY_MS)
        .where('start_time', '<=', to + DAY_MS)
        .execute();

  // refuels and costs: closest pairs first
  const pairs: { event: number; cost: number; gap: number }[] = [];
  for (const e of events) {
    if (e.kind !== FUEL_EVENT_KIND.refuel) continue;
    for (const c of costs) {
      const [cFrom, cTo] = costWindow(c);
      if (e.start_time > cTo || e.end_time < cFrom || !litresMatch(c.quantity, e.litres)) continue;
      const at = c.occurred_at ?? c.cost_at + DAY_MS / 2;
      pairs.push({ event: e.id, cost: c.id, gap: Math.abs(at - e.start_time) });
    }
  }
  pairs.sort((a, b) => a.gap - b.gap || a.event - b.event || a.cost - b.cost);
  const costOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const p of pairs) {
    if (costOf.has(p.event) || taken.has(p.cost)) continue;
    costOf.set(p.event, p.cost);
    taken.add(p.cost);
  }

  let changed = 0;
  for (const e of events) {
    let state: number;
    let costId: number | null = null;
    let alarmId: number | null = null;
    if (e.kind === FUEL_EVENT_KIND.refuel) {
      costId = costOf.get(e.id) ?? null;
      state = costId !== null ? 1 : 2;
    } else if (e.parked) {
      const alarm = alarms.find(
        (a) =>
          a.start_time <= e.end_time + ALARM_SLACK_MS && (a.end_time ?? now) >= e.start_time - ALARM_SLACK_MS,
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
    changed++;
  }
  return changed;
}

/** Time windows per truck, overlapping ones merged. */
export class TruckWindows {
  private readonly byTruck = new Map<number, [number, number][]>();

  add(truckId: number, from: number, to: number): void {
    const list = this.byTruck.get(truckId) ?? [];
    list.push([from, to]);
    this.byTruck.set(truckId, list);
  }

  *merged(): Generator<[number, number, number]> {
    for (const [truckId, list] of [...this.byTruck.entries()].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => a[0] - b[0]);
      let cur: [number, number] | null = null;
      for (const w of list) {
        if (cur && w[0] <= cur[1]) cur[1] = Math.max(cur[1], w[1]);
        else {
          if (cur) yield [truckId, cur[0], cur[1]];
          cur = [w[0], w[1]];
        }
      }
      if (cur) yield [truckId, cur[0], cur[1]];
    }
  }
}

/**
 * Reconciles what changed since the job's checkpoint: for each cost written since (a refuel cost, or
 * a cost an event held: it may have changed truck, time or type, or been deleted) the truck's events
 * around the cost's time and around the events that held it, and for each 5012 alarm started since
 * (stored after its truck's scan) the events around it, a day either side; each truck window in one
 * transaction; then moves the checkpoint to `now`. Returns how many events changed.
 */
export async function reconcileChangedCosts(db: Db, now: number): Promise<number> {
  const mark = await db
    .selectFrom('fuel_reconcile_mark')
    .select('mark')
    .where('name', '=', COST_MARK)
    .executeTakeFirst();
  const since = mark ? mark.mark - COST_LAG_MS : now - RECONCILE_SPAN_MS;
  const costs = await db
    .selectFrom('cost')
    .select(['id', 'truck_id', 'cost_type', 'occurred_at', 'cost_at', 'updated_at'])
    .where('updated_at', '>', since)
    .where((eb) =>
      eb.or([
        eb('cost_type', '=', COST_TYPE.refuel),
        eb(
          'id',
          'in',
          eb
            .selectFrom('fuel_event')
            .select('fuel_event.cost_id')
            .where('fuel_event.cost_id', 'is not', null),
        ),
      ]),
    )
    .execute();
  const windows = new TruckWindows();
  for (const c of costs) {
    if (c.cost_type !== COST_TYPE.refuel) continue;
    const [cFrom, cTo] = costWindow(c);
    windows.add(c.truck_id, cFrom - DAY_MS, cTo + DAY_MS);
  }
  const alarms = await db
    .selectFrom('alarm')
    .select(['truck_id', 'start_time'])
    .where('code', '=', 5012)
    .where('start_time', '>', since - ALARM_LATE_MS)
    .execute();
  for (const a of alarms) windows.add(a.truck_id, a.start_time - DAY_MS, a.start_time + DAY_MS);
  const ids = costs.map((c) => c.id);
  for (let i = 0; i < ids.length; i += 500) {
    const held = await db
      .selectFrom('fuel_event')
      .select(['truck_id', 'start_time'])
      .where('cost_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const e of held) windows.add(e.truck_id, e.start_time - DAY_MS, e.start_time + DAY_MS);
  }
  let changed = 0;
  for (const [truckId, from, to] of windows.merged())
    changed += await db.transaction().execute((tx) => reconcileTruck(tx, truckId, from, to, now));
  await db
    .insertInto('fuel_reconcile_mark')
    .values({ name: COST_MARK, mark: now, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ mark: now, updated_at: now }))
    .execute();
  return changed;
}
