import { formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOffset, route } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import { registerExport } from '../file-tasks/file-tasks.register';
import { oneDecimal } from '../oil-saving/oil-saving.analysis';
import { registerTripReportImportRoutes } from './trip-report-imports.routes';
import { checkFilterRefs, checkRefs, reportColumns } from './trip-reports.refs';
import {
  comparedReports,
  filteredReports,
  LABELS,
  overlaps,
  REPORT_MISSING,
  type ReportRow,
  type ReportView,
  recordedTrips,
  reportFilter,
  reportForm,
  reportListBody,
  reportSelection,
  reportView,
} from './trip-reports.repository';
import { registerTripStatisticsRoutes } from './trip-statistics.routes';

// 行程数据报告 (/journey-data/reporting) and 行程统计 (car080202): trips reported by drivers or
// imported, compared with the trips the trucks recorded. Here the reports themselves (list, pickers,
// entry, detail, delete, export); imports and their rollback in trip-report-imports.routes.ts, the
// statistics in trip-statistics.routes.ts.

const TAG = '行程报告';
const CODES = ['car080202'] as const;

export function registerTripReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/queryList',
    summary:
      '行程报告分页：上报的里程、油耗与车辆同一时段记录的行程对比（差值、差异率，任一超过10%或无记录行程为异常）',
    access: CODES,
    list: true,
    labels: LABELS,
    body: reportListBody,
    handler: async ({ auth, body }) => {
      await checkFilterRefs(db, auth, body);
      if (body.onlyAbnormal) {
        const all = await comparedReports(db, auth, body);
        const start = pageOffset(body);
        return { total: all.length, list: all.slice(start, start + body.pageSize) };
      }
      const q = filteredReports(db, auth, body);
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = (await q
        .select([...reportSelection])
        .orderBy('r.depart_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(body.pageSize)
        .offset(pageOffset(body))
        .execute()) as ReportRow[];
      const trips = await recordedTrips(db, rows);
      return { total: Number(count.n), list: rows.map((r) => reportView(r, trips)) };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/tripReport/queryDriver',
    summary: '可选司机：id、姓名、手机号（keyword 按姓名或手机号）',
    access: CODES,
    list: true,
    query: z.object({
      keyword: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string().max(32, '最多输入32个字符').optional(),
      ),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('driver')
        .select(['id', 'name', 'phone'])
        .where(inScope(auth.scope, 'driver'))
        .where('deleted_at', 'is', null);
      if (query.keyword) {
        const like = `%${query.keyword}%`;
        q = q.where((eb) => eb.or([eb('name', 'like', like), eb('phone', 'like', like)]));
      }
      const rows = await q.orderBy('name').limit(50).execute();
      return rows.map((d) => ({ id: d.id, value: d.name, phone: d.phone }));
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/tripReport/queryRoute',
    summary: '可选线路：id、名称（keyword 按名称）',
    access: CODES,
    list: true,
    query: z.object({
      keyword: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string().max(64, '最多输入64个字符').optional(),
      ),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('line')
        .select(['id', 'name'])
        .where(inReferenceScope(auth.scope, 'line'))
        .where('deleted_at', 'is', null);
      if (query.keyword) q = q.where('name', 'like', `%${query.keyword}%`);
      const rows = await q.orderBy('name').limit(50).execute();
      return rows.map((l) => ({ id: l.id, value: l.name }));
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/saveOrUpdate',
    summary: '新增或修改行程报告（有 id 为修改；修改过的导入行程不能再随批次回滚）',
    access: CODES,
    labels: LABELS,
    body: reportForm,
    handler: async ({ auth, body }) => {
      const truck = await checkRefs(db, auth, body);
      const at = now();
      if (body.id) {
        const before = await db
          .selectFrom('trip_report')
          .select(['id'])
          .where(inScope(auth.scope, 'trip_report'))
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!before) throw badInput(REPORT_MISSING);
        await db
          .updateTable('trip_report')
          .set({
            ...reportColumns(body),
            truck_id: truck.id,
            team_code: truck.teamCode,
            edited: 1,
            updated_at: at,
          })
          .where('id', '=', body.id)
          .execute();
        return { id: body.id };
      }
      const row = await db
        .insertInto('trip_report')
        .values({
          ...reportColumns(body),
          merchant_id: auth.merchantId,
          team_code: truck.teamCode,
          truck_id: truck.id,
          source: 1,
          created_by: auth.userId,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/tripReport/detail',
    summary: '行程报告详情：上报数据、对比结果及时段内车辆记录的每段行程',
    access: CODES,
    query: z.object({ id: idField(REPORT_MISSING) }),
    handler: async ({ auth, query }) => {
      const row = (await filteredReports(db, auth, reportFilter.parse({}))
        .select([...reportSelection])
        .where('r.id', '=', query.id)
        .executeTakeFirst()) as ReportRow | undefined;
      if (!row) throw badInput(REPORT_MISSING);
      const trips = await recordedTrips(db, [row]);
      return {
        ...reportView(row, trips),
        trips: trips
          .filter((t) => overlaps(t, row))
          .map((t) => ({
            id: t.id,
            startTime: formatDateTime(new Date(Number(t.start_time))),
            endTime: t.end_time ? formatDateTime(new Date(Number(t.end_time))) : '',
            mileageKm: oneDecimal(Number(t.mileage) / 10),
            fuelL: oneDecimal(Number(t.fuel_used ?? 0) / 10),
          })),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/batchDelete',
    summary: '批量删除行程报告',
    access: CODES,
    labels: { ids: '行程报告' },
    body: z.object({
      ids: z
        .array(idField(REPORT_MISSING), { error: '请选择行程报告' })
        .min(1, '请选择行程报告')
        .max(500, '一次最多删除500条'),
    }),
    handler: async ({ auth, body }) => {
      const ids = [...new Set(body.ids)];
      const found = await db
        .selectFrom('trip_report')
        .select('id')
        .where(inScope(auth.scope, 'trip_report'))
        .where('id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw badInput(REPORT_MISSING);
      await db.deleteFrom('trip_report').where('id', 'in', ids).execute();
      return { deleted: ids.length };
    },
  });

  registerExport<z.output<typeof reportFilter>, ReportView>(app, TAG, {
    url: '/excelTask/exportExcel',
    method: 'POST',
    summary: '导出行程报告（筛选条件同 queryList）及对比结果',
    access: CODES,
    labels: LABELS,
    input: reportFilter,
    title: '行程报告',
    columns: [
      { header: '车牌号', value: (r) => r.carNo },
      { header: '司机', value: (r) => r.driverName },
      { header: '线路', width: 24, value: (r) => r.lineName },
      { header: '出发时间', width: 20, value: (r) => r.departTime },
      { header: '到达时间', width: 20, value: (r) => r.arriveTime },
      { header: '上报里程(公里)', value: (r) => r.mileage },
      { header: '记录里程(公里)', value: (r) => r.recordedMileage },
      { header: '上报油耗(升)', value: (r) => r.fuel },
      { header: '记录油耗(升)', value: (r) => r.recordedFuel },
      { header: '里程差异率(%)', value: (r) => r.mileageDiffRate },
      { header: '油耗差异率(%)', value: (r) => r.fuelDiffRate },
      { header: '对比结果', value: (r) => r.abnormalName },
      { header: '载货吨数', value: (r) => r.cargoTons },
      { header: '来源', value: (r) => r.sourceName },
      { header: '备注', width: 24, value: (r) => r.remark },
    ],
    count: async (db2, auth, f) => {
      await checkFilterRefs(db2, auth, f);
      return (await comparedReports(db2, auth, f)).length;
    },
    rows: async function* (db2, auth, f, pageSize) {
      const all = await comparedReports(db2, auth, f);
      for (let i = 0; i < all.length; i += pageSize) yield all.slice(i, i + pageSize);
    },
  });

  registerTripReportImportRoutes(app, ctx, TAG, CODES);
  registerTripStatisticsRoutes(app, ctx, TAG, CODES);
}
