import { isKnownCode, MENU_TREE, OPERATE_LOG_PAGES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { pageOffset, paging, route } from '../../http/route';
import { inMerchant, teamInScope } from '../../http/scope';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkRoleInReach, codesNotHeld, keepingFullAdministrator } from './role-access';

export const ROLE_CODES = ['car090402'] as const;

const roleFields = {
  name: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(30, '角色名称最多30个字符'),
  remark: z.string().trim().max(200, '备注最多200个字符').optional(),
  codes: z.array(z.string().max(40)).max(1000),
};
const labels = { name: '角色名称', remark: '备注', codes: '菜单权限', id: '角色' };

function checkCodes(auth: AuthContext, codes: string[]): string[] {
  const unknown = codes.filter((c) => !isKnownCode(c));
  if (unknown.length) throw badInput(`菜单权限: 不存在的菜单编码 ${unknown.slice(0, 5).join(',')}`);
  const notHeld = codesNotHeld(auth, codes);
  if (notHeld.length) throw badInput(`菜单权限: 不能授予自己没有的权限 ${notHeld.slice(0, 5).join(',')}`);
  return [...new Set(codes)];
}

const roleLog = (auth: AuthContext, id: number, content: string) => ({
  pageEnum: OPERATE_LOG_PAGES.role,
  dataId: id,
  teamCode: auth.teamCode,
  content,
});

async function findRole(db: Kysely<Database>, auth: AuthContext, id: number) {
  const role = await db
    .selectFrom('role')
    .selectAll()
    .where(inMerchant(auth.scope, 'role'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!role) throw notFound('角色不存在');
  return role;
}

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '角色';
  const { db } = ctx;

  route(app, tag, {
    method: 'POST',
    url: '/system/role/list',
    summary: '本商户的角色及其菜单权限（用户管理选择角色时也用）',
    access: [...ROLE_CODES, 'car090401'],
    list: true,
    body: z.object({ ...paging, name: z.string().trim().max(30).optional() }),
    handler: async ({ auth, body }) => {
      let q = db.selectFrom('role').where(inMerchant(auth.scope, 'role'));
      if (body.name) q = q.where('name', 'like', `%${body.name}%`);
      const [rows, total] = await Promise.all([
        q
          .select((eb) => [
            'role.id',
            'role.name',
            'role.remark',
            'role.team_code',
            'role.created_at',
            eb
              .selectFrom('user_role')
              .whereRef('user_role.role_id', '=', 'role.id')
              .select(eb.fn.countAll<number>().as('n'))
              .as('userCount'),
          ])
          .orderBy('role.id')
          .limit(body.pageSize)
          .offset(pageOffset(body))
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((r) => r.id);
      const codes = ids.length
        ? await db.selectFrom('role_menu').select(['role_id', 'code']).where('role_id', 'in', ids).execute()
        : [];
      const list = rows.map((r) => {
        const own = codes.filter((c) => c.role_id === r.id).map((c) => c.code);
        return {
          id: r.id,
          name: r.name,
          remark: r.remark ?? '',
          teamCode: r.team_code,
          createdAt: r.created_at,
          userCount: Number(r.userCount ?? 0),
          codes: own,
          // whether the caller may give the role to a user, and change it (owned in its subtree)
          grantable: codesNotHeld(auth, own).length === 0,
          editable: r.team_code !== '' && teamInScope(auth.scope, r.team_code),
        };
      });
      return { list, total: Number(total.n) };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/system/menu/tree',
    summary: '完整菜单树（角色授权用）',
    access: ROLE_CODES,
    handler: async () => MENU_TREE,
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/role/add',
    summary: '新增角色',
    access: ROLE_CODES,
    labels,
    body: z.object(roleFields),
    handler: async ({ auth, body }) => {
      const codes = checkCodes(auth, body.codes);
      return db.transaction().execute(async (tx) => {
        const exists = await tx
          .selectFrom('role')
          .select('id')
          .where(inMerchant(auth.scope, 'role'))
          .where('name', '=', body.name)
          .executeTakeFirst();
        if (exists) throw badInput('角色名称: 已存在');
        const role = await tx
          .insertInto('role')
          .values({
            merchant_id: auth.merchantId,
            team_code: auth.teamCode,
            name: body.name,
            remark: body.remark ?? null,
            created_at: ctx.config.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (codes.length)
          await tx
            .insertInto('role_menu')
            .values(codes.map((code) => ({ role_id: role.id, code })))
            .execute();
        return { id: role.id };
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/role/edit',
    summary: '修改角色名称、备注和菜单权限',
    access: ROLE_CODES,
    labels,
    body: z.object({ id: z.number().int().positive('角色不正确'), ...roleFields }),
    handler: async ({ auth, body }) => {
      const codes = checkCodes(auth, body.codes);
      await checkRoleInReach(db, auth, await findRole(db, auth, body.id), ctx.config.now());
      await keepingFullAdministrator(db, auth.merchantId, async (tx) => {
        const clash = await tx
          .selectFrom('role')
          .select('id')
          .where(inMerchant(auth.scope, 'role'))
          .where('name', '=', body.name)
          .where('id', '<>', body.id)
          .executeTakeFirst();
        if (clash) throw badInput('角色名称: 已存在');
        await tx
          .updateTable('role')
          .set({ name: body.name, remark: body.remark ?? null })
          .where('id', '=', body.id)
          .execute();
        await tx.deleteFrom('role_menu').where('role_id', '=', body.id).execute();
        if (codes.length)
          await tx
            .insertInto('role_menu')
            .values(codes.map((code) => ({ role_id: body.id, code })))
            .execute();
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/system/role/delete',
    summary: '删除角色（仍有用户时不能删除）',
    access: ROLE_CODES,
    labels,
    body: z.object({ id: z.number().int().positive('角色不正确') }),
    handler: async ({ auth, body }) => {
      const role = await findRole(db, auth, body.id);
      await checkRoleInReach(db, auth, role, ctx.config.now());
      const used = await db
        .selectFrom('user_role')
        .select('user_id')
        .where('role_id', '=', body.id)
        .executeTakeFirst();
      if (used) throw badInput('该角色下还有用户，不能删除');
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('role').where('id', '=', body.id).execute();
        await recordOperation(tx, auth, roleLog(auth, body.id, `删除角色 ${role.name}`), ctx.config.now());
      });
    },
  });
}
