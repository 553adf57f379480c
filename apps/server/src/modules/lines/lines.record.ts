import { LINE_RECORD } from '@fleet/domain';
import { z } from 'zod';
import { teamCodeField } from '../../http/form-fields';
import { paging } from '../../http/route';
import { inReferenceScope } from '../../http/scope';
import { withTeamName } from '../../records/filters';
import { defineRecord } from '../../records/record';
import { type LineBody, type LineWithNames, lineFields, lineLogForm, lineView } from './lines.fields';
import { type LineImportRow, lineImport } from './lines.import';
import { lineEnds } from './lines.repository';
import { registerLineRoutes } from './lines.routes';

/** The filter of /colliery/line/page and its export. */
const lineFilter = z.object({
  ...paging,
  routeName: z.string().trim().max(30).optional(),
  routeType: z.coerce.number().int().optional(),
  customerId: z.coerce.number().int().positive().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  teamCode: z.preprocess((v) => (v === '' ? undefined : v), teamCodeField.optional()),
});
type LineFilter = z.output<typeof lineFilter>;

/** The columns of a line as its views and the log read them, with its team's and customer's names. */
export const LINE_SELECTION = [
  'line.id',
  'line.team_code',
  'line.name',
  'line.route_type',
  'line.customer_id',
  'line.cargo',
  'line.speed_limit',
  'line.corridor_width',
  'line.fuel_brand',
  'line.fuel_series',
  'line.distance',
  'line.running_minutes',
  'line.baidu_map_produce',
  'line.status',
  'line.remark',
  'line.created_at',
  'line.updated_at',
  'team.team_name as teamName',
  'customer.customer_name as customerName',
] as const;

type LineView = ReturnType<typeof lineView>;
type LineExportRow = LineView & { waypoints: string };

/**
 * 线路: lines are reference data, read and picked by the teams below theirs and changed within their
 * own subtree; a name names one live line of the merchant. The list, delete, export and import are the
 * recipe's; saving a line with its station table and distances, its details and pickers and the
 * /route calls of plans are the line's own routes (lines.routes.ts) on the recipe's repository.
 */
export const lineRecord = defineRecord<LineBody, LineFilter, LineView, LineImportRow, LineExportRow>({
  meta: LINE_RECORD,
  tag: '线路管理',
  summaries: {
    page: '线路分页：routeName 模糊、routeType、customerId、status、teamCode（含下级）',
    delete: '删除线路：id 或 ids',
    export: '导出线路（与分页相同的筛选条件）',
    import: '导入线路（每行一条线路：起点、途经点、终点）；距离与时间按内置估算，标记为未经地图计算',
  },
  missing: '线路不存在或无权访问',
  // a customer's name only when the caller may use the customer
  joins: (q, auth) =>
    withTeamName('line')(q).leftJoin('customer', (j) =>
      j.onRef('customer.id', '=', 'line.customer_id').on(inReferenceScope(auth.scope, 'customer')),
    ),
  selection: LINE_SELECTION,
  view: (row: LineWithNames) => lineView(row),
  views: async (db, rows: LineWithNames[]) => {
    const ends = await lineEnds(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => lineView(r, undefined, ends.get(r.id)));
  },
  filter: {
    schema: lineFilter,
    apply: (q, f) => {
      if (f.routeName) q = q.where('line.name', 'like', `%${f.routeName}%`);
      if (f.routeType !== undefined) q = q.where('line.route_type', '=', f.routeType);
      if (f.customerId !== undefined) q = q.where('line.customer_id', '=', f.customerId);
      if (f.status !== undefined) q = q.where('line.status', '=', f.status);
      if (f.teamCode) q = q.where('line.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: lineFields,
    columns: (body) => ({
      team_code: body.teamCode,
      name: body.routeName,
      route_type: body.routeType,
      customer_id: body.customerId ?? null,
      cargo: body.cargo,
      speed_limit: body.speedLimit == null ? null : body.speedLimit * 10,
      corridor_width: body.corridorWidth,
      fuel_brand: body.fuelBrand,
      fuel_series: body.fuelSeries,
      status: body.status,
      remark: body.remark,
    }),
    logFields: (c) => lineLogForm(c as Parameters<typeof lineLogForm>[0]),
  },
  unique: [{ field: 'routeName', column: 'name', taken: '已存在' }],
  deletion: { pick: '请选择线路', tooMany: '一次最多删除500条线路' },
  export: {
    title: '线路列表',
    columns: [
      { header: '线路名称', width: 24, value: (r) => r.routeName },
      { header: '路线类型', value: (r) => r.routeTypeName },
      { header: '所属车队', width: 20, value: (r) => r.teamName },
      { header: '客户', width: 24, value: (r) => r.customerName },
      { header: '货物名称', value: (r) => r.cargo },
      { header: '起点', width: 30, value: (r) => r.startAddress },
      { header: '途经点', width: 40, value: (r) => r.waypoints },
      { header: '终点', width: 30, value: (r) => r.endAddress },
      { header: '总里程(公里)', value: (r) => r.distance },
      { header: '运行时间', value: (r) => `${r.runningHours}小时${r.runningMins}分` },
      { header: '地图计算', value: (r) => (r.baiduMapProduce ? '是' : '否（未经地图计算）') },
      { header: '限速(km/h)', value: (r) => r.speedLimit },
      { header: '偏航宽度(米)', value: (r) => r.corridorWidth },
      { header: '状态', value: (r) => r.statusName },
      { header: '备注', width: 24, value: (r) => r.remark },
      { header: '创建时间', width: 20, value: (r) => r.createTime },
    ],
    // the whole station table of each line: its ends and the waypoints between them
    rows: async (db, page: LineWithNames[]) => {
      const stations = await db
        .selectFrom('line_station')
        .select(['line_id', 'address'])
        .where(
          'line_id',
          'in',
          page.map((l) => l.id),
        )
        .orderBy('line_id')
        .orderBy('seq')
        .execute();
      return page.map((line) => {
        const rows = stations.filter((s) => s.line_id === line.id).map((s) => s.address);
        const view = lineView(line, undefined, {
          start: rows[0] ?? '',
          end: rows[rows.length - 1] ?? '',
          count: rows.length,
        });
        return { ...view, waypoints: rows.slice(1, -1).join('→') };
      });
    },
  },
  import: lineImport,
  routes: (app, ctx) => registerLineRoutes(app, ctx),
});
