import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Close code of a socket whose token is missing, invalid, expired or revoked. */
export const WS_UNAUTHORIZED = 4401;
/** How often the watch looks for sockets to check: a revoked or expired session's socket closes within this. */
export const WATCH_TICK_MS = 200;
/** After a revocation event a user's sockets are checked again at each tick for this many ticks (the revoking transaction may not have committed yet). */
const RETRY_TICKS = 15;
/** Every socket's session is checked at least this often (a lost bus event is caught up). */
const RECHECK_MS = 60_000;

export interface ClosableSocket {
  close(code: number, reason: string): void;
}

interface Watched {
  socket: ClosableSocket;
  sessionId: number;
  userId: number;
  /** Clock time of the next database check. */
  checkAt: number;
  /** Ticks left of checking after a revocation event. */
  retries: number;
}

/**
 * The open sockets of this process by session: a socket is closed (4401) as soon as its session
 * is revoked (logout, password change, disabled user or membership; announced on the bus) or
 * expires (idle past the token lifetime), as the database says.
 */
export class SessionWatch {
  private readonly watched = new Set<Watched>();
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly idleMs: number,
  ) {}

  add(socket: ClosableSocket, sessionId: number, userId: number): () => void {
    const entry: Watched = { socket, sessionId, userId, checkAt: this.now(), retries: 0 };
    this.watched.add(entry);
    return () => this.watched.delete(entry);
  }

  /** The sessions of these users were revoked somewhere: check their sockets now and for a while. */
  revoked(userIds: readonly number[]): void {
    const users = new Set(userIds);
    for (const entry of this.watched)
      if (users.has(entry.userId)) {
        entry.checkAt = 0;
        entry.retries = RETRY_TICKS;
      }
  }

  /** One tick: checks the sockets that are due, closes those whose session ended. */
  async sweep(): Promise<void> {
    if (this.running) return;
    const now = this.now();
    const due = [...this.watched].filter((e) => e.checkAt <= now || e.retries > 0);
    if (due.length === 0) return;
    this.running = true;
    try {
      const alive = await this.liveSessions([...new Set(due.map((e) => e.sessionId))]);
      for (const entry of due) {
        const lastSeen = alive.get(entry.sessionId);
        if (lastSeen === undefined || lastSeen + this.idleMs < now) {
          this.watched.delete(entry);
          entry.socket.close(WS_UNAUTHORIZED, 'unauthorized');
          continue;
        }
        entry.retries = Math.max(0, entry.retries - 1);
        entry.checkAt = Math.min(lastSeen + this.idleMs + 1, now + RECHECK_MS);
      }
    } finally {
      this.running = false;
    }
  }

  /** Last use of each session that is not revoked, of an enabled user with an enabled membership in its merchant. */
  private async liveSessions(ids: number[]): Promise<Map<number, number>> {
    const alive = new Map<number, number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('user_session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .innerJoin('user_merchant as um', (j) =>
          j.onRef('um.user_id', '=', 's.user_id').onRef('um.merchant_id', '=', 's.merchant_id'),
        )
        .select(['s.id', 's.last_seen_at'])
        .where('s.id', 'in', ids.slice(i, i + 500))
        .where('s.revoked_at', 'is', null)
        .where('u.status', '=', 1)
        .where('um.status', '=', 1)
        .execute();
      for (const row of rows) alive.set(row.id, Number(row.last_seen_at));
    }
    return alive;
  }
}
