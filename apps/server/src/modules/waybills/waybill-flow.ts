import {
  formatDate,
  WAYBILL_FLOW_ACTION,
  WAYBILL_STATE,
  type WaybillSource,
  waybillBillNo,
  waybillFreight,
  waybillMoveRefusal,
  waybillStateName,
} from '@fleet/domain';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { priceInForce } from '../transport-prices/transport-prices.record';
import type { WaybillTable } from './waybills.table';

// What every way of changing a waybill shares (the office's routes, the driver's scan-code page,
// the trucks' fence events, the import and the demo): bill numbers, the timeline, moves of state
// by the rule of `waybillMoveRefusal`, and the freight from the price in force at loading.

type Db = Kysely<Database> | Transaction<Database>;

/** A waybill row as stored. */
export type WaybillRow = {
  [K in keyof WaybillTable]: WaybillTable[K] extends import('kysely').Generated<infer T>
    ? T
    : WaybillTable[K];
};

/** Who or what makes a change: an office user, a driver, the truck's position, the import. */
export interface Actor {
  source: WaybillSource;
  userId?: number | null;
  /** The user's or driver's name, or the plate for a move by position. */
  name?: string | null;
  /** For a move by the truck's position: the station whose fence, and where the truck was. */
  stationId?: number | null;
  lat?: number | null;
  lng?: number | null;
}

/** The next bill number of the merchant's (Shanghai) day of `at`; call inside the creating transaction. */
export async function nextBillNo(tx: Db, merchantId: number, at: number): Promise<string> {
  const day = formatDate(new Date(at)).replaceAll('-', '');
  const row = await tx
    .insertInto('waybill_bill_no_seq')
    .values({ merchant_id: merchantId, day, seq: 1 })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'day']).doUpdateSet({ seq: sql`waybill_bill_no_seq.seq + 1` }),
    )
    .returning('seq')
    .executeTakeFirstOrThrow();
  return waybillBillNo(day, row.seq);
}

/** Several bill numbers at once (imports): one bump of the day's sequence. */
export async function nextBillNos(tx: Db, merchantId: number, at: number, count: number): Promise<string[]> {
  if (count === 0) return [];
  const day = formatDate(new Date(at)).replaceAll('-', '');
  const row = await tx
    .insertInto('waybill_bill_no_seq')
    .values({ merchant_id: merchantId, day, seq: count })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'day']).doUpdateSet({ seq: sql`waybill_bill_no_seq.seq + ${count}` }),
    )
    .returning('seq')
    .executeTakeFirstOrThrow();
  const first = row.seq - count + 1;
  return Array.from({ length: count }, (_, i) => waybillBillNo(day, first + i));
}

/** Writes one row of a waybill's timeline. */
export async function addFlow(
  tx: Db,
  w: Pick<WaybillRow, 'id' | 'merchant_id'>,
  actor: Actor,
  entry: { action: number; from?: number | null; to?: number | null; content?: string | null },
  at: number,
): Promise<void> {
  await tx
    .insertInto('waybill_flow')
    .values({
      merchant_id: w.merchant_id,
      waybill_id: w.id,
      action: entry.action,
      from_status: entry.from ?? null,
      to_status: entry.to ?? null,
      source: actor.source,
      user_id: actor.userId ?? null,
      actor_name: actor.name?.slice(0, 64) ?? null,
      station_id: actor.stationId ?? null,
      lat: actor.lat ?? null,
      lng: actor.lng ?? null,
      content: entry.content?.slice(0, 500) ?? null,
      at,
    })
    .execute();
}

/** The column that keeps when a waybill entered a state. */
const STATE_TIME: Readonly<Record<number, 'loading_at' | 'departed_at' | 'arrived_at' | 'completed_at'>> = {
  [WAYBILL_STATE.loading]: 'loading_at',
  [WAYBILL_STATE.inTransit]: 'departed_at',
  [WAYBILL_STATE.arrived]: 'arrived_at',
  [WAYBILL_STATE.completed]: 'completed_at',
};

/** Why `w` may not move to `to`, or undefined. */
export function moveRefusal(w: WaybillRow, to: number): string | undefined {
  return waybillMoveRefusal(
    {
      status: w.status,
      cancelled: w.cancelled === 1,
      loaded: w.loading_net_kg !== null,
      unloaded: w.unloading_net_kg !== null,
    },
    to,
  );
}

/**
 * The terms of the price in force for the waybill's customer, line and cargo on the day of `at`
 * (prices of its team and the teams above), as columns to copy onto it; all null when none is.
 */
export async function priceColumns(db: Db, w: WaybillRow, at: number) {
  const price = await priceInForce(
    db as Kysely<Database>,
    { merchantId: w.merchant_id, teamCode: w.team_code },
    { customerId: w.customer_id, lineId: w.line_id, cargo: w.cargo, at },
  );
  return {
    transport_price_id: price?.id ?? null,
    price_type: price?.priceType ?? null,
    price_fen: price?.priceFen ?? null,
    settle_weight: price?.settleWeight ?? null,
    allowed_loss_permille: price?.allowedLossPermille ?? null,
    price_deduction_fen: price?.deductionFen ?? null,
  };
}

