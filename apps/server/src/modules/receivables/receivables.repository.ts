import { confirmedReceivableFen, DAY_MS, fenToYuan, formatDateTime, parseDateTime } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';

// The read side of 应收对账: the report of completed waybills' receivables with its totals, a
// statement's rows, and the statistics by customer and period. Everything reads bill_receive (one
// row per completed waybill with its income already summed by the database), never the fee rows.

/** 对账状态. */
export const CHECK_STATES = { 0: '未对账', 1: '已对账' } as const;

export const LABELS = {
  waybillId: '运单',
  waybillIds: '运单',
  customerId: '客户',
  lineId: '线路',
  startDate: '开始日期',
  endDate: '结束日期',
  checkName: '对账单名称',
  checkState: '对账状态',
  billNo: '运单号',
  teamCode: '所属车队',
  checkFen: '核对金额',
  anomalyFen: '异常金额',
  anomalyReason: '异常原因',
  adjustFen: '调整金额',
  reason: '调整原因',
  periodType: '统计周期',
  groupBy: '统计维度',
  keyword: '对账单名称',
};

const dateField = z.preprocess(
  blank,
  z.string({ error: DATE_MESSAGE }).refine(isDateText, DATE_MESSAGE).optional(),
);
const idFilter = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).positive(message).optional());

const dayStart = (date: string) => (parseDateTime(date) as Date).getTime();

