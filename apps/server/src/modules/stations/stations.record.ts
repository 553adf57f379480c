import {
  circleProblem,
  FENCE_MESSAGES,
  FENCE_POLYGON_MAX_POINTS,
  formatDateTime,
  inChina,
  type LngLat,
  nameTextSchema,
  polygonCentroid,
  polygonProblem,
  STATION_KINDS,
  STATION_RECORD,
  stationKindName,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalText, teamCodeField } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { withTeamName } from '../../records/filters';
import { defineRecord } from '../../records/record';
import { filteredRows } from '../../records/repository';
import { stationImport } from './stations.import';
import type { StationRow } from './stations.table';

const KIND_VALUES = STATION_KINDS.map((k) => k.value) as number[];
const degrees = (label: string) =>
  z.coerce.number({ error: `请输入${label}` }).refine(Number.isFinite, `请输入${label}`);

const stationFields = z.object({
  name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), nameTextSchema),
  type: z.coerce
    .number({ error: '请选择站点类型' })
    .int('请选择站点类型')
    .refine((v) => KIND_VALUES.includes(v), '请选择站点类型'),
  teamCode: teamCodeField.optional(),
  address: optionalText(200),
  province: optionalText(30),
  city: optionalText(30),
  district: optionalText(30),
  longitude: degrees('经度').optional(),
  latitude: degrees('纬度').optional(),
  fenceType: z.enum(['circle', 'polygon'], { error: '请选择围栏类型' }),
  radius: z.coerce.number({ error: FENCE_MESSAGES.radius }).int(FENCE_MESSAGES.radius).optional(),
  points: z
    .array(z.object({ lng: degrees('经度'), lat: degrees('纬度') }))
    .max(FENCE_POLYGON_MAX_POINTS, FENCE_MESSAGES.tooManyPoints)
    .optional(),
  remark: optionalText(200),
});

/** A circle needs its centre and a radius in range, a polygon 3-100 points that do not cross. */
function refineFence(b: z.output<typeof stationFields>, ctx: z.RefinementCtx) {
  const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (b.longitude !== undefined && b.latitude !== undefined && !inChina(b.longitude, b.latitude))
    problem('longitude', FENCE_MESSAGES.outsideChina);
  if (b.fenceType === 'circle') {
    if (b.longitude === undefined || b.latitude === undefined)
      return problem('longitude', '请在地图上选择圆心');
    if (b.radius === undefined) return problem('radius', FENCE_MESSAGES.radius);
    const wrong = circleProblem({ lng: b.longitude, lat: b.latitude }, b.radius);
    if (wrong) problem(wrong === FENCE_MESSAGES.radius ? 'radius' : 'longitude', wrong);
  } else {
    const wrong = polygonProblem(b.points ?? []);
    if (wrong) problem('points', wrong);
  }
}

const stationForm = stationFields.superRefine(refineFence);
/** The edit form: the fence is checked once the id is too. */
const stationEditForm = stationFields
  .extend({ id: z.coerce.number({ error: '站点不正确' }).int('站点不正确').positive('站点不正确') })
  .superRefine(refineFence);
type StationForm = z.output<typeof stationForm>;

/** The columns a form writes (microdegrees; the polygon as JSON of [lon, lat] pairs). */
function stationColumns(b: StationForm) {
  const points = b.fenceType === 'polygon' ? (b.points ?? []) : [];
  const centre: LngLat =
    b.longitude !== undefined && b.latitude !== undefined
      ? { lng: b.longitude, lat: b.latitude }
      : polygonCentroid(points);
  return {
    team_code: b.teamCode,
    name: b.name,
    type: b.type,
    address: b.address,
    province: b.province,
    city: b.city,
    district: b.district,
    lat: Math.round(centre.lat * 1e6),
    lon: Math.round(centre.lng * 1e6),
    fence_type: b.fenceType,
    radius: b.fenceType === 'circle' ? (b.radius ?? null) : null,
    polygon:
      b.fenceType === 'polygon'
        ? JSON.stringify(points.map((p) => [Math.round(p.lng * 1e6), Math.round(p.lat * 1e6)]))
        : null,
    remark: b.remark,
  };
}

function polygonPoints(json: string | null): LngLat[] {
  if (!json) return [];
  const pairs = JSON.parse(json) as [number, number][];
  return pairs.map(([lon, lat]) => ({ lng: lon / 1e6, lat: lat / 1e6 }));
}

/** The filter of /station/list and /station/export (query string). */
const stationFilter = z.object({
  ...paging,
  name: z.string().trim().max(30).optional(),
  type: z.coerce.number().int().optional(),
  fenceType: z.enum(['circle', 'polygon']).optional(),
  teamCode: z.preprocess((v) => (v === '' ? undefined : v), teamCodeField.optional()),
});
type StationFilter = z.output<typeof stationFilter>;

type StationWithTeam = Omit<StationRow, 'merchant_id' | 'created_by' | 'deleted_at'> & {
  teamName: string | null;
};

