import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { inReferenceScope } from '../../http/scope';
import { oneDecimal } from './oil-saving.analysis';
import {
  blank,
  checkOverlap,
  LABELS,
  monitorsOf,
  PLAN_CODES,
  PLAN_MISSING,
  type PlanRow,
  planColumns,
  planFields,
  planOf,
  planQuery,
  planView,
  READ_CODES,
  stationsOf,
  TAG,
  usableLine,
} from './oil-saving.repository';
import { registerOilSavingAnalysisRoutes } from './oil-saving-analysis.routes';
import { registerOilSavingMonitorRoutes } from './oil-saving-monitor.routes';

// 线路节油计划 (car050209, its add and edit pages): the plans, their lines' stations, add, edit and
// delete; the analysis of a line's history in oil-saving-analysis.routes.ts, the monitored trucks
// and their runs in oil-saving-monitor.routes.ts.

export function registerOilSavingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/list',
    summary: '节油计划分页：线路、车系、目标油耗（L/100km）、周期及状态、监控车辆数',
    access: READ_CODES,
    list: true,
    labels: LABELS,
    query: z.object({
      lineId: idField('线路不正确').optional(),
      truckSeries: z.preprocess(blank, z.string().max(64, '最多输入64个字符').optional()),
      ...paging,
    }),
    handler: async ({ auth, query }) => {
      if (query.lineId) await usableLine(db, auth, query.lineId);
      let q = planQuery(db, auth);
      if (query.lineId) q = q.where('p.line_id', '=', query.lineId);
      if (query.truckSeries) q = q.where('p.truck_series', 'like', `%${query.truckSeries}%`);
      const count = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = (await q
        .orderBy('p.id', 'desc')
        .limit(query.pageSize)
        .offset(pageOffset(query))
        .execute()) as PlanRow[];
      const monitors = await monitorsOf(
        db,
        auth,
        rows.map((r) => r.id),
      );
      return {
        total: Number(count.n),
        list: rows.map((r) => {
          const mine = monitors.filter((m) => m.plan_id === r.id);
          return {
            ...planView(r, now()),
            monitorCount: mine.length,
            monitorCarNos: mine.map((m) => m.car_no).join('、'),
          };
        }),
      };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/list/all/route',
    summary: '可选线路：id、名称、里程及站点（routeStationDTOList）',
    access: READ_CODES,
    list: true,
    handler: async ({ auth }) => {
      const lines = await db
        .selectFrom('line')
        .select(['id', 'name', 'distance'])
        .where(inReferenceScope(auth.scope, 'line'))
        .where('deleted_at', 'is', null)
        .where('status', '=', 1)
        .orderBy('name')
        .execute();
      const stations = await stationsOf(
        db,
        lines.map((l) => l.id),
      );
      return lines.map((l) => ({
        id: l.id,
        value: l.name,
        distanceKm: oneDecimal(Number(l.distance) / 1000),
        routeStationDTOList: stations.get(l.id) ?? [],
      }));
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/find/:id',
    summary: '节油计划详情：线路站点（routeStationDTOList）与监控车辆',
    access: READ_CODES,
    params: z.object({ id: idField(PLAN_MISSING) }),
    handler: async ({ auth, params }) => {
      const p = await planOf(db, auth, params.id);
      const stations = await stationsOf(db, [p.line_id]);
      const monitors = await monitorsOf(db, auth, [p.id]);
      return {
        ...planView(p, now()),
        routeStationDTOList: stations.get(p.line_id) ?? [],
        monitorTrucks: monitors.map((m) => ({ monitorId: m.id, truckId: m.truck_id, carNo: m.car_no })),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/add',
    summary:
      '新增节油计划：线路、车系（可选）、目标油耗（L/100km，一位小数）、周期、允许偏差（%，默认5）、备注',
    access: PLAN_CODES,
    labels: LABELS,
    body: planFields,
    handler: async ({ auth, body }) => {
      await usableLine(db, auth, body.lineId);
      await checkOverlap(db, auth, body);
      const at = now();
      const row = await db
        .insertInto('fuel_efficient_plan')
        .values({
          ...planColumns(body),
          merchant_id: auth.merchantId,
          team_code: auth.teamCode,
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
    method: 'POST',
    url: '/fuel/efficient/update',
    summary: '修改节油计划（字段同新增，加 id）',
    access: PLAN_CODES,
    labels: LABELS,
    body: z.intersection(z.object({ id: idField(PLAN_MISSING) }), planFields),
    handler: async ({ auth, body }) => {
      const before = await planOf(db, auth, body.id);
      await usableLine(db, auth, body.lineId);
      await checkOverlap(db, auth, body, body.id);
      if (body.truckSeries && body.truckSeries !== before.truck_series) {
        const other = await db
          .selectFrom('fuel_efficient_monitor as m')
          .innerJoin('truck', 'truck.id', 'm.truck_id')
          .select('truck.car_no')
          .where('m.plan_id', '=', body.id)
          .where('m.state', '=', 1)
          .where((eb) => eb.or([eb('truck.series', 'is', null), eb('truck.series', '!=', body.truckSeries)]))
          .executeTakeFirst();
        if (other)
          throw badInput(`车系: 监控车辆${other.car_no}不属于车系${body.truckSeries}，请先取消其监控`);
      }
      await db
        .updateTable('fuel_efficient_plan')
        .set({ ...planColumns(body), updated_at: now() })
        .where('id', '=', body.id)
        .execute();
      return { id: body.id };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/delete/:id',
    summary: '删除节油计划（其监控车辆一并取消）',
    access: PLAN_CODES,
    params: z.object({ id: idField(PLAN_MISSING) }),
    handler: async ({ auth, params }) => {
      await planOf(db, auth, params.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('fuel_efficient_plan')
          .set({ deleted_at: at })
          .where('id', '=', params.id)
          .execute();
        await tx
          .updateTable('fuel_efficient_monitor')
          .set({ state: 0, cancelled_at: at })
          .where('plan_id', '=', params.id)
          .where('state', '=', 1)
          .execute();
      });
      return null;
    },
  });

  registerOilSavingAnalysisRoutes(app, ctx);
  registerOilSavingMonitorRoutes(app, ctx);
}
