import { DAY_MS, FUEL_TYPES, fuelTypeName, parseDateTime } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { dayNumber, periodText } from '../../records/period-sums';

// The reads of every fuel, mileage and energy report: sums of truck_day rows of the caller's scope
// over a period, grouped by truck, driver, team, series or day, each group also by the unit of the
// trucks' fuel type (a team with diesel and electric trucks has an L row and a kWh row).

type Db = Kysely<Database>;

export const PERIOD_MAX_DAYS = 366;
export const TRUCK_MISSING = '车辆不存在或无权操作';
export const DRIVER_MISSING = '司机不存在或无权操作';
export const LINE_MISSING = '线路不存在或无权操作';

export const LABELS = {
  startDate: '开始日期',
  endDate: '结束日期',
  teamCode: '所属车队',
  truckId: '车辆',
  carNo: '车牌号',
  driverId: '司机',
  lineId: '线路',
  fuelType: '燃料类型',
  series: '车系',
  groupBy: '统计维度',
};

const optionalId = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).positive(message).optional());

/** The period and filters every report takes. */
export const periodFields = {
  startDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  endDate: z.preprocess(blank, z.string().refine(isDateText, DATE_MESSAGE).optional()),
  teamCode: teamFilter,
  truckId: optionalId('车辆不正确'),
  carNo: z.preprocess(blank, z.string().max(20, '最多20个字符').optional()),
  driverId: optionalId('司机不正确'),
  fuelType: optionalId('燃料类型不正确'),
  series: z.preprocess(blank, z.string().max(30, '最多30个字符').optional()),
};

export function checkPeriod(f: { startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  const start = parseDateTime(f.startDate)?.getTime() ?? 0;
  const end = parseDateTime(f.endDate)?.getTime() ?? 0;
  if (f.endDate < f.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  else if ((end - start) / DAY_MS + 1 > PERIOD_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `统计时间跨度不能超过${PERIOD_MAX_DAYS}天` });
}

/** 'YYYY-MM-DD' of an instant in Shanghai. */
const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The period as sent, or by default the last 31 days to today (a missing end is today, a missing
 * start 30 days before the end).
 */
export function fillPeriod<T extends { startDate?: string; endDate?: string }>(
  f: T,
): T & { startDate: string; endDate: string } {
  const endDate = f.endDate ?? dateOf(Date.now());
  const startDate = f.startDate ?? dateOf((parseDateTime(endDate) as Date).getTime() - 30 * DAY_MS);
  return { ...f, startDate, endDate };
}

/** A report's filter: the period fields and `shape`, the period filled and checked. */
export function withPeriod<S extends z.ZodRawShape>(shape: S) {
  const object = z.object({ ...periodFields, ...shape });
  type In = z.output<typeof object> & { startDate?: string; endDate?: string };
  return object.transform((f) => fillPeriod(f as In)).superRefine(checkPeriod);
}

export const periodFilter = withPeriod({});
export type PeriodFilter = z.output<typeof periodFilter>;

/** The truck of a request in the caller's scope, or TRUCK_MISSING. */
export async function scopedTruck(db: Db, auth: AuthContext, id: number) {
  const truck = await db
    .selectFrom('truck')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'truck.merchant_id').onRef('team.team_code', '=', 'truck.team_code'),
    )
    .select([
      'truck.id',
      'truck.car_no',
      'truck.vin',
      'truck.series',
      'truck.fuel_type',
      'truck.team_code',
      'team.team_name',
    ])
    .where(inScope(auth.scope, 'truck'))
    .where('truck.deleted_at', 'is', null)
    .where('truck.id', '=', id)
    .executeTakeFirst();
  if (!truck) throw notFound(TRUCK_MISSING);
  return truck;
}

/** The ids a filter names (truck, driver, team) are in the caller's scope. */
export async function checkFilterScope(db: Db, auth: AuthContext, f: Partial<PeriodFilter>): Promise<void> {
  if (f.truckId !== undefined) await scopedTruck(db, auth, f.truckId);
  if (f.driverId !== undefined) {
    const d = await db
      .selectFrom('driver')
      .select('id')
      .where(inScope(auth.scope, 'driver'))
      .where('id', '=', f.driverId)
      .executeTakeFirst();
    if (!d) throw notFound(DRIVER_MISSING);
  }
  if (
    f.teamCode &&
    !f.teamCode.startsWith(auth.scope.teamCode) &&
    !auth.scope.teamCode.startsWith(f.teamCode)
  )
    throw badInput(`${LABELS.teamCode}: 不存在或不在您的管辖范围内`);
}

