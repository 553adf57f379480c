import { type AlarmRuleSettings, DAY_MS, formatDate, PLAN_STATE, parseDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { teamPatches, teamRules } from '../alarm-settings/alarm-settings.repository';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';

/** Menu code of 发车统计. */
const CODES = ['car060102'] as const;

/** The longest range one statistics call covers, in days. */
export const STATISTICS_MAX_DAYS = 366;

export const STATISTICS_GROUPS = {
  team: '车队',
  line: '线路',
  truck: '车辆',
  driver: '司机',
  day: '日期',
} as const;
export type StatisticsGroup = keyof typeof STATISTICS_GROUPS;

const LABELS = { startDate: '开始日期', endDate: '结束日期', groupBy: '统计维度', teamCode: '所属车队' };

const dateField = (required: string) =>
  z.preprocess(blank, z.string({ error: required }).refine(isDateText, DATE_MESSAGE));

/** The query of GET /plan/statistics/list and its export: plans departing on the days given. */
const statisticsQuery = z
  .object({
    startDate: dateField('请选择开始日期').meta({ title: LABELS.startDate }),
    endDate: dateField('请选择结束日期').meta({ title: LABELS.endDate }),
    groupBy: z
      .preprocess(
        blank,
        z
          .enum(Object.keys(STATISTICS_GROUPS) as [StatisticsGroup, ...StatisticsGroup[]], {
            error: '统计维度应为车队、线路、车辆、司机、日期之一',
          })
          .default('team'),
      )
      .meta({ title: LABELS.groupBy }),
    teamCode: teamFilter.meta({ title: LABELS.teamCode }),
  })
  .superRefine((q, ctx) => {
    if (q.endDate < q.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    else if (spanDays(q.startDate, q.endDate) > STATISTICS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `统计时间跨度不能超过${STATISTICS_MAX_DAYS}天`,
      });
  });
type StatisticsQuery = z.output<typeof statisticsQuery>;

const dayStart = (date: string) => (parseDateTime(date) as Date).getTime();
const spanDays = (start: string, end: string) => Math.round((dayStart(end) - dayStart(start)) / DAY_MS) + 1;

/** One row of the statistics: a team, line, truck, driver or day, or the total. */
export interface StatisticsRow {
  key: string;
  name: string;
  plans: number;
  departed: number;
  onTimeDepart: number;
  /** Percent of the departed plans that left on time, one decimal; null when none departed. */
  onTimeDepartRate: number | null;
  arrived: number;
  onTimeArrive: number;
  onTimeArriveRate: number | null;
}

/** Percent with one decimal; null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}

/** The plan timing thresholds a plan of the team is measured by (planTiming of its alarm settings). */
type PlanTimingThresholds = Pick<AlarmRuleSettings['planTiming'], 'departWarnMinutes' | 'arriveWarnMinutes'>;

const NOT_SET = '（未指定）';

/**
 * The statistics of the caller's plans departing (planned) between startDate and endDate, Shanghai
 * days: published and later plans, drafts and cancelled plans left out. A plan departed on time
 * when its actual departure is no later than the planned one plus its team's departWarnMinutes; it
 * arrived on time likewise with arriveWarnMinutes.
 */
export async function planStatistics(
  db: Kysely<Database>,
  auth: AuthContext,
  query: StatisticsQuery,
): Promise<{ list: StatisticsRow[]; totalRow: StatisticsRow }> {
  const from = dayStart(query.startDate);
  const to = dayStart(query.endDate) + DAY_MS;
  let q = db
    .selectFrom('plan')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'plan.merchant_id').onRef('team.team_code', '=', 'plan.team_code'),
    )
    .leftJoin('line', 'line.id', 'plan.line_id')
    .leftJoin('truck', 'truck.id', 'plan.truck_id')
    .leftJoin('driver', 'driver.id', 'plan.driver_id')
    .where(inScope(auth.scope, 'plan'))
    .where('plan.state', 'not in', [PLAN_STATE.draft, PLAN_STATE.cancelled])
    .where('plan.planned_depart_at', '>=', from)
    .where('plan.planned_depart_at', '<', to);
  if (query.teamCode) q = q.where('plan.team_code', 'like', `${query.teamCode}%`);
  const plans = await q
    .select([
      'plan.team_code',
      'team.team_name',
      'plan.line_id',
      'line.name as line_name',
      'plan.truck_id',
      'truck.car_no',
      'plan.driver_id',
      'driver.name as driver_name',
      'plan.planned_depart_at',
      'plan.planned_arrive_at',
      'plan.departed_at',
      'plan.arrived_at',
    ])
    .execute();

  const patches = await teamPatches(db, auth.merchantId);
  const thresholds = new Map<string, PlanTimingThresholds>();
  const thresholdsOf = (teamCode: string) => {
    let found = thresholds.get(teamCode);
    if (!found) {
      found = teamRules(patches, teamCode).planTiming;
      thresholds.set(teamCode, found);
    }
    return found;
  };

  const groupOf = (p: (typeof plans)[number]): { key: string; name: string } => {
    switch (query.groupBy) {
      case 'team':
        return { key: p.team_code, name: p.team_name ?? p.team_code };
      case 'line':
        return { key: String(p.line_id ?? ''), name: p.line_name ?? NOT_SET };
      case 'truck':
        return { key: String(p.truck_id ?? ''), name: p.car_no ?? NOT_SET };
      case 'driver':
        return { key: String(p.driver_id ?? ''), name: p.driver_name ?? NOT_SET };
      case 'day': {
        const day = formatDate(new Date(Number(p.planned_depart_at)));
        return { key: day, name: day };
      }
    }
  };

  const empty = (key: string, name: string): StatisticsRow => ({
    key,
    name,
    plans: 0,
    departed: 0,
    onTimeDepart: 0,
    onTimeDepartRate: null,
    arrived: 0,
    onTimeArrive: 0,
    onTimeArriveRate: null,
  });
  const groups = new Map<string, StatisticsRow>();
  const total = empty('total', '合计');
  for (const p of plans) {
    const { key, name } = groupOf(p);
    let row = groups.get(key);
    if (!row) {
      row = empty(key, name);
      groups.set(key, row);
    }
    const limits = thresholdsOf(p.team_code);
    const departed = p.departed_at !== null;
    const arrived = p.arrived_at !== null;
    const departOnTime =
      departed &&
      p.planned_depart_at !== null &&
      Number(p.departed_at) <= Number(p.planned_depart_at) + limits.departWarnMinutes * 60_000;
    const arriveOnTime =
      arrived &&
      p.planned_arrive_at !== null &&
      Number(p.arrived_at) <= Number(p.planned_arrive_at) + limits.arriveWarnMinutes * 60_000;
    for (const r of [row, total]) {
      r.plans += 1;
      if (departed) r.departed += 1;
      if (departOnTime) r.onTimeDepart += 1;
      if (arrived) r.arrived += 1;
      if (arriveOnTime) r.onTimeArrive += 1;
    }
  }
  const rated = (r: StatisticsRow): StatisticsRow => ({
    ...r,
    onTimeDepartRate: percent(r.onTimeDepart, r.departed),
    onTimeArriveRate: percent(r.onTimeArrive, r.arrived),
  });
  const list = [...groups.values()]
    .map(rated)
    .sort((a, b) =>
      query.groupBy === 'day' ? a.key.localeCompare(b.key) : a.name.localeCompare(b.name, 'zh-CN'),
    );
  return { list, totalRow: rated(total) };
}

