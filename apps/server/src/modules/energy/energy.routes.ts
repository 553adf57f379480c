import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';
import { registerDriverOilRoutes } from './driver-oil.routes';
import { checkFilterScope, LABELS, type PeriodFilter, periodFilter, withPeriod } from './energy.filters';
import { countGroups } from './energy.repository';
import {
  change,
  dayChart,
  figureColumns,
  previousPeriod,
  type SummaryResult,
  summaryResults,
  type TruckResult,
  totalRows,
  truckPage,
  truckResults,
} from './energy.views';
import { reportRoutes } from './report-routes';
import { TruckDayJob } from './roll-up-job';
import { registerTruckResultRoutes } from './truck-result.routes';

// 油耗统计 (car050301: list, 油耗结果查看, 油耗结果分析, the 油耗管家 cards and chart), 里程能耗报表
// (car100102) and 车辆里程详情 (car060102): every figure from the truck_day and truck_month rows of
// the caller's scope; one truck's trips from the trip table. A plug-in hybrid's rows (unit kwh+L)
// carry its fuel in L and its electricity in kwh, each per 100 km.

const TAG = '油耗与能耗';
/** 油耗统计 and its result pages. */
export const FUEL_CODES = ['car050301'];
/** 里程能耗报表 and its detail. */
export const ENERGY_CODES = ['car100102'];
/** 发车统计's 车辆里程详情. */
export const MILEAGE_CODES = ['car060102'];

const TRUCK_COLUMNS = [
  { header: '车牌号', width: 14, value: (r: TruckResult) => r.carNo },
  { header: 'VIN', width: 20, value: (r: TruckResult) => r.vin },
  { header: '所属车队', width: 16, value: (r: TruckResult) => r.teamName },
  { header: '车系', width: 12, value: (r: TruckResult) => r.series },
  { header: '燃料类型', width: 10, value: (r: TruckResult) => r.fuelTypeName },
  ...figureColumns<TruckResult>(),
  { header: '出车天数', width: 10, value: (r: TruckResult) => r.days },
  { header: '日均里程(km)', width: 12, value: (r: TruckResult) => r.avgDailyMileage },
];

const groupByField = z
  .preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['team', 'truck', 'series'], { error: '应为按车队、按车辆或按车系' }).default('team'),
  )
  .meta({ title: LABELS.groupBy });
const summaryFilter = withPeriod({ groupBy: groupByField });
type SummaryFilter = z.output<typeof summaryFilter>;
const anyPeriod = periodFilter as unknown as z.ZodType<PeriodFilter>;

