import { formatDate, formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { recordOperation } from '../operate-log/operate-log.repository';
import { rolesNotHeld } from '../roles/role-access';

export const AUTHORIZATION_CODES = ['car090302'] as const;

/** Longest grant: one year. */
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const dateText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
    .refine((v) => formatDate(new Date(`${v}T12:00:00+08:00`)) === v, `${label}不是有效日期`);

const applyBody = z
  .object({
    userId: z.number({ error: '请选择用户' }).int().positive('请选择用户'),
    roleId: z.number({ error: '请选择授权角色' }).int().positive('请选择授权角色'),
    startDate: dateText('开始日期'),
    endDate: dateText('结束日期'),
    reason: z
      .string({ error: '请输入授权原因' })
      .trim()
      .min(1, '请输入授权原因')
      .max(200, '授权原因最多200个字符'),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
  .refine(
    (b) => Date.parse(`${b.endDate}T00:00:00Z`) - Date.parse(`${b.startDate}T00:00:00Z`) < MAX_DAYS * DAY_MS,
    { message: '授权期限最长一年', path: ['endDate'] },
  );
const labels = {
  userId: '用户',
  roleId: '授权角色',
  startDate: '开始日期',
  endDate: '结束日期',
  reason: '授权原因',
};

/** 1 in force, 2 not yet started, 3 expired, 0 revoked. */
function stateOf(row: { status: number; start_date: string; end_date: string }, today: string) {
  if (row.status === 0) return { state: 0, stateName: '已撤销' };
  if (today < row.start_date) return { state: 2, stateName: '未生效' };
  if (today > row.end_date) return { state: 3, stateName: '已过期' };
  return { state: 1, stateName: '生效中' };
}

function grants(db: Kysely<Database>, auth: AuthContext) {
  return db
    .selectFrom('user_authorization as user_authorization')
    .innerJoin('app_user as u', 'u.id', 'user_authorization.user_id')
    .innerJoin('role as r', 'r.id', 'user_authorization.role_id')
    .leftJoin('team as t', (j) =>
      j
        .onRef('t.merchant_id', '=', 'user_authorization.merchant_id')
        .onRef('t.team_code', '=', 'user_authorization.team_code'),
    )
    .where(inScope(auth.scope, 'user_authorization'));
}

/**
 * User authorisation (用户授权): a role granted to a user of one's subtree for a period; its menu
 * codes count in every request while the grant is in force (see http/auth.ts).
 */
export function registerAuthorizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '用户授权';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'POST',
    url: '/permission/authorization/list',
    summary: '用户授权列表（本车队及下级车队的用户）',
    access: AUTHORIZATION_CODES,
    list: true,
    body: z.object({
      ...paging,
      keyword: z.string().trim().max(30).optional(),
      state: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    }),
    handler: async ({ auth, body }) => {
      const today = formatDate(new Date(now()));
      let q = grants(db, auth);
      if (body.keyword) {
        const like = `%${body.keyword}%`;
        q = q.where((eb) => eb.or([eb('u.nickname', 'like', like), eb('u.username', 'like', like)]));
      }
      if (body.state === 0) q = q.where('user_authorization.status', '=', 0);
      else if (body.state !== undefined) q = q.where('user_authorization.status', '=', 1);
      if (body.state === 1)
        q = q
          .where('user_authorization.start_date', '<=', today)
          .where('user_authorization.end_date', '>=', today);
      if (body.state === 2) q = q.where('user_authorization.start_date', '>', today);
      if (body.state === 3) q = q.where('user_authorization.end_date', '<', today);
      const { rows, total } = await pageOf(
        q,
        (q) =>
          q
            .select([
              'user_authorization.id',
              'user_authorization.user_id',
              'u.nickname',
              'u.username',
              'r.name as role_name',
              'user_authorization.role_id',
              'user_authorization.team_code',
              't.team_name',
              'user_authorization.start_date',
              'user_authorization.end_date',
              'user_authorization.reason',
              'user_authorization.status',
              'user_authorization.creator_name',
              'user_authorization.created_at',
            ])
            .orderBy('user_authorization.id', 'desc'),
        body,
      );
      return {
        list: rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          nickname: r.nickname,
          username: r.username,
          roleId: r.role_id,
          roleName: r.role_name,
          teamCode: r.team_code,
          teamName: r.team_name ?? '-',
          startDate: r.start_date,
          endDate: r.end_date,
          reason: r.reason,
          ...stateOf(r, today),
          creatorName: r.creator_name,
          createTime: formatDateTime(new Date(r.created_at)),
        })),
        total,
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/permission/authorization/apply',
    summary: '授权申请：给本车队及下级车队的用户在一段时间内授予一个角色',
    access: AUTHORIZATION_CODES,
    body: applyBody,
    labels,
    handler: async ({ auth, body }) => {
      const member = await db
        .selectFrom('user_merchant')
        .innerJoin('app_user as u', 'u.id', 'user_merchant.user_id')
        .select(['user_merchant.team_code', 'u.nickname'])
        .where(inScope(auth.scope, 'user_merchant'))
        .where('user_merchant.user_id', '=', body.userId)
        .executeTakeFirst();
      if (!member) throw badInput('用户: 不存在或不在您的管辖范围内');
      if (body.userId === auth.userId) throw badInput('用户: 不能给自己授权');
      const role = await db
        .selectFrom('role')
        .select(['id', 'name'])
        .where('merchant_id', '=', auth.merchantId)
        .where('id', '=', body.roleId)
        .executeTakeFirst();
      if (!role) throw badInput('授权角色: 不存在');
      if ((await rolesNotHeld(db, auth, [role.id])).size > 0)
        throw badInput('授权角色: 含有您本人没有的菜单权限，不能授予');
      const at = now();
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('user_authorization')
          .values({
            merchant_id: auth.merchantId,
            team_code: member.team_code,
            user_id: body.userId,
            role_id: role.id,
            start_date: body.startDate,
            end_date: body.endDate,
            reason: body.reason,
            created_by: auth.userId,
            creator_name: auth.nickname,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const content = `授权${member.nickname}角色「${role.name}」，${body.startDate}至${body.endDate}，原因：${body.reason}`;
        await recordOperation(
          tx,
          auth,
          { pageEnum: OPERATE_LOG_PAGES.authorization, dataId: row.id, teamCode: member.team_code, content },
          at,
        );
        return { id: row.id };
      });
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/permission/authorization/roles',
    summary: '可授予的角色：本商户中菜单权限不超出本人权限的角色',
    access: AUTHORIZATION_CODES,
    handler: async ({ auth }) => {
      const roles = await db
        .selectFrom('role')
        .select(['id', 'name'])
        .where('merchant_id', '=', auth.merchantId)
        .orderBy('id')
        .execute();
      const beyond = await rolesNotHeld(
        db,
        auth,
        roles.map((r) => r.id),
      );
      return roles.filter((r) => !beyond.has(r.id)).map((r) => ({ id: r.id, name: r.name }));
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/permission/authorization/revoke',
    summary: '撤销授权',
    access: AUTHORIZATION_CODES,
    body: z.object({ id: z.number({ error: '请选择授权' }).int().positive('请选择授权') }),
    handler: async ({ auth, body }) => {
      const row = await grants(db, auth)
        .select([
          'user_authorization.id',
          'user_authorization.status',
          'user_authorization.team_code',
          'u.nickname',
          'r.name',
        ])
        .where('user_authorization.id', '=', body.id)
        .executeTakeFirst();
      if (!row) throw notFound('授权不存在或无权操作');
      if (row.status === 0) throw badInput('该授权已撤销');
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('user_authorization')
          .set({ status: 0, revoked_by: auth.userId, revoked_at: at })
          .where('id', '=', row.id)
          .execute();
        const content = `撤销${row.nickname}的角色「${row.name}」授权`;
        await recordOperation(
          tx,
          auth,
          { pageEnum: OPERATE_LOG_PAGES.authorization, dataId: row.id, teamCode: row.team_code, content },
          at,
        );
      });
      return null;
    },
  });
}
