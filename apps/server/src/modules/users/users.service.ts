import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { addressedTo } from '../../http/scope';

const TAG_LIST_SIZE = 10;

/** `/user/info`: the fields of spec core section 3 for the signed-in user in the current merchant. */
export async function userInfo(db: Kysely<Database>, auth: AuthContext) {
  const [user, membership, roles, visits, pops] = await Promise.all([
    db
      .selectFrom('app_user')
      .select(['id', 'username', 'nickname', 'avatar', 'introduction', 'phone', 'email', 'is_operator'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_merchant as um')
      .innerJoin('merchant as m', 'm.id', 'um.merchant_id')
      .leftJoin('team as t', (j) =>
        j.onRef('t.merchant_id', '=', 'um.merchant_id').onRef('t.team_code', '=', 'um.team_code'),
      )
      .select(['m.name as merchantName', 't.id as teamId', 't.team_name as teamName', 'um.entry_time'])
      .where('um.user_id', '=', auth.userId)
      .where('um.merchant_id', '=', auth.merchantId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_role as ur')
      .innerJoin('role as r', 'r.id', 'ur.role_id')
      .select(['r.id', 'r.name'])
      .where('ur.user_id', '=', auth.userId)
      .where('r.merchant_id', '=', auth.merchantId)
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('user_menu_visit')
      .select(['code', 'visits', 'last_at'])
      .where('user_id', '=', auth.userId)
      .execute(),
    db
      .selectFrom('pop_message as p')
      .leftJoin('pop_message_read as r', (j) =>
        j.onRef('r.pop_message_id', '=', 'p.id').on('r.user_id', '=', auth.userId),
      )
      .select(['p.id', 'p.pop_content as popContent', 'p.signature_content as signatureContent'])
      .where('p.merchant_id', '=', auth.merchantId)
      .where(addressedTo(auth.teamCode, 'p.team_code'))
      .where('r.user_id', 'is', null)
      .orderBy('p.id')
      .execute(),
  ]);
  const permitted = visits.filter((v) => auth.codes.has(v.code));
  const newestElements = [...permitted]
    .sort((a, b) => b.last_at - a.last_at)
    .slice(0, TAG_LIST_SIZE)
    .map((v) => v.code);
  const commonElements = [...permitted]
    .sort((a, b) => b.visits - a.visits || b.last_at - a.last_at)
    .slice(0, TAG_LIST_SIZE)
    .map((v) => v.code);
  const roleId = roles[0]?.id ?? null;
  const teamIdStr = membership.teamId === null ? '' : String(membership.teamId);
  return {
    id: user.id,
    user_id: user.id,
    name: user.nickname,
    user_name: user.username,
    username: user.username,
    avatar: user.avatar ?? '',
    introduction: user.introduction ?? '',
    phone: user.phone ?? '',
    email: user.email ?? '',
    roleId,
    roles: roles.map((r) => r.name),
    isOperator: user.is_operator === 1,
    isManager: auth.isManager,
    merchantId: auth.merchantId,
    merchantName: membership.merchantName,
    teamIdStr,
    team: { teamId: membership.teamId, teamCode: auth.teamCode, teamName: membership.teamName ?? '', roleId },
    entryTime: membership.entry_time,
    elemCodes: [...auth.codes].sort().join(','),
    newestElements,
    commonElements,
    popMsgs: pops,
  };
}

/** Records a visit to a menu page (feeds the 'latest' and 'frequently used' tags). */
export async function recordMenuVisit(db: Kysely<Database>, userId: number, code: string, now: number) {
  await db
    .insertInto('user_menu_visit')
    .values({ user_id: userId, code, visits: 1, last_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'code'])
        .doUpdateSet((eb) => ({ visits: eb('user_menu_visit.visits', '+', 1), last_at: now })),
    )
    .execute();
}

export async function markPopMessagesRead(
  db: Kysely<Database>,
  auth: AuthContext,
  ids: number[],
  now: number,
) {
  const own = await db
    .selectFrom('pop_message')
    .select('id')
    .where('merchant_id', '=', auth.merchantId)
    .where('id', 'in', ids)
    .execute();
  if (own.length === 0) return;
  await db
    .insertInto('pop_message_read')
    .values(own.map((p) => ({ user_id: auth.userId, pop_message_id: p.id, read_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
