import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { optionalText } from '../../http/form-fields';
import { countOf } from '../../http/route';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import type { ExportDef, ImportDef } from '../file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { recordOperations } from '../operate-log/changes';
import { chunks, teamLookup } from '../teams/team-lookup';
import {
  ADDRESS_TYPES,
  type AddressView,
  addressFields,
  addressSelection,
  addressView,
  toMicro,
} from './addresses.fields';
import {
  ADDRESS_CODES,
  type AddressFilter,
  addressFilterSchema,
  addressLog,
  addressQuery,
} from './addresses.routes';

export const addressExport: ExportDef<AddressFilter, AddressView> = {
  url: '/common/address/export',
  method: 'POST',
  summary: '导出常用地址（与列表筛选条件一致）',
  access: ADDRESS_CODES,
  input: addressFilterSchema,
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
  count: (db, auth, filter) => countOf(addressQuery(db, auth, filter)),
  rows: async function* (db, auth, filter, pageSize) {
    const pages = pagesByIdDesc(pageSize, (before) => {
      let q = addressQuery(db, auth, filter).select(addressSelection);
      if (before !== undefined) q = q.where('common_address.id', '<', before);
      return q.orderBy('common_address.id', 'desc').limit(pageSize).execute();
    });
    for await (const rows of pages) yield rows.map(addressView);
  },
};

const TYPE_MESSAGE = `地址类型须为：${Object.values(ADDRESS_TYPES).join('、')}`;

const importRow = z.object({
  ...addressFields,
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
type ImportRow = z.output<typeof importRow>;

export const addressImport: ImportDef<ImportRow> = {
  url: '/common/address/import',
  summary: '导入常用地址（经纬度为 WGS-84；所属车队不填时为导入人所在车队）',
  access: ADDRESS_CODES,
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
  row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
  check: async (db, auth, rows) => {
    const lookup = await teamLookup(db, auth.scope, auth.teamCode);
    return rows.flatMap((r, i) => {
      const team = lookup(r.team ?? '');
      return 'error' in team ? [{ row: i + 2, message: team.error }] : [];
    });
  },
  write: async (tx, auth, rows, now) => {
    const lookup = await teamLookup(tx, auth.scope, auth.teamCode);
    const values = rows.map((r) => {
      const team = lookup(r.team ?? '');
      if ('error' in team) throw badInput(team.error);
      return {
        merchant_id: auth.merchantId,
        team_code: team.teamCode,
        name: r.name,
        address: r.address,
        lat: toMicro(r.lat),
        lon: toMicro(r.lng),
        address_type: r.addressType,
        contact_name: r.contactName,
        contact_phone: r.contactPhone,
        remark: r.remark,
        source: 2,
        created_by: auth.userId,
        created_at: now,
        updated_at: now,
      };
    });
    for (const part of chunks(values, 300)) {
      const added = await tx
        .insertInto('common_address')
        .values(part)
        .returning(['id', 'name', 'address', 'team_code'])
        .execute();
      await recordOperations(
        tx,
        auth,
        added.map((a) => addressLog(a.id, a.team_code, `导入新增地址 ${a.name}（${a.address}）`)),
        now,
      );
    }
  },
};

export function registerAddressSheets(app: FastifyInstance, _ctx: AppContext): void {
  registerExport(app, '常用地址', addressExport);
  registerImport(app, '常用地址', addressImport);
}
