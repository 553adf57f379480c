import {
  DAY_MS,
  enumLabel,
  FEE_KINDS,
  type FeeDetailRow,
  type FeeDetailTotals,
  fenToYuan,
  formatDateTime,
  PAY_METHODS,
  PAYABLE_STATES,
  PAYEE_TYPES,
  type PayableRow,
  type PayableStatisticsRow,
  type PayableTotals,
  parseDateTime,
  ROAD_BRIDGE_FEE_NAME,
  WAYBILL_FEE_STATES,
} from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import {
  checkStatisticsPeriod,
  dayNumber,
  periodText,
  splitDays,
  statisticsPeriod,
} from '../../records/period-sums';

// The read side of payments: the payable ledger (应付) per payee and waybill, its statistics by
// payee and period, and the fee detail (运单费用明细, 路桥费台账) of every fee row. All sums are made
// by the database in fen over waybill_fee, filtered first by (merchant, fee date) or fee type.

type Db = Kysely<Database>;

export const LABELS = {
  waybillId: '运单',
  waybillIds: '运单',
  feeIds: '费用',
  paidAt: '付款时间',
  payMethod: '付款方式',
  payer: '付款人',
  remark: '备注',
  photos: '发票图片',
  requestKey: '请求标识',
  startDate: '开始日期',
  endDate: '结束日期',
  payeeType: '收款方类型',
  payeeName: '收款方',
  payState: '付款状态',
  billNo: '运单号',
  teamCode: '所属车队',
  truckId: '车牌号',
  driverId: '司机',
  customerId: '客户',
  feeTypeId: '费用类型',
  feeKind: '费用性质',
  state: '费用状态',
  roadBridge: '路桥费',
  periodType: '统计周期',
};

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const dayStart = (date: string) => (parseDateTime(date) as Date).getTime();
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, '')}%`;
const timeText = (ms: unknown) =>
  ms === null || ms === undefined ? '' : formatDateTime(new Date(Number(ms)));

const dateField = z.preprocess(
  blank,
  z.string({ error: DATE_MESSAGE }).refine(isDateText, DATE_MESSAGE).optional(),
);
const idFilter = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).positive(message).optional());
const enumFilter = (values: readonly { value: number }[], message: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: message })
      .refine((n) => values.some((v) => v.value === n), message)
      .optional(),
  );
const textFilter = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, `最多输入${max}个字符`).optional());

const periodChecked = <T extends { startDate?: string | undefined; endDate?: string | undefined }>(
  f: T,
  ctx: z.RefinementCtx,
) => {
  if (f.startDate && f.endDate && f.endDate < f.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
};

// --- payable ledger ------------------------------------------------------------------------------

export const payableFilter = z
  .object({
    payeeType: enumFilter(PAYEE_TYPES, '收款方类型应为1司机或2车主'),
    payeeName: textFilter(30),
    payState: enumFilter(PAYABLE_STATES, '付款状态应为1未付清或2已付清'),
    startDate: dateField,
    endDate: dateField,
    billNo: textFilter(20),
    truckId: idFilter('请选择车辆'),
    teamCode: teamFilter,
  })
  .superRefine(periodChecked);
export type PayableFilter = z.output<typeof payableFilter>;

/** 1 司机 for an own truck, 2 车主 for a hired one (外协车, car_info_type 3). */
const payeeTypeSql = sql<number>`case when tr.car_info_type = 3 then 2 else 1 end`;
const payeeNameSql = sql<string>`case when tr.car_info_type = 3 then coalesce(tr.owner_name, '') else coalesce(d.name, '') end`;
const payeePhoneSql = sql<string>`case when tr.car_info_type = 3 then coalesce(tr.owner_phone, '') else coalesce(d.phone, '') end`;

/**
 * The caller's waybills with approved cost fees (fee_payable, one row a waybill, summed by the
 * database), filtered by the waybill's date, team and payment state; joined to the waybill, truck
 * and driver for the payee, bill number and truck filters.
 */
function payableBase(db: Db, auth: AuthContext, f: PayableFilter) {
  let q = db
    .selectFrom('fee_payable as p')
    .innerJoin('waybill as w', 'w.id', 'p.waybill_id')
    .leftJoin('truck as tr', 'tr.id', 'w.truck_id')
    .leftJoin('driver as d', 'd.id', 'w.driver_id')
    .where(inScope(auth.scope, 'p'))
    .where('p.fees', '>', 0);
  if (f.teamCode) q = q.where('p.team_code', 'like', `${f.teamCode}%`);
  if (f.startDate) q = q.where('p.waybill_created_at', '>=', dayStart(f.startDate));
  if (f.endDate) q = q.where('p.waybill_created_at', '<', dayStart(f.endDate) + DAY_MS);
  if (f.payState === 1) q = q.where('p.unpaid_fen', '>', 0);
  if (f.payState === 2) q = q.where('p.unpaid_fen', '=', 0);
  if (f.billNo) q = q.where('w.bill_no', 'like', likeText(f.billNo));
  if (f.truckId !== undefined) q = q.where('w.truck_id', '=', f.truckId);
  if (f.payeeType === 2) q = q.where('tr.car_info_type', '=', 3);
  if (f.payeeType === 1)
    q = q.where((eb) => eb.or([eb('tr.car_info_type', '<>', 3), eb('tr.id', 'is', null)]));
  if (f.payeeName) q = q.where(payeeNameSql, 'like', likeText(f.payeeName));
  return q;
}

/** The same rows without joins when no filter needs them (the totals over every waybill). */
function payableSums(db: Db, auth: AuthContext, f: PayableFilter) {
  if (f.billNo || f.truckId !== undefined || f.payeeType !== undefined || f.payeeName)
    return payableBase(db, auth, f);
  let q = db.selectFrom('fee_payable as p').where(inScope(auth.scope, 'p')).where('p.fees', '>', 0);
  if (f.teamCode) q = q.where('p.team_code', 'like', `${f.teamCode}%`);
  if (f.startDate) q = q.where('p.waybill_created_at', '>=', dayStart(f.startDate));
  if (f.endDate) q = q.where('p.waybill_created_at', '<', dayStart(f.endDate) + DAY_MS);
  if (f.payState === 1) q = q.where('p.unpaid_fen', '>', 0);
  if (f.payState === 2) q = q.where('p.unpaid_fen', '=', 0);
  return q as unknown as ReturnType<typeof payableBase>;
}

export async function payableTotals(db: Db, auth: AuthContext, f: PayableFilter): Promise<PayableTotals> {
  const t = await payableSums(db, auth, f)
    .select([
      sql<number>`count(*)`.as('waybills'),
      sql<number>`sum(p.approved_fen)`.as('approved'),
      sql<number>`sum(p.paid_fen)`.as('paid'),
      sql<number>`sum(p.unpaid_fen)`.as('unpaid'),
    ])
    .executeTakeFirstOrThrow();
  return {
    waybills: num(t.waybills),
    approvedFen: num(t.approved),
    paidFen: num(t.paid),
    unpaidFen: num(t.unpaid),
  };
}

export async function payableRows(
  db: Db,
  auth: AuthContext,
  f: PayableFilter,
  limit: number,
  offset: number,
): Promise<PayableRow[]> {
  const rows = await payableBase(db, auth, f)
    .select([
      'p.waybill_id',
      'p.approved_fen',
      'p.paid_fen',
      'p.unpaid_fen',
      'p.fees',
      'w.bill_no',
      'w.team_code',
      'w.created_at as waybill_created_at',
      'w.truck_id',
      'tr.car_no',
      'w.driver_id',
      'd.name as driver_name',
      payeeTypeSql.as('payee_type'),
      payeeNameSql.as('payee_name'),
      payeePhoneSql.as('payee_phone'),
    ])
    .orderBy('p.waybill_created_at', 'desc')
    .orderBy('p.waybill_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => {
    const unpaid = num(r.unpaid_fen);
    const payState = unpaid > 0 ? 1 : 2;
    const payeeType = num(r.payee_type);
    return {
      waybillId: r.waybill_id,
      billNo: r.bill_no,
      teamCode: r.team_code,
      waybillCreatedAt: timeText(r.waybill_created_at),
      truckId: r.truck_id,
      carNo: r.car_no ?? '',
      driverId: r.driver_id,
      driverName: r.driver_name ?? '',
      payeeType,
      payeeTypeName: enumLabel(PAYEE_TYPES, payeeType, ''),
      payeeName: r.payee_name ?? '',
      payeePhone: r.payee_phone ?? '',
      fees: num(r.fees),
      waybills: 1,
      approvedFen: num(r.approved_fen),
      paidFen: num(r.paid_fen),
      unpaidFen: unpaid,
      payState,
      payStateName: enumLabel(PAYABLE_STATES, payState, ''),
    };
  });
}

export async function payableReport(
  db: Db,
  auth: AuthContext,
  f: PayableFilter & { pageNum: number; pageSize: number },
): Promise<{ list: PayableRow[]; total: number; totalRow: PayableTotals }> {
  const [list, totalRow] = await Promise.all([
    payableRows(db, auth, f, f.pageSize, (f.pageNum - 1) * f.pageSize),
    payableTotals(db, auth, f),
  ]);
  return { list, total: totalRow.waybills, totalRow };
}

// --- statistics by payee and period ------------------------------------------------------------------

export const statisticsFilter = z
  .object({
    ...statisticsPeriod,
    payeeType: enumFilter(PAYEE_TYPES, '收款方类型应为1司机或2车主'),
    payeeName: textFilter(30),
    teamCode: teamFilter,
  })
  .superRefine(checkStatisticsPeriod);
export type StatisticsFilter = z.output<typeof statisticsFilter>;

interface PayableGroup {
  truck_id: number | null;
  driver_id: number | null;
  period: number;
  waybills: number;
  approved: number;
  paid: number;
  unpaid: number;
}

/**
 * The caller's waybills with fees of a period (Shanghai days of the waybill) by truck, driver and
 * day or month, from the sums kept by the database: whole months from fee_payable_month, the days of
 * cut months (or every day, by day) from fee_payable_day.
 */
async function payableGroups(db: Db, auth: AuthContext, f: StatisticsFilter): Promise<PayableGroup[]> {
  const start = dayNumber(f.startDate);
  const end = dayNumber(f.endDate);
  const parts: {
    table: 'fee_payable_day' | 'fee_payable_month';
    column: 'day' | 'month';
    from: number;
    to: number;
  }[] = [];
  if (f.periodType === 'day') parts.push({ table: 'fee_payable_day', column: 'day', from: start, to: end });
  else {
    const split = splitDays(start, end);
    if (split.months)
      parts.push({ table: 'fee_payable_month', column: 'month', from: split.months[0], to: split.months[1] });
    for (const [from, to] of split.days) parts.push({ table: 'fee_payable_day', column: 'day', from, to });
  }
  const answers = await Promise.all(
    parts.map((part) => {
      // biome-ignore lint/suspicious/noExplicitAny: the two sums tables share their columns
      let q = (db as Kysely<any>)
        .selectFrom(`${part.table} as s`)
        .where(inScope(auth.scope, 's'))
        .where(`s.${part.column}`, '>=', part.from)
        .where(`s.${part.column}`, '<=', part.to);
      if (f.teamCode) q = q.where('s.team_code', 'like', `${f.teamCode}%`);
      // a month YYYYMM of a day YYYYMMDD by integer division
      const period =
        part.column === 'month' || f.periodType === 'day'
          ? sql<number>`s.${sql.raw(part.column)}`
          : sql<number>`s.day / 100`;
      return q
        .select([
          's.truck_id',
          's.driver_id',
          period.as('period'),
          sql<number>`sum(s.waybills)`.as('waybills'),
          sql<number>`sum(s.approved_fen)`.as('approved'),
          sql<number>`sum(s.paid_fen)`.as('paid'),
          sql<number>`sum(s.unpaid_fen)`.as('unpaid'),
        ])
        .groupBy(['s.truck_id', 's.driver_id', period])
        .execute() as Promise<PayableGroup[]>;
    }),
  );
  const merged = new Map<string, PayableGroup>();
  for (const r of answers.flat()) {
    const key = `${r.truck_id}:${r.driver_id}:${r.period}`;
    const found = merged.get(key);
    if (found) {
      found.waybills += num(r.waybills);
      found.approved += num(r.approved);
      found.paid += num(r.paid);
      found.unpaid += num(r.unpaid);
    } else
      merged.set(key, {
        // 0 is the sums' key of a waybill without truck or driver
        truck_id: Number(r.truck_id) || null,
        driver_id: Number(r.driver_id) || null,
        period: Number(r.period),
        waybills: num(r.waybills),
        approved: num(r.approved),
        paid: num(r.paid),
        unpaid: num(r.unpaid),
      });
  }
  return [...merged.values()].filter((g) => g.waybills > 0);
}

/**
 * 应付统计: approved, paid and unpaid cost fees by payee and day or month of the waybill, read from
 * the sums by truck, driver and day or month kept by the database (never the waybills of the period).
 */
export async function payableStatistics(
  db: Db,
  auth: AuthContext,
  f: StatisticsFilter,
): Promise<{ list: PayableStatisticsRow[]; totalRow: PayableStatisticsRow }> {
  const filter = {
    startDate: f.startDate,
    endDate: f.endDate,
    payeeType: f.payeeType,
    payeeName: f.payeeName,
    teamCode: f.teamCode,
  } as PayableFilter;
  const byPayee = f.payeeType !== undefined || Boolean(f.payeeName);
  // the payee of each group (the truck's owner if hired, else the driver) is read once per truck
  // and driver; the totals of a payee filter are summed over the filtered waybills as the ledger's
  const [groups, payeeTotals] = await Promise.all([
    payableGroups(db, auth, f),
    byPayee ? payableTotals(db, auth, filter) : undefined,
  ]);
  const totals: PayableTotals = payeeTotals ?? { waybills: 0, approvedFen: 0, paidFen: 0, unpaidFen: 0 };
  if (!payeeTotals)
    for (const g of groups) {
      totals.waybills += g.waybills;
      totals.approvedFen += g.approved;
      totals.paidFen += g.paid;
      totals.unpaidFen += g.unpaid;
    }
  const truckIds = [...new Set(groups.map((g) => g.truck_id).filter((id): id is number => id !== null))];
  const driverIds = [...new Set(groups.map((g) => g.driver_id).filter((id): id is number => id !== null))];
  const trucks = new Map<number, { hired: boolean; owner: string }>();
  const drivers = new Map<number, string>();
  for (let i = 0; i < truckIds.length; i += 500)
    for (const t of await db
      .selectFrom('truck')
      .select(['id', 'car_info_type', 'owner_name'])
      .where('id', 'in', truckIds.slice(i, i + 500))
      .execute())
      trucks.set(t.id, { hired: t.car_info_type === 3, owner: t.owner_name ?? '' });
  for (let i = 0; i < driverIds.length; i += 500)
    for (const d of await db
      .selectFrom('driver')
      .select(['id', 'name'])
      .where('id', 'in', driverIds.slice(i, i + 500))
      .execute())
      drivers.set(d.id, d.name);
  const merged = new Map<string, PayableStatisticsRow>();
  for (const g of groups) {
    const truck = g.truck_id === null ? undefined : trucks.get(g.truck_id);
    const payeeType = truck?.hired ? 2 : 1;
    const payeeName = truck?.hired
      ? truck.owner
      : g.driver_id === null
        ? ''
        : (drivers.get(g.driver_id) ?? '');
    if (f.payeeType !== undefined && f.payeeType !== payeeType) continue;
    if (f.payeeName && !payeeName.includes(f.payeeName)) continue;
    const period = periodText(g.period, f.periodType);
    const key = `${payeeType}\u0000${payeeName}\u0000${period}`;
    const row = merged.get(key) ?? {
      payeeType,
      payeeTypeName: enumLabel(PAYEE_TYPES, payeeType, ''),
      payeeName,
      period,
      waybills: 0,
      approvedFen: 0,
      paidFen: 0,
      unpaidFen: 0,
    };
    row.waybills += num(g.waybills);
    row.approvedFen += num(g.approved);
    row.paidFen += num(g.paid);
    row.unpaidFen += num(g.unpaid);
    merged.set(key, row);
  }
  const list = [...merged.values()];
  list.sort((a, b) => a.payeeName.localeCompare(b.payeeName, 'zh-CN') || a.period.localeCompare(b.period));
  return { list, totalRow: { payeeType: null, payeeTypeName: '', payeeName: '合计', period: '', ...totals } };
}

// --- fee detail ------------------------------------------------------------------------------------

export const feeDetailFilter = z
  .object({
    startDate: dateField,
    endDate: dateField,
    feeTypeId: idFilter('请选择费用类型'),
    feeKind: enumFilter(FEE_KINDS, '费用性质应为1收入或2支出'),
    state: enumFilter(WAYBILL_FEE_STATES, '费用状态应为1待审核、2已审核、3已驳回或4已支付'),
    billNo: textFilter(20),
    truckId: idFilter('请选择车辆'),
    driverId: idFilter('请选择司机'),
    customerId: idFilter('请选择客户'),
    teamCode: teamFilter,
    /** 路桥费台账: only the 过路过桥费 type. */
    roadBridge: z.preprocess(
      (v) =>
        v === 'true' || v === 1 || v === '1'
          ? true
          : v === 'false' || v === 0 || v === '0' || blank(v) === undefined
            ? false
            : v,
      z.boolean({ error: '路桥费应为true或false' }).default(false),
    ),
  })
  .superRefine(periodChecked);
export type FeeDetailFilter = z.output<typeof feeDetailFilter>;

/**
 * The caller's fee rows, filtered on waybill_fee alone (its index by merchant and fee date, or by
 * fee type): the fee type's and the waybill's conditions as subqueries, no join per row.
 */
function detailFees(db: Db, auth: AuthContext, f: FeeDetailFilter) {
  let q = db.selectFrom('waybill_fee as f').where(inScope(auth.scope, 'f'));
  if (f.teamCode) q = q.where('f.team_code', 'like', `${f.teamCode}%`);
  if (f.startDate) q = q.where('f.created_at', '>=', dayStart(f.startDate));
  if (f.endDate) q = q.where('f.created_at', '<', dayStart(f.endDate) + DAY_MS);
  if (f.feeTypeId !== undefined) q = q.where('f.fee_type_id', '=', f.feeTypeId);
  if (f.roadBridge || f.feeKind !== undefined)
    q = q.where('f.fee_type_id', 'in', (eb) => {
      let types = eb
        .selectFrom('fee_type')
        .select('fee_type.id')
        .where('fee_type.merchant_id', '=', auth.merchantId);
      if (f.roadBridge)
        types = types
          .where('fee_type.built_in', '=', 1)
          .where('fee_type.fee_name', '=', ROAD_BRIDGE_FEE_NAME);
      if (f.feeKind !== undefined) types = types.where('fee_type.fee_kind', '=', f.feeKind);
      return types;
    });
  if (f.state !== undefined) q = q.where('f.state', '=', f.state);
  if (f.billNo || f.truckId !== undefined || f.driverId !== undefined || f.customerId !== undefined)
    q = q.where('f.waybill_id', 'in', (eb) => {
      let w = eb
        .selectFrom('waybill')
        .select('waybill.id')
        .where('waybill.merchant_id', '=', auth.merchantId);
      if (f.billNo) w = w.where('waybill.bill_no', 'like', likeText(f.billNo));
      if (f.truckId !== undefined) w = w.where('waybill.truck_id', '=', f.truckId);
      if (f.driverId !== undefined) w = w.where('waybill.driver_id', '=', f.driverId);
      if (f.customerId !== undefined) w = w.where('waybill.customer_id', '=', f.customerId);
      return w;
    });
  return q;
}

/** The fee-type condition of a filter (a type, 路桥费, a kind) as a subquery of the merchant's types. */
function typeCondition(auth: AuthContext, f: FeeDetailFilter) {
  // biome-ignore lint/suspicious/noExplicitAny: applies to waybill_fee and fee_day alike
  return (eb: any) => {
    let types = eb
      .selectFrom('fee_type')
      .select('fee_type.id')
      .where('fee_type.merchant_id', '=', auth.merchantId);
    if (f.roadBridge)
      types = types.where('fee_type.built_in', '=', 1).where('fee_type.fee_name', '=', ROAD_BRIDGE_FEE_NAME);
    if (f.feeKind !== undefined) types = types.where('fee_type.fee_kind', '=', f.feeKind);
    return types;
  };
}

/**
 * Sums of the filtered fees by fee type and state: from fee_day (kept by the database per team, day,
 * type and state) unless a waybill's field filters them, then from the fee rows.
 */
export async function feeDetailTotals(
  db: Db,
  auth: AuthContext,
  f: FeeDetailFilter,
): Promise<FeeDetailTotals> {
  const byWaybill =
    f.billNo || f.truckId !== undefined || f.driverId !== undefined || f.customerId !== undefined;
  let groups: { fee_type_id: number; state: number; n: number; fen: number }[];
  if (byWaybill)
    groups = await detailFees(db, auth, f)
      .select([
        'f.fee_type_id',
        'f.state',
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(f.amount_fen)`.as('fen'),
      ])
      .groupBy(['f.fee_type_id', 'f.state'])
      .execute();
  else {
    let q = db.selectFrom('fee_day as f').where(inScope(auth.scope, 'f'));
    if (f.teamCode) q = q.where('f.team_code', 'like', `${f.teamCode}%`);
    if (f.startDate) q = q.where('f.day_at', '>=', dayStart(f.startDate));
    if (f.endDate) q = q.where('f.day_at', '<', dayStart(f.endDate) + DAY_MS);
    if (f.feeTypeId !== undefined) q = q.where('f.fee_type_id', '=', f.feeTypeId);
    if (f.roadBridge || f.feeKind !== undefined) q = q.where('f.fee_type_id', 'in', typeCondition(auth, f));
    if (f.state !== undefined) q = q.where('f.state', '=', f.state);
    groups = await q
      .select([
        'f.fee_type_id',
        'f.state',
        sql<number>`sum(f.fees)`.as('n'),
        sql<number>`sum(f.amount_fen)`.as('fen'),
      ])
      .groupBy(['f.fee_type_id', 'f.state'])
      .execute();
  }
  const typeIds = [...new Set(groups.map((g) => g.fee_type_id))];
  const kinds = new Map<number, number>();
  for (let i = 0; i < typeIds.length; i += 500) {
    const types = await db
      .selectFrom('fee_type')
      .select(['id', 'fee_kind'])
      .where('id', 'in', typeIds.slice(i, i + 500))
      .execute();
    for (const t of types) kinds.set(t.id, t.fee_kind);
  }
  const t: FeeDetailTotals = {
    fees: 0,
    amountFen: 0,
    incomeFen: 0,
    costFen: 0,
    pendingFen: 0,
    approvedFen: 0,
    rejectedFen: 0,
    paidFen: 0,
  };
  const byState: Record<number, keyof FeeDetailTotals> = {
    1: 'pendingFen',
    2: 'approvedFen',
    3: 'rejectedFen',
    4: 'paidFen',
  };
  for (const g of groups) {
    const fen = num(g.fen);
    t.fees += num(g.n);
    t.amountFen += fen;
    const kind = kinds.get(g.fee_type_id);
    if (kind === 1) t.incomeFen += fen;
    if (kind === 2) t.costFen += fen;
    const key = byState[g.state];
    if (key) t[key] += fen;
  }
  return t;
}

