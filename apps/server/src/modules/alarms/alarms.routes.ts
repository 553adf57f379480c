import { ALARM_PAGE_CODES, ALARM_PAGES, type AlarmPageKey, alarmDetailText } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';
import { registerAlarmDetailRoutes } from './alarm-detail.routes';
import { type AlarmExportColumn, BASE_COLUMNS, HANDLE_COLUMNS, sendAlarmExport } from './alarms.export';
import { alarmFilterFields, alarmFilterLabels, alarmListInput, toAlarmFilter } from './alarms.filters';
import { handleAlarms, handleFields, handleLabels, idsField } from './alarms.handle';
import { listAlarms } from './alarms.repository';
import { alarmView } from './alarms.view';
import { registerOverSpeedRoutes } from './over-speed.routes';

/** One alarm page's list and export: where they live and what the export adds to the base columns. */
interface AlarmListRoutes {
  page: AlarmPageKey;
  method: 'GET' | 'POST';
  list: string;
  export: string;
  summary: string;
  /** Menu codes allowed besides the page's own. */
  alsoFor?: readonly string[];
  extraColumns?: readonly AlarmExportColumn[];
}

export const detailColumn: AlarmExportColumn = {
  header: '报警详情',
  width: 40,
  value: (r) => alarmDetailText(r.detail),
};
const evidenceColumns: AlarmExportColumn[] = [
  { header: '照片', width: 40, value: (r) => r.photoList.join('\n') },
  { header: '视频', width: 40, value: (r) => r.video },
];

/**
 * The alarm pages' lists (issue 5 item 5). Paths the spec names are kept; for the pages whose calls
 * it leaves out (records, fault, repair, oil theft) the paths follow the same pattern. 时效报警's
 * (/plan/alarm/list, /plan/alarm/export) are the plan monitor's, shared with 线路报警
 * (plans/plan-monitor.routes.ts).
 */
export const ALARM_LIST_ROUTES: readonly AlarmListRoutes[] = [
  {
    page: 'drive',
    method: 'POST',
    list: '/v2/web/alarm/drive/list',
    export: '/v2/web/alarm/drive/export',
    summary: '车辆报警（行车报警与终端报警）',
    extraColumns: [detailColumn],
  },
  {
    page: 'record',
    method: 'POST',
    list: '/v2/web/alarm/record/list',
    export: '/v2/web/alarm/record/export',
    summary: '报警记录（全部车辆报警）',
    extraColumns: [{ header: '报警分类', width: 12, value: (r) => r.categoryName }, detailColumn],
  },
  {
    page: 'affairs',
    method: 'POST',
    list: '/v2/web/alarm/affairs/list',
    export: '/v2/web/alarm/affairs/export',
    summary: '主动安全报警（驾驶辅助、驾驶员状态、危险驾驶、盲区），含照片和视频证据',
    extraColumns: evidenceColumns,
  },
  {
    page: 'fault',
    method: 'POST',
    list: '/v2/web/alarm/fault/list',
    export: '/v2/web/alarm/fault/export',
    summary: '故障报警（10001-10022）',
    extraColumns: [detailColumn],
  },
  {
    page: 'repair',
    method: 'POST',
    list: '/intellect-repair/hitch-query/list',
    export: '/intellect-repair/hitch-query/export',
    summary: '维修报警：需要维修的车辆故障，详情见 GET /intellect-repair/hitch-query/detail?id=',
    alsoFor: [ALARM_PAGES.fault.code],
    extraColumns: [detailColumn],
  },
  {
    page: 'fence',
    method: 'POST',
    list: '/electricFence/notice/list',
    export: '/electricFence/notice/export',
    summary: '站点围栏报警（进站点围栏、出站点围栏）',
    extraColumns: [{ header: '站点', width: 16, value: (r) => r.stationName }],
  },
  {
    page: 'theft',
    method: 'POST',
    list: '/v2/web/alarm/oilTheft/list',
    export: '/v2/web/alarm/oilTheft/export',
    summary: '疑似偷油（停车时油量下降，5012）',
    extraColumns: [detailColumn],
  },
  {
    page: 'violation',
    method: 'POST',
    list: '/vio/list',
    export: '/vio/export',
    summary: '车辆违章：超速、疲劳与超时驾驶、接打电话、抽烟、未系安全带、双手脱离方向盘、非法点火与位移',
    extraColumns: [detailColumn],
  },
];