export type GroupBy = 'truck' | 'driver' | 'team' | 'series' | 'day' | 'driverDay' | 'unit';

export interface Sums {
  mileage: number;
  fuelUsed: number;
  driveSeconds: number;
  trips: number;
  refuel: number;
  drain: number;
  trucks: number;
  days: number;
}

export interface Group extends Sums {
  truckId: number | null;
  driverId: number | null;
  teamCode: string | null;
  series: string | null;
  day: number | null;
  /** The unit of the group's trucks' fuel type, and (for a truck) the type. */
  unit: string;
  fuelType: number | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** The unit of truck `t`'s fuel type, in SQL (literals, so that select and group by are the same). */
const UNIT_SQL = sql.raw(
  `case t.fuel_type ${FUEL_TYPES.filter((f) => f.unit !== 'L')
    .map((f) => `when ${Number(f.type)} then '${f.unit.replace(/'/g, '')}'`)
    .join(' ')} else 'L' end`,
);

const KEYS = {
  truck: ['d.truck_id', 't.car_no', 't.fuel_type'],
  driver: ['d.driver_id'],
  team: ['d.team_code'],
  series: ['t.series'],
  day: ['d.day'],
  driverDay: ['d.day', 'd.driver_id'],
  unit: [],
} as const;
const ORDER = {
  truck: ['t.car_no', 'd.truck_id'],
  driver: ['d.driver_id'],
  team: ['d.team_code'],
  series: ['t.series'],
  day: ['d.day'],
  driverDay: ['d.day', 'd.driver_id'],
  unit: [],
} as const;

/** The filtered truck_day rows of the caller's scope grouped by `by` and unit, with their sums. */
function grouped(db: Db, auth: AuthContext, f: PeriodFilter, by: GroupBy) {
  let q = db
    .selectFrom('truck_day as d')
    .innerJoin('truck as t', 't.id', 'd.truck_id')
    .where(inScope(auth.scope, 'd'))
    .where('d.day', '>=', dayNumber(f.startDate))
    .where('d.day', '<=', dayNumber(f.endDate));
  if (f.teamCode) q = q.where('d.team_code', 'like', `${f.teamCode}%`);
  if (f.truckId !== undefined) q = q.where('d.truck_id', '=', f.truckId);
  if (f.carNo) q = q.where('t.car_no', 'like', `%${f.carNo}%`);
  if (f.driverId !== undefined) q = q.where('d.driver_id', '=', f.driverId);
  if (f.fuelType !== undefined) q = q.where('t.fuel_type', '=', f.fuelType);
  if (f.series) q = q.where('t.series', '=', f.series);
  const keys = KEYS[by];
  return q
    .select(keys)
    .select((eb) => [
      UNIT_SQL.as('unit'),
      eb.fn.sum<number>('d.mileage').as('mileage'),
      eb.fn.sum<number>('d.fuel_used').as('fuel_used'),
      eb.fn.sum<number>('d.drive_seconds').as('drive_seconds'),
      eb.fn.sum<number>('d.trips').as('trips'),
      eb.fn.sum<number>('d.refuel').as('refuel'),
      eb.fn.sum<number>('d.drain').as('drain'),
      eb.fn.count<number>('d.truck_id').distinct().as('trucks'),
      eb.fn.count<number>('d.day').distinct().as('days'),
    ])
    .groupBy([...keys, UNIT_SQL]);
}

/**
 * The sums of the filtered truck_day rows of the caller's scope by `by` and fuel unit (a day's or
 * driver's rows of trucks of different units are separate groups), in the report's order; one page
 * of them when `page` is given.
 */
export async function sumTruckDays(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  by: GroupBy,
  page?: { pageNum: number; pageSize: number },
): Promise<Group[]> {
  let q = grouped(db, auth, f, by);
  for (const column of ORDER[by]) q = q.orderBy(column);
  q = q.orderBy(sql.ref('unit'));
  if (page) q = q.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  const rows = (await q.execute()) as unknown as Record<string, unknown>[];
  return rows.map((r) => ({
    truckId: r.truck_id === undefined ? null : num(r.truck_id),
    driverId: r.driver_id === undefined ? null : num(r.driver_id),
    teamCode: r.team_code === undefined ? null : String(r.team_code),
    series: r.series === undefined ? null : ((r.series as string | null) ?? ''),
    day: r.day === undefined ? null : num(r.day),
    unit: String(r.unit),
    fuelType: r.fuel_type === undefined ? null : num(r.fuel_type),
    mileage: num(r.mileage),
    fuelUsed: num(r.fuel_used),
    driveSeconds: num(r.drive_seconds),
    trips: num(r.trips),
    refuel: num(r.refuel),
    drain: num(r.drain),
    trucks: num(r.trucks),
    days: num(r.days),
  }));
}

/** How many groups `sumTruckDays` answers without paging. */
export async function countGroups(db: Db, auth: AuthContext, f: PeriodFilter, by: GroupBy): Promise<number> {
  const row = await db
    .selectFrom(grouped(db, auth, f, by).as('g'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const tenth = (n: number) => Math.round(n) / 10;

/** Litres per 100 km (or the unit's), two decimals; null without mileage. */
export function per100(fuelTenths: number, mileageTenths: number): number | null {
  return mileageTenths > 0 ? Math.round((fuelTenths / mileageTenths) * 10000) / 100 : null;
}

/** The figures of a group as the API answers them: km and the unit with one decimal. */
export function figures(g: Sums & { unit: string }) {
  return {
    unit: g.unit,
    per100Unit: `${g.unit}/百公里`,
    mileage: tenth(g.mileage),
    fuelUsed: tenth(g.fuelUsed),
    per100Km: per100(g.fuelUsed, g.mileage),
    driveHours: Math.round(g.driveSeconds / 360) / 10,
    trips: g.trips,
    refuel: tenth(g.refuel),
    drain: tenth(g.drain),
  };
}

/** Names of trucks, drivers and teams of the groups, read once. */
export async function names(db: Db, auth: AuthContext, groups: readonly Group[]) {
  const truckIds = [...new Set(groups.flatMap((g) => (g.truckId ? [g.truckId] : [])))];
  const driverIds = [...new Set(groups.flatMap((g) => (g.driverId ? [g.driverId] : [])))];
  const trucks = new Map<
    number,
    { carNo: string; vin: string; series: string; fuelType: number; teamCode: string; teamName: string }
  >();
  for (let i = 0; i < truckIds.length; i += 1000) {
    const rows = await db
      .selectFrom('truck')
      .leftJoin('team', (j) =>
        j.onRef('team.merchant_id', '=', 'truck.merchant_id').onRef('team.team_code', '=', 'truck.team_code'),
      )
      .select([
        'truck.id',
        'truck.car_no',
        'truck.vin',
        'truck.series',
        'truck.fuel_type',
        'truck.team_code',
        'team.team_name',
      ])
      .where('truck.merchant_id', '=', auth.merchantId)
      .where('truck.id', 'in', truckIds.slice(i, i + 1000))
      .execute();
    for (const r of rows)
      trucks.set(r.id, {
        carNo: r.car_no,
        vin: r.vin,
        series: r.series ?? '',
        fuelType: r.fuel_type,
        teamCode: r.team_code,
        teamName: r.team_name ?? '',
      });
  }
  const drivers = new Map<number, { name: string; phone: string }>();
  for (let i = 0; i < driverIds.length; i += 1000) {
    const rows = await db
      .selectFrom('driver')
      .select(['id', 'name', 'phone'])
      .where('merchant_id', '=', auth.merchantId)
      .where('id', 'in', driverIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) drivers.set(r.id, { name: r.name, phone: r.phone });
  }
  const teamRows = await db
    .selectFrom('team')
    .select(['team_code', 'team_name'])
    .where('merchant_id', '=', auth.merchantId)
    .execute();
  const teams = new Map(teamRows.map((t) => [t.team_code, t.team_name]));
  return { trucks, drivers, teams };
}

export const dayText = (day: number) => periodText(day, 'day');
export { fuelTypeName };
