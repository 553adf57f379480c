import { DAY_MS, formatDate, formatDateTime } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { isDateText, teamCodeField, teamCodeListField } from '../../http/form-fields';
import { inScope, teamInScope } from '../../http/scope';
import { findTeam } from '../teams/teams.repository';
import { licenseClassName } from './drivers.fields';

/** Days before a licence expires from which it counts as expiring soon. */
export const EXPIRING_DAYS = 30;

const emptyToUndefined = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value;
/** 'YYYY-MM-DD', or the day of 'YYYY-MM-DD HH:mm:ss' (what date range pickers send). */
const filterDate = z.preprocess((value) => {
  const v = emptyToUndefined(value);
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? v.slice(0, 10) : v;
}, z.string().refine(isDateText, '日期格式应为YYYY-MM-DD').optional());

/** The filter of GET /driver/list, also the input of /driver/export. */
export const driverFilterFields = {
  driverName: z.preprocess(emptyToUndefined, z.string().max(30, '最多输入30个字符').optional()),
  driverPhone: z.preprocess(emptyToUndefined, z.string().max(20, '最多输入20个字符').optional()),
  teamCode: z.preprocess(emptyToUndefined, teamCodeField.optional()),
  teamCodeList: teamCodeListField,
  licenseClass: z.preprocess(emptyToUndefined, z.string().max(10).optional()),
  licenseExpiryStart: filterDate,
  licenseExpiryEnd: filterDate,
  /** 1 licence expired, 2 expiring within 30 days. */
  expiryState: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)], { error: '证件状态不正确' }))
      .optional(),
  ),
  /** 1 on duty, 0 left. */
  status: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }))
      .optional(),
  ),
};
export const driverFilterSchema = z.object(driverFilterFields);
export type DriverFilter = z.output<typeof driverFilterSchema>;

/** Today in Shanghai, 'YYYY-MM-DD'. */
export function shanghaiToday(now: number): string {
  return formatDate(new Date(now));
}

/** Drivers of the caller's scope (not deleted) that pass the filter, with their team. */
export function driverQuery(db: Kysely<Database>, auth: AuthContext, filter: DriverFilter, now: number) {
  let q = db
    .selectFrom('driver')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'driver.merchant_id').onRef('team.team_code', '=', 'driver.team_code'),
    )
    .where(inScope(auth.scope, 'driver'))
    .where('driver.deleted_at', 'is', null);
  if (filter.driverName) q = q.where('driver.name', 'like', `%${filter.driverName}%`);
  if (filter.driverPhone) q = q.where('driver.phone', 'like', `%${filter.driverPhone}%`);
  if (filter.teamCode) q = q.where('driver.team_code', 'like', `${filter.teamCode}%`);
  if (filter.teamCodeList?.length) {
    const codes = filter.teamCodeList;
    q = q.where((eb) => eb.or(codes.map((code) => eb('driver.team_code', 'like', `${code}%`))));
  }
  if (filter.licenseClass) q = q.where('driver.license_class', '=', filter.licenseClass.toUpperCase());
  if (filter.licenseExpiryStart) q = q.where('driver.license_expiry', '>=', filter.licenseExpiryStart);
  if (filter.licenseExpiryEnd) q = q.where('driver.license_expiry', '<=', filter.licenseExpiryEnd);
  const today = shanghaiToday(now);
  if (filter.expiryState === 1) q = q.where('driver.license_expiry', '<', today);
  if (filter.expiryState === 2) {
    const soon = formatDate(new Date(now + EXPIRING_DAYS * DAY_MS));
    q = q.where('driver.license_expiry', '>=', today).where('driver.license_expiry', '<=', soon);
  }
  if (filter.status !== undefined) q = q.where('driver.status', '=', filter.status);
  return q;
}

export type DriverQuery = ReturnType<typeof driverQuery>;

