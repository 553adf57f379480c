import { countOf } from '../../http/route';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import type { ExportDef } from '../file-tasks/file-tasks.contract';
import { LINE_READ_CODES, lineView } from './lines.fields';
import { filteredLines, type LineFilter, lineFilter } from './lines.repository';

type LineExportRow = ReturnType<typeof lineView> & { waypoints: string };

export const lineExport: ExportDef<LineFilter, LineExportRow> = {
  url: '/colliery/line/export',
  method: 'POST',
  summary: '导出线路（与分页相同的筛选条件）',
  access: LINE_READ_CODES,
  input: lineFilter,
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
  count: (db, auth, input) => countOf(filteredLines(db, auth, input)),
  rows: async function* (db, auth, input, pageSize) {
    const pages = pagesByIdDesc(pageSize, (before) => {
      let q = filteredLines(db, auth, input);
      if (before !== undefined) q = q.where('line.id', '<', before);
      return q
        .selectAll('line')
        .select(['team.team_name as teamName', 'customer.customer_name as customerName'])
        .orderBy('line.id', 'desc')
        .limit(pageSize)
        .execute();
    });
    for await (const page of pages) {
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
      yield page.map((line) => {
        const rows = stations.filter((s) => s.line_id === line.id).map((s) => s.address);
        const view = lineView(line, undefined, {
          start: rows[0] ?? '',
          end: rows[rows.length - 1] ?? '',
          count: rows.length,
        });
        return { ...view, waypoints: rows.slice(1, -1).join('→') };
      });
    }
  },
};
