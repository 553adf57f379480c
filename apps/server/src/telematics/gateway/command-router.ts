import { randomUUID } from 'node:crypto';
import { AppError, BodyCode } from '../../http/envelope';
import type { EventBus } from '../../realtime/bus';
import { type Gateway, TerminalOfflineError } from './gateway';
import type { GatewayLog } from './session';
import { commandFromWire, commandToWire, type TerminalCommand } from './terminal-commands';

/** Commands for a terminal this process does not hold, to every process. */
export const COMMAND_REQUESTS = 'terminal_commands';
/** What the holding process answers, to the asking one. */
export const COMMAND_REPLIES = 'terminal_command_replies';
/** A process holding the terminal says so within this time, else the terminal is offline. */
const ACCEPT_MS = 1500;

interface Request {
  id: string;
  from: string;
  tid: string;
  command: unknown;
  timeoutMs: number;
}

interface Reply {
  id: string;
  to: string;
  status: 'accepted' | 'done' | 'failed';
  value?: unknown;
  code?: number;
  msg?: string;
}

interface Waiting {
  accepted: boolean;
  timeoutMs: number;
  timer: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Routes every platform command to the process that holds the terminal's connection: this
 * process's gateway when it holds it, else (several processes on one PostgreSQL) the event bus:
 * the holder says it accepted, sends the command, and publishes the terminal's answer or the error
 * (its body code and message) back to the asker. No holder within `ACCEPT_MS`: 511, as offline.
 */
export class CommandRouter {
  private readonly node = randomUUID();
  private readonly waiting = new Map<string, Waiting>();
  private stops: (() => void)[] = [];

  constructor(
    private readonly gateway: () => Gateway | null,
    /** Null on one process (SQLite): nobody else can hold a terminal. */
    private readonly bus: EventBus | null,
    private readonly replyTimeoutMs: number,
    private readonly log: GatewayLog,
  ) {}

  start(): void {
    const bus = this.bus;
    if (!bus || this.stops.length > 0) return;
    this.stops = [
      bus.subscribe(COMMAND_REQUESTS, (payload) => this.onRequest(payload as Request)),
      bus.subscribe(COMMAND_REPLIES, (payload) => this.onReply(payload as Reply)),
    ];
  }

  stop(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new TerminalOfflineError());
    }
    this.waiting.clear();
  }

  /** Sends `command` to the terminal `tid` wherever it is connected; see `Gateway.execute`. */
  run<T>(tid: string, command: TerminalCommand, timeoutMs = this.replyTimeoutMs): Promise<T> {
    const gateway = this.gateway();
    if (gateway?.isOnline(tid)) return gateway.execute(tid, command, timeoutMs) as Promise<T>;
    const bus = this.bus;
    if (!bus) return Promise.reject(new TerminalOfflineError());
    const id = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.expire(id), ACCEPT_MS);
      this.waiting.set(id, {
        accepted: false,
        timeoutMs,
        timer,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      const request: Request = { id, from: this.node, tid, command: commandToWire(command), timeoutMs };
      bus.publish(COMMAND_REQUESTS, request).catch((error: unknown) => {
        this.log.error({ err: error, tid }, 'terminal command not published');
        this.expire(id);
      });
    });
  }

  private expire(id: string): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.reject(new TerminalOfflineError());
  }

  private onRequest(request: Request): void {
    if (request.from === this.node || typeof request.tid !== 'string') return;
    const gateway = this.gateway();
    const command = commandFromWire(request.command);
    if (!gateway?.isOnline(request.tid) || !command) return;
    const reply = (answer: Omit<Reply, 'id' | 'to'>) =>
      this.bus
        ?.publish(COMMAND_REPLIES, { id: request.id, to: request.from, ...answer })
        .catch((error: unknown) => this.log.error({ err: error }, 'terminal command reply not published'));
    void reply({ status: 'accepted' });
    const timeoutMs = Math.min(Math.max(Number(request.timeoutMs) || 0, 1), this.replyTimeoutMs * 6);
    gateway.execute(request.tid, command, timeoutMs).then(
      (value) => reply({ status: 'done', value: wire(value) }),
      (error: unknown) => {
        const known = error instanceof AppError;
        if (!known) this.log.error({ err: error, tid: request.tid }, 'terminal command failed');
        void reply({
          status: 'failed',
          code: known ? error.code : BodyCode.fault,
          msg: known ? error.message : '',
        });
      },
    );
  }

  private onReply(reply: Reply): void {
    if (reply.to !== this.node) return;
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    if (reply.status === 'accepted') {
      if (waiting.accepted) return;
      waiting.accepted = true;
      clearTimeout(waiting.timer);
      waiting.timer = setTimeout(() => this.expire(reply.id), waiting.timeoutMs + ACCEPT_MS);
      return;
    }
    this.waiting.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.status === 'done') waiting.resolve(reply.value);
    else if (reply.code === BodyCode.terminalOffline || !reply.msg)
      waiting.reject(new TerminalOfflineError());
    else waiting.reject(new AppError(reply.code ?? BodyCode.fault, reply.msg));
  }
}

/** An answer as JSON carries it; a stored row's decoded report is left out (the answer has it). */
function wire(value: unknown): unknown {
  const text = JSON.stringify(value ?? null, function (this: object, key: string, v: unknown) {
    return key === 'location' && 'truckId' in this ? undefined : v;
  });
  return JSON.parse(text) as unknown;
}
