import { formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { optionalDateTime } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { addressedTo, inScope } from '../../http/scope';
import { recordOperation } from '../operate-log/operate-log.repository';
import { findTeam } from '../teams/teams.repository';
import { PUSH_TYPE } from './push.table';

export const PUSH_CODES = ['car090301'] as const;

const TYPE_NAMES: Record<number, string> = { [PUSH_TYPE.card]: '推送卡片', [PUSH_TYPE.screen]: '推送大屏' };

const pushBody = z.object({
  type: z.union([z.literal(PUSH_TYPE.card), z.literal(PUSH_TYPE.screen)], { error: '请选择推送方式' }),
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(30, '标题最多30个字符'),
  content: z
    .string({ error: '请输入推送内容' })
    .trim()
    .min(1, '请输入推送内容')
    .max(500, '推送内容最多500个字符'),
  signature: z.string().trim().max(100, '落款最多100个字符').optional(),
  teamCode: z.string({ error: '请选择推送车队' }).regex(/^[0-9A-Za-z]{7,36}$/, '请选择推送车队'),
});
const labels = {
  type: '推送方式',
  title: '标题',
  content: '推送内容',
  signature: '落款',
  teamCode: '推送车队',
};

function pushList(db: Kysely<Database>, auth: AuthContext) {
  return db
    .selectFrom('push')
    .leftJoin('team as t', (j) =>
      j.onRef('t.merchant_id', '=', 'push.merchant_id').onRef('t.team_code', '=', 'push.team_code'),
    )
    .where(inScope(auth.scope, 'push'))
    .where('push.deleted_at', 'is', null);
}

type PushRow = {
  id: number;
  type: number;
  title: string;
  content: string;
  signature: string | null;
  team_code: string;
  team_name: string | null;
  creator_name: string;
  created_at: number;
};

function toView(row: PushRow) {
  return {
    id: row.id,
    type: row.type,
    typeName: TYPE_NAMES[row.type] ?? '-',
    title: row.title,
    content: row.content,
    signature: row.signature ?? '',
    teamCode: row.team_code,
    teamName: row.team_name ?? '-',
    creatorName: row.creator_name,
    createTime: formatDateTime(new Date(row.created_at)),
  };
}

const COLUMNS = [
  'push.id',
  'push.type',
  'push.title',
  'push.content',
  'push.signature',
  'push.team_code',
  't.team_name',
  'push.creator_name',
  'push.created_at',
] as const;

/** Push management (推送管理): pop-up cards and home-screen notices for a team subtree. */
export function registerPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '推送管理';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'POST',
    url: '/tkui/push/list',
    summary: '推送列表（本车队及下级车队）',
    access: PUSH_CODES,
    list: true,
    body: z.object({
      ...paging,
      type: z.union([z.literal(PUSH_TYPE.card), z.literal(PUSH_TYPE.screen)]).optional(),
      title: z.string().trim().max(30).optional(),
      startTime: optionalDateTime,
      endTime: optionalDateTime,
    }),
    handler: async ({ auth, body }) => {
      let q = pushList(db, auth);
      if (body.type) q = q.where('push.type', '=', body.type);
      if (body.title) q = q.where('push.title', 'like', `%${body.title}%`);
      if (body.startTime !== null) q = q.where('push.created_at', '>=', body.startTime);
      if (body.endTime !== null) q = q.where('push.created_at', '<=', body.endTime);
      const { rows, total } = await pageOf(q, (q) => q.select(COLUMNS).orderBy('push.id', 'desc'), body);
      return { list: rows.map(toView), total };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/tkui/push/detail/:id',
    summary: '推送详情',
    access: PUSH_CODES,
    params: z.object({ id: z.coerce.number().int().positive('推送不存在') }),
    handler: async ({ auth, params }) => {
      const row = await pushList(db, auth)
        .select(COLUMNS)
        .where('push.id', '=', params.id)
        .executeTakeFirst();
      if (!row) throw notFound('推送不存在或无权查看');
      return toView(row);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/tkui/push/add',
    summary: '新增推送：卡片推送进入用户的弹窗通知队列，大屏推送显示在首页',
    access: PUSH_CODES,
    body: pushBody,
    labels,
    handler: async ({ auth, body }) => {
      const team = await findTeam(db, auth.scope, body.teamCode);
      if (!team) throw badInput('推送车队: 不存在或不在您的管辖范围内');
      const at = now();
      return db.transaction().execute(async (tx) => {
        let popId: number | null = null;
        if (body.type === PUSH_TYPE.card) {
          const pop = await tx
            .insertInto('pop_message')
            .values({
              merchant_id: auth.merchantId,
              team_code: body.teamCode,
              pop_content: `${body.title}\n${body.content}`.slice(0, 500),
              signature_content: body.signature || null,
              created_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          popId = pop.id;
        }
        const row = await tx
          .insertInto('push')
          .values({
            merchant_id: auth.merchantId,
            team_code: body.teamCode,
            type: body.type,
            title: body.title,
            content: body.content,
            signature: body.signature || null,
            pop_message_id: popId,
            created_by: auth.userId,
            creator_name: auth.nickname,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(
          tx,
          auth,
          {
            pageEnum: OPERATE_LOG_PAGES.push,
            dataId: row.id,
            teamCode: body.teamCode,
            content: `${TYPE_NAMES[body.type]}「${body.title}」至${team.team_name}`,
          },
          at,
        );
        return { id: row.id };
      });
    },
  });

  route(app, tag, {
    method: 'DELETE',
    url: '/tkui/push/delete',
    summary: '删除推送：卡片不再弹出，大屏不再显示',
    access: PUSH_CODES,
    query: z.object({ id: z.coerce.number({ error: '请选择推送' }).int().positive('请选择推送') }),
    handler: async ({ auth, query }) => {
      const row = await pushList(db, auth)
        .select(['push.id', 'push.title', 'push.team_code', 'push.pop_message_id'])
        .where('push.id', '=', query.id)
        .executeTakeFirst();
      if (!row) throw notFound('推送不存在或无权操作');
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('push').set({ deleted_at: at }).where('id', '=', row.id).execute();
        if (row.pop_message_id !== null) {
          await tx.deleteFrom('pop_message_read').where('pop_message_id', '=', row.pop_message_id).execute();
          await tx.deleteFrom('pop_message').where('id', '=', row.pop_message_id).execute();
        }
        const content = `删除推送「${row.title}」`;
        await recordOperation(
          tx,
          auth,
          { pageEnum: OPERATE_LOG_PAGES.push, dataId: row.id, teamCode: row.team_code, content },
          at,
        );
      });
      return null;
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/tkui/push/screen',
    summary: '首页大屏推送：推送给本人所在车队的最新一条',
    access: 'login',
    handler: async ({ auth }) => {
      const row = await db
        .selectFrom('push')
        .select(['id', 'title', 'content', 'signature', 'created_at'])
        .where('merchant_id', '=', auth.merchantId)
        .where('type', '=', PUSH_TYPE.screen)
        .where('deleted_at', 'is', null)
        .where(addressedTo(auth.teamCode, 'push.team_code'))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        title: row.title,
        content: row.content,
        signature: row.signature ?? '',
        createTime: formatDateTime(new Date(row.created_at)),
      };
    },
  });
}
