import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { optionalText } from '../../http/form-fields';
import { countOf } from '../../http/route';
import { pagesByIdDesc } from '../file-tasks/export-pages';
import type { ExportDef, ImportDef, ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { recordOperations } from '../operate-log/changes';
import { chunks, teamLookup } from '../teams/team-lookup';
import {
  CUSTOMER_TYPES,
  type CustomerView,
  customerFields,
  customerSelection,
  customerView,
  SETTLEMENT_TYPES,
} from './customers.fields';
import {
  CUSTOMER_CODES,
  type CustomerFilter,
  customerFilterSchema,
  customerLog,
  customerQuery,
} from './customers.routes';

/** A name of an enumeration, or its number, to the number. */
function byName(names: Readonly<Record<number, string>>, message: string) {
  return z.preprocess(
    (value) => {
      const text = typeof value === 'string' ? value.trim() : value;
      const found = Object.entries(names).find(([, name]) => name === text);
      return found ? Number(found[0]) : text;
    },
    z.coerce.number({ error: message }).refine((n) => n in names, message),
  );
}

export const customerExport: ExportDef<CustomerFilter, CustomerView> = {
  url: '/colliery/customer/export',
  method: 'POST',
  summary: '导出客户（与列表筛选条件一致）',
  access: CUSTOMER_CODES,
  input: customerFilterSchema,
  title: '客户列表',
  columns: [
    { header: '客户名称', width: 24, value: (c) => c.customerName },
    { header: '统一社会信用代码', width: 22, value: (c) => c.creditCode },
    { header: '客户类型', width: 12, value: (c) => c.customerTypeName },
    { header: '联系人', value: (c) => c.contactName },
    { header: '联系电话', width: 14, value: (c) => c.contactPhone },
    { header: '地址', width: 30, value: (c) => c.address },
    { header: '结算方式', width: 10, value: (c) => c.settlementTypeName },
    { header: '账期天数', width: 10, value: (c) => c.settlementDays },
    { header: '所属车队', width: 20, value: (c) => c.teamName },
    { header: '状态', width: 8, value: (c) => (c.valid === 1 ? '启用' : '停用') },
    { header: '备注', width: 24, value: (c) => c.remark },
    { header: '创建时间', width: 20, value: (c) => c.createTime },
  ],
  count: (db, auth, filter) => countOf(customerQuery(db, auth, filter)),
  rows: async function* (db, auth, filter, pageSize) {
    const pages = pagesByIdDesc(pageSize, (before) => {
      let q = customerQuery(db, auth, filter).select(customerSelection);
      if (before !== undefined) q = q.where('customer.id', '<', before);
      return q.orderBy('customer.id', 'desc').limit(pageSize).execute();
    });
    for await (const rows of pages) yield rows.map(customerView);
  },
};

const importRow = z
  .object({
    ...customerFields,
    customerType: byName(CUSTOMER_TYPES, '客户类型须为：发货方、收货方或发货及收货'),
    settlementType: byName(SETTLEMENT_TYPES, '结算方式须为：现结、月结或账期结算'),
    team: optionalText(36),
  })
  .refine((c) => c.settlementType !== 3 || c.settlementDays > 0, {
    message: '账期结算须填写账期天数',
    path: ['settlementDays'],
  });
type ImportRow = z.output<typeof importRow>;

export const customerImport: ImportDef<ImportRow> = {
  url: '/colliery/customer/import',
  summary: '导入客户（所属车队不填时为导入人所在车队）',
  access: CUSTOMER_CODES,
  title: '客户',
  columns: [
    { header: '客户名称', key: 'customerName', required: true, example: '示例煤业有限公司', width: 24 },
    { header: '统一社会信用代码', key: 'creditCode', example: '91150602MA0N000000', width: 22 },
    { header: '客户类型', key: 'customerType', required: true, example: '发货方', width: 12 },
    { header: '联系人', key: 'contactName', example: '王经理' },
    { header: '联系电话', key: 'contactPhone', example: '13912345678', width: 14 },
    { header: '地址', key: 'address', example: '内蒙古鄂尔多斯市东胜区', width: 30 },
    { header: '结算方式', key: 'settlementType', required: true, example: '月结', width: 12 },
    { header: '账期天数', key: 'settlementDays', example: '0', width: 10 },
    { header: '所属车队', key: 'team', example: '干线一分队', width: 20 },
    { header: '备注', key: 'remark', width: 24 },
  ],
  row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
  check: async (db, auth, rows) => {
    const lookup = await teamLookup(db, auth.scope, auth.teamCode);
    const errors: ImportRowError[] = [];
    const names = new Map<string, number>();
    const codes = new Map<string, number>();
    rows.forEach((r, i) => {
      const row = i + 2;
      const team = lookup(r.team ?? '');
      if ('error' in team) errors.push({ row, message: team.error });
      const nameRow = names.get(r.customerName);
      if (nameRow) errors.push({ row, message: `客户名称: 与第${nameRow}行重复` });
      else names.set(r.customerName, row);
      if (r.creditCode) {
        const codeRow = codes.get(r.creditCode);
        if (codeRow) errors.push({ row, message: `统一社会信用代码: 与第${codeRow}行重复` });
        else codes.set(r.creditCode, row);
      }
    });
    const takenNames = new Set<string>();
    const takenCodes = new Set<string>();
    for (const part of chunks(rows, 500)) {
      const creditCodes = part.flatMap((r) => (r.creditCode ? [r.creditCode] : []));
      const found = await db
        .selectFrom('customer')
        .select(['customer_name', 'credit_code'])
        .where('merchant_id', '=', auth.merchantId)
        .where((eb) =>
          eb.or([
            eb(
              'customer_name',
              'in',
              part.map((r) => r.customerName),
            ),
            ...(creditCodes.length ? [eb('credit_code', 'in', creditCodes)] : []),
          ]),
        )
        .execute();
      for (const f of found) {
        takenNames.add(f.customer_name);
        if (f.credit_code) takenCodes.add(f.credit_code);
      }
    }
    rows.forEach((r, i) => {
      if (takenNames.has(r.customerName)) errors.push({ row: i + 2, message: '客户名称: 该客户名称已存在' });
      if (r.creditCode && takenCodes.has(r.creditCode))
        errors.push({ row: i + 2, message: '统一社会信用代码: 已被其他客户使用' });
    });
    return errors;
  },
  write: async (tx, auth, rows, now) => {
    const lookup = await teamLookup(tx, auth.scope, auth.teamCode);
    const values = rows.map((r) => {
      const team = lookup(r.team ?? '');
      if ('error' in team) throw badInput(team.error);
      return {
        merchant_id: auth.merchantId,
        team_code: team.teamCode,
        customer_name: r.customerName,
        credit_code: r.creditCode,
        customer_type: r.customerType,
        contact_name: r.contactName,
        contact_phone: r.contactPhone,
        address: r.address,
        settlement_type: r.settlementType,
        settlement_days: r.settlementType === 3 ? r.settlementDays : 0,
        remark: r.remark,
        created_by: auth.userId,
        created_at: now,
        updated_at: now,
      };
    });
    for (const part of chunks(values, 300)) {
      const added = await tx
        .insertInto('customer')
        .values(part)
        .returning(['id', 'customer_name', 'team_code'])
        .execute();
      await recordOperations(
        tx,
        auth,
        added.map((c) => customerLog(c.id, c.team_code, `导入新增客户 ${c.customer_name}`)),
        now,
      );
    }
  },
};

export function registerCustomerSheets(app: FastifyInstance, _ctx: AppContext): void {
  registerExport(app, '客户管理', customerExport);
  registerImport(app, '客户管理', customerImport);
}
