import { DAY_MS, formatDate, parseDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { checkStatisticsPeriod, STATISTICS_MAX_DAYS } from '../../records/period-sums';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { lineRuns, oneDecimal, per100, periodBounds } from '../oil-saving/oil-saving.analysis';

// 行程统计 (car080202): per truck, driver or line, the trips the trucks recorded in the period (for a
// line: the finished plans' runs) beside the trips reported by drivers or imported; its export holds
// the same rows and the 合计 row.

type Db = Kysely<Database>;

const DIMENSIONS = { truck: '车辆', driver: '司机', line: '线路' } as const;
type Dimension = keyof typeof DIMENSIONS;
const LABELS = { startDate: '开始日期', endDate: '结束日期', dimension: '统计维度' };

/** A day of the period; left out, the period is the 31 days up to today. */
const periodDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string({ error: DATE_MESSAGE }).refine(isDateText, DATE_MESSAGE).optional(),
);

const statisticsFilter = z
  .object({
    startDate: periodDay,
    endDate: periodDay,
    dimension: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 'truck' : v),
      z.enum(['truck', 'driver', 'line'], {
        error: '统计维度应为truck（车辆）、driver（司机）或line（线路）',
      }),
    ),
  })
  .superRefine((f, ctx) => {
    if (f.startDate && f.endDate) checkStatisticsPeriod({ startDate: f.startDate, endDate: f.endDate }, ctx);
  });
type StatisticsFilter = z.output<typeof statisticsFilter>;
type Period = StatisticsFilter & { startDate: string; endDate: string };

const statisticsBody = z.intersection(statisticsFilter, z.object(paging));

/** The period asked for, a missing end being today and a missing start 30 days before the end. */
function periodOf(f: StatisticsFilter, now: number): Period {
  const endDate = f.endDate ?? formatDate(new Date(now));
  const startDate =
    f.startDate ?? formatDate(new Date((parseDateTime(endDate) as Date).getTime() - 30 * DAY_MS));
  if (startDate > endDate) throw badInput('结束日期: 结束日期不能早于开始日期');
  const days = Math.round(
    ((parseDateTime(endDate) as Date).getTime() - (parseDateTime(startDate) as Date).getTime()) / DAY_MS,
  );
  if (days + 1 > STATISTICS_MAX_DAYS)
    throw badInput(`结束日期: 统计时间跨度不能超过${STATISTICS_MAX_DAYS}天`);
  return { ...f, startDate, endDate };
}

interface StatisticsRow {
  key: number;
  name: string;
  trips: number;
  mileage: number;
  fuel: number;
  seconds: number;
  reportedTrips: number;
  reportedMileage: number;
  reportedFuel: number;
}

const emptyStat = (key: number, name: string): StatisticsRow => ({
  key,
  name,
  trips: 0,
  mileage: 0,
  fuel: 0,
  seconds: 0,
  reportedTrips: 0,
  reportedMileage: 0,
  reportedFuel: 0,
});

function statisticsView(r: StatisticsRow) {
  return {
    key: r.key,
    name: r.name,
    trips: r.trips,
    mileageKm: oneDecimal(r.mileage / 10) as number,
    fuelL: oneDecimal(r.fuel / 10) as number,
    fuelPer100: oneDecimal(per100(r.fuel, r.mileage)),
    durationHours: oneDecimal(r.seconds / 3600) as number,
    reportedTrips: r.reportedTrips,
    reportedMileageKm: oneDecimal(r.reportedMileage / 10) as number,
    reportedFuelL: oneDecimal(r.reportedFuel / 10) as number,
  };
}
type StatisticsView = ReturnType<typeof statisticsView>;

