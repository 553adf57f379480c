import {
  CREDIT_CODE_MESSAGE,
  CUSTOMER_RECORD,
  CUSTOMER_TYPES as CUSTOMER_TYPE_OPTIONS,
  contactPhoneField,
  enumRecord,
  formatDateTime,
  isCreditCode,
  nameTextSchema,
  SETTLEMENT_TYPES as SETTLEMENT_TYPE_OPTIONS,
} from '@fleet/domain';
import { z } from 'zod';
import { optionalText, teamCodeField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { blank, enabledFilter, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow } from '../../records/record';
import { filteredRows } from '../../records/repository';
import { enumCell } from '../../records/sheets';
import type { CustomerTable } from './customers.table';

export const CUSTOMER_TYPES = enumRecord(CUSTOMER_TYPE_OPTIONS);
export const SETTLEMENT_TYPES = enumRecord(SETTLEMENT_TYPE_OPTIONS);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Unified social credit code, upper-cased; '' and missing become null. */
const optionalCreditCode = z.preprocess(
  (value) => (value === undefined || value === null ? '' : trimmed(value)),
  z
    .string({ error: CREDIT_CODE_MESSAGE })
    .transform((text) => text.toUpperCase())
    .refine((text) => text === '' || isCreditCode(text), CREDIT_CODE_MESSAGE)
    .transform((text) => text || null),
);

const typeField = (message: string) =>
  z.coerce
    .number({ error: message })
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: message }));

/** The fields of a customer, shared by the form and the import. */
const customerFields = {
  customerName: z.preprocess(trimmed, nameTextSchema),
  creditCode: optionalCreditCode,
  customerType: typeField('请选择客户类型'),
  contactName: optionalText(30),
  contactPhone: contactPhoneField,
  address: optionalText(100),
  settlementType: typeField('请选择结算方式'),
  settlementDays: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce
      .number({ error: '账期天数须为0-365的整数' })
      .int('账期天数须为0-365的整数')
      .min(0, '账期天数须为0-365的整数')
      .max(365, '账期天数须为0-365的整数'),
  ),
  remark: optionalText(200),
};

/** 账期结算 needs its days. */
const settlementRule: [
  (c: { settlementType: number; settlementDays: number }) => boolean,
  z.core.$ZodCustomParams,
] = [
  (c) => c.settlementType !== 3 || c.settlementDays > 0,
  { message: '账期结算须填写账期天数', path: ['settlementDays'] },
];

const customerForm = z.object({ ...customerFields, teamCode: teamCodeField }).refine(...settlementRule);
type CustomerForm = z.output<typeof customerForm>;
type CustomerType = CustomerForm['customerType'];

const importRow = z
  .object({
    ...customerFields,
    customerType: enumCell(CUSTOMER_TYPES, '客户类型须为：发货方、收货方或发货及收货'),
    settlementType: enumCell(SETTLEMENT_TYPES, '结算方式须为：现结、月结或账期结算'),
    team: optionalText(36),
  })
  .refine(...settlementRule);
type CustomerImportRow = z.output<typeof importRow>;

/** The filter of /colliery/customer/page, also the input of its export. */
const customerFilter = z.object({
  customerName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  creditCode: z.preprocess(blank, z.string().max(18, '最多输入18个字符').optional()),
  contactName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  customerType: z.preprocess(blank, z.coerce.number().int().min(1).max(3).optional()),
  valid: enabledFilter,
  teamCode: teamFilter,
});
type CustomerFilter = z.output<typeof customerFilter>;

type CustomerRow = ListedRow<CustomerTable>;

/** A customer as the API answers it. */
function customerView(row: CustomerRow) {
  return {
    id: row.id,
    customerName: row.customer_name,
    creditCode: row.credit_code ?? '',
    customerType: row.customer_type,
    customerTypeName: CUSTOMER_TYPES[row.customer_type] ?? '-',
    contactName: row.contact_name ?? '',
    contactPhone: row.contact_phone ?? '',
    address: row.address ?? '',
    settlementType: row.settlement_type,
    settlementTypeName: SETTLEMENT_TYPES[row.settlement_type] ?? '-',
    settlementDays: row.settlement_days,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    valid: row.valid,
    createTime: formatDateTime(new Date(row.created_at)),
    updateTime: formatDateTime(new Date(row.updated_at)),
  };
}
type CustomerView = ReturnType<typeof customerView>;

