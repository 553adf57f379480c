import {
  confirmedReceivableFen,
  DAY_MS,
  fenToYuan,
  formatDateTime,
  parseDateTime,
  type ReceivableRow,
  type ReceivableStatisticsRow,
  type ReceivableTotals,
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
    reportTotals(db, auth, f),
  ]);
  return { list, total: totalRow.waybills, totalRow };
}

// --- statistics --------------------------------------------------------------------------------

export const statisticsFilter = z
  .object({
    ...statisticsPeriod,
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
  .superRefine(checkStatisticsPeriod);
export type StatisticsFilter = z.output<typeof statisticsFilter>;

/** Chinese names in dictionary order. */
const COLLATOR = new Intl.Collator('zh-CN');

interface SumsFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
  customerId?: number | undefined;
  teamCode?: string | undefined;
}

interface SumsRow {
  customer_id: number | null;
  period: number | null;
  waybills: number;
  freight: number;
  fee_income: number;
  income: number;
  adjust: number;
  checked: number;
  anomaly: number;
}

/**
 * The sums of the caller's completed, not cancelled waybills of a period (Shanghai days), by
 * customer and/or by day or month, from the monthly and daily sums kept by the database: whole
 * months from bill_receive_month, the days of cut months from bill_receive_day.
 */
async function periodSums(
  db: Db,
  auth: AuthContext,
  f: SumsFilter,
  group: { customer: boolean; period: 'day' | 'month' | null },
): Promise<SumsRow[]> {
  const start = f.startDate ? dayNumber(f.startDate) : 19700101;
  const end = f.endDate ? dayNumber(f.endDate) : 99991231;
  const parts: {
    table: 'bill_receive_day' | 'bill_receive_month';
    column: 'day' | 'month';
    from: number;
    to: number;
  }[] = [];
  if (group.period === 'day') parts.push({ table: 'bill_receive_day', column: 'day', from: start, to: end });
  else {
    const split = splitDays(start, end);
    if (split.months)
      parts.push({
        table: 'bill_receive_month',
        column: 'month',
        from: split.months[0],
        to: split.months[1],
      });
    for (const [from, to] of split.days) parts.push({ table: 'bill_receive_day', column: 'day', from, to });
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
      if (f.customerId !== undefined) q = q.where('s.customer_id', '=', f.customerId);
      // a month YYYYMM of a day YYYYMMDD by integer division
      const period =
        group.period === null
          ? null
          : part.column === 'month' || group.period === 'day'
            ? sql<number>`s.${sql.raw(part.column)}`
            : sql<number>`s.day / 100`;
      let grouped = q.select((eb) => [
        eb.fn.sum<number>('s.waybills').as('waybills'),
        eb.fn.sum<number>('s.freight_fen').as('freight'),
        eb.fn.sum<number>('s.fee_income_fen').as('fee_income'),
        eb.fn.sum<number>('s.income_fen').as('income'),
        eb.fn.sum<number>('s.adjust_fen').as('adjust'),
        eb.fn.sum<number>('s.check_fen').as('checked'),
        eb.fn.sum<number>('s.anomaly_fen').as('anomaly'),
        (group.customer ? sql<number>`s.customer_id` : sql<number | null>`null`).as('customer_id'),
        (period ?? sql<number | null>`null`).as('period'),
      ]);
      if (group.customer) grouped = grouped.groupBy('s.customer_id');
      if (period) grouped = grouped.groupBy(period);
      return grouped.execute() as Promise<SumsRow[]>;
    }),
  );
  const merged = new Map<string, SumsRow>();
  for (const r of answers.flat()) {
    const key = `${r.customer_id ?? ''}:${r.period ?? ''}`;
    const found = merged.get(key);
    if (!found) {
      merged.set(key, {
        customer_id: r.customer_id === null ? null : Number(r.customer_id),
        period: r.period === null ? null : Number(r.period),
        waybills: num(r.waybills),
        freight: num(r.freight),
        fee_income: num(r.fee_income),
        income: num(r.income),
        adjust: num(r.adjust),
        checked: num(r.checked),
        anomaly: num(r.anomaly),
      });
      continue;
    }
    for (const k of ['waybills', 'freight', 'fee_income', 'income', 'adjust', 'checked', 'anomaly'] as const)
      found[k] += num(r[k]);
  }
  return [...merged.values()].filter((r) => r.waybills > 0);
}

const totalsOfSums = (r: SumsRow | undefined): ReceivableTotals => ({
  waybills: r?.waybills ?? 0,
  freightFen: r?.freight ?? 0,
  feeIncomeFen: r?.fee_income ?? 0,
  incomeFen: r?.income ?? 0,
  adjustFen: r?.adjust ?? 0,
  confirmedFen: confirmedReceivableFen(r?.income ?? 0, r?.adjust ?? 0),
  checkFen: r?.checked ?? 0,
  anomalyFen: r?.anomaly ?? 0,
});

/**
 * The report's totals: from the monthly and daily sums when the filter is only the period,
 * customer and team; else summed over the filtered rows.
 */
export async function reportTotals(db: Db, auth: AuthContext, f: ReportFilter): Promise<ReceivableTotals> {
  const rowsOnly = f.lineId !== undefined || f.checkName || f.checkState !== undefined || f.billNo;
  if (rowsOnly) return totalsOf(filteredRows(db, auth, f));
  const [sums] = await periodSums(db, auth, f, { customer: false, period: null });
  return totalsOfSums(sums);
}

/**
 * 应收统计: the caller's completed, not cancelled waybills between startDate and endDate (Shanghai
 * days of completion) by customer and day or month: waybills, income, adjustments, confirmed
 * receivable, checked and anomaly amounts, and the total row. Read from the monthly and daily sums
 * (kept by the database with every change of a row), never the waybills or their fees.
 */
export async function receivableStatistics(
  db: Db,
  auth: AuthContext,
  f: StatisticsFilter,
): Promise<{ list: ReceivableStatisticsRow[]; totalRow: ReceivableStatisticsRow }> {
  const byCustomer = f.groupBy !== 'period';
  const byPeriod = f.groupBy !== 'customer';
  const rows = await periodSums(db, auth, f, {
    customer: byCustomer,
    period: byPeriod ? f.periodType : null,
  });
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
  const totals = totalsOfSums(undefined);
  const list: ReceivableStatisticsRow[] = rows.map((r) => {
    const row: ReceivableStatisticsRow = {
      customerId: r.customer_id,
      customerName: r.customer_id === null ? '' : (names.get(r.customer_id) ?? ''),
      period: r.period === null ? '' : periodText(r.period, f.periodType),
      ...totalsOfSums(r),
    };
    for (const k of Object.keys(totals) as (keyof ReceivableTotals)[]) totals[k] += row[k];
    return row;
  });
  // by customer name (each name placed once by the collator), then by period
  const rank = new Map(
    [...new Set(list.map((r) => r.customerName))].sort(COLLATOR.compare).map((n, i) => [n, i]),
  );
  list.sort(
    (a, b) =>
      (rank.get(a.customerName) ?? 0) - (rank.get(b.customerName) ?? 0) ||
      (a.period < b.period ? -1 : a.period > b.period ? 1 : 0),
  );
  return { list, totalRow: { customerId: null, customerName: '合计', period: '', ...totals } };
}

/** Yuan text of an amount in fen, for logs and sheets; '' for none. */
export const yuanText = (value: number | null) => (value === null ? '' : fenToYuan(value));
