import {
  COST_QUANTITY_UNIT,
  COST_RECORD,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
  fenToYuan,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import type { RecordQuery } from '../../records/record';
import { costTypeField, optionalId } from './cost-form';

// The cost list's search (费用管理 and the 加油, 路桥费, 保养, 杂费 pages) and the totals by type of
// the filtered costs that /miscellaneous/list/car answers beside its page.

const L = COST_RECORD.labels;
type Db = Kysely<Database>;

/** An optional id of a statistics filter (trip costs, cost analysis). */
export const filterId = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).positive(message).optional());

export const costFilter = z.object({
  teamCode: teamFilter,
  truckId: optionalId(`${L.truckId}不正确`),
  /** 车牌号, part of it. */
  carNo: z.preprocess(blank, z.string().max(20, `${L.truckId}最多20个字符`).optional()),
  driverId: optionalId(`${L.driverId}不正确`),
  costType: z.preprocess(blank, costTypeField.optional()),
  /** Several types at once (杂费 lists sundry and the custom types). */
  costTypes: z.preprocess(
    (v) =>
      v === undefined || v === '' || v === null ? undefined : Array.isArray(v) ? v : String(v).split(','),
    z.array(costTypeField).max(10).optional(),
  ),
  feeTypeId: optionalId(`${L.feeTypeId}不正确`),
  startDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  endDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  billNo: z.preprocess(blank, z.string().max(40, '运单号最多40个字符').optional()),
  tripId: optionalId(`${L.tripId}不正确`),
});
export type CostFilter = z.output<typeof costFilter>;

export function applyFilter(q: RecordQuery, f: CostFilter): RecordQuery {
  let r = q;
  if (f.teamCode) r = r.where('cost.team_code', 'like', `${f.teamCode}%`);
  if (f.truckId) r = r.where('cost.truck_id', '=', f.truckId);
  if (f.carNo) r = r.where('truck.car_no', 'like', `%${f.carNo}%`);
  if (f.driverId) r = r.where('cost.driver_id', '=', f.driverId);
  if (f.costType) r = r.where('cost.cost_type', '=', f.costType);
  if (f.costTypes?.length) r = r.where('cost.cost_type', 'in', f.costTypes);
  if (f.feeTypeId) r = r.where('cost.fee_type_id', '=', f.feeTypeId);
  if (f.startDate) r = r.where('cost.cost_date', '>=', f.startDate);
  if (f.endDate) r = r.where('cost.cost_date', '<=', f.endDate);
  if (f.billNo) r = r.where('waybill.bill_no', 'like', `%${f.billNo}%`);
  if (f.tripId) r = r.where('cost.trip_id', '=', f.tripId);
  return r;
}

export const typeName = (costType: number, feeName: string | null) =>
  costType === COST_TYPE.custom ? (feeName ?? '自定义') : (COST_TYPE_LABELS[costType as CostType] ?? '');

/** Totals of the filtered costs by type (custom types each on their own), in fen. */
export async function costTotals(db: Db, auth: AuthContext, filter: CostFilter) {
  // the cost rows alone (the joins only where a filter names the truck's plate or the waybill)
  // biome-ignore lint/suspicious/noExplicitAny: the record filter works on any query of cost
  let q: RecordQuery = (db as Kysely<any>)
    .selectFrom('cost')
    .where(inScope(auth.scope, 'cost'))
    .where('cost.deleted_at', 'is', null);
  if (filter.carNo) q = q.innerJoin('truck', 'truck.id', 'cost.truck_id');
  if (filter.billNo) q = q.innerJoin('waybill', 'waybill.id', 'cost.waybill_id');
  const sums = await applyFilter(q, filter)
    .select((eb) => [
      'cost.cost_type',
      'cost.fee_type_id',
      eb.fn.sum('cost.amount').as('amount'),
      eb.fn.sum(eb.fn.coalesce('cost.quantity', eb.lit(0))).as('quantity'),
      eb.fn.countAll().as('n'),
    ])
    .groupBy(['cost.cost_type', 'cost.fee_type_id'])
    .orderBy('cost.cost_type')
    .orderBy('cost.fee_type_id')
    .execute();
  const feeIds = sums.map((r) => r.fee_type_id).filter((id): id is number => id != null);
  const feeNames = new Map<number, string>();
  if (feeIds.length)
    for (const t of await db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('id', 'in', feeIds)
      .execute())
      feeNames.set(t.id, t.fee_name);
  const rows = sums.map((r) => ({
    ...r,
    fee_name: r.fee_type_id == null ? null : (feeNames.get(Number(r.fee_type_id)) ?? null),
  }));
  const byType = (rows as Record<string, unknown>[]).map((r) => ({
    costType: Number(r.cost_type),
    feeTypeId: r.fee_type_id == null ? null : Number(r.fee_type_id),
    name: typeName(Number(r.cost_type), (r.fee_name as string | null) ?? null),
    amountFen: Number(r.amount ?? 0),
    quantity: Number(r.quantity ?? 0),
    count: Number(r.n),
  }));
  const amountFen = byType.reduce((s, t) => s + t.amountFen, 0);
  return {
    amount: fenToYuan(amountFen),
    count: byType.reduce((s, t) => s + t.count, 0),
    byType: byType.map((t) => ({
      costType: t.costType,
      feeTypeId: t.feeTypeId,
      name: t.name,
      amount: fenToYuan(t.amountFen),
      count: t.count,
      quantity: t.quantity ? (t.quantity / 100).toFixed(2) : '',
      unit: COST_QUANTITY_UNIT[t.costType as CostType] ?? '',
    })),
  };
}
