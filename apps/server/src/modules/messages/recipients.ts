import { isInSubtree } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A user of a merchant as alarm delivery sees them. */
export interface Recipient {
  userId: number;
  teamCode: string;
  /** Subscribed catalogue codes; null: no subscription row, every code. */
  codes: ReadonlySet<number> | null;
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

/** Enabled users of the merchants with their team and subscription, read in one query. */
export async function loadRecipients(
  db: Kysely<Database>,
  merchantIds: readonly number[],
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
    .orderBy('um.user_id')
    .execute();
  for (const row of rows) {
    byMerchant.get(row.merchant_id)?.push({
      userId: row.user_id,
      teamCode: row.team_code,
      codes: row.codes === null ? null : parseCodes(row.codes),
    });
  }
  return byMerchant;
}

/**
 * Who gets an alarm: users of its merchant whose team subtree holds the alarm's team and who
 * subscribe to its code. No menu code is required: the alarm reminder is part of every user's
 * shell, and the subscription is how a user chooses what reaches them.
 */
export function recipientsOf(
  users: readonly Recipient[],
  alarm: { team_code: string; code: number },
): number[] {
  const ids: number[] = [];
  for (const user of users) {
    if (!isInSubtree(alarm.team_code, user.teamCode)) continue;
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
      const loading = loadRecipients(db, missing);
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
