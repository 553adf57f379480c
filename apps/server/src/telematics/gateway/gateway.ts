import net from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, BodyCode } from '../../http/envelope';
import type { Ingest } from '../ingest/ingest';
import { PreAuthLimit } from './pre-auth';
import { type GatewayLog, Session, type SessionHost } from './session';
import { commandFrame, type TerminalCommand } from './terminal-commands';
import { truckOfTerminal } from './terminals';

export interface GatewayOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** A connection that sends no frame for this long is closed (3 heartbeats of 60 s by default). */
  idleMs: number;
  /** How long `queryLocation` and `sendText` wait for the terminal. */
  replyTimeoutMs: number;
  /** The server's clock for stored times. */
  now(): number;
  log: GatewayLog;
  /** Folder of the evidence store, where photos and clips terminals upload (0x0801) are kept. */
  uploadDir: string;
  /** Reports of one connection waiting for their commit before its socket is paused; default 64. */
  maxPendingPerConnection?: number;
  /** Rows queued in the ingest before every socket pauses; default 50,000. */
  maxBacklog?: number;
  /** Unauthenticated connections one address may hold at once (see pre-auth.ts); default 64. */
  preAuthPerAddress?: number;
  /** An unauthenticated connection is closed this long after connecting; default 30 s. */
  preAuthMs?: number;
}

/** Error of a platform command to a terminal that is not connected or did not answer (body code 511). */
export class TerminalOfflineError extends AppError {
  constructor() {
    super(BodyCode.terminalOffline, '终端设备不在线');
    this.name = 'TerminalOfflineError';
  }
}

const offline = () => new TerminalOfflineError();
/** At most this long a registration waits to learn whether the connection it would replace answers. */
const PROBE_MS = 5000;

/**
 * The JT/T 808 gateway: a TCP server whose connections are `Session`s. It keeps the registry of
 * authenticated terminals (one connection a terminal: a newer one closes the older), closes idle
 * connections, marks vehicles online and offline through the ingest (ordered with their reports),
 * pauses reading while the ingest is behind, and sends platform commands to terminals.
 */
export class Gateway implements SessionHost {
  readonly db: Kysely<Database>;
  readonly ingest: Ingest;
  readonly log: GatewayLog;
  readonly maxPending: number;
  readonly uploadDir: string;
  private readonly maxBacklog: number;
  private readonly server: net.Server;
  private readonly sessions = new Set<Session>();
  private readonly byTid = new Map<string, Session>();
  private readonly waiting = new Set<Session>();
  private readonly preAuth: PreAuthLimit;
  readonly preAuthMs: number | undefined;
  private sweepTimer: NodeJS.Timeout | null = null;
  private boundPort: number | null = null;
  private stopping = false;

  constructor(
    db: Kysely<Database>,
    ingest: Ingest,
    private readonly options: GatewayOptions,
  ) {
    this.db = db;
    this.ingest = ingest;
    this.log = options.log;
    this.maxPending = options.maxPendingPerConnection ?? 64;
    this.uploadDir = options.uploadDir;
    this.maxBacklog = options.maxBacklog ?? 50_000;
    this.preAuth = new PreAuthLimit(options.preAuthPerAddress ?? 64);
    this.preAuthMs = options.preAuthMs;
    this.server = net.createServer({ noDelay: true }, (socket) => this.accept(socket));
    this.server.on('error', (error) => this.log.error({ err: error }, 'JT/T 808 server error'));
    ingest.onDrained = () => this.resumeWaiting();
  }

  now(): number {
    return this.options.now();
  }

  /** The bound TCP port (null before `start`). */
  get port(): number | null {
    return this.boundPort;
  }

  /** Open connections, authenticated or not. */
  get connections(): number {
    return this.sessions.size;
  }

