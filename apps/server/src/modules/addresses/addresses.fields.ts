import {
  ADDRESS_SOURCES as ADDRESS_SOURCE_OPTIONS,
  ADDRESS_TYPES as ADDRESS_TYPE_OPTIONS,
  contactPhoneField,
  enumRecord,
  formatDateTime,
  nameTextSchema,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { optionalText, requiredText, teamCodeField } from '../../http/form-fields';
import { inReferenceScope } from '../../http/scope';

export const ADDRESS_TYPES = enumRecord(ADDRESS_TYPE_OPTIONS);
export const ADDRESS_SOURCES = enumRecord(ADDRESS_SOURCE_OPTIONS);

export const LNG_MESSAGE = '经度须在73至136之间（中国境内）';
export const LAT_MESSAGE = '纬度须在3至54之间（中国境内）';

/** WGS-84 degrees within China's extent, kept to 6 decimals (about 0.1 m). */
export const lngField = z.coerce
  .number({ error: '请在地图上选择位置' })
  .min(73, LNG_MESSAGE)
  .max(136, LNG_MESSAGE)
  .transform((v) => Math.round(v * 1e6) / 1e6);
export const latField = z.coerce
  .number({ error: '请在地图上选择位置' })
  .min(3, LAT_MESSAGE)
  .max(54, LAT_MESSAGE)
  .transform((v) => Math.round(v * 1e6) / 1e6);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export const addressFields = {
  name: z.preprocess(trimmed, nameTextSchema),
  address: requiredText(100, '请输入详细地址'),
  lng: lngField,
  lat: latField,
  addressType: z.coerce
    .number({ error: '请选择地址类型' })
    .refine((n) => n in ADDRESS_TYPES, '请选择地址类型'),
  contactName: optionalText(30),
  contactPhone: contactPhoneField,
  remark: optionalText(200),
};

export const addressFormSchema = z.object({ ...addressFields, teamCode: teamCodeField });
export type AddressForm = z.output<typeof addressFormSchema>;

export const ADDRESS_LABELS: Record<string, string> = {
  id: '地址',
  name: '地址名称',
  address: '详细地址',
  lng: '经度',
  lat: '纬度',
  addressType: '地址类型',
  contactName: '联系人',
  contactPhone: '联系电话',
  teamCode: '所属车队',
  remark: '备注',
};

export const toMicro = (degrees: number) => Math.round(degrees * 1e6);
export const fromMicro = (micro: number) => micro / 1e6;

export function addressColumns(form: AddressForm) {
  return {
    team_code: form.teamCode,
    name: form.name,
    address: form.address,
    lat: toMicro(form.lat),
    lon: toMicro(form.lng),
    address_type: form.addressType,
    contact_name: form.contactName,
    contact_phone: form.contactPhone,
    remark: form.remark,
  };
}

/** An address's fields for the log (coordinates in degrees, the type by its name). */
export function addressLogFields(row: ReturnType<typeof addressColumns>): Record<string, unknown> {
  return {
    name: row.name,
    address: row.address,
    lng: fromMicro(row.lon).toFixed(6),
    lat: fromMicro(row.lat).toFixed(6),
    addressType: ADDRESS_TYPES[row.address_type],
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    teamCode: row.team_code,
    remark: row.remark,
  };
}

/**
 * Addresses the caller may see and pick, not deleted, with their team name: its subtree's and those of
 * the teams above (common addresses are reference data; changing one stays with its own subtree).
 */
export function addressBase(db: Kysely<Database>, auth: AuthContext) {
  return db
    .selectFrom('common_address')
    .leftJoin('team', (j) =>
      j
        .onRef('team.merchant_id', '=', 'common_address.merchant_id')
        .onRef('team.team_code', '=', 'common_address.team_code'),
    )
    .where(inReferenceScope(auth.scope, 'common_address'))
    .where('common_address.deleted_at', 'is', null);
}

export const addressSelection = [
  'common_address.id',
  'common_address.team_code',
  'common_address.name',
  'common_address.address',
  'common_address.lat',
  'common_address.lon',
  'common_address.address_type',
  'common_address.contact_name',
  'common_address.contact_phone',
  'common_address.remark',
  'common_address.source',
  'common_address.created_at',
  'common_address.updated_at',
  'team.team_name',
] as const;

type AddressRow = ReturnType<typeof addressColumns> & {
  id: number;
  source: number;
  created_at: number;
  updated_at: number;
  team_name: string | null;
};

/** An address as the API answers it: WGS-84 degrees. */
export function addressView(row: AddressRow) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    lng: fromMicro(row.lon),
    lat: fromMicro(row.lat),
    addressType: row.address_type,
    addressTypeName: ADDRESS_TYPES[row.address_type] ?? '-',
    contactName: row.contact_name ?? '',
    contactPhone: row.contact_phone ?? '',
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    source: row.source,
    sourceName: ADDRESS_SOURCES[row.source] ?? '-',
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}

export type AddressView = ReturnType<typeof addressView>;
