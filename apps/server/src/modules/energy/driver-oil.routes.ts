import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { checkFilterScope, LABELS, type PeriodFilter, periodFilter, withPeriod } from './energy.filters';
import { countGroups } from './energy.repository';
import {
  type DriverDayResult,
  type DriverResult,
  driverDayResults,
  driverResults,
  figureColumns,
} from './energy.views';
import { lineFilter, lineResults } from './line-fuel';
import { reportRoutes } from './report-routes';

// 司机油耗报表 (a tab of 油耗统计, car050301): per driver, per driver and day (truck_day and
// truck_month), and per line from the finished plans of the period (line-fuel.ts).

const oneDriver = withPeriod({ driverId: idField('请选择司机') });
const anyPeriod = periodFilter as unknown as z.ZodType<PeriodFilter>;
type Page = { pageNum: number; pageSize: number };

const DRIVER_COLUMNS = [
  { header: '司机', width: 12, value: (r: DriverResult) => r.driverName },
  { header: '手机号', width: 14, value: (r: DriverResult) => r.driverPhone },
  { header: '车辆数', width: 8, value: (r: DriverResult) => r.trucks },
  { header: '出车天数', width: 8, value: (r: DriverResult) => r.days },
  ...figureColumns<DriverResult>(),
];
const DETAIL_COLUMNS = [
  { header: '日期', width: 12, value: (r: DriverDayResult) => r.day },
  { header: '司机', width: 12, value: (r: DriverDayResult) => r.driverName },
  { header: '车辆数', width: 8, value: (r: DriverDayResult) => r.trucks },
  ...figureColumns<DriverDayResult>(),
];

export function registerDriverOilRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  tag: string,
  codes: string[],
): void {
  const { db } = ctx;
  const reports = reportRoutes(app, ctx, tag);
  const drivers = {
    filter: anyPeriod,
    rows: (auth: AuthContext, f: PeriodFilter, page?: Page) => driverResults(db, auth, f, page),
  };
  const details = {
    filter: anyPeriod,
    rows: (auth: AuthContext, f: PeriodFilter, page?: Page) => driverDayResults(db, auth, f, page),
  };

  reports.list({
    ...drivers,
    url: '/driver/oil/report/page',
    summary:
      '司机油耗报表：期间每位司机（及燃料单位）的里程、油耗、百公里油耗（插电混动另有电耗）、车辆数、出车天数；没有司机的行程为“未知司机”；totalRow 为每种单位的合计',
    access: codes,
    count: (auth, f) => countGroups(db, auth, f, 'driver'),
    totals: true,
  });
  reports.export({
    ...drivers,
    url: '/driver/oil/report/export',
    summary: '导出司机油耗报表',
    access: codes,
    title: '司机油耗报表',
    columns: DRIVER_COLUMNS,
  });
  reports.list({
    ...details,
    url: '/driver/oil/report/detail/page',
    summary: '司机油耗明细：期间每位司机每天的里程、油耗、百公里油耗（可按司机筛选）',
    access: codes,
    count: (auth, f) => countGroups(db, auth, f, 'driverDay'),
  });
  reports.export({
    ...details,
    url: '/driver/oil/report/exportDetailList',
    summary: '导出司机油耗明细（所有司机每天一行）',
    access: codes,
    title: '司机油耗明细',
    columns: DETAIL_COLUMNS,
  });
  reports.export({
    ...details,
    filter: oneDriver as unknown as z.ZodType<PeriodFilter>,
    url: '/driver/oil/report/exportDetail',
    summary: '导出一位司机的油耗明细（每天一行）',
    access: codes,
    title: '司机油耗明细',
    columns: DETAIL_COLUMNS,
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/oil/report/detail/line',
    summary:
      '线路油耗：期间已完成的计划按线路统计（实际发车至到达之间该车行程的里程与油耗，部分在内的行程按时间比例计入）；可按线路、司机、车辆筛选',
    access: codes,
    labels: LABELS,
    body: lineFilter,
    handler: async ({ auth, body }) => {
      await checkFilterScope(db, auth, body);
      const list = await lineResults(db, auth, body);
      return { list, total: list.length };
    },
  });
}
