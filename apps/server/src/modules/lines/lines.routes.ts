import {
  LINE_RECORD,
  NOT_MAP_CALCULATED,
  recordWriteCodes,
  type StationRow,
  WAYBILL_RECORD,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { idField, teamCodeField } from '../../http/form-fields';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { readableRows } from '../../records/repository';
import { lineFields, lineUpdateBody, lineView, stationRowSchema } from './lines.fields';
import { lineRecord } from './lines.record';
import { findLine, lineRows } from './lines.repository';
import { lineService } from './lines.service';
import { createRouting } from './routing';

const LINE_READ_CODES = LINE_RECORD.readCodes;
const LINE_CODES = recordWriteCodes(LINE_RECORD);
const LINE_LABELS = LINE_RECORD.labels;

/** Live lines the caller may pick (its subtree and the teams above), with their team and customer. */
const scopedLines = (db: Kysely<Database>, auth: AuthContext) => readableRows(db, auth, lineRecord);

/**
 * The line's own routes beside the recipe's list, delete, export and import: the /route calls of
 * plans and line management, then saving a line with its station table, its details and pickers.
 */
export function registerLineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '线路管理';
  const { db } = ctx;
  const routing = createRouting(ctx.config, { log: app.log });
  const service = lineService(db, routing, ctx.config.now);

  route(app, tag, {
    method: 'POST',
    url: '/route/add',
    summary: '保存线路：无 id 时新增，有 id 时修改；stationList 为站点表（首行起点、末行终点，距离单位公里）',
    access: LINE_CODES,
    labels: LINE_LABELS,
    body: lineFields.extend({ id: lineUpdateBody.shape.id.optional() }),
    handler: async ({ auth, body }) => {
      if (body.id === undefined) return service.create(auth, body);
      await service.update(auth, { ...body, id: body.id });
      return { id: body.id };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/route/info',
    summary: '线路详情：线路信息、站点表 stationList 与绘制用的 path',
    access: LINE_READ_CODES,
    labels: LINE_LABELS,
    query: z.object({ id: idField('线路不正确') }),
    handler: async ({ auth, query }) => {
      const line = await findLine(db, auth, query.id);
      return lineView(line, await lineRows(db, line.id));
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/route/box',
    summary: '线路下拉选项（启用的线路，最多500条）：{id, name, value, routeType}',
    access: LINE_READ_CODES,
    list: true,
    query: z.object({ routeName: z.string().trim().max(30).optional() }),
    handler: async ({ auth, query }) => {
      let q = scopedLines(db, auth).where('line.status', '=', 1);
      if (query.routeName) q = q.where('line.name', 'like', `%${query.routeName}%`);
      const rows = await q
        .select(['line.id', 'line.name', 'line.route_type'])
        .orderBy('line.name')
        .limit(500)
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, value: r.name, routeType: r.route_type }));
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/route/name/list',
    summary: '线路名称列表（模糊查询 routeName，最多50条）：{id, routeName}',
    access: LINE_READ_CODES,
    list: true,
    query: z.object({ routeName: z.string().trim().max(30).optional() }),
    handler: async ({ auth, query }) => {
      let q = scopedLines(db, auth);
      if (query.routeName) q = q.where('line.name', 'like', `%${query.routeName}%`);
      const rows = await q.select(['line.id', 'line.name']).orderBy('line.name').limit(50).execute();
      return rows.map((r) => ({ id: r.id, routeName: r.name }));
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/route/list/team',
    summary: '某车队（含下级）的线路：{id, routeName, teamCode}；不传 teamCode 为本人管辖的全部',
    access: [...LINE_READ_CODES, 'car1001', 'car1002'],
    list: true,
    query: z.object({ teamCode: z.preprocess((v) => (v === '' ? undefined : v), teamCodeField.optional()) }),
    handler: async ({ auth, query }) => {
      let q = scopedLines(db, auth);
      if (query.teamCode) q = q.where('line.team_code', 'like', `${query.teamCode}%`);
      const rows = await q
        .select(['line.id', 'line.name', 'line.team_code'])
        .orderBy('line.name')
        .limit(1000)
        .execute();
      return rows.map((r) => ({ id: r.id, routeName: r.name, teamCode: r.team_code }));
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/route/calculate',
    summary:
      '重新计算站点表各行的距离（公里）与运行时间：配置高德 Key 时由高德驾车路径规划计算（baiduMapProduce=true）；否则内置估算（直线距离×1.3，60km/h），标记为未经地图计算',
    access: LINE_CODES,
    labels: LINE_LABELS,
    body: z.object({
      stationList: z.array(stationRowSchema).min(1, '请添加站点').max(100, '线路最多100个站点'),
    }),
    handler: async ({ body }) => {
      const result = await routing.calculate(body.stationList as StationRow[]);
      return {
        stationList: result.rows,
        provider: result.provider,
        baiduMapProduce: result.baiduMapProduce,
        method: result.method,
        notice: result.baiduMapProduce ? '' : `${NOT_MAP_CALCULATED}：${result.method}`,
      };
    },
  });

  // the /colliery/line calls of the capacity and coal business (spec business section 7)
  route(app, tag, {
    method: 'POST',
    url: '/colliery/line/add',
    summary: '新增线路（含站点表 stationList）',
    access: LINE_CODES,
    labels: LINE_LABELS,
    body: lineFields,
    handler: async ({ auth, body }) => service.create(auth, body),
  });

  route(app, tag, {
    method: 'POST',
    url: '/colliery/line/edit',
    summary: '修改线路（站点表整体替换）',
    access: LINE_CODES,
    labels: LINE_LABELS,
    body: lineUpdateBody,
    handler: async ({ auth, body }) => {
      await service.update(auth, body);
      return null;
    },
  });

  for (const [url, wholeMerchant] of [
    ['/colliery/line/info', false],
    ['/colliery/line/infoNoTeam', true],
  ] as const) {
    // both read lines the caller may pick: its own subtree's and those of the teams above
    route(app, tag, {
      method: 'GET',
      url,
      summary: wholeMerchant
        ? '线路详情（运单等引用线路时使用：本人管辖及上级车队的线路）'
        : '线路详情（含站点表 stationList 与 path）',
      // a waybill's form shows the stations of the line it picked
      access: wholeMerchant ? [...LINE_READ_CODES, ...recordWriteCodes(WAYBILL_RECORD)] : LINE_READ_CODES,
      labels: LINE_LABELS,
      query: z.object({ id: idField('线路不正确') }),
      handler: async ({ auth, query }) => {
        const line = await findLine(db, auth, query.id);
        return lineView(line, await lineRows(db, line.id));
      },
    });
  }

  route(app, tag, {
    method: 'GET',
    url: '/colliery/line/fuzzy',
    summary: '线路模糊查询：routeName、routeType → [{id, value}]（最多50条）',
    // the line picker of the pages that refer to lines (transport prices, waybills, plans), like the
    // customer options: any signed-in user, lines of its reference scope only
    access: 'login',
    list: true,
    query: z.object({
      routeName: z.string().trim().max(30).optional(),
      routeType: z.coerce.number().int().optional(),
    }),
    handler: async ({ auth, query }) => {
      let q = scopedLines(db, auth);
      if (query.routeName) q = q.where('line.name', 'like', `%${query.routeName}%`);
      if (query.routeType !== undefined) q = q.where('line.route_type', '=', query.routeType);
      const rows = await q.select(['line.id', 'line.name']).orderBy('line.name').limit(50).execute();
      return rows.map((r) => ({ id: r.id, value: r.name }));
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/colliery/line/fuelBrand/list',
    summary: '品牌列表：本人管辖车辆的品牌',
    access: LINE_READ_CODES,
    list: true,
    handler: async ({ auth }) => {
      const rows = await db
        .selectFrom('truck')
        .select('brand')
        .distinct()
        .where(inScope(auth.scope, 'truck'))
        .where('deleted_at', 'is', null)
        .where('brand', 'is not', null)
        .where('brand', '!=', '')
        .orderBy('brand')
        .execute();
      return rows.map((r) => r.brand as string);
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/colliery/line/fuelSeries/list',
    summary: '车系列表：本人管辖车辆的车系；brand 限定品牌',
    access: LINE_READ_CODES,
    list: true,
    query: z.object({ brand: z.string().trim().max(30).optional() }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('truck')
        .select('series')
        .distinct()
        .where(inScope(auth.scope, 'truck'))
        .where('deleted_at', 'is', null)
        .where('series', 'is not', null)
        .where('series', '!=', '');
      if (query.brand) q = q.where('brand', '=', query.brand);
      const rows = await q.orderBy('series').execute();
      return rows.map((r) => r.series as string);
    },
  });
}
