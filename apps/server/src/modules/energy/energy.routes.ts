import { FUEL_TYPES, fuelUnit } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idField } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { registerExport } from '../file-tasks/file-tasks.register';
import { registerDriverOilRoutes } from './driver-oil.routes';
import {
  checkFilterScope,
  checkPeriod,
  countGroups,
  figures,
  fillPeriod,
  LABELS,
  type PeriodFilter,
  periodFields,
  periodFilter,
  scopedTruck,
  sumTruckDays,
  withPeriod,
} from './energy.repository';
import {
  change,
  dayChart,
  figureColumns,
  inPages,
  previousPeriod,
  type SummaryResult,
  summaryResults,
  type TruckResult,
  totalRows,
  truckResults,
  truckTrips,
} from './energy.views';
import { TruckDayJob } from './roll-up-job';

// 油耗统计 (car050301: list, 油耗结果查看, 油耗结果分析, the 油耗管家 cards and chart), 里程能耗报表
// (car100102) and 车辆里程详情 (car060102): every figure from the truck_day rows of the caller's
// scope; one truck's trips from the trip table.

const TAG = '油耗与能耗';
/** 油耗统计 and its result pages. */
export const FUEL_CODES = ['car050301'];
/** 里程能耗报表 and its detail. */
export const ENERGY_CODES = ['car100102'];
/** 发车统计's 车辆里程详情. */
export const MILEAGE_CODES = ['car060102'];
const TRUCK_CODES = [...FUEL_CODES, ...ENERGY_CODES, ...MILEAGE_CODES];

const truckPeriod = z
  .object({ ...periodFields, truckId: idField('请选择车辆') })
  .transform(fillPeriod)
  .superRefine(checkPeriod);

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