/** Every row of the period in the caller's scope, longest mileage first, and the 合计 row. */
async function tripStatistics(db: Db, auth: AuthContext, f: Period) {
  const [from, to] = periodBounds(f.startDate, f.endDate);
  const rows = new Map<number, StatisticsRow>();
  const at = (key: number) => {
    let row = rows.get(key);
    if (!row) {
      row = emptyStat(key, '');
      rows.set(key, row);
    }
    return row;
  };
  if (f.dimension === 'line') {
    for (const r of await lineRuns(db, auth.scope, { from, to })) {
      const row = at(r.lineId);
      row.trips += 1;
      row.mileage += r.mileage;
      row.fuel += r.fuel;
      row.seconds += Math.round((r.arrivedAt - r.departedAt) / 1000);
    }
  } else {
    const column = f.dimension === 'truck' ? 'trip.truck_id' : 'trip.driver_id';
    let q = db
      .selectFrom('trip')
      .where(inScope(auth.scope, 'trip'))
      .where('trip.start_time', '>=', from)
      .where('trip.start_time', '<', to)
      .where('trip.end_time', 'is not', null);
    if (f.dimension === 'driver') q = q.where('trip.driver_id', 'is not', null);
    const recorded = await q
      .select([
        sql<number>`${sql.ref(column)}`.as('key'),
        sql<number>`count(*)`.as('trips'),
        sql<number>`coalesce(sum(trip.mileage), 0)`.as('mileage'),
        sql<number>`coalesce(sum(trip.fuel_used), 0)`.as('fuel'),
        sql<number>`coalesce(sum(trip.end_time - trip.start_time), 0)`.as('ms'),
      ])
      .groupBy(column)
      .execute();
    for (const r of recorded) {
      const row = at(Number(r.key));
      row.trips = Number(r.trips);
      row.mileage = Number(r.mileage);
      row.fuel = Number(r.fuel);
      row.seconds = Math.round(Number(r.ms) / 1000);
    }
  }
  const reportColumn =
    f.dimension === 'truck' ? 'r.truck_id' : f.dimension === 'driver' ? 'r.driver_id' : 'r.line_id';
  const reported = await db
    .selectFrom('trip_report as r')
    .where(inScope(auth.scope, 'r'))
    .where('r.depart_at', '>=', from)
    .where('r.depart_at', '<', to)
    .where(reportColumn, 'is not', null)
    .select([
      sql<number>`${sql.ref(reportColumn)}`.as('key'),
      sql<number>`count(*)`.as('trips'),
      sql<number>`coalesce(sum(r.mileage), 0)`.as('mileage'),
      sql<number>`coalesce(sum(r.fuel), 0)`.as('fuel'),
    ])
    .groupBy(reportColumn)
    .execute();
  for (const r of reported) {
    const row = at(Number(r.key));
    row.reportedTrips = Number(r.trips);
    row.reportedMileage = Number(r.mileage);
    row.reportedFuel = Number(r.fuel);
  }
  const keys = [...rows.keys()];
  const table = f.dimension === 'truck' ? 'truck' : f.dimension === 'driver' ? 'driver' : 'line';
  const nameColumn = f.dimension === 'truck' ? 'car_no' : 'name';
  for (let i = 0; i < keys.length; i += 500) {
    // biome-ignore lint/suspicious/noExplicitAny: truck, driver and line all have id and their name column
    const found = await (db as Kysely<any>)
      .selectFrom(table)
      .select(['id', `${nameColumn} as name`])
      .where('id', 'in', keys.slice(i, i + 500))
      .execute();
    for (const n of found) {
      const row = rows.get(n.id);
      if (row) row.name = String(n.name);
    }
  }
  const all = [...rows.values()].sort((a, b) => b.mileage - a.mileage || a.name.localeCompare(b.name));
  const total = emptyStat(0, '合计');
  for (const r of all) {
    total.trips += r.trips;
    total.mileage += r.mileage;
    total.fuel += r.fuel;
    total.seconds += r.seconds;
    total.reportedTrips += r.reportedTrips;
    total.reportedMileage += r.reportedMileage;
    total.reportedFuel += r.reportedFuel;
  }
  return { list: all.map(statisticsView), totalRow: statisticsView(total) };
}

type ExportRow = StatisticsView & { dimensionName: string };
const orDash = (v: number | null) => (v === null ? '-' : v);

const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: '统计维度', width: 10, value: (r) => r.dimensionName },
  { header: '统计对象', width: 24, value: (r) => r.name },
  { header: '记录趟数', width: 10, value: (r) => r.trips },
  { header: '记录里程(公里)', value: (r) => r.mileageKm },
  { header: '记录油耗(升)', value: (r) => r.fuelL },
  { header: '百公里油耗(L/100km)', value: (r) => orDash(r.fuelPer100) },
  { header: '行驶时长(小时)', value: (r) => r.durationHours },
  { header: '上报趟数', width: 10, value: (r) => r.reportedTrips },
  { header: '上报里程(公里)', value: (r) => r.reportedMileageKm },
  { header: '上报油耗(升)', value: (r) => r.reportedFuelL },
];

export function registerTripStatisticsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  tag: string,
  codes: readonly string[],
): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, tag, {
    method: 'POST',
    url: '/tripReport/statistics',
    summary:
      '行程统计：按车辆、司机或线路（dimension）统计周期内记录的行程趟数、里程、油耗、百公里油耗、时长（线路为已完成计划的行程），并列上报的趟数、里程、油耗；不传周期为截至今天的31天',
    access: codes,
    list: true,
    labels: LABELS,
    body: statisticsBody,
    handler: async ({ auth, body }) => {
      const { list, totalRow } = await tripStatistics(db, auth, periodOf(body, now()));
      const start = pageOffset(body);
      return { total: list.length, list: list.slice(start, start + body.pageSize), totalRow };
    },
  });

  registerExport<StatisticsFilter, ExportRow>(app, tag, {
    url: '/tripReport/statistics/export',
    method: 'POST',
    summary: '导出行程统计（条件同 /tripReport/statistics，全部行，末行为合计）',
    access: codes,
    labels: LABELS,
    input: statisticsFilter as unknown as z.ZodType<StatisticsFilter>,
    title: '行程统计',
    columns: EXPORT_COLUMNS,
    count: async (db2, auth, f) => (await tripStatistics(db2, auth, periodOf(f, now()))).list.length + 1,
    rows: async function* (db2, auth, f, pageSize) {
      const { list, totalRow } = await tripStatistics(db2, auth, periodOf(f, now()));
      const dimensionName = DIMENSIONS[f.dimension as Dimension];
      const all = [...list, totalRow].map((r) => ({ ...r, dimensionName }));
      for (let i = 0; i < all.length; i += pageSize) yield all.slice(i, i + pageSize);
    },
  });
}
