import {
  formatDate,
  kgToTons,
  netWeightKg,
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

/**
 * Creates many waybills at once (imports) in `tx`: their bill numbers in one bump of the day's
 * sequence (unless given), the rows and their first timeline rows in chunks; returns the rows in
 * the order of `inputs`.
 */
export async function createWaybills(
  tx: Db,
  inputs: readonly NewWaybill[],
  actor: Actor,
  at: number,
): Promise<WaybillRow[]> {
  const created: WaybillRow[] = [];
  const byMerchant = new Map<number, number>();
  for (const input of inputs)
    if (input.billNo === undefined)
      byMerchant.set(input.merchantId, (byMerchant.get(input.merchantId) ?? 0) + 1);
  const numbers = new Map<number, string[]>();
  for (const [merchantId, count] of byMerchant)
    numbers.set(merchantId, await nextBillNos(tx, merchantId, at, count));
  const billNos = inputs.map((input) => input.billNo ?? (numbers.get(input.merchantId)?.shift() as string));
  for (let i = 0; i < inputs.length; i += 200) {
    const part = inputs.slice(i, i + 200);
    const rows = (await tx
      .insertInto('waybill')
      .values(
        part.map((input, j) => ({
          merchant_id: input.merchantId,
          team_code: input.teamCode,
          bill_no: billNos[i + j] as string,
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
        })),
      )
      .returningAll()
      .execute()) as WaybillRow[];
    // the order of RETURNING is the order of the values on SQLite and PostgreSQL; by bill number to be sure
    const byBillNo = new Map(rows.map((r) => [`${r.merchant_id}:${r.bill_no}`, r]));
    const ordered = part.map(
      (input, j) => byBillNo.get(`${input.merchantId}:${billNos[i + j]}`) as WaybillRow,
    );
    await tx
      .insertInto('waybill_flow')
      .values(
        ordered.map((row) => ({
          merchant_id: row.merchant_id,
          waybill_id: row.id,
          action: WAYBILL_FLOW_ACTION.create,
          from_status: null,
          to_status: WAYBILL_STATE.toLoad,
          source: actor.source,
          user_id: actor.userId ?? null,
          actor_name: actor.name?.slice(0, 64) ?? null,
          station_id: null,
          lat: null,
          lng: null,
          content: row.bill_no,
          at,
        })),
      )
      .execute();
    created.push(...ordered);
  }
  return created;
}

/** A weighbridge slip (磅单) as weighed: whole kg, the time it was weighed, photos joined with ';'. */
export interface PoundSlip {
  grossKg: number;
  tareKg: number;
  weighedAt: number;
  photos: string | null;
}

/**
 * Records the loading (POUND_KIND.loading, 1) or unloading (2) slip of waybill `w` in `tx`: the
 * slip's columns (net = gross − tare), the freight recomputed, a timeline row; then a loading slip
 * moves a waybill to be loaded to 装货中 and an unloading slip one loading or on the road to 已到达
 * (by `moveWaybill`). A slip may be weighed again (a correction) until the waybill is completed.
 * Refused (400, Chinese) on a cancelled or completed waybill, an unloading slip before the loading
 * one, or a tare not below the gross. Returns the row as it now is.
 */
export async function recordPound(
  tx: Db,
  w: WaybillRow,
  kind: 1 | 2,
  slip: PoundSlip,
  actor: Actor,
  at: number,
): Promise<WaybillRow> {
  if (w.cancelled === 1) throw badInput('运单已取消，不能录入磅单');
  if (w.status === WAYBILL_STATE.completed) throw badInput('运单已完成，不能录入磅单');
  const net = netWeightKg(slip.grossKg, slip.tareKg);
  if (net === undefined) throw badInput('皮重须小于毛重');
  const loading = kind === 1;
  if (!loading && w.loading_net_kg === null) throw badInput('请先录入装车磅单，再录入卸车磅单');
  const changes: Partial<WaybillRow> = loading
    ? {
        loading_gross_kg: slip.grossKg,
        loading_tare_kg: slip.tareKg,
        loading_net_kg: net,
        loading_weighed_at: slip.weighedAt,
        loading_photos: slip.photos,
      }
    : {
        unloading_gross_kg: slip.grossKg,
        unloading_tare_kg: slip.tareKg,
        unloading_net_kg: net,
        unloading_weighed_at: slip.weighedAt,
        unloading_photos: slip.photos,
      };
  Object.assign(changes, freightColumns({ ...w, ...changes }), { updated_at: at });
  await tx.updateTable('waybill').set(changes).where('id', '=', w.id).execute();
  await addFlow(
    tx,
    w,
    actor,
    {
      action: loading ? WAYBILL_FLOW_ACTION.loadingPound : WAYBILL_FLOW_ACTION.unloadingPound,
      content: `毛重${kgToTons(slip.grossKg)}吨，皮重${kgToTons(slip.tareKg)}吨，净重${kgToTons(net)}吨`,
    },
    at,
  );
  let row: WaybillRow = { ...w, ...changes };
  if (loading && row.status === WAYBILL_STATE.toLoad)
    row = await moveWaybill(tx, row, WAYBILL_STATE.loading, actor, at);
  else if (!loading && (row.status === WAYBILL_STATE.loading || row.status === WAYBILL_STATE.inTransit))
    row = await moveWaybill(tx, row, WAYBILL_STATE.arrived, actor, at);
  return row;
}