/** The freight columns of a waybill from its price terms and weights (all 0 / null without a price). */
export function freightColumns(
  w: Pick<
    WaybillRow,
    | 'price_type'
    | 'price_fen'
    | 'settle_weight'
    | 'allowed_loss_permille'
    | 'price_deduction_fen'
    | 'loading_net_kg'
    | 'unloading_net_kg'
  >,
) {
  if (w.price_type === null || w.price_fen === null || w.settle_weight === null)
    return { settle_kg: null, loss_kg: null, freight_gross_fen: 0, loss_deduction_fen: 0, freight_fen: 0 };
  const f = waybillFreight({
    priceType: w.price_type,
    priceFen: Number(w.price_fen),
    settleWeight: w.settle_weight,
    allowedLossPermille: w.allowed_loss_permille ?? 0,
    deductionFen: Number(w.price_deduction_fen ?? 0),
    loadingNetKg: w.loading_net_kg,
    unloadingNetKg: w.unloading_net_kg,
  });
  return {
    settle_kg: f.settleKg,
    loss_kg: f.lossKg,
    freight_gross_fen: f.grossFen,
    loss_deduction_fen: f.deductionFen,
    freight_fen: f.freightFen,
  };
}

/** Reads a waybill of the merchant inside a transaction (locked on PostgreSQL). */
export async function lockedWaybill(tx: Db, merchantId: number, id: number): Promise<WaybillRow | undefined> {
  let q = tx.selectFrom('waybill').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id);
  if (tx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  return (await q.executeTakeFirst()) as WaybillRow | undefined;
}

/**
 * Moves waybill `w` to state `to` in transaction `tx`: refused (400, Chinese) by the rule of
 * `waybillMoveRefusal`; the state's time is set, the waybill is priced when it starts loading or
 * leaves without a price yet (the price in force at loading), and the move is in the timeline.
 * Returns the row as it now is.
 */
export async function moveWaybill(
  tx: Db,
  w: WaybillRow,
  to: number,
  actor: Actor,
  at: number,
  content?: string,
): Promise<WaybillRow> {
  const refusal = moveRefusal(w, to);
  if (refusal) throw badInput(refusal);
  const changes: Partial<WaybillRow> = { status: to, updated_at: at };
  const timeColumn = STATE_TIME[to];
  if (timeColumn) changes[timeColumn] = at;
  if (w.transport_price_id === null && to <= WAYBILL_STATE.inTransit) {
    Object.assign(changes, await priceColumns(tx, w, w.loading_at ?? at));
    Object.assign(changes, freightColumns({ ...w, ...changes }));
  }
  await tx.updateTable('waybill').set(changes).where('id', '=', w.id).execute();
  await addFlow(
    tx,
    w,
    actor,
    {
      action: WAYBILL_FLOW_ACTION.status,
      from: w.status,
      to,
      content: content ?? `${waybillStateName(w.status)} → ${waybillStateName(to)}`,
    },
    at,
  );
  return { ...w, ...changes };
}

/** What a new waybill holds; the caller has checked every id against the caller's scope. */
export interface NewWaybill {
  merchantId: number;
  /** The team of its truck. */
  teamCode: string;
  customerId: number;
  lineId: number;
  loadingStationId: number;
  unloadingStationId: number;
  cargo: string;
  truckId: number;
  driverId: number | null;
  planId?: number | null;
  plannedLoadAt?: number | null;
  plannedArriveAt?: number | null;
  remark?: string | null;
  /** A number from `billNo` the form holds; a new one when not given. */
  billNo?: string;
  /** 1 pending for waybills of drivers and the scan-code page, which the office tabulates. */
  approvalState?: number;
  createdBy?: number | null;
}

/** Creates a waybill (to be loaded) and its first timeline row in `tx`; returns the row. */
export async function createWaybill(
  tx: Db,
  input: NewWaybill,
  actor: Actor,
  at: number,
): Promise<WaybillRow> {
  const billNo = input.billNo ?? (await nextBillNo(tx, input.merchantId, at));
  const row = (await tx
    .insertInto('waybill')
    .values({
      merchant_id: input.merchantId,
      team_code: input.teamCode,
      bill_no: billNo,
      source: actor.source,
      plan_id: input.planId ?? null,
      customer_id: input.customerId,
      line_id: input.lineId,
      loading_station_id: input.loadingStationId,
      unloading_station_id: input.unloadingStationId,
      cargo: input.cargo,
      truck_id: input.truckId,
      driver_id: input.driverId,
      planned_load_at: input.plannedLoadAt ?? null,
      planned_arrive_at: input.plannedArriveAt ?? null,
      status: WAYBILL_STATE.toLoad,
      approval_state: input.approvalState ?? 0,
      remark: input.remark ?? null,
      created_by: input.createdBy ?? null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as WaybillRow;
  await addFlow(
    tx,
    row,
    actor,
    { action: WAYBILL_FLOW_ACTION.create, to: WAYBILL_STATE.toLoad, content: billNo },
    at,
  );
  return row;
}
