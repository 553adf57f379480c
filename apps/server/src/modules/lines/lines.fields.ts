import {
  formatDateTime,
  LINE_CORRIDOR_DEFAULT_M,
  LINE_CORRIDOR_MAX_M,
  LINE_CORRIDOR_MIN_M,
  nameTextSchema,
  ROUTE_TYPES,
  type RowType,
  routeTypeName,
  STATION_TABLE_MAX_ROWS,
  type StationRow,
  stationTableProblem,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalText, teamCodeField } from '../../http/form-fields';
import type { LineRow, LineStationRow } from './lines.table';

const int = (message: string) => z.coerce.number({ error: message }).int(message);

/** One row of the station table as the API carries it (distance in kilometres). */
export const stationRowSchema = z.object({
  seq: int('序号不正确').min(1, '序号不正确'),
  stationType: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: '站点类型应为1起点、2途经点或3终点',
  }),
  stationId: z.coerce.number().int().positive().nullable().default(null),
  address: z.string({ error: '请选择地址' }).trim().max(200, '地址最多200个字符').default(''),
  latitude: z.coerce.number({ error: '纬度不正确' }).nullable().default(null),
  longitude: z.coerce.number({ error: '经度不正确' }).nullable().default(null),
  distance: z.coerce.number({ error: '距离应为数字' }).min(0, '距离不能为负数').default(0),
  runningHours: int('运行小时应为整数').min(0, '运行小时不能为负数').default(0),
  runningMins: int('运行分钟应为整数').min(0, '运行分钟不能为负数').default(0),
  baiduMapProduce: z.coerce.boolean().default(false),
});

export const stationListSchema = z
  .array(stationRowSchema)
  .max(STATION_TABLE_MAX_ROWS, `线路最多${STATION_TABLE_MAX_ROWS}个站点`)
  .superRefine((rows, ctx) => {
    const problem = stationTableProblem(rows as StationRow[]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const ROUTE_TYPE_VALUES = ROUTE_TYPES.map((r) => r.value) as number[];

export const lineFields = z.object({
  routeName: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), nameTextSchema),
  routeType: int('请选择路线类型').refine((v) => ROUTE_TYPE_VALUES.includes(v), '请选择路线类型'),
  teamCode: teamCodeField.optional(),
  customerId: z.coerce.number().int().positive('请选择客户').nullable().optional(),
  cargo: optionalText(30),
  speedLimit: z.coerce
    .number({ error: '限速应为1-200的整数' })
    .int('限速应为1-200的整数')
    .min(1, '限速应为1-200的整数')
    .max(200, '限速应为1-200的整数')
    .nullable()
    .optional(),
  corridorWidth: int(`偏航宽度应为${LINE_CORRIDOR_MIN_M}-${LINE_CORRIDOR_MAX_M}米`)
    .min(LINE_CORRIDOR_MIN_M, `偏航宽度应为${LINE_CORRIDOR_MIN_M}-${LINE_CORRIDOR_MAX_M}米`)
    .max(LINE_CORRIDOR_MAX_M, `偏航宽度应为${LINE_CORRIDOR_MIN_M}-${LINE_CORRIDOR_MAX_M}米`)
    .default(LINE_CORRIDOR_DEFAULT_M),
  fuelBrand: optionalText(30),
  fuelSeries: optionalText(30),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态应为0或1' }).default(1),
  remark: optionalText(200),
  stationList: stationListSchema,
});
export type LineBody = z.output<typeof lineFields>;
export type StationRowInput = z.output<typeof stationRowSchema>;

export const lineUpdateBody = lineFields.extend({
  id: z.coerce.number({ error: '线路不正确' }).int('线路不正确').positive('线路不正确'),
});

/** A saved row as the API answers it. */
export function rowView(r: LineStationRow): StationRow & { stationName?: string } {
  return {
    seq: r.seq,
    stationType: r.station_type as RowType,
    stationId: r.station_id,
    address: r.address,
    latitude: r.lat / 1e6,
    longitude: r.lon / 1e6,
    distance: r.distance / 1000,
    runningHours: r.running_hours,
    runningMins: r.running_mins,
    baiduMapProduce: r.baidu_map_produce === 1,
  };
}

/** A line as listed and found, with its team's and customer's names (LINE_SELECTION of lines.record.ts). */
export type LineWithNames = Omit<LineRow, 'merchant_id' | 'created_by' | 'deleted_at'> & {
  teamName: string | null;
  customerName: string | null;
};

/** A line as the API answers it; `rows` adds its station table and the path to draw. */
export function lineView(
  row: LineWithNames,
  rows?: LineStationRow[],
  ends?: { start: string; end: string; count: number },
) {
  const minutes = row.running_minutes;
  const view = {
    id: row.id,
    routeName: row.name,
    routeType: row.route_type,
    routeTypeName: routeTypeName(row.route_type),
    teamCode: row.team_code,
    teamName: row.teamName ?? '',
    customerId: row.customer_id,
    customerName: row.customerName ?? '',
    cargo: row.cargo ?? '',
    speedLimit: row.speed_limit === null ? null : row.speed_limit / 10,
    corridorWidth: row.corridor_width,
    fuelBrand: row.fuel_brand ?? '',
    fuelSeries: row.fuel_series ?? '',
    distance: row.distance / 1000,
    runningHours: Math.floor(minutes / 60),
    runningMins: minutes % 60,
    baiduMapProduce: row.baidu_map_produce === 1,
    status: row.status,
    statusName: row.status === 1 ? '启用' : '停用',
    remark: row.remark ?? '',
    startAddress: ends?.start ?? rows?.[0]?.address ?? '',
    endAddress: ends?.end ?? rows?.[rows.length - 1]?.address ?? '',
    stationCount: ends?.count ?? rows?.length ?? 0,
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
  if (!rows) return view;
  const stationList = rows.map(rowView);
  return {
    ...view,
    stationList,
    path: stationList.map((r) => ({ longitude: r.longitude, latitude: r.latitude })),
  };
}

/** The fields the operation log compares, as they read. */
export function lineLogForm(b: {
  name: string;
  route_type: number;
  team_code: string;
  customerName?: string | null;
  cargo: string | null;
  speed_limit: number | null;
  corridor_width: number;
  fuel_brand: string | null;
  fuel_series: string | null;
  status: number;
  remark: string | null;
  stations: string;
}) {
  return {
    routeName: b.name,
    routeType: routeTypeName(b.route_type),
    teamCode: b.team_code,
    customerId: b.customerName ?? null,
    cargo: b.cargo,
    speedLimit: b.speed_limit === null ? null : `${b.speed_limit / 10}km/h`,
    corridorWidth: `${b.corridor_width}米`,
    fuelBrand: b.fuel_brand,
    fuelSeries: b.fuel_series,
    status: b.status === 1 ? '启用' : '停用',
    remark: b.remark,
    stations: b.stations,
  };
}

/** The station table in one line of text for the log: '东胜→包头→天津港'. */
export function stationsText(rows: readonly { address: string }[]): string {
  return rows.map((r) => r.address).join('→');
}