/** The report's filters: customer, line, completion period (Shanghai days), statement, state. */
export const reportFilter = z
  .object({
    customerId: idFilter('请选择客户'),
    lineId: idFilter('请选择线路'),
    startDate: dateField,
    endDate: dateField,
    checkName: z.preprocess(blank, z.string().max(60, '最多输入60个字符').optional()),
    checkState: z.preprocess(
      blank,
      z.coerce
        .number({ error: '对账状态应为0未对账或1已对账' })
        .pipe(z.union([z.literal(0), z.literal(1)], { error: '对账状态应为0未对账或1已对账' }))
        .optional(),
    ),
    billNo: z.preprocess(blank, z.string().max(20, '最多输入20个字符').optional()),
    teamCode: teamFilter,
  })
  .superRefine((f, ctx) => {
    if (f.startDate && f.endDate && f.endDate < f.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  });
export type ReportFilter = z.output<typeof reportFilter>;

type Db = Kysely<Database>;

/** The caller's rows of completed, not cancelled waybills, filtered. */
export function filteredRows(db: Db, auth: AuthContext, f: ReportFilter) {
  let q = db.selectFrom('bill_receive as b').where(inScope(auth.scope, 'b')).where('b.cancelled', '=', 0);
  if (f.teamCode) q = q.where('b.team_code', 'like', `${f.teamCode}%`);
  if (f.customerId !== undefined) q = q.where('b.customer_id', '=', f.customerId);
  if (f.lineId !== undefined) q = q.where('b.line_id', '=', f.lineId);
  if (f.startDate) q = q.where('b.completed_at', '>=', dayStart(f.startDate));
  if (f.endDate) q = q.where('b.completed_at', '<', dayStart(f.endDate) + DAY_MS);
  if (f.checkName) q = q.where('b.check_name', '=', f.checkName);
  if (f.checkState !== undefined) q = q.where('b.check_state', '=', f.checkState);
  if (f.billNo)
    q = q.where('b.waybill_id', 'in', (eb) =>
      eb
        .selectFrom('waybill')
        .select('waybill.id')
        .where('waybill.merchant_id', '=', auth.merchantId)
        .where('waybill.bill_no', 'like', `%${f.billNo?.replace(/[\\%_]/g, '')}%`),
    );
  return q;
}
type RowQuery = ReturnType<typeof filteredRows>;

/** Sums of a set of rows, in fen. */
export interface ReceivableTotals {
  waybills: number;
  freightFen: number;
  feeIncomeFen: number;
  incomeFen: number;
  adjustFen: number;
  /** 确认应收 = 总收入 + 对账调整. */
  confirmedFen: number;
  checkFen: number;
  anomalyFen: number;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export async function totalsOf(q: RowQuery): Promise<ReceivableTotals> {
  const t = await q
    .select((eb) => [
      eb.fn.countAll<number>().as('waybills'),
      eb.fn.sum<number>('b.freight_fen').as('freight'),
      eb.fn.sum<number>('b.fee_income_fen').as('fee_income'),
      eb.fn.sum<number>('b.income_fen').as('income'),
      eb.fn.sum<number>('b.adjust_fen').as('adjust'),
      eb.fn.sum<number>('b.check_fen').as('checked'),
      eb.fn.sum<number>('b.anomaly_fen').as('anomaly'),
    ])
    .executeTakeFirstOrThrow();
  return {
    waybills: num(t.waybills),
    freightFen: num(t.freight),
    feeIncomeFen: num(t.fee_income),
    incomeFen: num(t.income),
    adjustFen: num(t.adjust),
    confirmedFen: confirmedReceivableFen(num(t.income), num(t.adjust)),
    checkFen: num(t.checked),
    anomalyFen: num(t.anomaly),
  };
}

/** One waybill's receivable as the API answers it. */
export interface ReceivableRow {
  id: number;
  waybillId: number;
  billNo: string;
  teamCode: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  completedAt: string;
  loadingNetKg: number | null;
  unloadingNetKg: number | null;
  settleKg: number | null;
  freightFen: number;
  feeIncomeFen: number;
  incomeFen: number;
  adjustFen: number;
  adjustReason: string | null;
  confirmedFen: number;
  checkFen: number | null;
  anomalyFen: number;
  anomalyReason: string | null;
  checkName: string | null;
  checkState: number;
  checkStateName: string;
}

function withDetails(q: RowQuery) {
  return q
    .innerJoin('waybill as w', 'w.id', 'b.waybill_id')
    .leftJoin('customer as c', 'c.id', 'b.customer_id')
    .leftJoin('line as l', 'l.id', 'b.line_id')
    .select([
      'b.id',
      'b.waybill_id',
      'b.team_code',
      'b.customer_id',
      'b.line_id',
      'b.completed_at',
      'b.freight_fen',
      'b.fee_income_fen',
      'b.income_fen',
      'b.adjust_fen',
      'b.adjust_reason',
      'b.check_fen',
      'b.anomaly_fen',
      'b.anomaly_reason',
      'b.check_name',
      'b.check_state',
      'w.bill_no',
      'w.loading_net_kg',
      'w.unloading_net_kg',
      'w.settle_kg',
      'c.customer_name',
      'l.name as line_name',
    ]);
}
type DetailRow = Awaited<ReturnType<ReturnType<typeof withDetails>['execute']>>[number];

/** A stored row as the API answers it; a row whose references are gone still answers. */
export function receivableView(r: DetailRow): ReceivableRow {
  const income = num(r.income_fen);
  const adjust = num(r.adjust_fen);
  return {
    id: r.id,
    waybillId: r.waybill_id,
    billNo: r.bill_no,
    teamCode: r.team_code,
    customerId: r.customer_id,
    customerName: r.customer_name ?? '',
    lineId: r.line_id,
    lineName: r.line_name ?? '',
    completedAt: formatDateTime(new Date(Number(r.completed_at))),
    loadingNetKg: r.loading_net_kg,
    unloadingNetKg: r.unloading_net_kg,
    settleKg: r.settle_kg,
    freightFen: num(r.freight_fen),
    feeIncomeFen: num(r.fee_income_fen),
    incomeFen: income,
    adjustFen: adjust,
    adjustReason: r.adjust_reason,
    confirmedFen: confirmedReceivableFen(income, adjust),
    checkFen: r.check_fen === null ? null : Number(r.check_fen),
    anomalyFen: num(r.anomaly_fen),
    anomalyReason: r.anomaly_reason,
    checkName: r.check_name,
    checkState: r.check_state,
    checkStateName: CHECK_STATES[r.check_state as 0 | 1] ?? '',
  };
}

/** Rows of a filtered query, newest completion first, with the waybill's, customer's and line's details. */
export async function detailRows(q: RowQuery, limit: number, offset: number): Promise<ReceivableRow[]> {
  const rows = await withDetails(q)
    .orderBy('b.completed_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(receivableView);
}

/** The report: one page of rows and the totals of every filtered row. */
export async function receivableReport(
  db: Db,
  auth: AuthContext,
  f: ReportFilter & { pageNum: number; pageSize: number },
): Promise<{ list: ReceivableRow[]; total: number; totalRow: ReceivableTotals }> {
  const q = filteredRows(db, auth, f);
  const [list, totalRow] = await Promise.all([
    detailRows(q, f.pageSize, (f.pageNum - 1) * f.pageSize),
    totalsOf(q),
  ]);
  return { list, total: totalRow.waybills, totalRow };
}

// --- statistics --------------------------------------------------------------------------------

export const STATISTICS_MAX_DAYS = 366;

export const statisticsFilter = z
  .object({
    startDate: z.preprocess(blank, z.string({ error: '请选择开始日期' }).refine(isDateText, DATE_MESSAGE)),
    endDate: z.preprocess(blank, z.string({ error: '请选择结束日期' }).refine(isDateText, DATE_MESSAGE)),
    periodType: z.preprocess(
      blank,
      z.enum(['day', 'month'], { error: '统计周期应为day（按日）或month（按月）' }).default('month'),
    ),
    groupBy: z.preprocess(
      blank,
      z
        .enum(['customerPeriod', 'customer', 'period'], {
          error: '统计维度应为customerPeriod（客户和周期）、customer（客户）或period（周期）',
        })
        .default('customerPeriod'),
    ),
    customerId: idFilter('请选择客户'),
    teamCode: teamFilter,
  })
  .superRefine((f, ctx) => {
    if (f.endDate < f.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    else if ((dayStart(f.endDate) - dayStart(f.startDate)) / DAY_MS + 1 > STATISTICS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `统计时间跨度不能超过${STATISTICS_MAX_DAYS}天`,
      });
  });
export type StatisticsFilter = z.output<typeof statisticsFilter>;

export interface StatisticsRow extends ReceivableTotals {
  customerId: number | null;
  customerName: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM'; '' when grouped by customer only. */
  period: string;
}

/** 'YYYY-MM-DD' → the number YYYYMMDD of the daily sums. */
const dayNumber = (date: string) => Number(date.replaceAll('-', ''));

/** The period text of a day number: 'YYYY-MM-DD', or 'YYYY-MM' of a month number YYYYMM. */
function periodText(key: number, type: 'day' | 'month'): string {
  const text = String(key);
  return type === 'day'
    ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
    : `${text.slice(0, 4)}-${text.slice(4, 6)}`;
}

/**
 * 应收统计: the caller's completed, not cancelled waybills between startDate and endDate (Shanghai
 * days of completion) by customer and day or month: waybills, income, adjustments, confirmed
 * receivable, checked and anomaly amounts, and the total row. Read from the daily sums
 * (bill_receive_day, kept by the database with every change of a row), a few rows a customer and
 * day, never the waybills or their fees.
 */
export async function receivableStatistics(
  db: Db,
  auth: AuthContext,
  f: StatisticsFilter,
): Promise<{ list: StatisticsRow[]; totalRow: StatisticsRow }> {
  let q = db
    .selectFrom('bill_receive_day as s')
    .where(inScope(auth.scope, 's'))
    .where('s.day', '>=', dayNumber(f.startDate))
    .where('s.day', '<=', dayNumber(f.endDate));
  if (f.teamCode) q = q.where('s.team_code', 'like', `${f.teamCode}%`);
  if (f.customerId !== undefined) q = q.where('s.customer_id', '=', f.customerId);
  const byCustomer = f.groupBy !== 'period';
  const byPeriod = f.groupBy !== 'customer';
  // integer division: the month YYYYMM of a day YYYYMMDD
  const period = f.periodType === 'day' ? sql<number>`s.day` : sql<number>`s.day / 100`;
  let grouped = q.select((eb) => [
    eb.fn.sum<number>('s.waybills').as('waybills'),
    eb.fn.sum<number>('s.freight_fen').as('freight'),
    eb.fn.sum<number>('s.fee_income_fen').as('fee_income'),
    eb.fn.sum<number>('s.income_fen').as('income'),
    eb.fn.sum<number>('s.adjust_fen').as('adjust'),
    eb.fn.sum<number>('s.check_fen').as('checked'),
    eb.fn.sum<number>('s.anomaly_fen').as('anomaly'),
    (byCustomer ? sql<number>`s.customer_id` : sql<number | null>`null`).as('customer_id'),
    (byPeriod ? period : sql<number | null>`null`).as('period'),
  ]);
  if (byCustomer) grouped = grouped.groupBy('s.customer_id');
  if (byPeriod) grouped = grouped.groupBy(period);
  const rows = (await grouped.execute()).filter((r) => num(r.waybills) > 0);
  const ids = [...new Set(rows.map((r) => r.customer_id).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('customer')
      .select(['id', 'customer_name'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const c of found) names.set(c.id, c.customer_name);
  }
  const totals: ReceivableTotals = {
    waybills: 0,
    freightFen: 0,
    feeIncomeFen: 0,
    incomeFen: 0,
    adjustFen: 0,
    confirmedFen: 0,
    checkFen: 0,
    anomalyFen: 0,
  };
  const list: StatisticsRow[] = rows.map((r) => {
    const row: StatisticsRow = {
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      customerName: r.customer_id === null ? '' : (names.get(Number(r.customer_id)) ?? ''),
      period: r.period === null ? '' : periodText(Number(r.period), f.periodType),
      waybills: num(r.waybills),
      freightFen: num(r.freight),
      feeIncomeFen: num(r.fee_income),
      incomeFen: num(r.income),
      adjustFen: num(r.adjust),
      confirmedFen: confirmedReceivableFen(num(r.income), num(r.adjust)),
      checkFen: num(r.checked),
      anomalyFen: num(r.anomaly),
    };
    for (const k of Object.keys(totals) as (keyof ReceivableTotals)[]) totals[k] += row[k];
    return row;
  });
  list.sort(
    (a, b) => a.customerName.localeCompare(b.customerName, 'zh-CN') || a.period.localeCompare(b.period),
  );
  return { list, totalRow: { customerId: null, customerName: '合计', period: '', ...totals } };
}

/** Yuan text of an amount in fen, for logs and sheets; '' for none. */
export const yuanText = (value: number | null) => (value === null ? '' : fenToYuan(value));
