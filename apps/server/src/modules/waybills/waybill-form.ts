import { WAYBILL_APPROVAL_STATES, WAYBILL_RECORD, WAYBILL_SOURCES, WAYBILL_STATES } from '@fleet/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import { idField, optionalDateTime, optionalText, requiredText, teamCodeField } from '../../http/form-fields';
import { blank, teamFilter } from '../../records/filters';
import type { RecordQuery } from '../../records/record';
import { billNoField, optionalId, optionalTime } from './waybill-fields';

// The waybill's forms and its search: field rules with the spec's Chinese messages (add, edit,
// the tabulation's edit), and the list's filter, also the export's.

const { labels } = WAYBILL_RECORD;

const emptyIsMissing = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value;

/** The fields of the add form (the edit form adds `id`). */
export const waybillFields = {
  /** A number `billNo` gave; a new one when left out. */
  billNo: billNoField,
  customerId: idField('请选择客户'),
  lineId: idField('请选择线路'),
  cargo: requiredText(30, '请输入货物名称'),
  truckId: idField('请选择车辆'),
  /** Left out: the truck's bound driver. */
  driverId: optionalId('请选择正确的司机'),
  plannedLoadTime: optionalTime,
  plannedArriveTime: optionalTime,
  remark: optionalText(200),
  /** Left out: the truck's team. */
  teamCode: z.preprocess(emptyIsMissing, teamCodeField.optional()),
};

const plannedInOrder = (f: { plannedLoadTime?: number; plannedArriveTime?: number }) =>
  f.plannedLoadTime === undefined ||
  f.plannedArriveTime === undefined ||
  f.plannedArriveTime >= f.plannedLoadTime;
const PLANNED_ORDER = { message: '计划到达时间不能早于计划装货时间', path: ['plannedArriveTime'] };

export const waybillForm = z.object(waybillFields).refine(plannedInOrder, PLANNED_ORDER);
export type WaybillForm = z.output<typeof waybillForm>;

export const waybillEditForm = z
  .object({ id: idField('运单不正确'), ...waybillFields })
  .refine(plannedInOrder, PLANNED_ORDER);
export type WaybillEditForm = z.output<typeof waybillEditForm>;

const enumFilter = (values: readonly { value: number }[], message: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: message })
      .refine((n) => values.some((v) => v.value === n), message)
      .optional(),
  );

/** The filter of /colliery/waybill/page, also the input of its export. */
export const waybillFilter = z.object({
  /** Contained in the bill number (a leading 'YD…' is a prefix). */
  billNo: z
    .preprocess(blank, z.string({ error: '应为文本' }).max(20, '最多输入20个字符').optional())
    .meta({ title: labels.billNo }),
  customerId: z.preprocess(blank, idField('客户不正确').optional()).meta({ title: labels.customerId }),
  lineId: z.preprocess(blank, idField('线路不正确').optional()).meta({ title: labels.lineId }),
  /** A state; without `cancelled` the waybills not cancelled in it. */
  status: enumFilter(WAYBILL_STATES, '运单状态不正确').meta({ title: labels.status }),
  cancelled: enumFilter([{ value: 0 }, { value: 1 }], '是否取消只能为0或1').meta({ title: labels.cancelled }),
  /** Contained in the truck's plate. */
  carNo: z
    .preprocess(blank, z.string({ error: '应为文本' }).max(20, '最多输入20个字符').optional())
    .meta({ title: labels.carNo }),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()).meta({ title: labels.truckId }),
  driverId: z.preprocess(blank, idField('司机不正确').optional()).meta({ title: labels.driverId }),
  source: enumFilter(WAYBILL_SOURCES, '来源不正确').meta({ title: labels.source }),
  approvalState: enumFilter(WAYBILL_APPROVAL_STATES, '审核状态不正确').meta({ title: labels.approvalState }),
  /** Created at or after. */
  startTime: optionalDateTime.meta({ title: '创建时间起' }),
  /** Created at or before. */
  endTime: optionalDateTime.meta({ title: '创建时间止' }),
  teamCode: teamFilter,
});
export type WaybillFilter = z.output<typeof waybillFilter>;

/**
 * The end of the range of texts that start with `prefix` when its tail is digits ('YD2026112' →
 * 'YD2026113', '1000001009' → '100000101'): texts of digits sort the same in every collation, so
 * the range reads an index where LIKE 'prefix%' may not (SQLite's LIKE ignores case; PostgreSQL's
 * needs the C collation). Undefined when there is no such end.
 */
export function digitPrefixEnd(prefix: string, from = 0): string | undefined {
  if (!/^\d*$/.test(prefix.slice(from))) return undefined;
  for (let i = prefix.length - 1; i >= from; i--) {
    const c = prefix.charCodeAt(i);
    if (c < 57) return prefix.slice(0, i) + String.fromCharCode(c + 1);
  }
  return undefined;
}

