import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { hashToken } from './tokens';

/** Where SMS codes go. The built-in provider writes them to the server log. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export function logSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send(phone, text) {
      log.info({ phone }, `SMS to ${phone}: ${text}`);
    },
  };
}

export const SMS_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
const SMS_MAX_ATTEMPTS = 5;

/** Sends a code to a phone: at most one a minute and `dailyLimit` in 24 hours to one number. */
export async function sendSmsCode(
  db: Kysely<Database>,
  provider: SmsProvider,
  phone: string,
  now: number,
  dailyLimit: number,
) {
  const recent = await db
    .selectFrom('sms_code')
    .select(['created_at'])
    .where('phone', '=', phone)
    .where('created_at', '>', now - 86400_000)
    .orderBy('created_at', 'desc')
    .execute();
  if (recent[0] && recent[0].created_at > now - SMS_RESEND_MS)
    throw badInput('验证码发送过于频繁，请60秒后再试');
  if (recent.length >= dailyLimit) throw badInput('今日验证码发送次数已达上限');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('sms_code')
    .values({ phone, code_hash: hashToken(code), created_at: now, expires_at: now + SMS_TTL_MS })
    .execute();
  await provider.send(phone, `您的验证码为${code}，5分钟内有效，请勿泄露给他人。`);
}

/** Checks a code; `consume` marks it used so it cannot be used again. Too many wrong tries void it. */
export async function checkSmsCode(
  db: Kysely<Database>,
  phone: string,
  code: string,
  now: number,
  consume: boolean,
) {
  const row = await db
    .selectFrom('sms_code')
    .selectAll()
    .where('phone', '=', phone)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= SMS_MAX_ATTEMPTS) return false;
  if (row.code_hash !== hashToken(code)) {
    await db
      .updateTable('sms_code')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    return false;
  }
  if (consume) {
    const used = await db
      .updateTable('sms_code')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  return true;
}
