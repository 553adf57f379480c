import {
  CREDIT_CODE_MESSAGE,
  CUSTOMER_TYPES as CUSTOMER_TYPE_OPTIONS,
  contactPhoneField,
  enumRecord,
  formatDateTime,
  isCreditCode,
  nameTextSchema,
  SETTLEMENT_TYPES as SETTLEMENT_TYPE_OPTIONS,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { optionalText, teamCodeField } from '../../http/form-fields';
import { inReferenceScope } from '../../http/scope';

export const CUSTOMER_TYPES = enumRecord(CUSTOMER_TYPE_OPTIONS);
export const SETTLEMENT_TYPES = enumRecord(SETTLEMENT_TYPE_OPTIONS);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Unified social credit code, upper-cased; '' and missing become null. */
export const optionalCreditCode = z.preprocess(
  (value) => (value === undefined || value === null ? '' : trimmed(value)),
  z
    .string({ error: CREDIT_CODE_MESSAGE })
    .transform((text) => text.toUpperCase())
    .refine((text) => text === '' || isCreditCode(text), CREDIT_CODE_MESSAGE)
    .transform((text) => text || null),
);

/** The fields of a customer, shared by the form and the import. */
export const customerFields = {
  customerName: z.preprocess(trimmed, nameTextSchema),
  creditCode: optionalCreditCode,
  customerType: z.coerce
    .number({ error: '请选择客户类型' })
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择客户类型' })),
  contactName: optionalText(30),
  contactPhone: contactPhoneField,
  address: optionalText(100),
  settlementType: z.coerce
    .number({ error: '请选择结算方式' })
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择结算方式' })),
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

const settlementRule = (c: { settlementType: number; settlementDays: number }) =>
  c.settlementType !== 3 || c.settlementDays > 0;
const settlementIssue = { message: '账期结算须填写账期天数', path: ['settlementDays'] };

export const customerFormSchema = z
  .object({ ...customerFields, teamCode: teamCodeField })
  .refine(settlementRule, settlementIssue);
export type CustomerForm = z.output<typeof customerFormSchema>;

export const CUSTOMER_LABELS: Record<string, string> = {
  id: '客户',
  customerName: '客户名称',
  creditCode: '统一社会信用代码',
  customerType: '客户类型',
  contactName: '联系人',
  contactPhone: '联系电话',
  address: '地址',
  settlementType: '结算方式',
  settlementDays: '账期天数',
  teamCode: '所属车队',
  remark: '备注',
  valid: '状态',
};

export function customerColumns(form: CustomerForm) {
  return {
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
  };
}

type CustomerRow = ReturnType<typeof customerColumns> & {
  id: number;
  valid: number;
  created_at: number;
  updated_at: number;
  team_name?: string | null;
};

/** A customer as the API answers it. */
export function customerView(row: CustomerRow) {
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

export type CustomerView = ReturnType<typeof customerView>;

/** The customer's fields for the log: enumerations by their names. */
export function customerLogFields(row: ReturnType<typeof customerColumns>): Record<string, unknown> {
  return {
    customerName: row.customer_name,
    creditCode: row.credit_code,
    customerType: CUSTOMER_TYPES[row.customer_type],
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    address: row.address,
    settlementType: SETTLEMENT_TYPES[row.settlement_type],
    settlementDays: row.settlement_days,
    teamCode: row.team_code,
    remark: row.remark,
  };
}

/**
 * Customers the caller may see and pick, with their team name: its subtree's and those of the teams
 * above (customers are reference data; changing one stays with its own subtree).
 */
export function customerBase(db: Kysely<Database>, auth: AuthContext) {
  return db
    .selectFrom('customer')
    .leftJoin('team', (j) =>
      j
        .onRef('team.merchant_id', '=', 'customer.merchant_id')
        .onRef('team.team_code', '=', 'customer.team_code'),
    )
    .where(inReferenceScope(auth.scope, 'customer'));
}

export const customerSelection = [
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
] as const;