/** A station as the API answers it. */
function stationView(row: StationWithTeam) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    typeName: stationKindName(row.type),
    teamCode: row.team_code,
    teamName: row.teamName ?? '',
    address: row.address ?? '',
    province: row.province ?? '',
    city: row.city ?? '',
    district: row.district ?? '',
    longitude: row.lon / 1e6,
    latitude: row.lat / 1e6,
    fenceType: row.fence_type,
    fenceTypeName: row.fence_type === 'circle' ? '圆形' : '多边形',
    radius: row.radius,
    points: polygonPoints(row.polygon),
    remark: row.remark ?? '',
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}
type StationView = ReturnType<typeof stationView>;

/** The fields the operation log compares, as they read. */
function stationLogFields(c: Record<string, unknown>) {
  const polygon = c.polygon as string | null;
  return {
    name: c.name,
    type: stationKindName(c.type as number),
    teamCode: c.team_code,
    address: c.address,
    longitude: ((c.lon as number) / 1e6).toFixed(6),
    latitude: ((c.lat as number) / 1e6).toFixed(6),
    fenceType: c.fence_type === 'circle' ? '圆形' : '多边形',
    radius: c.radius === null ? null : `${c.radius}米`,
    points: polygon ? `${polygonPoints(polygon).length}个顶点` : null,
    remark: c.remark,
  };
}

/**
 * 站点围栏管理 (spec business section 7): stations with a circle or polygon fence. Stations are
 * reference data, read and picked by the teams below theirs and changed within their own subtree;
 * a name names one live station of the merchant. A deleted station stays in the lines that used it
 * (they keep their own addresses and points).
 */
export const stationRecord = defineRecord<
  StationForm,
  StationFilter,
  StationView,
  z.output<typeof stationImport.row>
>({
  meta: STATION_RECORD,
  tag: '站点围栏',
  summaries: {
    page: '站点列表：name 模糊、type 站点类型、fenceType circle/polygon、teamCode 车队（含下级）',
    info: '站点详情（含围栏：圆心与半径，或多边形顶点）',
    add: '新增站点：圆形围栏（圆心 longitude/latitude，半径50-5000米）或多边形围栏（3-100个不自交的顶点 points）',
    edit: '修改站点及其围栏',
    delete: '删除站点：id 或 ids（已用于线路的站点，线路保留各自的地址与坐标）',
    export: '导出站点（与列表相同的筛选条件）',
    import: '导入站点（圆形围栏：经纬度与半径）；全部正确才导入，否则逐行说明错误',
  },
  missing: '站点不存在或无权访问',
  joins: withTeamName('station'),
  selection: [
    'station.id',
    'station.team_code',
    'station.name',
    'station.type',
    'station.address',
    'station.province',
    'station.city',
    'station.district',
    'station.lat',
    'station.lon',
    'station.fence_type',
    'station.radius',
    'station.polygon',
    'station.remark',
    'station.created_at',
    'station.updated_at',
    'team.team_name as teamName',
  ],
  view: stationView,
  filter: {
    schema: stationFilter,
    apply: (q, f) => {
      if (f.name) q = q.where('station.name', 'like', `%${f.name}%`);
      if (f.type !== undefined) q = q.where('station.type', '=', f.type);
      if (f.fenceType) q = q.where('station.fence_type', '=', f.fenceType);
      if (f.teamCode) q = q.where('station.team_code', 'like', `${f.teamCode.replace(/[^0-9A-Za-z]/g, '')}%`);
      return q;
    },
  },
  form: {
    schema: stationForm,
    editSchema: stationEditForm,
    columns: stationColumns,
    logFields: stationLogFields,
    addedText: (c) => `${c.name}（${c.fence_type === 'circle' ? `圆形，半径${c.radius}米` : '多边形'}）`,
    namedEditLog: true,
  },
  unique: [{ field: 'name', column: 'name', taken: '已存在' }],
  deletion: { pick: '请选择站点' },
  export: {
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
  },
  import: stationImport,
  routes: (app, { db }) => {
    route(app, '站点围栏', {
      method: 'GET',
      url: '/station/box',
      summary:
        '站点下拉选项（最多500个）：{id, name, value, type, address, longitude, latitude}；keyword 按名称或地址筛选',
      access: STATION_RECORD.readCodes,
      list: true,
      query: z.object({ keyword: z.string().trim().max(30).optional() }),
      handler: async ({ auth, query }) => {
        let q = filteredRows(db, auth, stationRecord, {});
        if (query.keyword) {
          const like = `%${query.keyword}%`;
          q = q.where((eb) => eb.or([eb('station.name', 'like', like), eb('station.address', 'like', like)]));
        }
        const rows = await q
          .select([
            'station.id',
            'station.name',
            'station.type',
            'station.address',
            'station.lat',
            'station.lon',
            'station.fence_type',
            'station.radius',
          ])
          .orderBy('station.name')
          .limit(500)
          .execute();
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          value: r.name,
          type: r.type,
          address: r.address ?? '',
          longitude: r.lon / 1e6,
          latitude: r.lat / 1e6,
          fenceType: r.fence_type,
          radius: r.radius,
        }));
      },
    });
  },
});
