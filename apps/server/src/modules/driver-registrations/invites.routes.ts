import { randomBytes } from 'node:crypto';
import { formatDateTime, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput, notFound } from '../../http/envelope';
import { idField, optionalText, teamCodeField } from '../../http/form-fields';
import { pageOf, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { REGISTRATION_STATUS } from './registrations.fields';

/** 司机自助注册 (car090108): the invitation links drivers register through. */
export const INVITE_CODES = ['car090108'] as const;

/** Log entries of an invitation carry the data id 'invite-<id>' (registrations use their own id). */
export const inviteLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.driverRegistration,
  dataId: `invite-${id}`,
  teamCode,
  content,
});

/** Path of the public registration page of an invitation (the web app's route). */
export const registerPagePath = (code: string) => `/driver-register?code=${code}`;

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '司机自助注册';
  const { db } = ctx;
  const now = ctx.config.now;

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/invite/page',
    summary: '注册链接列表：车队、链接地址、状态，以及经该链接提交的待审核、已通过、已驳回数量',
    access: INVITE_CODES,
    list: true,
    body: z.object({ ...paging, teamCode: teamCodeField.optional() }),
    handler: async ({ auth, body }) => {
      let q = db
        .selectFrom('driver_register_invite as i')
        .leftJoin('team as t', (j) =>
          j.onRef('t.merchant_id', '=', 'i.merchant_id').onRef('t.team_code', '=', 'i.team_code'),
        )
        .where(inScope(auth.scope, 'i'));
      if (body.teamCode) q = q.where('i.team_code', 'like', `${body.teamCode}%`);
      const count = (status: number) =>
        sql<number>`(select count(*) from driver_registration r where r.invite_id = i.id and r.status = ${status})`;
      const { rows, total } = await pageOf(
        q,
        (q) =>
          q
            .select([
              'i.id',
              'i.code',
              'i.team_code',
              'i.remark',
              'i.enabled',
              'i.created_at',
              't.team_name',
              count(REGISTRATION_STATUS.pending).as('pending'),
              count(REGISTRATION_STATUS.approved).as('approved'),
              count(REGISTRATION_STATUS.rejected).as('rejected'),
            ])
            .orderBy('i.id', 'desc'),
        body,
      );
      return {
        list: rows.map((r) => ({
          id: r.id,
          code: r.code,
          path: registerPagePath(r.code),
          teamCode: r.team_code,
          teamName: r.team_name ?? '',
          remark: r.remark ?? '',
          enabled: r.enabled,
          pendingCount: Number(r.pending),
          approvedCount: Number(r.approved),
          rejectedCount: Number(r.rejected),
          createTime: formatDateTime(new Date(r.created_at)),
        })),
        total,
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/invite/add',
    summary: '生成注册链接：经此链接注册并审核通过的司机归入所选车队',
    access: INVITE_CODES,
    labels: { teamCode: '所属车队', remark: '备注' },
    body: z.object({ teamCode: teamCodeField, remark: optionalText(100) }),
    handler: async ({ auth, body }) => {
      await checkTeam(db, auth, body.teamCode);
      const at = now();
      const code = randomBytes(8).toString('hex');
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('driver_register_invite')
          .values({
            merchant_id: auth.merchantId,
            team_code: body.teamCode,
            code,
            remark: body.remark,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(tx, auth, inviteLog(row.id, body.teamCode, '生成注册链接'), at);
        return { id: row.id, code, path: registerPagePath(code) };
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/driver/register/invite/valid',
    summary: '启用或停用注册链接（停用后该链接不能再注册）',
    access: INVITE_CODES,
    labels: { id: '注册链接', enabled: '状态' },
    body: z.object({
      id: idField('注册链接不正确'),
      enabled: z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }),
    }),
    handler: async ({ auth, body }) => {
      const invite = await db
        .selectFrom('driver_register_invite')
        .select(['id', 'team_code', 'enabled'])
        .where(inScope(auth.scope, 'driver_register_invite'))
        .where('id', '=', body.id)
        .executeTakeFirst();
      if (!invite) throw notFound('注册链接不存在或无权操作');
      if (invite.enabled === body.enabled)
        throw badInput(body.enabled ? '链接已是启用状态' : '链接已是停用状态');
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('driver_register_invite')
          .set({ enabled: body.enabled, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        const content = body.enabled ? '启用注册链接' : '停用注册链接';
        await recordOperation(tx, auth, inviteLog(body.id, invite.team_code, content), at);
      });
    },
  });
}
