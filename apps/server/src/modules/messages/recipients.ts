import {
  ALARM_JUMP_TARGETS,
  ALARM_POPUP_TYPES,
  APPROVAL_JUMP_TARGETS,
  formatDate,
  IN_TRANSIT_REMINDER_TARGET,
  isInSubtree,
  mayOpenAlarm,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A user of a merchant as alarm delivery sees them. */
export interface Recipient {
  userId: number;
  teamCode: string;
  /** Subscribed catalogue codes; null: no subscription row, every code. */
  codes: ReadonlySet<number> | null;
  /** The menu codes of alarm pages (jump targets) the user holds in the merchant. */
  pages: ReadonlySet<string>;
}

/** Menu codes of every page an alarm or reminder leads to. */
const JUMP_CODES = [
  ...new Set(
    [
      ...Object.values(ALARM_JUMP_TARGETS),
      ...Object.values(APPROVAL_JUMP_TARGETS),
      IN_TRANSIT_REMINDER_TARGET,
    ].map((target) => target.code),
  ),
];

/** The alarm page codes of each user in the merchants, by `merchantId:userId` (as auth.ts reads codes). */
async function loadPageCodes(
  db: Kysely<Database>,
  merchantIds: readonly number[],
  now: number,
): Promise<Map<string, Set<string>>> {
  const today = formatDate(new Date(now));
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.id')
    .select(['ur.user_id', 'r.merchant_id', 'rm.code'])
    .where('r.merchant_id', 'in', merchantIds)
    .where('rm.code', 'in', JUMP_CODES)
    .union(
      db
        .selectFrom('user_authorization as ua')
        .innerJoin('role_menu as rm', 'rm.role_id', 'ua.role_id')
        .select(['ua.user_id', 'ua.merchant_id', 'rm.code'])
        .where('ua.merchant_id', 'in', merchantIds)
        .where('rm.code', 'in', JUMP_CODES)
        .where('ua.status', '=', 1)
        .where('ua.start_date', '<=', today)
        .where('ua.end_date', '>=', today),
    )
    .execute();
  const pages = new Map<string, Set<string>>();
  for (const row of rows) {
    const key = `${row.merchant_id}:${row.user_id}`;
    const set = pages.get(key) ?? new Set<string>();
    set.add(row.code);
    pages.set(key, set);
  }
  return pages;
}

/** '5004,5006' → {5004, 5006}; '' → {} (the user turned every type off). */
export function parseCodes(text: string): Set<number> {
  const codes = new Set<number>();
  for (const part of text.split(',')) {
    const code = Number(part.trim());
    if (part.trim() !== '' && Number.isInteger(code)) codes.add(code);
  }
  return codes;
}

/** Enabled users of the merchants with their team, subscription and alarm pages. */
export async function loadRecipients(
  db: Kysely<Database>,
  merchantIds: readonly number[],
  now: number = Date.now(),
): Promise<Map<number, Recipient[]>> {
  const byMerchant = new Map<number, Recipient[]>(merchantIds.map((id) => [id, []]));
  if (merchantIds.length === 0) return byMerchant;
  const rows = await db
    .selectFrom('user_merchant as um')
    .innerJoin('app_user as u', 'u.id', 'um.user_id')
    .leftJoin('alarm_subscription as s', (j) =>
      j.onRef('s.user_id', '=', 'um.user_id').onRef('s.merchant_id', '=', 'um.merchant_id'),
    )
    .select(['um.user_id', 'um.merchant_id', 'um.team_code', 's.codes'])
    .where('um.merchant_id', 'in', merchantIds)
    .where('u.status', '=', 1)
    // a user disabled in one merchant only gets none of its alarms
    .where('um.status', '=', 1)
    .orderBy('um.user_id')
    .execute();
  const pages = await loadPageCodes(db, merchantIds, now);
  for (const row of rows) {
    byMerchant.get(row.merchant_id)?.push({
      userId: row.user_id,
      teamCode: row.team_code,
      codes: row.codes === null ? null : parseCodes(row.codes),
      pages: pages.get(`${row.merchant_id}:${row.user_id}`) ?? new Set(),
    });
  }
  return byMerchant;
}

/**
 * Who gets an alarm: users of its merchant whose team subtree holds the alarm's team, who may open
 * the page the alarm leads to (the menu code of its jump target) and who subscribe to its code.
 * `popupType` 2 is an in-transit reminder (its own page).
 */
export function recipientsOf(
  users: readonly Recipient[],
  alarm: { team_code: string; code: number },
  popupType: number = ALARM_POPUP_TYPES.vehicleAlarm,
): number[] {
  const ids: number[] = [];
  for (const user of users) {
    if (!isInSubtree(alarm.team_code, user.teamCode)) continue;
    if (!mayOpenAlarm(alarm.code, user.pages, popupType)) continue;
    if (user.codes !== null && !user.codes.has(alarm.code)) continue;
    ids.push(user.userId);
  }
  return ids;
}

/**
 * Users, teams and subscriptions per merchant kept in memory, so a burst of alarms costs no
 * lookups. A merchant's entry is dropped when the bus says its users or subscriptions changed
 * (`message_directory`, from any process), and after `ttlMs` in any case, for changes made by
 * parts that do not announce them.
 */
export class RecipientDirectory {
  private readonly cache = new Map<number, { at: number; users: Promise<Recipient[]> }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async of(db: Kysely<Database>, merchantIds: readonly number[]): Promise<Map<number, Recipient[]>> {
    const now = this.clock();
    const missing = merchantIds.filter((id) => {
      const entry = this.cache.get(id);
      return !entry || now - entry.at > this.ttlMs;
    });
    if (missing.length > 0) {
      const loading = loadRecipients(db, missing, now);
      for (const id of missing) {
        const users = loading.then((all) => all.get(id) ?? []);
        // a failed load is not kept: the next delivery tries again
        users.catch(() => this.cache.delete(id));
        this.cache.set(id, { at: now, users });
      }
    }
    const result = new Map<number, Recipient[]>();
    for (const id of merchantIds) {
      const entry = this.cache.get(id);
      result.set(id, entry ? await entry.users : []);
    }
    return result;
  }

  /** Forgets one merchant, or every merchant when none is named. */
  invalidate(merchantId?: number): void {
    if (merchantId === undefined) this.cache.clear();
    else this.cache.delete(merchantId);
  }
}
