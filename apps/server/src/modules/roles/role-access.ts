import { allMenuCodes, formatDate } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { teamInScope } from '../../http/scope';

/**
 * Who may grant what, written once: nobody grants a menu code it does not hold. Role editing,
 * timed authorisation and user administration all ask these functions.
 */
export function codesNotHeld(auth: AuthContext, codes: Iterable<string>): string[] {
  return [...codes].filter((code) => !auth.codes.has(code));
}

/** The roles among `roleIds` that carry a menu code the caller does not hold. */
export async function rolesNotHeld(
  db: Kysely<Database>,
  auth: AuthContext,
  roleIds: readonly number[],
): Promise<Set<number>> {
  if (roleIds.length === 0) return new Set();
  const codes = await db
    .selectFrom('role_menu')
    .select(['role_id', 'code'])
    .where('role_id', 'in', [...roleIds])
    .execute();
  return new Set(codes.filter((c) => !auth.codes.has(c.code)).map((c) => c.role_id));
}

/**
 * A role administrator changes only the roles owned within its team subtree, and never a role that
 * a user outside that subtree holds (permanently or by a grant still in force).
 */
export async function checkRoleInReach(
  db: Kysely<Database>,
  auth: AuthContext,
  role: { id: number; team_code: string },
  now: number,
): Promise<void> {
  if (!teamInScope(auth.scope, role.team_code) || role.team_code === '')
    throw badInput('该角色不属于您管辖的车队，不能修改或删除');
  const prefix = `${auth.teamCode}%`;
  const outside = await db
    .selectFrom('user_role as ur')
    .innerJoin('user_merchant as um', 'um.user_id', 'ur.user_id')
    .select('ur.user_id')
    .where('ur.role_id', '=', role.id)
    .where('um.merchant_id', '=', auth.merchantId)
    .where('um.team_code', 'not like', prefix)
    .union(
      db
        .selectFrom('user_authorization as ua')
        .select('ua.user_id')
        .where('ua.role_id', '=', role.id)
        .where('ua.status', '=', 1)
        .where('ua.end_date', '>=', formatDate(new Date(now)))
        .where('ua.team_code', 'not like', prefix),
    )
    .executeTakeFirst();
  if (outside) throw badInput('该角色有您管辖范围以外的用户在用，不能修改或删除');
}

const ALL_CODES = [...allMenuCodes()];

/** Enabled users of the merchant whose roles hold every menu code. */
async function fullAdministrators(db: Kysely<Database>, merchantId: number): Promise<number> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
    .innerJoin('user_merchant as um', (j) =>
      j.onRef('um.user_id', '=', 'ur.user_id').onRef('um.merchant_id', '=', 'r.merchant_id'),
    )
    .innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select('ur.user_id')
    .where('r.merchant_id', '=', merchantId)
    .where('um.status', '=', 1)
    .where('u.status', '=', 1)
    .where('rm.code', 'in', ALL_CODES)
    .groupBy('ur.user_id')
    .having((eb) => eb.fn.count('rm.code').distinct(), '=', ALL_CODES.length)
    .execute();
  return rows.length;
}

/**
 * Runs a change of roles or users in one transaction and refuses it when it would leave the
 * merchant without an enabled user holding every menu code. A merchant that had no such user
 * before (a menu added since its roles were set up) is not held to it.
 */
export function keepingFullAdministrator<T>(
  db: Kysely<Database>,
  merchantId: number,
  change: (tx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const before = await fullAdministrators(tx, merchantId);
    const result = await change(tx);
    if (before > 0 && (await fullAdministrators(tx, merchantId)) === 0)
      throw badInput('操作后本商户将没有拥有全部权限的启用用户，不能保存');
    return result;
  });
}
