import { emailSchema, OPERATE_LOG_PAGES, phoneLooseSchema } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { revokeSessions } from '../auth/sessions';
import { hashPassword, randomPolicyPassword, sha256Hex } from '../auth/tokens';
import { invalidateRecipients } from '../messages/delivery';
import { recordOperation } from '../operate-log/operate-log.repository';
import { keepingFullAdministrator } from '../roles/role-access';
import {
  checkAccountEdit,
  checkAccountInReach,
  checkTeamAndRoles,
  checkUserWithinCaller,
  findMember,
} from './user-access';

export const USER_ADMIN_CODES = ['car090401'] as const;

const membershipFields = {
  nickname: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名最多30个字符'),
  phone: z.union([z.literal(''), phoneLooseSchema]).optional(),
  email: z.union([z.literal(''), emailSchema]).optional(),
  teamCode: z.string({ error: '请选择所属车队' }).regex(/^[0-9A-Za-z]{7,36}$/, '请选择所属车队'),
  roleIds: z.array(z.number().int().positive()).min(1, '请至少选择一个角色').max(50),
  isManager: z.boolean().default(false),
};
const labels = {
  username: '用户名',
  password: '密码',
  nickname: '姓名',
  phone: '手机号',
  email: '邮箱',
  teamCode: '所属车队',
  roleIds: '角色',
  status: '状态',
  id: '用户',
};

const userLog = (id: number, teamCode: string, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.user,
  dataId: id,
  teamCode,
  content,
});

async function replaceRoles(db: Kysely<Database>, merchantId: number, userId: number, roleIds: number[]) {
  const own = db.selectFrom('role').select('id').where('merchant_id', '=', merchantId);
  await db.deleteFrom('user_role').where('user_id', '=', userId).where('role_id', 'in', own).execute();
  await db
    .insertInto('user_role')
    .values([...new Set(roleIds)].map((role_id) => ({ user_id: userId, role_id })))
    .execute();
}

