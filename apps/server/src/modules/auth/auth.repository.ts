import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60_000;

export function countRecentFailures(db: Kysely<Database>, username: string, now: number) {
  return db
    .selectFrom('login_failure')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '=', username)
    .where('at', '>', now - LOGIN_WINDOW_MS)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** When the latest failed login of a name within the window was. */
export async function lastFailureAt(db: Kysely<Database>, username: string, now: number) {
  const row = await db
    .selectFrom('login_failure')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('username', '=', username)
    .where('at', '>', now - LOGIN_WINDOW_MS)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export function recordFailure(db: Kysely<Database>, username: string, now: number, ip: string | null) {
  return db.insertInto('login_failure').values({ username, at: now, ip }).execute();
}

export function clearFailures(db: Kysely<Database>, username: string, now: number) {
  return db
    .deleteFrom('login_failure')
    .where((eb) => eb.or([eb('username', '=', username), eb('at', '<', now - LOGIN_WINDOW_MS)]))
    .execute();
}

export function findUserByName(db: Kysely<Database>, username: string) {
  return db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
}

export function memberships(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_merchant as um')
    .innerJoin('merchant as m', 'm.id', 'um.merchant_id')
    .select(['um.merchant_id as merchantId', 'm.name as merchantName', 'um.team_code as teamCode'])
    .where('um.user_id', '=', userId)
    .where('um.status', '=', 1)
    .where('m.status', '=', 1)
    .orderBy('um.merchant_id')
    .execute();
}

export async function createSession(
  db: Kysely<Database>,
  s: {
    tokenHash: string;
    refreshHash: string;
    userId: number;
    merchantId: number;
    now: number;
    refreshMs: number;
  },
) {
  await db
    .insertInto('user_session')
    .values({
      token_hash: s.tokenHash,
      refresh_hash: s.refreshHash,
      user_id: s.userId,
      merchant_id: s.merchantId,
      created_at: s.now,
      last_seen_at: s.now,
      refresh_expires_at: s.now + s.refreshMs,
    })
    .execute();
}
