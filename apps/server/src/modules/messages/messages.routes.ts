import { alarmName } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { optionalDateTime } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { bindDelivery, DIRECTORY_CHANNEL, unbindDelivery } from './delivery';
import { listMessages, markRead, subscriptionOf, unreadByCode } from './messages.repository';
import { registerSubscriptionRoutes } from './subscription.routes';

const TAG = '消息';
/** Latest messages on the home page. */
const HOME_MESSAGES = 10;

const alarmCode = z.coerce
  .number({ error: '报警类型不正确' })
  .int('报警类型不正确')
  .positive('报警类型不正确');
const messageType = z.union([z.literal(1), z.literal(2)], { error: '消息类型只能是1或2' });

const listBody = z.object({
  ...paging,
  messageStatus: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal(''), z.null()], {
      error: '消息状态只能是0(未读)或1(已读)',
    })
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? undefined : (Number(v) as 0 | 1))),
  type: messageType.optional(),
  alarmCode: z.union([alarmCode, z.literal(''), z.null()]).optional(),
  carNo: z.string().trim().max(20, '车牌号最多20个字符').optional(),
  startTime: optionalDateTime,
  endTime: optionalDateTime,
});

const readBody = z.object({
  ids: z
    .array(z.number().int().positive(), { error: '消息编号不正确' })
    .max(1000, '一次最多1000条')
    .optional(),
  alarmCode: alarmCode.optional(),
  type: messageType.optional(),
  all: z.boolean({ error: '应为 true 或 false' }).optional(),
});

/** Message counts, lists and read marks of the caller (spec core 7), and the delivery's wiring. */
export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const directory = bindDelivery(ctx.db, ctx.bus, app.log);
  const stop = ctx.bus.subscribe(DIRECTORY_CHANNEL, (payload) => {
    const merchantId = (payload as { merchantId?: unknown } | null)?.merchantId;
    directory.invalidate(typeof merchantId === 'number' ? merchantId : undefined);
  });
  app.addHook('onClose', async () => {
    stop();
    unbindDelivery(ctx.db);
  });

  route(app, TAG, {
    method: 'GET',
    url: '/message/count2.0',
    summary: '未读报警数（按报警类型）',
    access: 'login',
    handler: async ({ auth }) => {
      const counts = await unreadByCode(ctx.db, auth);
      const bos = [...counts].sort(([a], [b]) => a - b).map(([code, count]) => ({ code, count }));
      return { bos, totalCount: bos.reduce((sum, b) => sum + b.count, 0) };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/message/list2.0',
    summary: '消息列表',
    access: 'login',
    list: true,
    body: listBody,
    handler: async ({ body, auth }) => {
      if (body.startTime !== null && body.endTime !== null && body.startTime > body.endTime)
        throw badInput('开始时间不能晚于结束时间');
      return listMessages(
        ctx.db,
        auth,
        {
          messageStatus: body.messageStatus,
          type: body.type,
          alarmCode: typeof body.alarmCode === 'number' ? body.alarmCode : undefined,
          carNo: body.carNo,
          from: body.startTime ?? undefined,
          to: body.endTime ?? undefined,
        },
        { offset: pageOffset(body), limit: body.pageSize },
        ctx.config.now(),
      );
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/message/alarmType/select',
    summary: '报警类型及未读数',
    access: 'login',
    handler: async ({ auth }) => {
      const counts = await unreadByCode(ctx.db, auth);
      const { codes } = await subscriptionOf(ctx.db, auth);
      const shown = new Set([...codes, ...counts.keys()]);
      return [...shown]
        .sort((a, b) => a - b)
        .map((code) => ({ code, name: alarmName(code, `报警${code}`), count: counts.get(code) ?? 0 }));
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/message/read',
    summary: '标记消息已读',
    access: 'login',
    body: readBody,
    labels: { ids: '消息', alarmCode: '报警类型', type: '消息类型' },
    handler: async ({ body, auth }) => {
      if (!body.all && !body.ids?.length && body.alarmCode === undefined && body.type === undefined)
        throw badInput('请选择要标记已读的消息');
      const count = await markRead(
        ctx.db,
        auth,
        { ids: body.ids?.length ? body.ids : undefined, alarmCode: body.alarmCode, type: body.type },
        ctx.config.now(),
      );
      return { count };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/homepage/messageList',
    summary: '首页最新消息',
    access: 'login',
    list: true,
    handler: async ({ auth }) => {
      const page = await listMessages(
        ctx.db,
        auth,
        {},
        { offset: 0, limit: HOME_MESSAGES },
        ctx.config.now(),
      );
      return page.list;
    },
  });

  registerSubscriptionRoutes(app, ctx, directory);
}
