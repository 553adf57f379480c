import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';

/** Bus channel: sessions of these users were revoked; every process closes its sockets of them. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

export interface SessionRevokedEvent {
  userIds: number[];
}

/** Which sessions end: all of a user's, those in one merchant, one session, or all but the caller's. */
export interface RevokeFilter {
  userId: number;
  merchantId?: number;
  sessionId?: number;
  exceptSessionId?: number;
}

/**
 * Ends sessions (logout, password change or reset, a disabled user or membership) and closes their
 * open alarm sockets on every process. Call it inside the transaction that makes the change: the
 * event goes out at once, and each process closes a socket only when the database shows its
 * session ended, so a transaction that rolls back closes nothing.
 */
export async function revokeSessions(
  db: Kysely<Database>,
  bus: EventBus,
  filter: RevokeFilter,
  now: number,
): Promise<void> {
  let q = db
    .updateTable('user_session')
    .set({ revoked_at: now })
    .where('user_id', '=', filter.userId)
    .where('revoked_at', 'is', null);
  if (filter.merchantId !== undefined) q = q.where('merchant_id', '=', filter.merchantId);
  if (filter.sessionId !== undefined) q = q.where('id', '=', filter.sessionId);
  if (filter.exceptSessionId !== undefined) q = q.where('id', '<>', filter.exceptSessionId);
  await q.execute();
  const event: SessionRevokedEvent = { userIds: [filter.userId] };
  await bus.publish(SESSION_REVOKED_CHANNEL, event);
}