export function registerEnergyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const job = new TruckDayJob(db, () => ctx.config.now(), app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());

  const truckList = async (auth: Parameters<typeof checkFilterScope>[1], f: PeriodFilter) => {
    await checkFilterScope(db, auth, f);
    return truckResults(db, auth, f);
  };

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/resultList',
    summary:
      '油耗统计：开始日期至结束日期（最长366天）每辆车的里程（km）、油耗（车辆燃料类型的单位：L、kwh、kg）、百公里油耗、行驶时长、行程数、加油与放油量（L）；筛选车队、车辆、车牌号、司机、燃料类型、车系；totalRow 为每种单位的合计',
    access: FUEL_CODES,
    list: true,
    labels: LABELS,
    body: periodFilter.and(z.object(paging)),
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const [list, total, totalRow] = await Promise.all([
        truckResults(db, auth, body, body),
        countGroups(db, auth, body, 'truck'),
        totalRows(db, auth, body),
      ]);
      return { list, total, totalRow };
    },
  });

  registerExport<PeriodFilter, TruckResult>(app, TAG, {
    url: '/fuel/exportResultList',
    method: 'POST',
    summary: '导出油耗统计（与列表相同的筛选）',
    access: FUEL_CODES,
    input: periodFilter as unknown as z.ZodType<PeriodFilter>,
    title: '油耗统计',
    columns: TRUCK_COLUMNS,
    count: async (_db, auth, f) => (await truckList(auth, f)).length,
    rows: async function* (_db, auth, f, pageSize) {
      yield* inPages(await truckList(auth, f), pageSize);
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/resultInfo',
    summary: '油耗结果：一辆车在期间内的合计与每日里程、油耗、百公里油耗（车辆燃料类型的单位）',
    access: TRUCK_CODES,
    labels: LABELS,
    query: truckPeriod,
    handler: async ({ auth, query }) => {
      const truck = await scopedTruck(db, auth, query.truckId);
      const f = { ...query, driverId: undefined };
      const total = await sumTruckDays(db, auth, f, 'truck');
      const days = await dayChart(db, auth, f);
      const unit = fuelUnit(truck.fuel_type, 'L');
      const series = days.series.find((s) => s.unit === unit);
      const sum = total[0];
      return {
        truck: {
          truckId: truck.id,
          carNo: truck.car_no,
          vin: truck.vin,
          series: truck.series ?? '',
          teamName: truck.team_name ?? '',
          fuelType: truck.fuel_type,
          fuelTypeName: FUEL_TYPES.find((t) => t.type === truck.fuel_type)?.desc ?? '-',
        },
        total: figures(
          sum ?? {
            unit,
            mileage: 0,
            fuelUsed: 0,
            driveSeconds: 0,
            trips: 0,
            refuel: 0,
            drain: 0,
            trucks: 0,
            days: 0,
          },
        ),
        days: days.days.map((day, i) => ({
          day,
          mileage: series?.mileage[i] ?? 0,
          fuelUsed: series?.fuelUsed[i] ?? 0,
          per100Km: series?.per100Km[i] ?? null,
        })),
      };
    },
  });

  const tripList = async ({
    auth,
    query,
  }: {
    auth: Parameters<typeof scopedTruck>[1];
    query: z.output<typeof truckPeriod>;
  }) => {
    const truck = await scopedTruck(db, auth, query.truckId);
    const list = await truckTrips(db, auth, truck.id, query);
    return { unit: fuelUnit(truck.fuel_type, 'L'), list, total: list.length };
  };

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/trip/resultInfo',
    summary:
      '油耗结果的行程：一辆车在期间内开始的每个行程的起止时间、司机、里程、油耗、百公里油耗、最高与平均速度',
    access: TRUCK_CODES,
    labels: LABELS,
    query: truckPeriod,
    handler: tripList,
  });

  route(app, TAG, {
    method: 'GET',
    url: '/truck/fuel/report/trip/list',
    summary: '车辆行程油耗列表：一辆车在期间内开始的每个行程（同 /fuel/trip/resultInfo）',
    access: TRUCK_CODES,
    labels: LABELS,
    query: truckPeriod,
    handler: tripList,
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/isSupport3',
    summary:
      '车辆是否支持油耗统计：有行程记录了油耗（终端上报油量）即支持；返回燃料类型与单位，不支持时说明原因',
    access: TRUCK_CODES,
    labels: LABELS,
    query: z.object({ truckId: idField('车辆不正确') }),
    handler: async ({ auth, query }) => {
      const truck = await scopedTruck(db, auth, query.truckId);
      const measured = await db
        .selectFrom('trip')
        .select('id')
        .where('truck_id', '=', truck.id)
        .where('fuel_used', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return {
        support: measured !== undefined,
        fuelType: truck.fuel_type,
        unit: fuelUnit(truck.fuel_type, 'L'),
        reason: measured ? '' : '该车终端未上报油量，暂不支持油耗统计',
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/v2/web/reprot/vehicle/milReport/list',
    summary:
      '里程能耗报表：开始日期至结束日期每辆车的里程、能耗（车辆燃料类型的单位）、百公里能耗、出车天数与日均里程；totalRow 为每种单位的合计',
    access: ENERGY_CODES,
    list: true,
    labels: LABELS,
    body: periodFilter.and(z.object(paging)),
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const [list, total, totalRow] = await Promise.all([
        truckResults(db, auth, body, body),
        countGroups(db, auth, body, 'truck'),
        totalRows(db, auth, body),
      ]);
      return { list, total, totalRow };
    },
  });

  registerExport<PeriodFilter, TruckResult>(app, TAG, {
    url: '/v2/web/reprot/vehicle/milReport/export',
    method: 'POST',
    summary: '导出里程能耗报表（与列表相同的筛选）',
    access: ENERGY_CODES,
    input: periodFilter as unknown as z.ZodType<PeriodFilter>,
    title: '里程能耗报表',
    columns: TRUCK_COLUMNS,
    count: async (_db, auth, f) => (await truckList(auth, f)).length,
    rows: async function* (_db, auth, f, pageSize) {
      yield* inPages(await truckList(auth, f), pageSize);
    },
  });

  // 油耗管家: cards, summary and chart of the fuel consumption page
  route(app, TAG, {
    method: 'POST',
    url: '/fule/manager/cards',
    summary:
      '油耗管家卡片：期间每种单位的总里程、总油耗、百公里油耗、车辆数、行程数、加油与放油量，及与上一等长期间相比的变化（%）',
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
            per100Unit: `${unit}/百公里`,
            current: a,
            previous: b,
            mileageChange: change(a?.mileage ?? 0, b?.mileage ?? null),
            fuelUsedChange: change(a?.fuelUsed ?? 0, b?.fuelUsed ?? null),
            per100KmChange: change(a?.per100Km ?? null, b?.per100Km ?? null),
          };
        }),
      };
    },
  });

  const summaryRows = async (auth: Parameters<typeof checkFilterScope>[1], f: SummaryFilter) => {
    await checkFilterScope(db, auth, f);
    return summaryResults(db, auth, f, f.groupBy);
  };

  route(app, TAG, {
    method: 'POST',
    url: '/fule/manager/summary/result',
    summary:
      '油耗汇总：按车队（team）、车辆（truck）或车系（series）统计期间的里程、油耗、百公里油耗（每种单位一行）',
    access: FUEL_CODES,
    list: true,
    labels: LABELS,
    body: summaryFilter.and(z.object(paging)),
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const [list, total] = await Promise.all([
        summaryResults(db, auth, body, body.groupBy, body),
        countGroups(db, auth, body, body.groupBy),
      ]);
      return { list, total };
    },
  });

  registerExport<SummaryFilter, SummaryResult>(app, TAG, {
    url: '/fule/manager/summary/result/export',
    method: 'POST',
    summary: '导出油耗汇总（与列表相同的筛选与统计维度）',
    access: FUEL_CODES,
    input: summaryFilter as unknown as z.ZodType<SummaryFilter>,
    title: '油耗汇总',
    columns: [
      { header: '名称', width: 18, value: (r) => r.name },
      { header: '车辆数', width: 8, value: (r) => r.trucks },
      ...figureColumns<SummaryResult>(),
    ],
    count: async (_db, auth, f) => (await summaryRows(auth, f)).length,
    rows: async function* (_db, auth, f, pageSize) {
      yield* inPages(await summaryRows(auth, f), pageSize);
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fule/manager/analyse/chart',
    summary: '油耗趋势：期间每天的里程、油耗、百公里油耗，每种单位一组',
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
