import { DEFAULT_OPERATE_LOG_PAGE, formatDateTime, isOperateLogPage } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { logAccess } from './operate-log.access';

export function registerOperateLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, '操作日志', {
    method: 'POST',
    url: '/colliery/operate/log/tc/page',
    summary:
      '某条数据的操作日志（dataId + pageEnum，默认6），按时间倒序；仅对可打开该数据的用户（持有其页面的菜单权限、数据在其管辖范围内）可见',
    access: 'login',
    list: true,
    labels: { dataId: '数据编号', pageEnum: '日志类型' },
    body: z.object({
      ...paging,
      dataId: z
        .union([z.string().trim().min(1).max(64), z.number().int()], { error: '请指定数据编号' })
        .transform(String),
      pageEnum: z.coerce
        .number()
        .int()
        .refine(isOperateLogPage, '日志类型不正确')
        .default(DEFAULT_OPERATE_LOG_PAGE),
    }),
    handler: async ({ auth, body }) => {
      const access = await logAccess(ctx.db, auth, body.pageEnum, body.dataId);
      if (!access) return { list: [], total: 0 };
      let q = ctx.db
        .selectFrom('operate_log')
        .where('merchant_id', '=', auth.merchantId)
        .where('page_enum', '=', body.pageEnum)
        .where('data_id', '=', body.dataId);
      if (access === 'entries') q = q.where(inScope(auth.scope, 'operate_log'));
      const [rows, total] = await Promise.all([
        q
          .select(['id', 'created_at', 'account_name', 'content'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(body.pageSize)
          .offset(pageOffset(body))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((r) => ({
        id: r.id,
        time: formatDateTime(new Date(r.created_at)),
        accountName: r.account_name,
        content: r.content,
      }));
      return { list, total: Number(total.n) };
    },
  });
}
