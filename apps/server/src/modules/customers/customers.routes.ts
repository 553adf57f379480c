import { OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, teamCodeField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { checkTeam } from '../drivers/drivers.repository';
import { describeChanges } from '../operate-log/changes';
import { recordOperation } from '../operate-log/operate-log.repository';
import {
  CUSTOMER_LABELS,
  customerBase,
  customerColumns,
  customerFormSchema,
  customerLogFields,
  customerSelection,
  customerView,
} from './customers.fields';

/** 客户管理 of the coal business (car090106) and of the capacity business (tc010501). */
export const CUSTOMER_CODES = ['car090106', 'tc010501'] as const;

export const customerLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.customer,
  dataId: id,
  teamCode,
  content,
});

const blank = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v;

/** The filter of /colliery/customer/page, also the input of its export. */
export const customerFilterSchema = z.object({
  customerName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  creditCode: z.preprocess(blank, z.string().max(18, '最多输入18个字符').optional()),
  contactName: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()),
  customerType: z.preprocess(blank, z.coerce.number().int().min(1).max(3).optional()),
  valid: z.preprocess(
    blank,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)]))
      .optional(),
  ),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
export type CustomerFilter = z.output<typeof customerFilterSchema>;

export function customerQuery(db: Kysely<Database>, auth: AuthContext, filter: CustomerFilter) {
  let q = customerBase(db, auth);
  if (filter.customerName) q = q.where('customer.customer_name', 'like', `%${filter.customerName}%`);
  if (filter.creditCode) q = q.where('customer.credit_code', 'like', `%${filter.creditCode.toUpperCase()}%`);
  if (filter.contactName) q = q.where('customer.contact_name', 'like', `%${filter.contactName}%`);
  if (filter.customerType) q = q.where('customer.customer_type', '=', filter.customerType);
  if (filter.valid !== undefined) q = q.where('customer.valid', '=', filter.valid);
  if (filter.teamCode) q = q.where('customer.team_code', 'like', `${filter.teamCode}%`);
  return q;
}

async function findCustomer(db: Kysely<Database>, auth: AuthContext, id: number) {
  const row = await db
    .selectFrom('customer')
    .selectAll()
    .where(inScope(auth.scope, 'customer'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('客户不存在或无权操作');
  return row;
}

/** Name and credit code each name one customer of the merchant. */
export async function checkCustomerUnique(
  db: Kysely<Database>,
  merchantId: number,
  form: { customerName: string; creditCode: string | null },
  exceptId?: number,
) {
  let q = db
    .selectFrom('customer')
    .select(['customer_name', 'credit_code'])
    .where('merchant_id', '=', merchantId)
    .where((eb) =>
      eb.or([
        eb('customer_name', '=', form.customerName),
        ...(form.creditCode ? [eb('credit_code', '=', form.creditCode)] : []),
      ]),
    );
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const taken = await q.execute();
  if (taken.some((c) => c.customer_name === form.customerName)) throw badInput('客户名称: 该客户名称已存在');
  if (form.creditCode && taken.some((c) => c.credit_code === form.creditCode))
    throw badInput('统一社会信用代码: 已被其他客户使用');
}

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '客户管理';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'POST',
    url: '/colliery/customer/page',
    summary: '客户分页：名称、信用代码、联系人、类型、状态（valid 1启用 0停用）、车队',
    access: CUSTOMER_CODES,
    list: true,
    labels: CUSTOMER_LABELS,
    body: customerFilterSchema.extend(paging),
    handler: async ({ auth, body }) => {
      const q = customerQuery(db, auth, body);
      const { rows, total } = await pageOf(
        q,
        (q) => q.select(customerSelection).orderBy('customer.id', 'desc'),
        body,
      );
      return { list: rows.map(customerView), total };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/colliery/customer/info',
    summary: '客户详情',
    access: CUSTOMER_CODES,
    labels: CUSTOMER_LABELS,
    query: z.object({ id: idField('客户不正确') }),
    handler: async ({ auth, query }) => {
      const row = await customerBase(db, auth)
        .select(customerSelection)
        .where('customer.id', '=', query.id)
        .executeTakeFirst();
      if (!row) throw notFound('客户不存在或无权操作');
      return customerView(row);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/colliery/customer/add',
    summary: '新增客户：名称在商户内唯一，统一社会信用代码校验校验位',
    access: CUSTOMER_CODES,
    labels: CUSTOMER_LABELS,
    body: customerFormSchema,
    handler: async ({ auth, body }) => {
      await checkTeam(db, auth, body.teamCode);
      await checkCustomerUnique(db, auth.merchantId, body);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('customer')
          .values({
            merchant_id: auth.merchantId,
            ...customerColumns(body),
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(
          tx,
          auth,
          customerLog(row.id, body.teamCode, `新增客户 ${body.customerName}`),
          at,
        );
        return { id: row.id };
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/colliery/customer/edit',
    summary: '修改客户（操作日志记录改了什么）',
    access: CUSTOMER_CODES,
    labels: CUSTOMER_LABELS,
    body: customerFormSchema.and(z.object({ id: idField('客户不正确') })),
    handler: async ({ auth, body }) => {
      const before = await findCustomer(db, auth, body.id);
      await checkTeam(db, auth, body.teamCode);
      await checkCustomerUnique(db, auth.merchantId, body, body.id);
      const columns = customerColumns(body);
      const changes = describeChanges(CUSTOMER_LABELS, customerLogFields(before), customerLogFields(columns));
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('customer')
          .set({ ...columns, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        const content = changes.length ? `修改客户：${changes.join('，')}` : '修改客户：无变化';
        await recordOperation(tx, auth, customerLog(body.id, body.teamCode, content), at);
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/colliery/customer/valid',
    summary: '启用（valid 1）或停用（valid 0）客户；停用的客户不再出现在下拉选项中',
    access: CUSTOMER_CODES,
    labels: CUSTOMER_LABELS,
    body: z.object({
      id: idField('客户不正确'),
      valid: z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }),
    }),
    handler: async ({ auth, body }) => {
      const customer = await findCustomer(db, auth, body.id);
      if (customer.valid === body.valid)
        throw badInput(body.valid === 1 ? '客户已是启用状态' : '客户已是停用状态');
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('customer')
          .set({ valid: body.valid, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        const content = body.valid === 1 ? '启用客户' : '停用客户';
        await recordOperation(tx, auth, customerLog(body.id, customer.team_code, content), at);
      });
    },
  });

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
      const q = customerQuery(db, auth, { customerName: query.customerName, valid: 1 });
      const { rows, total } = await pageOf(
        q,
        (q) => q.select(['customer.id', 'customer.customer_name']).orderBy('customer.customer_name'),
        query,
      );
      return { list: rows.map((r) => ({ id: r.id, customerName: r.customer_name })), total };
    },
  });
}
