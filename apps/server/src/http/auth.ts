import { formatDate } from '@fleet/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken } from '../modules/auth/tokens';
import { AppError, forbidden, unauthorized } from './envelope';
import type { Scope } from './scope';

/** The caller of a request, as the session and the merchant membership say. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  nickname: string;
  merchantId: number;
  teamCode: string;
  isManager: boolean;
  /** Menu codes of the caller's roles in the current merchant. */
  codes: ReadonlySet<string>;
  scope: Scope;
}

export const TOKEN_HEADER = 'auth-token';
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** The menu codes of a user in a merchant: its roles, and roles granted for a period that includes today. */
export async function menuCodesOf(
  db: Kysely<Database>,
  userId: number,
  merchantId: number,
  now: number,
): Promise<ReadonlySet<string>> {
  const today = formatDate(new Date(now));
  const codes = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
    .select('rm.code')
    .where('ur.user_id', '=', userId)
    .where('r.merchant_id', '=', merchantId)
    .union(
      db
        .selectFrom('user_authorization as ua')
        .innerJoin('role_menu as rm', 'rm.role_id', 'ua.role_id')
        .select('rm.code')
        .where('ua.user_id', '=', userId)
        .where('ua.merchant_id', '=', merchantId)
        .where('ua.status', '=', 1)
        .where('ua.start_date', '<=', today)
        .where('ua.end_date', '>=', today),
    )
    .execute();
  return new Set(codes.map((c) => c.code));
}

export async function authenticate(
  db: Kysely<Database>,
  token: string,
  now: number,
  idleMs: number,
): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .innerJoin('user_merchant as um', (j) =>
      j.onRef('um.user_id', '=', 's.user_id').onRef('um.merchant_id', '=', 's.merchant_id'),
    )
    .select([
      's.id as sessionId',
      's.last_seen_at',
      's.revoked_at',
      'u.id as userId',
      'u.username',
      'u.nickname',
      'u.status',
      'um.merchant_id as merchantId',
      'um.team_code as teamCode',
      'um.is_manager as isManager',
      'um.status as membershipStatus',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.last_seen_at + idleMs < now) return null;
  // a disabled account, or an account disabled in this merchant only
  if (row.status !== 1 || row.membershipStatus !== 1) return null;
  if (now - row.last_seen_at > TOUCH_INTERVAL_MS) {
    await db.updateTable('user_session').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
  }
  const codes = await menuCodesOf(db, row.userId, row.merchantId, now);
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    nickname: row.nickname,
    merchantId: row.merchantId,
    teamCode: row.teamCode,
    isManager: row.isManager === 1,
    codes,
    scope: { merchantId: row.merchantId, teamCode: row.teamCode },
  };
}

function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/**
 * One hook for every /api route: a route says who may call it (`access`), the hook checks the
 * token (body code 401) and the menu codes (HTTP 403).
 */
export function registerAuthHook(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; now: () => number; idleMs: number },
): void {
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const token = tokenOf(req);
    if (!token) throw unauthorized('请先登录');
    const auth = await authenticate(deps.db, token, deps.now(), deps.idleMs);
    if (!auth) throw unauthorized();
    if (access !== 'login' && !access.some((code) => auth.codes.has(code))) throw forbidden();
    req.auth = auth;
  });
}

export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, '请先登录');
  return req.auth;
}