export function registerEnergyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const job = new TruckDayJob(db, () => ctx.config.now(), app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
  const reports = reportRoutes(app, ctx, TAG);
  const trucks = {
    filter: anyPeriod,
    rows: (
      auth: Parameters<typeof truckResults>[1],
      f: PeriodFilter,
      page?: { pageNum: number; pageSize: number },
    ) => truckResults(db, auth, f, page),
  };
  const truckCount = (auth: Parameters<typeof truckResults>[1], f: PeriodFilter) =>
    countGroups(db, auth, f, 'truck');
  const truckList = (
    auth: Parameters<typeof truckResults>[1],
    f: PeriodFilter & { pageNum: number; pageSize: number },
  ) => truckPage(db, auth, f, f);

  reports.list({
    ...trucks,
    url: '/fuel/resultList',
    summary:
      '油耗统计：开始日期至结束日期（最长366天）每辆车的里程（km）、油耗（车辆燃料类型的单位：L、kwh、kg；插电混动为油耗 L 与电耗 kwh 两项）、百公里油耗、行驶时长、行程数、加油与放油量（L）；筛选车队、车辆、车牌号、司机、燃料类型、车系；totalRow 为每种单位的合计',
    access: FUEL_CODES,
    count: truckCount,
    totals: true,
    page: truckList,
  });
  reports.export({
    ...trucks,
    url: '/fuel/exportResultList',
    summary: '导出油耗统计（与列表相同的筛选）',
    access: FUEL_CODES,
    title: '油耗统计',
    columns: TRUCK_COLUMNS,
  });

  registerTruckResultRoutes(app, ctx, TAG, [...FUEL_CODES, ...ENERGY_CODES, ...MILEAGE_CODES]);

  reports.list({
    ...trucks,
    url: '/v2/web/reprot/vehicle/milReport/list',
    summary:
      '里程能耗报表：开始日期至结束日期每辆车的里程、能耗（车辆燃料类型的单位；插电混动为油耗 L 与电耗 kwh 两项）、百公里能耗、出车天数与日均里程；totalRow 为每种单位的合计',
    access: ENERGY_CODES,
    count: truckCount,
    totals: true,
    page: truckList,
  });
  reports.export({
    ...trucks,
    url: '/v2/web/reprot/vehicle/milReport/export',
    summary: '导出里程能耗报表（与列表相同的筛选）',
    access: ENERGY_CODES,
    title: '里程能耗报表',
    columns: TRUCK_COLUMNS,
  });

  // 油耗管家: cards, summary and chart of the fuel consumption page
  route(app, TAG, {
    method: 'POST',
    url: '/fule/manager/cards',
    summary:
      '油耗管家卡片：期间每种单位的总里程、总油耗、百公里油耗（插电混动另有电耗与百公里电耗）、车辆数、行程数、加油与放油量，及与上一等长期间相比的变化（%）',
    access: FUEL_CODES,
    labels: LABELS,
    body: periodFilter,
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const before = previousPeriod(body);
      const [now, then] = await Promise.all([
        totalRows(db, auth, body),
        totalRows(db, auth, { ...body, ...before }),
      ]);
      const units = [...new Set([...now, ...then].map((r) => r.unit))].sort();
      return {
        previousStartDate: before.startDate,
        previousEndDate: before.endDate,
        cards: units.map((unit) => {
          const a = now.find((r) => r.unit === unit) ?? null;
          const b = then.find((r) => r.unit === unit) ?? null;
          return {
            unit,
            per100Unit: a?.per100Unit ?? b?.per100Unit ?? `${unit}/百公里`,
            current: a,
            previous: b,
            mileageChange: change(a?.mileage ?? 0, b?.mileage ?? null),
            fuelUsedChange: change(a?.fuelUsed ?? 0, b?.fuelUsed ?? null),
            per100KmChange: change(a?.per100Km ?? null, b?.per100Km ?? null),
            powerUsedChange: change(a?.powerUsed ?? null, b?.powerUsed ?? null),
          };
        }),
      };
    },
  });

  const summary = {
    filter: summaryFilter as unknown as z.ZodType<SummaryFilter>,
    rows: (
      auth: Parameters<typeof summaryResults>[1],
      f: SummaryFilter,
      page?: { pageNum: number; pageSize: number },
    ) => summaryResults(db, auth, f, f.groupBy, page),
  };
  reports.list({
    ...summary,
    url: '/fule/manager/summary/result',
    summary:
      '油耗汇总：按车队（team）、车辆（truck）或车系（series）统计期间的里程、油耗、百公里油耗（每种单位一行）',
    access: FUEL_CODES,
    count: (auth, f) => countGroups(db, auth, f, f.groupBy),
  });
  reports.export<SummaryFilter, SummaryResult>({
    ...summary,
    url: '/fule/manager/summary/result/export',
    summary: '导出油耗汇总（与列表相同的筛选与统计维度）',
    access: FUEL_CODES,
    title: '油耗汇总',
    columns: [
      { header: '名称', width: 18, value: (r) => r.name },
      { header: '车辆数', width: 8, value: (r) => r.trucks },
      ...figureColumns<SummaryResult>(),
    ],
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fule/manager/analyse/chart',
    summary: '油耗趋势：期间每天的里程、油耗、百公里油耗，每种单位一组（插电混动另有每天的电耗）',
    access: FUEL_CODES,
    labels: LABELS,
    body: periodFilter,
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      return dayChart(db, auth, body);
    },
  });

  registerDriverOilRoutes(app, ctx, TAG, FUEL_CODES);
}
