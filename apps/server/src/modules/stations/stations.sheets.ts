import {
  circleProblem,
  FENCE_MESSAGES,
  isNameText,
  NAME_TEXT_MESSAGE,
  OPERATE_LOG_PAGES,
  STATION_KINDS,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { countOf } from '../../http/route';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import type { ExportDef, ImportDef, ImportRowError } from '../file-tasks/file-tasks.contract';
import { recordOperations } from '../operate-log/changes';
import { teamSubtree } from '../teams/teams.repository';
import { STATION_CODES, STATION_READ_CODES, stationView } from './stations.fields';
import { filteredStations, type StationFilter, stationFilter } from './stations.repository';

type StationView = ReturnType<typeof stationView>;

export const stationExport: ExportDef<StationFilter, StationView> = {
  url: '/station/export',
  method: 'GET',
  summary: '导出站点（与列表相同的筛选条件）',
  access: STATION_READ_CODES,
  input: stationFilter,
  title: '站点列表',
  columns: [
    { header: '站点名称', width: 24, value: (r) => r.name },
    { header: '站点类型', value: (r) => r.typeName },
    { header: '所属车队', width: 20, value: (r) => r.teamName },
    { header: '省份', value: (r) => r.province },
    { header: '城市', value: (r) => r.city },
    { header: '区县', value: (r) => r.district },
    { header: '地址', width: 36, value: (r) => r.address },
    { header: '经度', value: (r) => r.longitude },
    { header: '纬度', value: (r) => r.latitude },
    { header: '围栏类型', value: (r) => r.fenceTypeName },
    { header: '围栏半径(米)', value: (r) => r.radius },
    { header: '多边形顶点数', value: (r) => (r.fenceType === 'polygon' ? r.points.length : null) },
    { header: '备注', width: 24, value: (r) => r.remark },
    { header: '创建时间', width: 20, value: (r) => r.createTime },
  ],
  count: (db, auth, input) => countOf(filteredStations(db, auth, input)),
  rows: async function* (db, auth, input, pageSize) {
    const pages = pagesByIdDesc(pageSize, (before) => {
      let q = filteredStations(db, auth, input);
      if (before !== undefined) q = q.where('station.id', '<', before);
      return q
        .selectAll('station')
        .select('team.team_name as teamName')
        .orderBy('station.id', 'desc')
        .limit(pageSize)
        .execute();
    });
    for await (const page of pages) yield page.map(stationView);
  },
};

const KIND_BY_LABEL = new Map<string, number>(STATION_KINDS.map((k) => [k.label, k.value]));
const number = (label: string) =>
  z
    .string()
    .min(1, `请填写${label}`)
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), `${label}应为数字`)
    .transform(Number);

const importRow = z
  .object({
    name: z.string().min(1, '请填写站点名称').refine(isNameText, `站点名称：${NAME_TEXT_MESSAGE}`),
    type: z
      .string()
      .min(1, '请填写站点类型')
      .refine((v) => KIND_BY_LABEL.has(v), `站点类型应为${STATION_KINDS.map((k) => k.label).join('、')}之一`)
      .transform((v) => KIND_BY_LABEL.get(v) as number),
    teamName: z.string().max(50, '所属车队最多50个字符'),
    address: z.string().max(200, '地址最多200个字符'),
    longitude: number('经度'),
    latitude: number('纬度'),
    radius: z
      .string()
      .min(1, '请填写围栏半径')
      .refine((v) => /^\d+$/.test(v), FENCE_MESSAGES.radius)
      .transform(Number),
    remark: z.string().max(200, '备注最多200个字符'),
  })
  .superRefine((r, ctx) => {
    const wrong = circleProblem({ lng: r.longitude, lat: r.latitude }, r.radius);
    if (wrong) ctx.addIssue({ code: 'custom', path: ['radius'], message: wrong });
  });
type ImportRow = z.output<typeof importRow>;

/** Team names of the caller's subtree → codes; a name used twice in the tree is ambiguous. */
async function teamsByName(db: Kysely<Database>, auth: AuthContext) {
  const byName = new Map<string, string | null>();
  for (const t of await teamSubtree(db, auth.scope))
    byName.set(t.teamName, byName.has(t.teamName) ? null : t.teamCode);
  return byName;
}

export const stationImport: ImportDef<ImportRow> = {
  url: '/station/import',
  summary: '导入站点（圆形围栏：经纬度与半径）；全部正确才导入，否则逐行说明错误',
  access: STATION_CODES,
  title: '站点导入',
  columns: [
    { header: '站点名称', key: 'name', required: true, example: '东胜煤矿装货点', width: 24 },
    { header: '站点类型', key: 'type', required: true, example: '装货地' },
    { header: '所属车队', key: 'teamName', example: '干线一分队', width: 20 },
    { header: '地址', key: 'address', example: '内蒙古自治区鄂尔多斯市东胜区', width: 36 },
    { header: '经度', key: 'longitude', required: true, example: '109.963' },
    { header: '纬度', key: 'latitude', required: true, example: '39.817' },
    { header: '围栏半径(米)', key: 'radius', required: true, example: '500' },
    { header: '备注', key: 'remark', width: 24 },
  ],
  row: importRow,
  check: async (db, auth, rows) => {
    const errors: ImportRowError[] = [];
    const teams = await teamsByName(db, auth);
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const at = i + 2;
      if (r.teamName && !teams.get(r.teamName))
        errors.push({
          row: at,
          message: teams.has(r.teamName)
            ? `所属车队“${r.teamName}”重名，请联系管理员`
            : `所属车队“${r.teamName}”不存在或不在您的管辖范围内`,
        });
      const first = seen.get(r.name);
      if (first !== undefined) errors.push({ row: at, message: `站点名称与第${first}行重复` });
      else seen.set(r.name, at);
    });
    const names = [...seen.keys()];
    for (let i = 0; i < names.length; i += 500) {
      const taken = await db
        .selectFrom('station')
        .select('name')
        .where('merchant_id', '=', auth.merchantId)
        .where('deleted_at', 'is', null)
        .where('name', 'in', names.slice(i, i + 500))
        .execute();
      for (const { name } of taken)
        errors.push({ row: seen.get(name) ?? 0, message: `站点名称“${name}”已存在` });
    }
    return errors;
  },
  write: async (tx, auth, rows, now) => {
    const teams = await teamsByName(tx, auth);
    const values = rows.map((r) => ({
      merchant_id: auth.merchantId,
      team_code: (r.teamName && teams.get(r.teamName)) || auth.teamCode,
      name: r.name,
      type: r.type,
      address: r.address || null,
      lat: Math.round(r.latitude * 1e6),
      lon: Math.round(r.longitude * 1e6),
      fence_type: 'circle' as const,
      radius: r.radius,
      remark: r.remark || null,
      created_by: auth.userId,
      created_at: now,
      updated_at: now,
    }));
    const ids: { id: number }[] = [];
    for (let i = 0; i < values.length; i += 500)
      ids.push(
        ...(await tx
          .insertInto('station')
          .values(values.slice(i, i + 500))
          .returning('id')
          .execute()),
      );
    await recordOperations(
      tx,
      auth,
      ids.map((row, i) => ({
        pageEnum: OPERATE_LOG_PAGES.station,
        dataId: row.id,
        teamCode: values[i]?.team_code ?? auth.teamCode,
        content: `导入站点 ${values[i]?.name}（圆形，半径${values[i]?.radius}米）`,
      })),
      now,
    );
  },
};