const rate = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)}%`);

type ExportRow = StatisticsRow & { groupName: string };

/** The columns of the exported sheet: the grouping, its rows and the total row. */
const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: '统计维度', width: 10, value: (r) => r.groupName },
  { header: '统计对象', width: 24, value: (r) => r.name },
  { header: '计划数', width: 10, value: (r) => r.plans },
  { header: '已发车', width: 10, value: (r) => r.departed },
  { header: '准点发车', width: 10, value: (r) => r.onTimeDepart },
  { header: '发车准点率', width: 12, value: (r) => rate(r.onTimeDepartRate) },
  { header: '已到达', width: 10, value: (r) => r.arrived },
  { header: '准点到达', width: 10, value: (r) => r.onTimeArrive },
  { header: '到达准点率', width: 12, value: (r) => rate(r.onTimeArriveRate) },
];

/**
 * 发车统计 (car060102): the plans of the caller's scope by team, line, truck, driver or day, with
 * departures and arrivals on time and their rates, a total row, and the same table as a sheet.
 */
export function registerPlanStatisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '发车统计';
  const { db } = ctx;

  route(app, tag, {
    method: 'GET',
    url: '/plan/statistics/list',
    summary:
      '发车统计（GET ?startDate&endDate&groupBy=team|line|truck|driver|day&teamCode）：按计划发车日期统计已发布及之后的计划，发车、到达及准点数与准点率（百分比，一位小数），另有合计行 totalRow；准点以车队报警设置中计划时效的预警分钟数为限',
    access: CODES,
    labels: LABELS,
    query: statisticsQuery,
    handler: ({ auth, query }) => planStatistics(db, auth, query),
  });

  registerExport<StatisticsQuery, ExportRow>(app, tag, {
    url: '/plan/statistics/export',
    method: 'GET',
    summary: '导出发车统计（与统计页相同的条件，末行为合计）',
    access: CODES,
    input: statisticsQuery as unknown as z.ZodType<StatisticsQuery>,
    title: '发车统计',
    columns: EXPORT_COLUMNS,
    count: async (db2, auth, query) => (await planStatistics(db2, auth, query)).list.length + 1,
    rows: async function* (db2, auth, query) {
      const { list, totalRow } = await planStatistics(db2, auth, query);
      const groupName = STATISTICS_GROUPS[query.groupBy];
      yield [...list, totalRow].map((r) => ({ ...r, groupName }));
    },
  });
}
