import { formatDate, isInSubtree } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseCodes } from './recipients';

// Who is reminded of a business item (a waybill to tabulate, a service or certificate falling due):
// the enabled users of its merchant whose team subtree holds the item's team and who hold the menu
// code of the page the reminder opens, through a role or an authorization in force, with their
// alarm subscription. One query of the users and one of the codes, per merchant.

/** A user of a merchant holding at least one of the asked menu codes. */
export interface CodeHolder {
  userId: number;
  teamCode: string;
  /** The asked menu codes the user holds. */
  codes: ReadonlySet<string>;
  /** Subscribed catalogue codes; null: no subscription saved, every code. */
  subscribed: ReadonlySet<number> | null;
}

/**
 * The enabled users of `merchantId` (enabled in the merchant too) who hold any of `menuCodes`
 * through a role of the merchant or an authorization in force on the day of `now`, by user id.
 */
export async function loadCodeHolders(
  db: Kysely<Database>,
  merchantId: number,
  menuCodes: readonly string[],
  now: number,
): Promise<CodeHolder[]> {
  if (menuCodes.length === 0) return [];
  const today = formatDate(new Date(now));
  const [users, rows] = await Promise.all([
    db
      .selectFrom('user_merchant as um')
      .innerJoin('app_user as u', 'u.id', 'um.user_id')
      .leftJoin('alarm_subscription as s', (j) =>
        j.onRef('s.user_id', '=', 'um.user_id').onRef('s.merchant_id', '=', 'um.merchant_id'),
      )
      .select(['um.user_id', 'um.team_code', 's.codes'])
      .where('um.merchant_id', '=', merchantId)
      .where('um.status', '=', 1)
      .where('u.status', '=', 1)
      .orderBy('um.user_id')
      .execute(),
    db
      .selectFrom('user_role as ur')
      .innerJoin('role as r', 'r.id', 'ur.role_id')
      .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
      .select(['ur.user_id', 'rm.code'])
      .where('r.merchant_id', '=', merchantId)
      .where('rm.code', 'in', menuCodes)
      .union(
        db
          .selectFrom('user_authorization as ua')
          .innerJoin('role_menu as rm', 'rm.role_id', 'ua.role_id')
          .select(['ua.user_id', 'rm.code'])
          .where('ua.merchant_id', '=', merchantId)
          .where('rm.code', 'in', menuCodes)
          .where('ua.status', '=', 1)
          .where('ua.start_date', '<=', today)
          .where('ua.end_date', '>=', today),
      )
      .execute(),
  ]);
  const held = new Map<number, Set<string>>();
  for (const row of rows) held.set(row.user_id, (held.get(row.user_id) ?? new Set()).add(row.code));
  const holders: CodeHolder[] = [];
  for (const user of users) {
    const codes = held.get(user.user_id);
    if (!codes) continue;
    holders.push({
      userId: user.user_id,
      teamCode: user.team_code,
      codes,
      subscribed: user.codes === null ? null : parseCodes(user.codes),
    });
  }
  return holders;
}

/** The holders whose team subtree holds `teamCode` and who hold `menuCode` (any asked code when absent). */
export function holdersOfTeam(
  holders: readonly CodeHolder[],
  teamCode: string,
  menuCode?: string,
): CodeHolder[] {
  return holders.filter(
    (h) => isInSubtree(teamCode, h.teamCode) && (menuCode === undefined || h.codes.has(menuCode)),
  );
}

/** Whether a holder's subscription lets reminders of catalogue code `code` through. */
export function subscribesTo(holder: Pick<CodeHolder, 'subscribed'>, code: number): boolean {
  return holder.subscribed === null || holder.subscribed.has(code);
}
