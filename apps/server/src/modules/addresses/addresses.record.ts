import {
  ADDRESS_RECORD,
  ADDRESS_SOURCES as ADDRESS_SOURCE_OPTIONS,
  ADDRESS_TYPES as ADDRESS_TYPE_OPTIONS,
  contactPhoneField,
  enumRecord,
  formatDateTime,
  nameTextSchema,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalText, requiredText, teamCodeField } from '../../http/form-fields';
import { blank, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow } from '../../records/record';
import type { CommonAddressTable } from './addresses.table';

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

const TYPE_MESSAGE = `地址类型须为：${Object.values(ADDRESS_TYPES).join('、')}`;

const importRow = z.object({
  ...addressFields,
  /** By its name; empty is 其他. */
  addressType: z.preprocess(
    (value) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '') return 6;
      const found = Object.entries(ADDRESS_TYPES).find(([, name]) => name === text);
      return found ? Number(found[0]) : text;
    },
    z.coerce.number({ error: TYPE_MESSAGE }).refine((n) => n in ADDRESS_TYPES, TYPE_MESSAGE),
  ),
  team: optionalText(36),
});
type AddressImportRow = z.output<typeof importRow>;

/** The filter of /common/address/list, also the input of its export. */
const addressFilter = z.object({
  keyword: z.preprocess(blank, z.string().max(50, '最多输入50个字符').optional()),
  addressType: z.preprocess(blank, z.coerce.number().int().min(1).max(6).optional()),
  source: z.preprocess(blank, z.coerce.number().int().min(1).max(3).optional()),
  teamCode: teamFilter,
});
type AddressFilter = z.output<typeof addressFilter>;

type AddressRow = ListedRow<CommonAddressTable>;

/** An address as the API answers it: WGS-84 degrees. */
function addressView(row: AddressRow) {
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
type AddressView = ReturnType<typeof addressView>;

/** 新增地址 天津港（天津市滨海新区…）. */
const named = (c: Record<string, unknown>) => `${c.name}（${c.address}）`;

/**
 * 常用地址: reference data shared down the team tree, deleted softly; `source` tells whether it was
 * entered (1), imported (2) or marked from a safety page (3, `mark-address.routes.ts`).
 */
export const addressRecord = defineRecord<AddressForm, AddressFilter, AddressView, AddressImportRow>({
  meta: ADDRESS_RECORD,
  tag: '常用地址',
  summaries: {
    page: '常用地址分页：关键字（名称或地址）、地址类型、来源、车队；坐标为 WGS-84',
    add: '新增常用地址（在地图上选点，WGS-84）',
    edit: '修改常用地址（操作日志记录改了什么）',
    delete: '删除常用地址（可批量）',
    export: '导出常用地址（与列表筛选条件一致）',
    import: '导入常用地址（经纬度为 WGS-84；所属车队不填时为导入人所在车队）',
  },
  joins: withTeamName('common_address'),
  selection: [
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
  ],
  view: addressView,
  filter: {
    schema: addressFilter,
    apply: (q, f) => {
      if (f.keyword) {
        const like = `%${f.keyword}%`;
        q = q.where((eb) =>
          eb.or([eb('common_address.name', 'like', like), eb('common_address.address', 'like', like)]),
        );
      }
      if (f.addressType) q = q.where('common_address.address_type', '=', f.addressType);
      if (f.source) q = q.where('common_address.source', '=', f.source);
      if (f.teamCode) q = q.where('common_address.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: addressFormSchema,
    columns: addressColumns,
    addColumns: { source: 1 },
    /** Coordinates in degrees, the type by its name. */
    logFields: (c) => ({
      name: c.name,
      address: c.address,
      lng: fromMicro(c.lon as number).toFixed(6),
      lat: fromMicro(c.lat as number).toFixed(6),
      addressType: ADDRESS_TYPES[c.address_type as number],
      contactName: c.contact_name,
      contactPhone: c.contact_phone,
      teamCode: c.team_code,
      remark: c.remark,
    }),
    addedText: named,
  },
  export: {
    title: '常用地址',
    columns: [
      { header: '地址名称', width: 20, value: (a) => a.name },
      { header: '详细地址', width: 36, value: (a) => a.address },
      { header: '经度', width: 12, value: (a) => a.lng.toFixed(6) },
      { header: '纬度', width: 12, value: (a) => a.lat.toFixed(6) },
      { header: '地址类型', width: 10, value: (a) => a.addressTypeName },
      { header: '联系人', value: (a) => a.contactName },
      { header: '联系电话', width: 14, value: (a) => a.contactPhone },
      { header: '所属车队', width: 20, value: (a) => a.teamName },
      { header: '来源', width: 10, value: (a) => a.sourceName },
      { header: '备注', width: 24, value: (a) => a.remark },
      { header: '创建时间', width: 20, value: (a) => a.createTime },
    ],
  },
  import: {
    title: '常用地址',
    columns: [
      { header: '地址名称', key: 'name', required: true, example: '天津港南疆码头', width: 20 },
      { header: '详细地址', key: 'address', required: true, example: '天津市滨海新区南疆港路', width: 36 },
      { header: '经度', key: 'lng', required: true, example: '117.773201', width: 12 },
      { header: '纬度', key: 'lat', required: true, example: '38.968105', width: 12 },
      { header: '地址类型', key: 'addressType', example: '卸货地', width: 10 },
      { header: '联系人', key: 'contactName', example: '陈调度' },
      { header: '联系电话', key: 'contactPhone', example: '13912345678', width: 14 },
      { header: '所属车队', key: 'team', example: '干线一分队', width: 20 },
      { header: '备注', key: 'remark', width: 24 },
    ],
    row: importRow,
    toForm: ({ team: _team, ...row }, teamCode) => ({ ...row, teamCode }),
    addColumns: { source: 2 },
  },
});
