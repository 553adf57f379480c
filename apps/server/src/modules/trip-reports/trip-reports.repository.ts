import { formatDateTime, parseDateTime } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { DATE_TIME_MESSAGE, idField, optionalDateTime, optionalText } from '../../http/form-fields';
import { paging } from '../../http/route';
import { inScope } from '../../http/scope';
import { oneDecimal } from '../oil-saving/oil-saving.analysis';

// 行程报告: trips reported by drivers or imported, each compared with the trips the truck recorded
// in the same window (trips overlapping departure to arrival): recorded mileage and fuel, the
// differences, and a flag when either differs from the recorded figure by more than 10 %.

type Db = Kysely<Database>;

/** Reported against recorded: beyond this share of the recorded figure the report is flagged. */
export const REPORT_TOLERANCE = 0.1;
export const REPORT_MISSING = '行程报告不存在或无权操作';
export const SOURCES = [
  { value: 1, label: '司机上报' },
  { value: 2, label: '导入' },
] as const;

export const LABELS = {
  truckId: '车辆',
  driverId: '司机',
  lineId: '线路',
  departTime: '出发时间',
  arriveTime: '到达时间',
  mileage: '上报里程',
  fuel: '上报油耗',
  cargoTons: '载货吨数',
  remark: '备注',
  source: '来源',
  importId: '导入批次',
  onlyAbnormal: '只看异常',
};

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const requiredTime = (required: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: required })
      .min(1, required)
      .transform((text, ctx) => {
        const date = parseDateTime(text);
        if (date) return date.getTime();
        ctx.addIssue({ code: 'custom', message: DATE_TIME_MESSAGE });
        return z.NEVER;
      }),
  );

/** A decimal of at most `decimals` places between min and max, from JSON or a sheet's text. */
function decimalNumber(required: string, min: number, max: number, decimals: number) {
  const scale = 10 ** decimals;
  const range = `应为${min}至${max}之间的数字，最多${decimals}位小数`;
  return z
    .number({ error: required })
    .min(min, range)
    .max(max, range)
    .refine((n) => Math.abs(n * scale - Math.round(n * scale)) < 1e-6, range);
}

const toNumber = (v: unknown) => {
  const t = blank(v);
  if (t === '' || t === null || t === undefined) return undefined;
  return typeof t === 'string' ? (Number.isNaN(Number(t)) ? t : Number(t)) : t;
};

const decimal = (required: string, min: number, max: number, decimals: number) =>
  z.preprocess(toNumber, decimalNumber(required, min, max, decimals));
const optionalDecimal = (min: number, max: number, decimals: number) =>
  z.preprocess(toNumber, decimalNumber('应为数字', min, max, decimals).optional());

/** The fields of a trip report (entered or imported, before names are resolved to ids). */
export const reportFields = {
  departTime: requiredTime('请选择出发时间'),
  arriveTime: requiredTime('请选择到达时间'),
  mileage: decimal('请输入上报里程', 0.1, 5000, 1),
  fuel: decimal('请输入上报油耗', 0, 3000, 1),
  cargoTons: optionalDecimal(0, 200, 3),
  remark: optionalText(200),
};

export const arriveAfterDepart = (f: { departTime: number; arriveTime: number }, ctx: z.RefinementCtx) => {
  if (f.arriveTime <= f.departTime)
    ctx.addIssue({ code: 'custom', path: ['arriveTime'], message: '到达时间应晚于出发时间' });
  else if (f.arriveTime - f.departTime > 7 * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['arriveTime'], message: '一趟行程不能超过7天' });
};

export const reportForm = z
  .object({
    id: idField(REPORT_MISSING).optional(),
    truckId: idField('请选择车辆'),
    driverId: idField('司机不正确').optional().nullable(),
    lineId: idField('线路不正确').optional().nullable(),
    ...reportFields,
  })
  .superRefine(arriveAfterDepart);
export type ReportForm = z.output<typeof reportForm>;

export const reportFilter = z.object({
  truckId: idField('车辆不正确').optional(),
  driverId: idField('司机不正确').optional(),
  lineId: idField('线路不正确').optional(),
  startTime: optionalDateTime,
  endTime: optionalDateTime,
  source: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: '来源应为1（司机上报）或2（导入）' })
      .refine((n) => n === 1 || n === 2, '来源应为1（司机上报）或2（导入）')
      .optional(),
  ),
  importId: idField('导入批次不正确').optional().meta({ title: '导入批次' }),
  onlyAbnormal: z
    .preprocess(
      (v) =>
        v === 'true' || v === 1 || v === '1'
          ? true
          : v === 'false' || v === 0 || v === '0' || v === ''
            ? false
            : v,
      z.boolean({ error: '应为true或false' }).default(false),
    )
    .meta({ title: '只看异常' }),
});
export type ReportFilter = z.output<typeof reportFilter>;
export const reportListBody = reportFilter.extend(paging);

export function filteredReports(db: Db, auth: AuthContext, f: ReportFilter) {
  let q = db
    .selectFrom('trip_report as r')
    .innerJoin('truck', 'truck.id', 'r.truck_id')
    .leftJoin('driver', 'driver.id', 'r.driver_id')
    .leftJoin('line', 'line.id', 'r.line_id')
    .where(inScope(auth.scope, 'r'));
  if (f.truckId) q = q.where('r.truck_id', '=', f.truckId);
  if (f.driverId) q = q.where('r.driver_id', '=', f.driverId);
  if (f.lineId) q = q.where('r.line_id', '=', f.lineId);
  if (f.startTime !== null) q = q.where('r.depart_at', '>=', f.startTime);
  if (f.endTime !== null) q = q.where('r.depart_at', '<=', f.endTime);
  if (f.source) q = q.where('r.source', '=', f.source);
  if (f.importId) q = q.where('r.import_id', '=', f.importId);
  return q;
}

