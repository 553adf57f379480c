import {
  BUILT_IN_COST_TYPES,
  COST_QUANTITY_UNIT,
  COST_RECORD,
  COST_TYPE,
  COST_TYPE_LABELS,
  DAY_MS,
  formatDateTime,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank } from '../../records/filters';
import { recordPage } from '../../records/repository';
import { registerAnalysisRoutes } from './analysis.routes';
import { customCostTypes } from './cost-form';
import { type CostFilter, costTotals } from './cost-list';
import { shanghaiDayStart as dayStart } from './cost-write';
import { costRecord } from './costs.record';
import { registerDepreciationRoutes } from './depreciation';
import { registerTripCostRoutes } from './trip-costs.routes';

// The cost centre's own calls beside the record recipe's: the cost types, the cost list with its
// totals by type, the waybill and trip options of the cost form; and, in their own files, the trip
// costs (trip-costs.routes.ts), the cost analysis (analysis.routes.ts) and the trucks'
// depreciation (depreciation.ts).

const TAG = '成本中心';
const L = COST_RECORD.labels;
const READ = COST_RECORD.readCodes;
const ANALYSIS_CODES = ['car080201'];

export function registerCostRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  route(app, TAG, {
    method: 'GET',
    url: '/miscellaneous/getCostType',
    summary:
      '费用类型：内置的加油、路桥费、保养、杂费，及商户已启用的自定义支出费用类型（costType 5 + feeTypeId）',
    access: [...READ, ...ANALYSIS_CODES],
    handler: async ({ auth }) => [
      ...BUILT_IN_COST_TYPES.map((t) => ({
        costType: t,
        feeTypeId: null,
        name: COST_TYPE_LABELS[t],
        unit: COST_QUANTITY_UNIT[t] ?? '',
        custom: false,
      })),
      ...(await customCostTypes(db, auth)).map((t) => ({
        costType: COST_TYPE.custom,
        feeTypeId: t.id,
        name: t.fee_name,
        unit: '',
        custom: true,
      })),
    ],
  });

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/list/car',
    summary: '费用列表（车队、车辆、司机、类型、日期、运单号筛选），totals 为筛选结果按类型的合计',
    access: READ,
    list: true,
    labels: L,
    body: costRecord.filter.schema.extend(paging),
    handler: async ({ auth, body }) => {
      const filter = body as CostFilter & { pageNum: number; pageSize: number };
      const [page, totals] = await Promise.all([
        recordPage(db, auth, costRecord, filter),
        costTotals(db, auth, filter),
      ]);
      return { ...page, totals };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/miscellaneous/waybill/options',
    summary: '费用表单的运单选项：该车辆的运单（最近的在前，可按运单号搜索），最多20条',
    access: COST_RECORD.writeCodes ?? READ,
    labels: L,
    query: z.object({
      truckId: z.coerce
        .number({ error: `请选择${L.truckId}` })
        .int()
        .positive(`请选择${L.truckId}`),
      keyword: z.preprocess(blank, z.string().max(40).optional()),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('waybill')
        .select(['id', 'bill_no', 'created_at'])
        .where(inScope(auth.scope, 'waybill'))
        .where('truck_id', '=', query.truckId);
      if (query.keyword) q = q.where('bill_no', 'like', `%${query.keyword}%`);
      const rows = await q.orderBy('id', 'desc').limit(20).execute();
      return rows.map((r) => ({
        id: r.id,
        billNo: r.bill_no,
        createdAt: formatDateTime(new Date(Number(r.created_at))),
      }));
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/miscellaneous/trip/options',
    summary: '费用表单的行程选项：该车辆在日期前后一天内已结束的行程',
    access: COST_RECORD.writeCodes ?? READ,
    labels: L,
    query: z.object({
      truckId: z.coerce
        .number({ error: `请选择${L.truckId}` })
        .int()
        .positive(`请选择${L.truckId}`),
      date: z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')),
    }),
    handler: async ({ auth, query }) => {
      const from = dayStart(query.date) - DAY_MS;
      const rows = await db
        .selectFrom('trip')
        .select(['id', 'start_time', 'end_time', 'mileage'])
        .where(inScope(auth.scope, 'trip'))
        .where('truck_id', '=', query.truckId)
        .where('end_time', 'is not', null)
        .where('start_time', '>=', from)
        .where('start_time', '<', from + 3 * DAY_MS)
        .orderBy('start_time')
        .limit(50)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        startTime: formatDateTime(new Date(Number(r.start_time))),
        endTime: formatDateTime(new Date(Number(r.end_time))),
        mileage: (Number(r.mileage) / 10).toFixed(1),
      }));
    },
  });

  registerTripCostRoutes(app, ctx);
  registerAnalysisRoutes(app, ctx);
  registerDepreciationRoutes(app, ctx);
}
