import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { idField } from '../../http/form-fields';
import { pageOf, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { lineExport } from './lines.export';
import {
  LINE_CODES,
  LINE_LABELS,
  LINE_READ_CODES,
  lineFields,
  lineUpdateBody,
  lineView,
} from './lines.fields';
import { lineImport } from './lines.import';
import { filteredLines, findLine, lineEnds, lineFilter, lineRows, scopedLines } from './lines.repository';
import type { LineDeps } from './lines.routes';

/** The line calls of the capacity and coal business (spec business section 7, /colliery/line). */
export function registerCollieryLineRoutes(app: FastifyInstance, ctx: AppContext, deps: LineDeps): void {
  const tag = '线路管理';
  const { db } = ctx;
  const { service } = deps;

  route(app, tag, {
    method: 'POST',
    url: '/colliery/line/page',
    summary: '线路分页：routeName 模糊、routeType、customerId、status、teamCode（含下级）',
    access: LINE_READ_CODES,
    list: true,
    labels: LINE_LABELS,
    body: lineFilter,
    handler: async ({ auth, body }) => {
      const q = filteredLines(db, auth, body);
      const { rows, total } = await pageOf(
        q,
        (q) =>
          q
            .selectAll('line')
            .select(['team.team_name as teamName', 'customer.customer_name as customerName'])
            .orderBy('line.id', 'desc'),
        body,
      );
      const ends = await lineEnds(
        db,
        rows.map((r) => r.id),
      );
      return { list: rows.map((r) => lineView(r, undefined, ends.get(r.id))), total };
    },
  });

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

  route(app, tag, {
    method: 'POST',
    url: '/colliery/line/delete',
    summary: '删除线路：id 或 ids',
    access: LINE_CODES,
    labels: LINE_LABELS,
    body: z
      .object({
        id: idField('线路不正确').optional(),
        ids: z.array(idField('线路不正确')).max(500, '一次最多删除500条线路').optional(),
      })
      .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0, { message: '请选择线路', path: ['id'] }),
    handler: async ({ auth, body }) => {
      const ids = [...new Set([...(body.ids ?? []), ...(body.id !== undefined ? [body.id] : [])])];
      return { deleted: await service.remove(auth, ids) };
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
      access: LINE_READ_CODES,
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
    access: LINE_READ_CODES,
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

  registerExport(app, tag, lineExport);
  registerImport(app, tag, lineImport());
}
