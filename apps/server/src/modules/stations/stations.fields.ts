import {
  circleProblem,
  FENCE_MESSAGES,
  FENCE_POLYGON_MAX_POINTS,
  formatDateTime,
  inChina,
  type LngLat,
  NAME_TEXT_MESSAGE,
  nameTextSchema,
  polygonCentroid,
  polygonProblem,
  STATION_KINDS,
  stationKindName,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalText, teamCodeField } from '../../http/form-fields';
import type { StationRow } from './stations.table';

/** Who may manage stations (站点围栏管理), and who reads them to build lines and plans. */
export const STATION_CODES = ['car050210'] as const;
export const STATION_READ_CODES = ['car050210', 'car050201', 'car050202', 'car090105', 'tc010502'] as const;

export const STATION_LABELS = {
  id: '站点',
  name: '站点名称',
  type: '站点类型',
  teamCode: '所属车队',
  address: '地址',
  province: '省份',
  city: '城市',
  district: '区县',
  longitude: '经度',
  latitude: '纬度',
  fenceType: '围栏类型',
  radius: '围栏半径',
  points: '多边形顶点',
  remark: '备注',
} as const;

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

export const stationBody = stationFields.superRefine(refineFence);
export const stationUpdateBody = stationFields
  .extend({ id: z.coerce.number({ error: '站点不正确' }).int('站点不正确').positive('站点不正确') })
  .superRefine(refineFence);

export type StationBody = z.output<typeof stationBody>;

export { NAME_TEXT_MESSAGE };

/** The columns a body writes (microdegrees; the polygon as JSON of [lon, lat] pairs). */
export function stationColumns(b: StationBody) {
  const points = b.fenceType === 'polygon' ? (b.points ?? []) : [];
  const centre: LngLat =
    b.longitude !== undefined && b.latitude !== undefined
      ? { lng: b.longitude, lat: b.latitude }
      : polygonCentroid(points);
  return {
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

export function polygonPoints(json: string | null): LngLat[] {
  if (!json) return [];
  const pairs = JSON.parse(json) as [number, number][];
  return pairs.map(([lon, lat]) => ({ lng: lon / 1e6, lat: lat / 1e6 }));
}

export type StationWithTeam = StationRow & { teamName: string | null };

/** A station as the API answers it. */
export function stationView(row: StationWithTeam) {
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

/** The fields the operation log compares, as they read. */
export function stationLogForm(row: {
  name: string;
  type: number;
  team_code: string;
  address: string | null;
  lat: number;
  lon: number;
  fence_type: string;
  radius: number | null;
  polygon: string | null;
  remark: string | null;
}) {
  return {
    name: row.name,
    type: stationKindName(row.type),
    teamCode: row.team_code,
    address: row.address,
    longitude: (row.lon / 1e6).toFixed(6),
    latitude: (row.lat / 1e6).toFixed(6),
    fenceType: row.fence_type === 'circle' ? '圆形' : '多边形',
    radius: row.radius === null ? null : `${row.radius}米`,
    points: row.polygon ? `${polygonPoints(row.polygon).length}个顶点` : null,
    remark: row.remark,
  };
}