/**
 * Rows of the team subtree `teamCode` (the caller's, or the search's) as a range of the (merchant,
 * team) index, beside LIKE 'code%' of the tenancy rule, for codes of digits (all codes the platform
 * makes).
 */
export function inTeamRange(q: RecordQuery, teamCode: string): RecordQuery {
  const end = digitPrefixEnd(teamCode);
  if (end === undefined) return q;
  return q.where('waybill.team_code', '>=', sql.lit(teamCode)).where('waybill.team_code', '<', sql.lit(end));
}

/** How the list reads a plate search: the trucks it names, and whether to read them by their index. */
export interface PlateTrucks {
  ids: readonly number[];
  /**
   * False when many trucks match (SQLite): their waybills are then read in list order from the
   * (merchant, created) index, not truck by truck and sorted.
   */
  byTruckIndex: boolean;
}

/**
 * A whole number checked by the filter's rules, written into the SQL: SQLite weighs an index by the
 * values it is asked for (its statistics), which it cannot for a bound parameter.
 */
const lit = (n: number) => sql.lit(Math.trunc(n));

/**
 * The filter on the waybill's own columns (the list's count needs no join): a bill number that
 * starts with 'YD' is a prefix, read as a range of the (merchant, bill number) index; any other
 * text is looked for inside the numbers. A plate search is the trucks the page resolved, or (the
 * export) the trucks whose plate contains the text.
 */
/** A bill-number search that names the start of the numbers ('YD2026…'), read as a range. */
export function isBillNoPrefix(billNo: string | undefined): boolean {
  if (!billNo) return false;
  const text = billNo.toUpperCase();
  return text !== 'YD' && /^YD\d+$/.test(text) && digitPrefixEnd(text, 2) !== undefined;
}

export function applyWaybillFilter(
  q: RecordQuery,
  f: WaybillFilter,
  plates?: PlateTrucks,
  merchantId?: number,
): RecordQuery {
  if (f.billNo) {
    const text = f.billNo.toUpperCase();
    const end = /^YD\d+$/.test(text) ? digitPrefixEnd(text, 2) : undefined;
    if (text === 'YD') {
      // every bill number starts so
    } else if (end)
      q = q.where('waybill.bill_no', '>=', sql.lit(text)).where('waybill.bill_no', '<', sql.lit(end));
    else if (merchantId !== undefined)
      // text inside the numbers: looked for in the (merchant, bill number) index, not the table
      q = q.where('waybill.id', 'in', (eb: { selectFrom: (t: 'waybill as b') => RecordQuery }) =>
        eb
          .selectFrom('waybill as b')
          .select('b.id')
          .where('b.merchant_id', '=', lit(merchantId))
          .where('b.bill_no', 'like', `%${text}%`),
      );
    else q = q.where('waybill.bill_no', 'like', `%${text}%`);
  }
  if (f.customerId) q = q.where('waybill.customer_id', '=', lit(f.customerId));
  if (f.lineId) q = q.where('waybill.line_id', '=', lit(f.lineId));
  if (f.truckId) q = q.where('waybill.truck_id', '=', lit(f.truckId));
  if (f.driverId) q = q.where('waybill.driver_id', '=', lit(f.driverId));
  if (f.status !== undefined) q = q.where('waybill.status', '=', lit(f.status));
  if (f.cancelled !== undefined) q = q.where('waybill.cancelled', '=', lit(f.cancelled));
  else if (f.status !== undefined) q = q.where('waybill.cancelled', '=', lit(0));
  if (f.source !== undefined) q = q.where('waybill.source', '=', lit(f.source));
  if (f.approvalState !== undefined) q = q.where('waybill.approval_state', '=', lit(f.approvalState));
  if (f.startTime !== null && f.startTime !== undefined)
    q = q.where('waybill.created_at', '>=', lit(f.startTime));
  if (f.endTime !== null && f.endTime !== undefined) q = q.where('waybill.created_at', '<=', lit(f.endTime));
  if (f.teamCode) q = inTeamRange(q.where('waybill.team_code', 'like', `${f.teamCode}%`), f.teamCode);
  if (f.carNo && plates) {
    const ids = sql.join((plates.ids.length ? plates.ids : [0]).map(lit));
    q = plates.byTruckIndex
      ? q.where(sql<boolean>`${sql.ref('waybill.truck_id')} in (${ids})`)
      : q.where(sql<boolean>`+${sql.ref('waybill.truck_id')} in (${ids})`);
  } else if (f.carNo) {
    const plate = f.carNo;
    q = q.where('waybill.truck_id', 'in', (eb: { selectFrom: (t: 'truck') => RecordQuery }) =>
      eb.selectFrom('truck').select('truck.id').where('truck.car_no', 'like', `%${plate}%`),
    );
  }
  return q;
}

/** The reason text of a cancel or a line change: 1 to 200 characters. */
export const reasonField = (required: string) => requiredText(200, required);