const exportInput = z.object(alarmFilterFields);

/** The alarm pages' calls: lists, exports, handling, details and the over-speed risk. */
export function registerAlarmRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '报警';
  registerAlarmDetailRoutes(app, ctx);
  registerOverSpeedRoutes(app, ctx);
  const now = ctx.config.now;

  for (const def of ALARM_LIST_ROUTES) {
    const page = ALARM_PAGES[def.page];
    const access = [page.code, ...(def.alsoFor ?? [])];
    const input = def.method === 'GET' ? { query: alarmListInput } : { body: alarmListInput };
    route(app, tag, {
      method: def.method,
      url: def.list,
      summary: `${def.summary}：按开始时间倒序分页；total 最多计到10000（totalCapped 为 true 表示更多）`,
      access,
      list: true,
      labels: alarmFilterLabels,
      ...input,
      handler: async ({ auth, body, query }) => {
        const params = (def.method === 'GET' ? query : body) as z.output<typeof alarmListInput>;
        const result = await listAlarms(ctx.db, auth.scope, toAlarmFilter(params, page.codes), params);
        const at = now();
        return {
          list: result.rows.map((row) => alarmView(row, at)),
          total: result.total,
          totalCapped: result.totalCapped,
        };
      },
    });
    const exportSchema = def.method === 'GET' ? { query: exportInput } : { body: exportInput };
    route(app, tag, {
      method: def.method,
      url: def.export,
      summary: `${def.summary}：导出与列表相同条件的全部报警（.xlsx，最多100000条）`,
      access,
      labels: alarmFilterLabels,
      raw: true,
      ...exportSchema,
      handler: async ({ auth, body, query, reply }) => {
        const params = (def.method === 'GET' ? query : body) as z.output<typeof exportInput>;
        return sendAlarmExport(ctx, auth, reply, {
          title: page.title,
          filter: toAlarmFilter(params, page.codes),
          columns: [...BASE_COLUMNS, ...(def.extraColumns ?? []), ...HANDLE_COLUMNS],
        });
      },
    });
  }

  route(app, tag, {
    method: 'POST',
    url: '/v2/web/alarm/handle',
    summary:
      '处理报警（一条或多条）：handleStatus 1 已处理（须选处理方式）/ 2 已忽略，备注；记录处理人、时间和操作日志',
    access: ALARM_PAGE_CODES,
    labels: handleLabels,
    body: z.object({ ids: idsField, ...handleFields }),
    handler: async ({ auth, body }) => ({ ids: await handleAlarms(ctx.db, auth, body.ids, body, now()) }),
  });

  route(app, tag, {
    method: 'PUT',
    url: '/affairs/alarm/handle/:id',
    summary: '处理一条主动安全报警',
    access: [ALARM_PAGES.affairs.code],
    labels: handleLabels,
    params: z.object({ id: z.coerce.number().int().positive('报警编号不正确') }),
    body: z.object(handleFields),
    handler: async ({ auth, params, body }) => ({
      ids: await handleAlarms(ctx.db, auth, [params.id], body, now(), ALARM_PAGES.affairs.codes),
    }),
  });

  route(app, tag, {
    method: 'POST',
    url: '/vio/handle',
    summary: '处理车辆违章（id 或 ids）',
    access: [ALARM_PAGES.violation.code],
    labels: handleLabels,
    body: z
      .object({
        id: z.coerce.number().int().positive('报警编号不正确').optional(),
        ids: idsField.optional(),
        ...handleFields,
      })
      .refine((b) => b.id !== undefined || b.ids !== undefined, { message: '请选择报警', path: ['ids'] }),
    handler: async ({ auth, body }) => {
      const ids = body.ids ?? [body.id as number];
      return { ids: await handleAlarms(ctx.db, auth, ids, body, now(), ALARM_PAGES.violation.codes) };
    },
  });
}