/** The columns a driver row is answered with. */
export function selectDriverRows(q: DriverQuery) {
  return q.select([
    'driver.id',
    'driver.team_code',
    'driver.name',
    'driver.phone',
    'driver.id_card',
    'driver.license_class',
    'driver.license_expiry',
    'driver.qualification_no',
    'driver.qualification_expiry',
    'driver.photos',
    'driver.photos_checked_at',
    'driver.status',
    'driver.source',
    'driver.remark',
    'driver.created_at',
    'driver.updated_at',
    'team.team_name',
  ]);
}

type DriverRow = Awaited<ReturnType<ReturnType<typeof selectDriverRows>['execute']>>[number];

/** Plates of the trucks each driver is bound to (trucks not deleted). */
export async function boundPlates(db: Kysely<Database>, driverIds: readonly number[]) {
  const plates = new Map<number, string[]>();
  if (driverIds.length === 0) return plates;
  const rows = await db
    .selectFrom('truck')
    .select(['driver_id', 'car_no'])
    .where('driver_id', 'in', [...driverIds])
    .where('deleted_at', 'is', null)
    .orderBy('car_no')
    .execute();
  for (const row of rows) {
    if (row.driver_id === null) continue;
    plates.set(row.driver_id, [...(plates.get(row.driver_id) ?? []), row.car_no]);
  }
  return plates;
}

/** A driver as the API answers it. */
export function driverView(row: DriverRow, plates: readonly string[], now: number) {
  const today = shanghaiToday(now);
  const soon = formatDate(new Date(now + EXPIRING_DAYS * DAY_MS));
  const expiry = row.license_expiry;
  return {
    id: row.id,
    driverName: row.name,
    driverPhone: row.phone,
    idCard: row.id_card ?? '',
    licenseClass: row.license_class ?? '',
    licenseClassName: licenseClassName(row.license_class),
    licenseExpiry: expiry ?? '',
    /** 0 valid or unknown, 1 expired, 2 expiring within 30 days. */
    licenseState: expiry === null ? 0 : expiry < today ? 1 : expiry <= soon ? 2 : 0,
    qualificationNo: row.qualification_no ?? '',
    qualificationExpiry: row.qualification_expiry ?? '',
    photos: row.photos ?? '',
    photosChecked: row.photos === null || row.photos_checked_at !== null,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    carNo: plates.join(','),
    status: row.status,
    source: row.source,
    remark: row.remark ?? '',
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}

export type DriverView = ReturnType<typeof driverView>;

/** A driver of the caller's scope, not deleted, or 404. */
export async function findDriver(db: Kysely<Database>, auth: AuthContext, id: number) {
  const row = await db
    .selectFrom('driver')
    .selectAll()
    .where(inScope(auth.scope, 'driver'))
    .where('deleted_at', 'is', null)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('司机不存在或无权操作');
  return row;
}

/** The team must exist and lie in the caller's subtree. */
export async function checkTeam(db: Kysely<Database>, auth: AuthContext, teamCode: string) {
  if (!teamInScope(auth.scope, teamCode) || !(await findTeam(db, auth.scope, teamCode)))
    throw badInput('所属车队: 不存在或不在您的管辖范围内');
}

/**
 * Phone and national ID name one driver of the merchant (any team): the message says which is taken,
 * without showing the other record.
 */
export async function checkDriverUnique(
  db: Kysely<Database>,
  merchantId: number,
  fields: { driverPhone: string; idCard: string | null },
  exceptId?: number,
) {
  let q = db
    .selectFrom('driver')
    .select(['id', 'phone', 'id_card'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('phone', '=', fields.driverPhone),
        ...(fields.idCard ? [eb('id_card', '=', fields.idCard)] : []),
      ]),
    );
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const taken = await q.execute();
  if (taken.some((row) => row.phone === fields.driverPhone))
    throw badInput('手机号: 该手机号已被其他司机使用');
  if (fields.idCard && taken.some((row) => row.id_card === fields.idCard))
    throw badInput('身份证号: 该身份证号已被其他司机使用');
}
