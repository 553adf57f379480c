import {
  COST_AMOUNT_TOLERANCE_FEN,
  COST_PAY_METHOD_LABELS,
  COST_RECORD,
  COST_SOURCE_LABELS,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
  costAmountFen,
  fenToYuan,
  OPERATE_LOG_PAGES,
  PLAN_STATE,
} from '@fleet/domain';
import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';

// The one way a cost is written (the cost pages, their import, and the maintenance records): the
// row's own rules checked without scope (the caller has checked the truck, driver, waybill and trip
// are its own), the row inserted and the operation log written, in the caller's transaction.

const L = COST_RECORD.labels;

/** One cost to write; money in fen, quantity in hundredths of the unit. */
export interface CostInsert {
  merchantId: number;
  /** The truck's team. */
  teamCode: string;
  truckId: number;
  driverId?: number | null;
  costType: CostType;
  /** The merchant's cost fee type of a 自定义 cost. */
  feeTypeId?: number | null;
  /** 'YYYY-MM-DD' (Shanghai). */
  costDate: string;
  occurredAt?: number | null;
  amount: number;
  quantity?: number | null;
  unitPrice?: number | null;
  waybillId?: number | null;
  tripId?: number | null;
  payMethod?: number | null;
  place?: string | null;
  invoiceImages?: readonly string[] | null;
  remark?: string | null;
  /** 1 录入, 2 导入, 3 保养记录. */
  source?: 1 | 2 | 3;
}

/** Who writes the cost (the operation log's user). */
export interface CostActor {
  merchantId: number;
  userId: number;
  nickname: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SHANGHAI_MS = 8 * 3_600_000;

/** The first ms of the Shanghai day 'YYYY-MM-DD'. */
export function shanghaiDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - SHANGHAI_MS;
}

/** The message of a cost's own rules it breaks, or null (no scope: ids are the caller's to check). */
export function costRuleError(row: CostInsert): string | null {
  if (!(row.costType in COST_TYPE_LABELS)) return `请选择${L.costType}`;
  if (row.costType === COST_TYPE.custom && !row.feeTypeId) return `请选择${L.feeTypeId}`;
  if (!DATE.test(row.costDate) || Number.isNaN(shanghaiDayStart(row.costDate)))
    return `${L.costDate}格式不正确`;
  if (!Number.isSafeInteger(row.amount) || row.amount <= 0) return `${L.amount}应大于0`;
  if (row.amount > 10_000_000_00) return `${L.amount}不能超过10000000`;
  const q = row.quantity ?? null;
  const p = row.unitPrice ?? null;
  if (q !== null && (!Number.isSafeInteger(q) || q <= 0)) return `${L.quantity}应大于0`;
  if (p !== null && (!Number.isSafeInteger(p) || p <= 0)) return `${L.unitPrice}应大于0`;
  if (row.costType === COST_TYPE.refuel && (q === null || p === null))
    return `加油须填写${L.quantity}(升)和${L.unitPrice}`;
  if (q !== null && p !== null) {
    const expected = costAmountFen(q, p);
    if (Math.abs(expected - row.amount) > COST_AMOUNT_TOLERANCE_FEN)
      return `${L.amount}应等于数量×单价（${(q / 100).toFixed(2)} × ${fenToYuan(p)} = ${fenToYuan(expected)}元），请核对`;
  }
  if (row.payMethod != null && !(row.payMethod in COST_PAY_METHOD_LABELS)) return `请选择${L.payMethod}`;
  return null;
}

/**
 * The line of a cost, computed by the database in the statement that writes the cost (so in its
 * transaction): the line of its waybill; else the line of the plan, or else of the waybill, that its
 * trip ran for: the latest of the truck's plans (not cancelled) or waybills (not cancelled) that had
 * departed before the trip ended and had not arrived when it started; null (未关联线路) otherwise.
 */
export function costLine(
  waybillId: number | null | undefined,
  tripId: number | null | undefined,
): Expression<number | null> | null {
  const trip = (run: 'plan' | 'waybill') =>
    sql<number | null>`(SELECT r.line_id FROM trip t
      JOIN ${sql.table(run)} r ON r.truck_id = t.truck_id AND r.merchant_id = t.merchant_id
      WHERE t.id = ${tripId} AND r.line_id IS NOT NULL AND r.departed_at IS NOT NULL
        AND ${run === 'plan' ? sql`r.state <> ${PLAN_STATE.cancelled}` : sql`r.cancelled = 0`}
        AND r.departed_at < COALESCE(t.end_time, t.start_time + 1)
        AND (r.arrived_at IS NULL OR r.arrived_at > t.start_time)
      ORDER BY r.departed_at DESC LIMIT 1)`;
  const parts = [
    ...(waybillId ? [sql<number | null>`(SELECT w.line_id FROM waybill w WHERE w.id = ${waybillId})`] : []),
    ...(tripId ? [trip('plan'), trip('waybill')] : []),
  ];
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as Expression<number | null>) : sql`COALESCE(${sql.join(parts)})`;
}

