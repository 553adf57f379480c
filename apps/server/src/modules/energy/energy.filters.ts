import { DAY_MS, parseDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { DATE_MESSAGE, isDateText } from '../../http/form-fields';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';

// The period and filters every fuel, mileage and energy report takes, their Chinese labels, and the
// check that the truck, driver and team they name are in the caller's scope.

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