export function registerSystemUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '用户管理';
  const { db } = ctx;
  const now = ctx.config.now;

  const baseList = (auth: AuthContext) =>
    db
      .selectFrom('user_merchant as user_merchant')
      .innerJoin('app_user as u', 'u.id', 'user_merchant.user_id')
      .leftJoin('team as t', (j) =>
        j
          .onRef('t.merchant_id', '=', 'user_merchant.merchant_id')
          .onRef('t.team_code', '=', 'user_merchant.team_code'),
      )
      .where(inScope(auth.scope, 'user_merchant'));

  route(app, tag, {
    method: 'POST',
    url: '/system/user/page',
    summary: '用户列表（本商户本车队及下级车队）',
    access: USER_ADMIN_CODES,
    list: true,
    labels,
    body: z.object({
      ...paging,
      keyword: z.string().trim().max(50).optional(),
      status: z.union([z.literal(0), z.literal(1)]).optional(),
      teamCode: z
        .string()
        .regex(/^[0-9A-Za-z]{7,36}$/, '请选择车队')
        .optional(),
    }),
    handler: async ({ auth, body }) => {
      let q = baseList(auth);
      if (body.keyword) {
        const like = `%${body.keyword}%`;
        q = q.where((eb) =>
          eb.or([
            eb('u.username', 'like', like),
            eb('u.nickname', 'like', like),
            eb('u.phone', 'like', like),
          ]),
        );
      }
      if (body.status !== undefined) q = q.where('user_merchant.status', '=', body.status);
      if (body.teamCode) q = q.where('user_merchant.team_code', 'like', `${body.teamCode}%`);
      const [rows, total] = await Promise.all([
        q
          .select([
            'u.id',
            'u.username',
            'u.nickname',
            'u.phone',
            'u.email',
            'user_merchant.status',
            'u.created_at',
            'user_merchant.team_code as teamCode',
            'user_merchant.is_manager',
            't.team_name as teamName',
          ])
          .orderBy('u.id')
          .limit(body.pageSize)
          .offset(pageOffset(body))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((r) => r.id);
      const roles = ids.length
        ? await db
            .selectFrom('user_role as ur')
            .innerJoin('role as r', 'r.id', 'ur.role_id')
            .select(['ur.user_id', 'r.id', 'r.name'])
            .where('r.merchant_id', '=', auth.merchantId)
            .where('ur.user_id', 'in', ids)
            .execute()
        : [];
      const list = rows.map((r) => {
        const own = roles.filter((x) => x.user_id === r.id);
        return {
          id: r.id,
          username: r.username,
          nickname: r.nickname,
          phone: r.phone ?? '',
          email: r.email ?? '',
          status: r.status,
          createdAt: r.created_at,
          teamCode: r.teamCode,
          teamName: r.teamName ?? '',
          isManager: r.is_manager === 1,
          roleIds: own.map((x) => x.id),
          roleNames: own.map((x) => x.name),
        };
      });
      return { list, total: Number(total.n) };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/user/add',
    summary: '新增用户（初始密码为输入内容的SHA-256）',
    access: USER_ADMIN_CODES,
    labels,
    body: z.object({
      username: z
        .string({ error: '请输入用户名' })
        .trim()
        .regex(/^[A-Za-z0-9_]{3,30}$/, '用户名为3-30位英文、数字或下划线'),
      password: z.string({ error: '请输入密码' }).regex(/^[0-9a-f]{64}$/, '密码须为SHA-256摘要'),
      ...membershipFields,
    }),
    handler: async ({ auth, body }) => {
      await checkTeamAndRoles(db, auth, body.teamCode, body.roleIds);
      const taken = await db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', body.username)
        .executeTakeFirst();
      if (taken) throw badInput('用户名: 已存在');
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const added = await db.transaction().execute(async (tx) => {
        const user = await tx
          .insertInto('app_user')
          .values({
            username: body.username,
            password_hash: passwordHash,
            nickname: body.nickname,
            phone: body.phone || null,
            email: body.email || null,
            last_merchant_id: auth.merchantId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('user_merchant')
          .values({
            user_id: user.id,
            merchant_id: auth.merchantId,
            team_code: body.teamCode,
            is_manager: body.isManager ? 1 : 0,
            entry_time: at,
          })
          .execute();
        await replaceRoles(tx, auth.merchantId, user.id, body.roleIds);
        await recordOperation(
          tx,
          auth,
          userLog(user.id, body.teamCode, `新增用户 ${body.username}（${body.nickname}）`),
          at,
        );
        return { id: user.id };
      });
      // alarm delivery caches the recipients of each merchant
      await invalidateRecipients(ctx.bus, auth.merchantId);
      return added;
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/user/edit',
    summary: '修改用户资料、所属车队和角色',
    access: USER_ADMIN_CODES,
    labels,
    body: z.object({ id: z.number().int().positive('用户不正确'), ...membershipFields }),
    handler: async ({ auth, body }) => {
      await findMember(db, auth, body.id);
      if (body.id === auth.userId && body.teamCode !== auth.teamCode)
        throw badInput('所属车队: 不能修改自己的所属车队');
      await checkAccountEdit(db, auth, body, now());
      await checkUserWithinCaller(db, auth, body.id);
      await checkTeamAndRoles(db, auth, body.teamCode, body.roleIds);
      await keepingFullAdministrator(db, auth.merchantId, async (tx) => {
        await tx
          .updateTable('app_user')
          .set({
            nickname: body.nickname,
            phone: body.phone || null,
            email: body.email || null,
            updated_at: now(),
          })
          .where('id', '=', body.id)
          .execute();
        await tx
          .updateTable('user_merchant')
          .set({ team_code: body.teamCode, is_manager: body.isManager ? 1 : 0 })
          .where('user_id', '=', body.id)
          .where('merchant_id', '=', auth.merchantId)
          .execute();
        await replaceRoles(tx, auth.merchantId, body.id, body.roleIds);
        const changes = [
          `姓名 ${body.nickname}`,
          `所属车队 ${body.teamCode}`,
          `角色 ${body.roleIds.join(',')}`,
        ];
        await recordOperation(
          tx,
          auth,
          userLog(body.id, body.teamCode, `修改用户：${changes.join('，')}`),
          now(),
        );
      });
      await invalidateRecipients(ctx.bus, auth.merchantId);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/user/changeStatus',
    summary: '在本商户启用或停用用户（停用后其在本商户的会话失效；其他商户的成员身份不变）',
    access: USER_ADMIN_CODES,
    labels,
    body: z.object({
      id: z.number().int().positive('用户不正确'),
      status: z.union([z.literal(0), z.literal(1)], { error: '状态只能为0或1' }),
    }),
    handler: async ({ auth, body }) => {
      const member = await findMember(db, auth, body.id);
      if (body.id === auth.userId) throw badInput('不能停用自己的账号');
      await keepingFullAdministrator(db, auth.merchantId, async (tx) => {
        await tx
          .updateTable('user_merchant')
          .set({ status: body.status })
          .where('user_id', '=', body.id)
          .where('merchant_id', '=', auth.merchantId)
          .execute();
        if (body.status === 0)
          await revokeSessions(tx, ctx.bus, { userId: body.id, merchantId: auth.merchantId }, now());
        const content = body.status === 1 ? '启用用户' : '停用用户';
        await recordOperation(tx, auth, userLog(body.id, member.team_code, content), now());
      });
      await invalidateRecipients(ctx.bus, auth.merchantId);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/user/resetPassword',
    summary: '重置用户密码：生成符合密码规则的随机密码，只返回这一次',
    access: USER_ADMIN_CODES,
    labels,
    body: z.object({ id: z.number().int().positive('用户不正确') }),
    handler: async ({ auth, body }) => {
      const member = await findMember(db, auth, body.id);
      await checkAccountInReach(db, auth, body.id, now(), '重置其密码');
      await checkUserWithinCaller(db, auth, body.id);
      const password = randomPolicyPassword();
      const hash = await hashPassword(sha256Hex(password));
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('app_user')
          .set({ password_hash: hash, locked_until: null, updated_at: now() })
          .where('id', '=', body.id)
          .execute();
        await revokeSessions(tx, ctx.bus, { userId: body.id }, now());
        await recordOperation(tx, auth, userLog(body.id, member.team_code, '重置密码'), now());
      });
      return { password };
    },
  });
}