/**
 * 客户: customers are reference data, read and picked by the teams below theirs and changed within
 * their own subtree. Name and credit code each name one customer of the merchant.
 */
export const customerRecord = defineRecord<CustomerForm, CustomerFilter, CustomerView, CustomerImportRow>({
  meta: CUSTOMER_RECORD,
  tag: '客户管理',
  summaries: {
    page: '客户分页：名称、信用代码、联系人、类型、状态（valid 1启用 0停用）、车队',
    add: '新增客户：名称在商户内唯一，统一社会信用代码校验校验位',
    valid: '启用（valid 1）或停用（valid 0）客户；停用的客户不再出现在下拉选项中',
    import: '导入客户（所属车队不填时为导入人所在车队）',
  },
  joins: withTeamName('customer'),
  selection: [
    'customer.id',
    'customer.team_code',
    'customer.customer_name',
    'customer.credit_code',
    'customer.customer_type',
    'customer.contact_name',
    'customer.contact_phone',
    'customer.address',
    'customer.settlement_type',
    'customer.settlement_days',
    'customer.remark',
    'customer.valid',
    'customer.created_at',
    'customer.updated_at',
    'team.team_name',
  ],
  view: customerView,
  filter: {
    schema: customerFilter,
    apply: (q, f) => {
      if (f.customerName) q = q.where('customer.customer_name', 'like', `%${f.customerName}%`);
      if (f.creditCode) q = q.where('customer.credit_code', 'like', `%${f.creditCode.toUpperCase()}%`);
      if (f.contactName) q = q.where('customer.contact_name', 'like', `%${f.contactName}%`);
      if (f.customerType) q = q.where('customer.customer_type', '=', f.customerType);
      if (f.valid !== undefined) q = q.where('customer.valid', '=', f.valid);
      if (f.teamCode) q = q.where('customer.team_code', 'like', `${f.teamCode}%`);
      return q;
    },
  },
  form: {
    schema: customerForm,
    columns: (form) => ({
      team_code: form.teamCode,
      customer_name: form.customerName,
      credit_code: form.creditCode,
      customer_type: form.customerType as number,
      contact_name: form.contactName,
      contact_phone: form.contactPhone,
      address: form.address,
      settlement_type: form.settlementType as number,
      settlement_days: form.settlementType === 3 ? form.settlementDays : 0,
      remark: form.remark,
    }),
    logFields: (c) => ({
      customerName: c.customer_name,
      creditCode: c.credit_code,
      customerType: CUSTOMER_TYPES[c.customer_type as number],
      contactName: c.contact_name,
      contactPhone: c.contact_phone,
      address: c.address,
      settlementType: SETTLEMENT_TYPES[c.settlement_type as number],
      settlementDays: c.settlement_days,
      teamCode: c.team_code,
      remark: c.remark,
    }),
  },
  unique: [
    { field: 'customerName', column: 'customer_name', taken: '该客户名称已存在' },
    { field: 'creditCode', column: 'credit_code', taken: '已被其他客户使用' },
  ],
  export: {
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
  },
  import: {
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
    row: importRow,
    toForm: ({ team: _team, ...row }, teamCode) => ({
      ...row,
      customerType: row.customerType as CustomerType,
      settlementType: row.settlementType as CustomerType,
      teamCode,
    }),
  },
  routes: (app, { db }) => {
    route(app, 'lookups', {
      method: 'GET',
      url: '/colliery/customer/options',
      summary: '客户下拉（启用的客户，按名称筛选，分页）：{ list: [{ id, customerName }], total }',
      access: 'login',
      list: true,
      query: z.object({
        ...paging,
        customerName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
      }),
      handler: async ({ auth, query }) => {
        const q = filteredRows(db, auth, customerRecord, { customerName: query.customerName, valid: 1 });
        const { rows, total } = await pageOf(
          q,
          (q) => q.select(['customer.id', 'customer.customer_name']).orderBy('customer.customer_name'),
          query,
        );
        return { list: rows.map((r) => ({ id: r.id, customerName: r.customer_name })), total };
      },
    });
  },
});
