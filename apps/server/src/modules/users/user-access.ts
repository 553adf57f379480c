import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type AuthContext, menuCodesOf } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { inScope, teamInScope } from '../../http/scope';
import { rolesNotHeld } from '../roles/role-access';
import { findTeam } from '../teams/teams.repository';

/** The menu code of user administration (用户管理). */
const USER_ADMIN_CODE = 'car090401';

/** A user of the caller's merchant whose team lies in the caller's subtree. */
export async function findMember(db: Kysely<Database>, auth: AuthContext, userId: number) {
  const row = await db
    .selectFrom('user_merchant')
    .select(['user_id', 'team_code'])
    .where(inScope(auth.scope, 'user_merchant'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('用户不存在或无权操作');
  return row;
}

/**
 * A team of the caller's subtree, and roles of the caller's merchant that the caller may grant:
 * every code of each it holds itself.
 */
export async function checkTeamAndRoles(
  db: Kysely<Database>,
  auth: AuthContext,
  teamCode: string,
  roleIds: number[],
) {
  if (!(await findTeam(db, auth.scope, teamCode))) throw badInput('所属车队: 不存在或不在您的管辖范围内');
  const roles = await db
    .selectFrom('role')
    .select('id')
    .where('merchant_id', '=', auth.merchantId)
    .where('id', 'in', roleIds)
    .execute();
  if (roles.length !== new Set(roleIds).size) throw badInput('角色: 不存在');
  if ((await rolesNotHeld(db, auth, roleIds)).size > 0)
    throw badInput('角色: 含有您本人没有的菜单权限，不能授予');
}

/**
 * A user administrator manages only users whose roles in this merchant it could have granted: a
 * password reset or an edit of a stronger user would hand the caller that user's codes.
 */
export async function checkUserWithinCaller(db: Kysely<Database>, auth: AuthContext, userId: number) {
  const roles = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select('r.id')
    .where('ur.user_id', '=', userId)
    .where('r.merchant_id', '=', auth.merchantId)
    .execute();
  const beyond = await rolesNotHeld(
    db,
    auth,
    roles.map((r) => r.id),
  );
  if (beyond.size > 0) throw badInput('该用户拥有您本人没有的菜单权限，您不能修改其账号');
}

/**
 * The account (name, password, phone, e-mail) is shared by every merchant the user belongs to: the
 * caller changes it only when it also administers the user in each of those merchants.
 */
export async function checkAccountInReach(
  db: Kysely<Database>,
  auth: AuthContext,
  userId: number,
  now: number,
  action: string,
) {
  const others = await db
    .selectFrom('user_merchant as um')
    .innerJoin('merchant as m', 'm.id', 'um.merchant_id')
    .select(['um.merchant_id', 'um.team_code', 'm.name'])
    .where('um.user_id', '=', userId)
    .where('um.merchant_id', '<>', auth.merchantId)
    .execute();
  if (others.length === 0) return;
  const mine = await db
    .selectFrom('user_merchant')
    .select(['merchant_id', 'team_code'])
    .where('user_id', '=', auth.userId)
    .where('status', '=', 1)
    .execute();
  const outside: string[] = [];
  for (const other of others) {
    const membership = mine.find((m) => m.merchant_id === other.merchant_id);
    const administers =
      membership !== undefined &&
      teamInScope({ merchantId: other.merchant_id, teamCode: membership.team_code }, other.team_code) &&
      (await menuCodesOf(db, auth.userId, other.merchant_id, now)).has(USER_ADMIN_CODE);
    if (!administers) outside.push(other.name);
  }
  if (outside.length > 0)
    throw badInput(
      `该用户同时属于其他商户（${outside.join('、')}），您在该商户无权管理此用户，不能${action}`,
    );
}

/** An edit that changes the account's name, phone or e-mail must be in reach in every merchant. */
export async function checkAccountEdit(
  db: Kysely<Database>,
  auth: AuthContext,
  edit: { id: number; nickname: string; phone?: string; email?: string },
  now: number,
) {
  const account = await db
    .selectFrom('app_user')
    .select(['nickname', 'phone', 'email'])
    .where('id', '=', edit.id)
    .executeTakeFirstOrThrow();
  const changed =
    account.nickname !== edit.nickname ||
    (account.phone ?? '') !== (edit.phone ?? '') ||
    (account.email ?? '') !== (edit.email ?? '');
  if (changed) await checkAccountInReach(db, auth, edit.id, now, '修改其姓名、手机号或邮箱');
}