export const reportSelection = [
  'r.id',
  'r.team_code',
  'r.truck_id',
  'r.driver_id',
  'r.line_id',
  'r.depart_at',
  'r.arrive_at',
  'r.mileage',
  'r.fuel',
  'r.cargo_kg',
  'r.remark',
  'r.source',
  'r.import_id',
  'r.edited',
  'r.created_at',
  'r.updated_at',
  'truck.car_no',
  'driver.name as driver_name',
  'line.name as line_name',
] as const;

export interface ReportRow {
  id: number;
  team_code: string;
  truck_id: number;
  driver_id: number | null;
  line_id: number | null;
  depart_at: number;
  arrive_at: number;
  mileage: number;
  fuel: number;
  cargo_kg: number | null;
  remark: string | null;
  source: number;
  import_id: number | null;
  edited: number;
  created_at: number;
  updated_at: number;
  car_no: string;
  driver_name: string | null;
  line_name: string | null;
}

export interface RecordedTrip {
  id: number;
  truck_id: number;
  start_time: number;
  end_time: number | null;
  mileage: number;
  fuel_used: number | null;
}

/** The recorded trips of the reports' trucks that overlap any report's window. */
export async function recordedTrips(db: Db, reports: readonly ReportRow[]): Promise<RecordedTrip[]> {
  if (reports.length === 0) return [];
  const trucks = [...new Set(reports.map((r) => r.truck_id))];
  const from = Math.min(...reports.map((r) => Number(r.depart_at)));
  const to = Math.max(...reports.map((r) => Number(r.arrive_at)));
  const found: RecordedTrip[] = [];
  for (let i = 0; i < trucks.length; i += 500) {
    found.push(
      ...(await db
        .selectFrom('trip')
        .select(['id', 'truck_id', 'start_time', 'end_time', 'mileage', 'fuel_used'])
        .where('truck_id', 'in', trucks.slice(i, i + 500))
        .where('start_time', '<', to)
        .where(sql<boolean>`coalesce(end_time, start_time) > ${from}`)
        .orderBy('start_time')
        .execute()),
    );
  }
  return found;
}

export const overlaps = (t: RecordedTrip, r: ReportRow) =>
  Number(t.start_time) < Number(r.arrive_at) && Number(t.end_time ?? t.start_time) > Number(r.depart_at);

const diffShare = (reported: number, recorded: number) =>
  recorded > 0 ? (reported - recorded) / recorded : reported > 0 ? Infinity : 0;

/** A report as the API answers it, compared with the recorded trips. */
export function reportView(r: ReportRow, trips: readonly RecordedTrip[]) {
  const mine = trips.filter((t) => t.truck_id === r.truck_id && overlaps(t, r));
  const recMileage = mine.reduce((s, t) => s + Number(t.mileage), 0);
  const recFuel = mine.reduce((s, t) => s + Number(t.fuel_used ?? 0), 0);
  const mileageShare = diffShare(Number(r.mileage), recMileage);
  const fuelShare = diffShare(Number(r.fuel), recFuel);
  const abnormal =
    mine.length === 0 ||
    Math.abs(mileageShare) > REPORT_TOLERANCE + 1e-9 ||
    Math.abs(fuelShare) > REPORT_TOLERANCE + 1e-9;
  const pct = (share: number) => (Number.isFinite(share) ? oneDecimal(share * 100) : null);
  return {
    id: r.id,
    teamCode: r.team_code,
    truckId: r.truck_id,
    carNo: r.car_no,
    driverId: r.driver_id,
    driverName: r.driver_name ?? '',
    lineId: r.line_id,
    lineName: r.line_name ?? '',
    departTime: formatDateTime(new Date(Number(r.depart_at))),
    arriveTime: formatDateTime(new Date(Number(r.arrive_at))),
    mileage: Number(r.mileage) / 10,
    fuel: Number(r.fuel) / 10,
    cargoTons: r.cargo_kg === null ? null : Number(r.cargo_kg) / 1000,
    remark: r.remark ?? '',
    source: r.source,
    sourceName: SOURCES.find((s) => s.value === r.source)?.label ?? '',
    importId: r.import_id,
    edited: r.edited === 1,
    recordedTrips: mine.length,
    recordedMileage: oneDecimal(recMileage / 10) as number,
    recordedFuel: oneDecimal(recFuel / 10) as number,
    mileageDiff: oneDecimal((Number(r.mileage) - recMileage) / 10) as number,
    fuelDiff: oneDecimal((Number(r.fuel) - recFuel) / 10) as number,
    mileageDiffRate: pct(mileageShare),
    fuelDiffRate: pct(fuelShare),
    abnormal,
    abnormalName: mine.length === 0 ? '无记录行程' : abnormal ? '差异超10%' : '一致',
    createTime: formatDateTime(new Date(Number(r.created_at))),
  };
}
export type ReportView = ReturnType<typeof reportView>;

/** Every filtered report compared, newest departure first (abnormal-only lists and exports). */
export async function comparedReports(db: Db, auth: AuthContext, f: ReportFilter, limit = 20_000) {
  const rows = (await filteredReports(db, auth, f)
    .select([...reportSelection])
    .orderBy('r.depart_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute()) as ReportRow[];
  const trips = await recordedTrips(db, rows);
  const views = rows.map((r) => reportView(r, trips));
  return f.onlyAbnormal ? views.filter((v) => v.abnormal) : views;
}