  /** True when the terminal `tid` is connected and authenticated. */
  isOnline(tid: string): boolean {
    return this.byTid.get(tid)?.state === 'authenticated';
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.server.once('error', fail);
      this.server.listen({ host: this.options.host, port: this.options.port, backlog: 4096 }, () => {
        this.server.off('error', fail);
        resolve();
      });
    });
    const address = this.server.address();
    this.boundPort = typeof address === 'object' && address ? address.port : this.options.port;
    const every = Math.max(50, Math.min(15_000, Math.floor(this.options.idleMs / 4)));
    this.sweepTimer = setInterval(() => this.sweepIdle(), every);
    this.sweepTimer.unref();
    this.log.info({ port: this.boundPort }, 'JT/T 808 gateway listening');
    return this.boundPort;
  }

  /** Stops listening, closes every connection and waits for their reports to be stored. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const session of this.sessions) session.socket.destroy();
    await closed;
    await this.ingest.drain();
  }

  /** Set by the command router: whether another process holds `tid` alive (null: one process). */
  heldElsewhere: ((tid: string) => Promise<boolean>) | null = null;

  /**
   * Sends a command to the terminal `tid` connected here and resolves with its answer: for
   * 0x8201 the `QueriedLocation`, for the others the result of the terminal's 0x0001 (0 ok, 1 fail,
   * 2 bad message, 3 unsupported). Rejects with 511 when the terminal is not connected here or
   * silent, with 400 when the command cannot be encoded (text GBK cannot write).
   */
  execute(tid: string, command: TerminalCommand, timeoutMs = this.options.replyTimeoutMs): Promise<unknown> {
    if (command.kind === 'probe') return this.probe(tid);
    const session = this.byTid.get(tid);
    const frame = commandFrame(command);
    if (!session || !frame) return Promise.reject(offline());
    const answered = session.command(frame.msgId, frame.encode, timeoutMs, offline);
    return frame.answer ? answered.then(frame.answer) : answered;
  }

  async heldAlive(tid: string, asking: Session): Promise<boolean> {
    const held = this.byTid.get(tid);
    if (held && held !== asking && held.state === 'authenticated') return this.probe(tid);
    return this.heldElsewhere ? this.heldElsewhere(tid) : false;
  }

  /**
   * True when the connection of `tid` here is alive: it answers a location query, or it sent a frame
   * within a heartbeat period (a third of the idle limit). One that is neither is closed, so that
   * the terminal, reconnecting after its link broke unnoticed, may register again.
   */
  private async probe(tid: string): Promise<boolean> {
    const held = this.byTid.get(tid);
    if (held?.state !== 'authenticated') return false;
    try {
      await this.execute(tid, { kind: 'locationQuery' }, Math.min(this.options.replyTimeoutMs, PROBE_MS));
      return true;
    } catch {
      if (held.state !== 'authenticated') return false;
      if (Date.now() - held.lastFrameAt < this.options.idleMs / 3) return true;
      held.close('silent when another connection of the terminal registered');
      return false;
    }
  }

  /**
   * The master data of these terminals changed (bound to another truck, unbound, their truck moved
   * to another team or given another driver, renumbered or deleted): their connected sessions
   * re-read the truck they report for, or are closed when the terminal is gone or renumbered.
   */
  async refreshTerminals(terminalIds: readonly number[]): Promise<void> {
    const ids = new Set(terminalIds);
    for (const session of [...this.byTid.values()]) {
      const terminalId = session.terminalId;
      if (terminalId === null || !ids.has(terminalId)) continue;
      const terminal = await this.db
        .selectFrom('terminal')
        .select(['phone', 'deleted_at', 'auth_code_hash'])
        .where('id', '=', terminalId)
        .executeTakeFirst();
      if (!terminal || terminal.deleted_at !== null || terminal.phone.replace(/^0+/, '') !== session.tid) {
        session.close('terminal deleted or renumbered');
        continue;
      }
      if (terminal.auth_code_hash === null) {
        session.close('authentication code reset');
        continue;
      }
      const before = session.scope;
      const after = await truckOfTerminal(this.db, terminalId);
      if (session.state !== 'authenticated') continue;
      session.scope = after;
      if (before?.truckId !== after?.truckId) {
        if (before) this.ingest.setOnline(before.truckId, false);
        if (after) this.ingest.setOnline(after.truckId, true);
      }
    }
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    const session = new Session(socket, this);
    if (!this.preAuth.admit(session, socket.remoteAddress ?? '')) {
      this.log.debug({ remote: session.remote }, 'too many unauthenticated connections from one address');
      socket.on('error', () => {});
      socket.destroy();
      return;
    }
    this.sessions.add(session);
    socket.on('data', (chunk: Buffer) => session.onData(chunk));
    socket.on('error', (error) =>
      this.log.debug({ err: error, remote: session.remote }, 'terminal socket error'),
    );
    socket.on('close', () => this.closed(session));
  }

  authenticated(session: Session): void {
    this.preAuth.leave(session);
    const tid = session.tid as string;
    const older = this.byTid.get(tid);
    this.byTid.set(tid, session);
    if (older && older !== session) older.close('replaced by a newer connection of the same terminal');
    if (session.scope) this.ingest.setOnline(session.scope.truckId, true);
  }

  closed(session: Session): void {
    this.preAuth.leave(session);
    if (session.socket.destroyed) {
      this.sessions.delete(session);
      this.waiting.delete(session);
      session.onClosed(offline);
    }
    const tid = session.tid;
    if (tid !== null && this.byTid.get(tid) === session) {
      this.byTid.delete(tid);
      // At shutdown the next start marks every vehicle offline; nothing more is written now.
      if (session.scope && !this.stopping) this.ingest.setOnline(session.scope.truckId, false);
    }
  }

  overloaded(session: Session): boolean {
    if (this.ingest.backlog < this.maxBacklog) return false;
    this.waiting.add(session);
    return true;
  }

  private resumeWaiting(): void {
    if (this.waiting.size === 0 || this.ingest.backlog >= this.maxBacklog / 2) return;
    const sessions = [...this.waiting];
    this.waiting.clear();
    for (const session of sessions) session.maybeResume();
  }

  private sweepIdle(): void {
    const limit = Date.now() - this.options.idleMs;
    for (const session of this.sessions) {
      if (session.lastFrameAt < limit) session.close('idle');
    }
  }
}