export async function feeDetailRows(
  db: Db,
  auth: AuthContext,
  f: FeeDetailFilter,
  limit: number,
  offset: number,
): Promise<FeeDetailRow[]> {
  const rows = await detailFees(db, auth, f)
    .innerJoin('waybill as w', 'w.id', 'f.waybill_id')
    .innerJoin('fee_type as t', 't.id', 'f.fee_type_id')
    .leftJoin('truck as tr', 'tr.id', 'w.truck_id')
    .leftJoin('driver as d', 'd.id', 'w.driver_id')
    .leftJoin('customer as c', 'c.id', 'w.customer_id')
    .leftJoin('fee_payment_item as pi', 'pi.fee_id', 'f.id')
    .leftJoin('fee_payment as p', 'p.id', 'pi.payment_id')
    .select([
      'f.id',
      'f.waybill_id',
      'f.team_code',
      'f.fee_type_id',
      'f.amount_fen',
      'f.state',
      'f.remark',
      'f.created_at',
      'f.updated_at',
      'w.bill_no',
      'w.truck_id',
      'w.driver_id',
      'w.customer_id',
      't.fee_name',
      't.fee_kind',
      'tr.car_no',
      'd.name as driver_name',
      'c.customer_name',
      'p.id as payment_id',
      'p.paid_at',
      'p.pay_method',
      'p.payer',
      'p.payee_name',
    ])
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    waybillId: r.waybill_id,
    billNo: r.bill_no,
    teamCode: r.team_code,
    truckId: r.truck_id,
    carNo: r.car_no ?? '',
    driverId: r.driver_id,
    driverName: r.driver_name ?? '',
    customerId: r.customer_id,
    customerName: r.customer_name ?? '',
    feeTypeId: r.fee_type_id,
    feeTypeName: r.fee_name,
    feeKind: r.fee_kind,
    feeKindName: enumLabel(FEE_KINDS, r.fee_kind, '--'),
    amountFen: num(r.amount_fen),
    state: r.state,
    stateName: enumLabel(WAYBILL_FEE_STATES, r.state, '--'),
    remark: r.remark ?? '',
    createdAt: timeText(r.created_at),
    updatedAt: timeText(r.updated_at),
    paymentId: r.payment_id ?? null,
    paidAt: timeText(r.paid_at),
    payMethod: r.pay_method ?? null,
    payMethodName: r.pay_method ? enumLabel(PAY_METHODS, r.pay_method, '--') : '',
    payer: r.payer ?? '',
    payeeName: r.payee_name ?? '',
  }));
}

export async function feeDetailReport(
  db: Db,
  auth: AuthContext,
  f: FeeDetailFilter & { pageNum: number; pageSize: number },
): Promise<{ list: FeeDetailRow[]; total: number; totalRow: FeeDetailTotals }> {
  const [list, totalRow] = await Promise.all([
    feeDetailRows(db, auth, f, f.pageSize, (f.pageNum - 1) * f.pageSize),
    feeDetailTotals(db, auth, f),
  ]);
  return { list, total: totalRow.fees, totalRow };
}

/** Yuan text of fen for sheets and logs. */
export const yuanText = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '' : fenToYuan(fen);