/** The log's text of a cost's money: type, date, amount, quantity and price. */
export function costLogText(row: {
  costType: number;
  costDate: string;
  amount: number;
  quantity?: number | null;
  unitPrice?: number | null;
}): string {
  const parts = [
    `${COST_TYPE_LABELS[row.costType as CostType] ?? row.costType}`,
    `${L.costDate}${row.costDate}`,
    `${L.amount}${fenToYuan(row.amount)}`,
  ];
  if (row.quantity != null) parts.push(`${L.quantity}${(row.quantity / 100).toFixed(2)}`);
  if (row.unitPrice != null) parts.push(`${L.unitPrice}${fenToYuan(row.unitPrice)}`);
  return parts.join('，');
}

/**
 * Writes one cost and its operation-log entry in `tx` (pass the transaction of the change); throws a
 * 400 with the rule's message when the row breaks one. Returns the new cost's id.
 */
export async function insertCost(tx: Kysely<Database>, row: CostInsert, actor: CostActor): Promise<number> {
  const error = costRuleError(row);
  if (error) throw badInput(error);
  const now = Date.now();
  const source = row.source ?? 1;
  const inserted = await tx
    .insertInto('cost')
    .values({
      merchant_id: row.merchantId,
      team_code: row.teamCode,
      truck_id: row.truckId,
      driver_id: row.driverId ?? null,
      cost_type: row.costType,
      fee_type_id: row.costType === COST_TYPE.custom ? (row.feeTypeId ?? null) : null,
      cost_date: row.costDate,
      cost_at: shanghaiDayStart(row.costDate),
      occurred_at: row.occurredAt ?? null,
      amount: row.amount,
      quantity: row.quantity ?? null,
      unit_price: row.unitPrice ?? null,
      waybill_id: row.waybillId ?? null,
      trip_id: row.tripId ?? null,
      line_id: costLine(row.waybillId, row.tripId),
      pay_method: row.payMethod ?? null,
      place: row.place || null,
      invoice_images: row.invoiceImages?.length ? row.invoiceImages.join(';') : null,
      remark: row.remark || null,
      source,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeCostLog(tx, actor, {
    dataId: inserted.id,
    teamCode: row.teamCode,
    content: `${COST_SOURCE_LABELS[source]}费用：${costLogText(row)}`,
    now,
  });
  return inserted.id;
}

/** Writes one operation-log entry of a cost (page 成本) in `tx`. */
export async function writeCostLog(
  tx: Kysely<Database>,
  actor: CostActor,
  entry: { dataId: number; teamCode: string; content: string; now: number; page?: number },
): Promise<void> {
  await tx
    .insertInto('operate_log')
    .values({
      merchant_id: actor.merchantId,
      team_code: entry.teamCode,
      page_enum: (entry.page ?? OPERATE_LOG_PAGES.cost) as typeof OPERATE_LOG_PAGES.cost,
      data_id: String(entry.dataId),
      user_id: actor.userId,
      account_name: actor.nickname,
      content: entry.content.slice(0, 2000),
      created_at: entry.now,
    })
    .execute();
}

/**
 * Changes a cost to `row` (same id), or soft-deletes it (`row` null), and logs its money before and
 * after, in `tx`: for a cost kept by another record (a maintenance record's 保养 cost), changed with
 * that record. Throws a 400 with the rule's message when `row` breaks one; false when the cost is
 * not there (deleted, or of another merchant).
 */
export async function reviseCost(
  tx: Kysely<Database>,
  id: number,
  row: CostInsert | null,
  actor: CostActor,
): Promise<boolean> {
  const error = row && costRuleError(row);
  if (error) throw badInput(error);
  const before = await tx
    .selectFrom('cost')
    .select(['team_code', 'cost_type', 'cost_date', 'amount', 'quantity', 'unit_price', 'source'])
    .where('id', '=', id)
    .where('merchant_id', '=', actor.merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!before) return false;
  const now = Date.now();
  const was = costLogText({ ...before, costType: before.cost_type, costDate: before.cost_date });
  const source = COST_SOURCE_LABELS[before.source] ?? '';
  const change = row
    ? {
        team_code: row.teamCode,
        truck_id: row.truckId,
        driver_id: row.driverId ?? null,
        cost_type: row.costType,
        fee_type_id: row.costType === COST_TYPE.custom ? (row.feeTypeId ?? null) : null,
        cost_date: row.costDate,
        cost_at: shanghaiDayStart(row.costDate),
        amount: row.amount,
        quantity: row.quantity ?? null,
        unit_price: row.unitPrice ?? null,
        place: row.place || null,
        invoice_images: row.invoiceImages?.length ? row.invoiceImages.join(';') : null,
        remark: row.remark || null,
        updated_at: now,
      }
    : { deleted_at: now, updated_at: now };
  await tx.updateTable('cost').set(change).where('id', '=', id).execute();
  await writeCostLog(tx, actor, {
    dataId: id,
    teamCode: row?.teamCode ?? before.team_code,
    content: row ? `修改${source}费用：${was} → ${costLogText(row)}` : `删除${source}费用：${was}`,
    now,
  });
  return true;
}
