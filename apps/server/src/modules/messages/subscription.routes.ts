import { ALARM_CATEGORIES, ALARM_TYPES, alarmType, alarmTypesOf, mayOpenAlarm } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { route } from '../../http/route';
import { invalidateRecipients } from './delivery';
import { subscriptionOf } from './messages.repository';
import type { RecipientDirectory } from './recipients';

const TAG = '报警订阅';
const CATALOGUE_CODES: ReadonlySet<number> = new Set(ALARM_TYPES.map((t) => t.code));

/** The catalogue by kind, as the subscription page lists it: the kinds whose pages the user may open. */
function typesFor(codes: ReadonlySet<string>) {
  return ALARM_CATEGORIES.map((c) => ({
    kind: c.key,
    kindName: c.name,
    list: alarmTypesOf(c.key)
      .filter((t) => mayOpenAlarm(t.code, codes))
      .map((t) => ({ code: t.code, name: t.name })),
  })).filter((group) => group.list.length > 0);
}

const onOff = (label: string) =>
  z.union([z.literal(0), z.literal(1)], { error: `${label}只能是0(关闭)或1(开启)` }).optional();

const editBody = z.object({
  codes: z
    .array(z.coerce.number({ error: '报警类型不正确' }).int('报警类型不正确'), {
      error: '请选择订阅的报警类型',
    })
    .max(1000, '报警类型过多'),
  alarmVoice: onOff('报警声音'),
  alarmPop: onOff('报警弹窗'),
});

/** The caller's alarm subscription and reminder settings (alarmVoice, alarmPop). */
export function registerSubscriptionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  directory: RecipientDirectory,
): void {
  route(app, TAG, {
    method: 'GET',
    url: '/message/alarmSubscription/config/info',
    summary: '报警订阅设置',
    access: 'login',
    handler: async ({ auth }) => ({ ...(await subscriptionOf(ctx.db, auth)), types: typesFor(auth.codes) }),
  });

  route(app, TAG, {
    method: 'POST',
    url: '/message/alarmSubscription/config/edit',
    summary: '保存报警订阅设置',
    access: 'login',
    body: editBody,
    labels: { codes: '报警类型', alarmVoice: '报警声音', alarmPop: '报警弹窗' },
    handler: async ({ body, auth }) => {
      const unknown = body.codes.filter((code) => !CATALOGUE_CODES.has(code));
      if (unknown.length > 0) throw badInput(`报警类型不存在：${[...new Set(unknown)].join('、')}`);
      const closed = [...new Set(body.codes)].filter((code) => !mayOpenAlarm(code, auth.codes));
      if (closed.length > 0) {
        const names = closed.map((code) => alarmType(code)?.name ?? String(code));
        throw badInput(`无权查看的报警类型不能订阅：${names.join('、')}`);
      }
      const codes = [...new Set(body.codes)].sort((a, b) => a - b);
      const now = ctx.config.now();
      await ctx.db.transaction().execute(async (tx) => {
        const current = await tx
          .selectFrom('alarm_subscription')
          .select(['alarm_voice', 'alarm_pop'])
          .where('user_id', '=', auth.userId)
          .where('merchant_id', '=', auth.merchantId)
          .executeTakeFirst();
        const row = {
          codes: codes.join(','),
          alarm_voice: body.alarmVoice ?? current?.alarm_voice ?? 0,
          alarm_pop: body.alarmPop ?? current?.alarm_pop ?? 1,
          updated_at: now,
        };
        if (current) {
          await tx
            .updateTable('alarm_subscription')
            .set(row)
            .where('user_id', '=', auth.userId)
            .where('merchant_id', '=', auth.merchantId)
            .execute();
        } else {
          await tx
            .insertInto('alarm_subscription')
            .values({ user_id: auth.userId, merchant_id: auth.merchantId, ...row })
            .execute();
        }
      });
      // this process forgets the merchant's cached subscriptions at once, the others on the event
      directory.invalidate(auth.merchantId);
      await invalidateRecipients(ctx.bus, auth.merchantId);
      return subscriptionOf(ctx.db, auth);
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/message/alarmSetting',
    summary: '报警提醒设置（声音、弹窗）',
    access: 'login',
    handler: async ({ auth }) => {
      const { alarmVoice, alarmPop } = await subscriptionOf(ctx.db, auth);
      return { alarmVoice, alarmPop };
    },
  });
}
