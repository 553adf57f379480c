import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/schema';
import { badInput } from '../../http/envelope';
import { hashToken } from './tokens';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Draws a new captcha for the id the browser chose; an earlier one of that id is replaced. */
export async function issueCaptcha(db: Kysely<Database>, id: string, now: number): Promise<string> {
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f4f6fb',
  });
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('verify_code')
      .where((eb) => eb.or([eb('id', '=', id), eb('expires_at', '<', now)]))
      .execute();
    await tx
      .insertInto('verify_code')
      .values({ id, code_hash: hashToken(captcha.text.toLowerCase()), expires_at: now + CAPTCHA_TTL_MS })
      .execute();
  });
  return captcha.data;
}

/** Checks and consumes a captcha: each code is good for one try within 5 minutes. */
export async function consumeCaptcha(
  db: Kysely<Database>,
  id: string | undefined,
  code: string | undefined,
  now: number,
) {
  if (!id || !code) throw badInput('请输入验证码');
  const row = await db.deleteFrom('verify_code').where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) throw badInput('验证码已失效，请刷新验证码');
  if (row.expires_at < now) throw badInput('验证码已过期，请刷新验证码');
  if (row.code_hash !== hashToken(code.trim().toLowerCase())) throw badInput('验证码错误');
}
