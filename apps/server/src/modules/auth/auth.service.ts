import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, BodyCode, badInput, unauthorized } from '../../http/envelope';
import type { EventBus } from '../../realtime/bus';
import * as repo from './auth.repository';
import { consumeCaptcha } from './captcha';
import { revokeSessions } from './sessions';
import { hashPassword, hashToken, newToken, verifyPassword } from './tokens';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 15 * 60_000;

export interface SessionDeps {
  db: Kysely<Database>;
  now: () => number;
  refreshMs: number;
  /** Revocations close the sessions' open sockets on every process. */
  bus: EventBus;
}

export interface LoginInput {
  username: string;
  password: string;
  webVerifyCodeId?: string;
  webVerifyCode?: string;
}

async function openSession(deps: SessionDeps, userId: number, merchantId: number) {
  const token = newToken();
  const refreshToken = newToken();
  await repo.createSession(deps.db, {
    tokenHash: hashToken(token),
    refreshHash: hashToken(refreshToken),
    userId,
    merchantId,
    now: deps.now(),
    refreshMs: deps.refreshMs,
  });
  return { token, refreshToken };
}

export async function isCaptchaRequired(db: Kysely<Database>, username: string, now: number) {
  return (await repo.countRecentFailures(db, username, now)) >= CAPTCHA_AFTER_FAILURES;
}

const lockedAnswer = (until: number, now: number) =>
  badInput(`登录失败次数过多，账号已锁定，请${Math.ceil((until - now) / 60_000)}分钟后再试`);

/** Verified against when the name is unknown, so that a wrong name costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs a user in. A wrong password and an unknown name get the same answer, counted and locked
 * the same way by the name that was typed, so the answers never tell which names exist.
 */
export async function login(deps: SessionDeps, input: LoginInput, ip: string | null) {
  const { db } = deps;
  const now = deps.now();
  const failures = await repo.countRecentFailures(db, input.username, now);
  if (failures >= CAPTCHA_AFTER_FAILURES) {
    await consumeCaptcha(db, input.webVerifyCodeId, input.webVerifyCode, now);
  }
  const user = await repo.findUserByName(db, input.username);
  if (user?.locked_until && user.locked_until > now) throw lockedAnswer(user.locked_until, now);
  if (!user && failures >= LOCK_AFTER_FAILURES) {
    const last = await repo.lastFailureAt(db, input.username, now);
    throw lockedAnswer((last ?? now) + LOCK_MS, now);
  }
  decoyHash ??= hashPassword(hashToken('decoy'));
  const passwordHash = user?.password_hash ?? (await decoyHash);
  if (!(await verifyPassword(input.password, passwordHash)) || !user) {
    await repo.recordFailure(db, input.username, now, ip);
    const count = failures + 1;
    if (count >= LOCK_AFTER_FAILURES) {
      if (user)
        await db
          .updateTable('app_user')
          .set({ locked_until: now + LOCK_MS })
          .where('id', '=', user.id)
          .execute();
      throw lockedAnswer(now + LOCK_MS, now);
    }
    const left = LOCK_AFTER_FAILURES - count;
    throw badInput(left <= 5 ? `用户名或密码错误，还可尝试${left}次` : '用户名或密码错误');
  }
  const merchants = await repo.memberships(db, user.id);
  const merchant = merchants.find((m) => m.merchantId === user.last_merchant_id) ?? merchants[0];
  // disabled as an account, or in every merchant it belongs to
  if (user.status !== 1 || !merchant) throw badInput('账号已停用，请联系管理员');
  await repo.clearFailures(db, input.username, now);
  await db
    .updateTable('app_user')
    .set({ last_merchant_id: merchant.merchantId, locked_until: null })
    .where('id', '=', user.id)
    .execute();
  const tokens = await openSession(deps, user.id, merchant.merchantId);
  return { ...tokens, ucid: String(user.id), nickname: user.nickname };
}

/** Exchanges a refresh token for a new pair; the old pair stops working. */
export async function refresh(deps: SessionDeps, refreshToken: string) {
  const now = deps.now();
  const old = await deps.db
    .updateTable('user_session')
    .set({ revoked_at: now })
    .where('refresh_hash', '=', hashToken(refreshToken))
    .where('revoked_at', 'is', null)
    .where('refresh_expires_at', '>', now)
    .returning(['user_id', 'merchant_id'])
    .executeTakeFirst();
  if (!old) throw unauthorized('登录已过期，请重新登录');
  const user = await deps.db
    .selectFrom('app_user')
    .select('nickname')
    .where('id', '=', old.user_id)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!user) throw unauthorized('账号已停用，请联系管理员');
  const tokens = await openSession(deps, old.user_id, old.merchant_id);
  return { ...tokens, ucid: String(old.user_id), nickname: user.nickname };
}

export async function changePassword(
  deps: SessionDeps,
  auth: { userId: number; sessionId: number },
  oldPassword: string,
  newPassword: string,
) {
  const user = await deps.db
    .selectFrom('app_user')
    .select('password_hash')
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPassword, user.password_hash))) throw badInput('原密码错误');
  if (oldPassword === newPassword) throw badInput('新密码不能与原密码相同');
  const hash = await hashPassword(newPassword);
  const now = deps.now();
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('app_user')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', auth.userId)
      .execute();
    await revokeSessions(tx, deps.bus, { userId: auth.userId, exceptSessionId: auth.sessionId }, now);
  });
}

export async function pickMerchant(
  deps: SessionDeps,
  auth: { userId: number; sessionId: number },
  merchantId: number,
) {
  const merchants = await repo.memberships(deps.db, auth.userId);
  const merchant = merchants.find((m) => m.merchantId === merchantId);
  if (!merchant) throw new AppError(BodyCode.badInput, '您不属于该商户');
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('user_session')
      .set({ merchant_id: merchantId })
      .where('id', '=', auth.sessionId)
      .execute();
    await tx
      .updateTable('app_user')
      .set({ last_merchant_id: merchantId })
      .where('id', '=', auth.userId)
      .execute();
  });
  return merchant;
}
