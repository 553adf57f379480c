import { COST_RECORD, DAY_MS, formatDateTime } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { checkStatisticsPeriod, dayNumber, splitDays, statisticsPeriod } from '../../records/period-sums';
import { filterId } from './cost-list';
import { shanghaiDayStart as dayStart } from './cost-write';

// What 成本分析 reads: its filter, and the sums of the period from the day and month sums the
// triggers keep (cost_day, cost_month: by team, truck, type, fee type and line, 0038 and 0043),
// whole months from cost_month and the days of cut months (or every day) from cost_day.

const L = COST_RECORD.labels;
type Db = Kysely<Database>;

/** The dimensions of the analysis's table, by their Chinese name. */
export const ANALYSIS_GROUPS = { truck: '车辆', team: '车队', line: '线路' } as const;
export type AnalysisGroup = keyof typeof ANALYSIS_GROUPS;
/** The row of the costs on no line (and of the trucks' depreciation) in the analysis by line. */
export const NO_LINE = '未关联线路';
/** The labels of the analysis's own fields in its 400 messages. */
export const ANALYSIS_LABELS = { groupBy: '统计维度', lineId: '线路' };

export const analysisFilter = z
  .object({
    ...statisticsPeriod,
    teamCode: teamFilter,
    truckId: filterId(`${L.truckId}不正确`),
    /** Only the costs of this line (then without depreciation, which is on no line). */
    lineId: filterId(`${ANALYSIS_LABELS.lineId}不正确`),
    /** The table's dimension: truck (its team alike) or line. */
    groupBy: z.preprocess(
      blank,
      z
        .enum(Object.keys(ANALYSIS_GROUPS) as [AnalysisGroup, ...AnalysisGroup[]], {
          error: `${ANALYSIS_LABELS.groupBy}应为${Object.values(ANALYSIS_GROUPS).join('、')}之一`,
        })
        .default('truck'),
    ),
    /** Leave depreciation (折旧) out of the figures. */
    withoutDepreciation: z.preprocess(blank, z.coerce.boolean().optional()),
  })
  .superRefine(checkStatisticsPeriod);
export type AnalysisFilter = z.output<typeof analysisFilter>;

export interface SumRow {
  team_code: string;
  truck_id: number;
  /** 0: 未关联线路. */
  line_id: number;
  cost_type: number;
  fee_type_id: number;
  key: number;
  amount: number;
  quantity: number;
  count: number;
}

/**
 * The sums of the period summed by the database: by the dimension (truck and its team, or line) and
 * type, and by period and type.
 */
export async function periodSums(
  db: Db,
  auth: AuthContext,
  f: AnalysisFilter,
): Promise<{ groups: SumRow[]; periods: SumRow[] }> {
  const start = dayNumber(f.startDate);
  const end = dayNumber(f.endDate);
  const parts: { table: 'cost_day' | 'cost_month'; column: 'day' | 'month'; from: number; to: number }[] = [];
  if (f.periodType === 'day') parts.push({ table: 'cost_day', column: 'day', from: start, to: end });
  else {
    const split = splitDays(start, end);
    if (split.months)
      parts.push({ table: 'cost_month', column: 'month', from: split.months[0], to: split.months[1] });
    for (const [from, to] of split.days) parts.push({ table: 'cost_day', column: 'day', from, to });
  }
  const groups: SumRow[] = [];
  const periods: SumRow[] = [];
  const figures = (r: Record<string, unknown>) => ({
    cost_type: Number(r.cost_type),
    fee_type_id: Number(r.fee_type_id),
    amount: Number(r.amount),
    quantity: Number(r.quantity),
    count: Number(r.n),
  });
  const byLine = f.groupBy === 'line';
  const dimension = byLine ? ['line_id'] : ['team_code', 'truck_id'];
  for (const part of parts) {
    // biome-ignore lint/suspicious/noExplicitAny: cost_day and cost_month share their columns
    let q = (db as Kysely<any>)
      .selectFrom(part.table)
      .where(inScope(auth.scope, part.table))
      .where(part.column, '>=', part.from)
      .where(part.column, '<=', part.to)
      .where('waybills', '>', 0);
    if (f.teamCode) q = q.where('team_code', 'like', `${f.teamCode}%`);
    if (f.truckId) q = q.where('truck_id', '=', f.truckId);
    if (f.lineId) q = q.where('line_id', '=', f.lineId);
    const sums = [
      sql`sum(amount)`.as('amount'),
      sql`sum(quantity)`.as('quantity'),
      sql`sum(waybills)`.as('n'),
    ];
    // a day of a month's analysis counts in its month
    const key =
      part.column === 'day' && f.periodType === 'month'
        ? sql<number>`day / 100`
        : sql<number>`${sql.ref(part.column)}`;
    const [byGroup, byPeriod] = await Promise.all([
      q
        .select([...dimension, 'cost_type', 'fee_type_id', ...sums])
        .groupBy([...dimension, 'cost_type', 'fee_type_id'])
        .execute(),
      q
        .select([key.as('key'), 'cost_type', 'fee_type_id', ...sums])
        .groupBy([key, 'cost_type', 'fee_type_id'])
        .execute(),
    ]);
    for (const r of byGroup)
      groups.push({
        team_code: byLine ? '' : r.team_code,
        truck_id: byLine ? 0 : Number(r.truck_id),
        line_id: byLine ? Number(r.line_id) : 0,
        key: 0,
        ...figures(r),
      });
    for (const r of byPeriod)
      periods.push({ team_code: '', truck_id: 0, line_id: 0, key: Number(r.key), ...figures(r) });
  }
  return { groups, periods };
}

const shanghaiDate = (ms: number) => formatDateTime(new Date(ms)).slice(0, 10);

/** Every period key of the range: days YYYYMMDD or months YYYYMM. */
export function periodKeys(f: AnalysisFilter): number[] {
  const keys: number[] = [];
  for (let d = dayStart(f.startDate); d <= dayStart(f.endDate); d += DAY_MS) {
    const date = shanghaiDate(d);
    const key = f.periodType === 'day' ? dayNumber(date) : Math.floor(dayNumber(date) / 100);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}
