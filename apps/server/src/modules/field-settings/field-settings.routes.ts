import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';

const pageKey = z
  .string({ error: '请指定页面' })
  .regex(/^[A-Za-z0-9_./-]{1,100}$/, '页面标识只能包含字母、数字和 _ . / -');

/** Column settings of list pages, per user: which columns show, in which order. */
export function registerFieldSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '列设置';
  route(app, tag, {
    method: 'GET',
    url: '/message/queryFieldSet',
    summary: '当前用户在某页面的列设置；fields 为 null 表示全部列',
    access: 'login',
    labels: { pageKey: '页面标识' },
    query: z.object({ pageKey: pageKey.default('message') }),
    handler: async ({ auth, query }) => {
      const row = await ctx.db
        .selectFrom('user_field_set')
        .select('fields')
        .where('user_id', '=', auth.userId)
        .where('page_key', '=', query.pageKey)
        .executeTakeFirst();
      return { pageKey: query.pageKey, fields: row ? (JSON.parse(row.fields) as string[]) : null };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/message/saveFieldSet',
    summary: '保存当前用户在某页面的列设置（显示的列及顺序）',
    access: 'login',
    labels: { pageKey: '页面标识', fields: '列' },
    body: z.object({
      pageKey: pageKey.default('message'),
      fields: z.array(z.string().regex(/^[A-Za-z0-9_.]{1,60}$/, '列标识不正确')).max(200, '列最多200个'),
    }),
    handler: async ({ auth, body }) => {
      const fields = JSON.stringify([...new Set(body.fields)]);
      const now = ctx.config.now();
      await ctx.db
        .insertInto('user_field_set')
        .values({ user_id: auth.userId, page_key: body.pageKey, fields, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'page_key']).doUpdateSet({ fields, updated_at: now }))
        .execute();
    },
  });
}
