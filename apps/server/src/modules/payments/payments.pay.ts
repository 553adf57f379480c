import {
  enumLabel,
  fenToYuan,
  PAY_METHODS,
  PAYEE_TYPES,
  parseDateTime,
  WAYBILL_FEE_STATES,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { inScope } from '../../http/scope';
import { logWaybill, WAYBILL_MISSING } from '../waybills/waybill-repository';

type Db = Kysely<Database>;

/** A payment of one waybill's approved cost fees, as the payment form gives it. */
export interface PayOrder {
  waybillId: number;
  /** The fees paid; all the waybill's approved cost fees when absent. */
  feeIds?: readonly number[] | undefined;
  /** Unique per merchant: a repeated request is answered with the first payment. */
  requestKey: string;
  /** 'YYYY-MM-DD HH:mm:ss', Shanghai time. */
  paidAt: string;
  payMethod: number;
  payer: string;
  remark?: string | null | undefined;
  /** Invoice image addresses, already checked. */
  photos: readonly string[];
}

const feeText = (name: string, fen: number) => `“${name} ${fenToYuan(fen)}元”`;

/**
 * Pays one waybill's approved cost fees (all of them, or `feeIds`) inside the caller's
 * transaction `tx`: the payee is the driver of an own truck or the owner of a hired one; refused
 * in Chinese with the bill number and the fee (before any write) when the waybill is outside the
 * caller's teams, has no payee, or a fee is not an approved cost fee. The fees move 2 → 4 only if
 * still approved, so a concurrent payment of the same fees is refused here (after that update: the
 * caller's transaction is to be rolled back). Writes the payment, its items and the waybill's log
 * entry; returns the payment's id.
 */
export async function payInTx(tx: Db, auth: AuthContext, order: PayOrder, at: number): Promise<number> {
  const w = await tx
    .selectFrom('waybill as w')
    .leftJoin('truck as tr', 'tr.id', 'w.truck_id')
    .leftJoin('driver as d', 'd.id', 'w.driver_id')
    .select([
      'w.id',
      'w.bill_no',
      'w.team_code',
      'w.merchant_id',
      'tr.car_no',
      'tr.car_info_type',
      'tr.owner_name',
      'tr.owner_phone',
      'd.name as driver_name',
      'd.phone as driver_phone',
    ])
    .where(inScope(auth.scope, 'w'))
    .where('w.id', '=', order.waybillId)
    .executeTakeFirst();
  if (!w) throw notFound(WAYBILL_MISSING);
  const hired = w.car_info_type === 3;
  const payeeName = (hired ? w.owner_name : w.driver_name)?.trim() ?? '';
  if (!payeeName)
    throw badInput(
      hired
        ? `运单${w.bill_no}：外协车${w.car_no ?? ''}未填写车主，不能付款`
        : `运单${w.bill_no}：没有司机，不能付款`,
    );
  let feesQ = tx
    .selectFrom('waybill_fee as f')
    .innerJoin('fee_type as t', 't.id', 'f.fee_type_id')
    .select(['f.id', 'f.amount_fen', 'f.state', 't.fee_name', 't.fee_kind'])
    .where('f.waybill_id', '=', w.id)
    .where('f.merchant_id', '=', auth.merchantId);
  const chosen = order.feeIds ? [...new Set(order.feeIds)] : undefined;
  if (chosen) feesQ = feesQ.where('f.id', 'in', chosen.length ? chosen : [0]);
  else feesQ = feesQ.where('t.fee_kind', '=', 2).where('f.state', '=', 2);
  const fees = (await feesQ.orderBy('f.id').execute()).map((f) => ({
    ...f,
    amount_fen: Number(f.amount_fen),
  }));
  if (chosen) {
    const missing = chosen.find((id) => !fees.some((f) => f.id === id));
    if (missing !== undefined) throw badInput(`运单${w.bill_no}：费用（ID ${missing}）不属于该运单`);
  }
  for (const f of fees) {
    if (f.fee_kind !== 2)
      throw badInput(`运单${w.bill_no}的费用${feeText(f.fee_name, f.amount_fen)}是收入，不能付款`);
    if (f.state === 4)
      throw badInput(`运单${w.bill_no}的费用${feeText(f.fee_name, f.amount_fen)}已支付，不能重复付款`);
    if (f.state !== 2)
      throw badInput(
        `运单${w.bill_no}的费用${feeText(f.fee_name, f.amount_fen)}${enumLabel(WAYBILL_FEE_STATES, f.state, '')}，未审核通过，不能付款`,
      );
  }
  if (fees.length === 0) throw badInput(`运单${w.bill_no}没有待付款的已审核费用`);
  const ids = fees.map((f) => f.id);
  // the fees move 2 → 4 only if still approved: a concurrent payment finds fewer rows and stops
  const moved = await tx
    .updateTable('waybill_fee')
    .set({ state: 4, updated_at: at })
    .where('id', 'in', ids)
    .where('state', '=', 2)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== ids.length)
    throw badInput(`运单${w.bill_no}的费用已被其他人支付，请刷新后重试`);
  const amount = fees.reduce((s, f) => s + f.amount_fen, 0);
  const payeeType = hired ? 2 : 1;
  const photos = order.photos.length ? order.photos.join(';') : null;
  const row = await tx
    .insertInto('fee_payment')
    .values({
      merchant_id: auth.merchantId,
      team_code: w.team_code,
      waybill_id: w.id,
      payee_type: payeeType,
      payee_name: payeeName.slice(0, 60),
      payee_phone: (hired ? w.owner_phone : w.driver_phone) ?? null,
      amount_fen: amount,
      paid_at: (parseDateTime(order.paidAt) as Date).getTime(),
      pay_method: order.payMethod,
      payer: order.payer,
      photos,
      remark: order.remark ?? null,
      request_key: order.requestKey,
      created_by: auth.userId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('fee_payment_item')
    .values(fees.map((f) => ({ payment_id: row.id, fee_id: f.id, amount_fen: f.amount_fen })))
    .execute();
  const list = fees.map((f) => `${f.fee_name} ${fenToYuan(f.amount_fen)}元（已审核→已支付）`).join('、');
  await logWaybill(
    tx,
    auth,
    { id: w.id, team_code: w.team_code },
    `付款：向${enumLabel(PAYEE_TYPES, payeeType, '')}${payeeName}支付${fenToYuan(amount)}元，${list}；付款方式${enumLabel(PAY_METHODS, order.payMethod, '')}，付款时间${order.paidAt}，付款人${order.payer}${order.remark ? `，备注：${order.remark}` : ''}`,
    at,
  );
  return row.id;
}
