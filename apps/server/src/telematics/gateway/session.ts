import type { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Ingest } from '../ingest/ingest';
import { type PositionRow, positionRow } from '../ingest/position';
import type { TruckScope } from '../ingest/trips';
import {
  type Auth,
  decodeMessage,
  encodeRegisterResponse,
  FrameSplitter,
  isJt808Error,
  type Jt808Header,
  type Jt808Message,
  type Jt808Packet,
  type Location,
  MSG,
  PLATFORM_RESULT,
  parseFrame,
  REGISTER_RESULT,
  Reassembler,
  type Register,
  readHeader,
  unwrapFrame,
} from '../jt808';
import { AckEncoder } from './ack';
import { PendingCommands } from './commands';
import { authCodeMatches, findTerminal, issueAuthCode, markOnline, truckOfTerminal } from './terminals';

export interface GatewayLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a session needs from its gateway. */
export interface SessionHost {
  db: Kysely<Database>;
  ingest: Ingest;
  log: GatewayLog;
  /** The server's clock (received times, last online). */
  now(): number;
  /** Reports of one connection waiting for their commit before its socket stops being read. */
  maxPending: number;
  authenticated(session: Session): void;
  closed(session: Session): void;
  /** True while the ingest backlog is over its limit: the session pauses until `resumeAll`. */
  overloaded(session: Session): boolean;
}

/** Answer of a location query: the decoded location and the row stored from it (null: not stored). */
export interface QueriedLocation {
  location: Location;
  position: PositionRow | null;
}

/** Bad frames in a row after which a connection is closed. */
const MAX_BAD_FRAMES = 20;
/** Bad frames of one connection logged at warn level (then debug). */
const LOGGED_BAD_FRAMES = 5;
/** A peer that leaves this much of our answers unread is cut off. */
const MAX_UNREAD_BYTES = 1 << 20;
/** How often a session whose terminal has no truck looks for a binding again. */
const BINDING_RETRY_MS = 30_000;

/**
 * One TCP connection of a terminal. States: `open` (connected, may register; reports refused),
 * `authenticated` (0x0102 accepted: reports stored and acknowledged after commit), `closing`
 * (answering its last frame), `closed`. Frames are handled in arrival order; a register or an
 * authentication holds the frames behind it until its database work is done. Nothing a peer
 * sends can throw out of this class.
 */
export class Session {
  state: 'open' | 'authenticated' | 'closing' | 'closed' = 'open';
  /** Terminal phone without leading zeros, once authenticated. */
  tid: string | null = null;
  terminalId: number | null = null;
  scope: TruckScope | null = null;
  lastFrameAt = Date.now();
  readonly remote: string;
  private scopeCheckedAt = 0;
  private unboundLogged = false;
  private serial = 0;
  private pending = 0;
  private badFrames = 0;
  private badFramesLogged = 0;
  private paused = false;
  private corked = false;
  /** Answers written in one tick leave in one write (acks of a batch commit arrive together). */
  private readonly uncork = () => {
    this.corked = false;
    this.socket.uncork();
  };
  private readonly splitter = new FrameSplitter();
  private readonly acks = new AckEncoder();
  private reassembler: Reassembler | null = null;
  private inbox: Buffer[] = [];
  private busy = false;
  private commands: PendingCommands | null = null;
  /** Header fields of the last authenticated frame, for frames the platform starts. */
  private replyTo: Pick<Jt808Header, 'phone' | 'version' | 'protocolVersion'> | null = null;

  constructor(
    readonly socket: Socket,
    private readonly host: SessionHost,
  ) {
    this.remote = `${socket.remoteAddress}:${socket.remotePort}`;
  }

  onData(chunk: Buffer): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    let frames: Buffer[];
    try {
      frames = this.splitter.push(chunk);
    } catch (error) {
      this.host.log.error({ err: error, remote: this.remote }, 'frame splitter failed');
      this.splitter.reset();
      return;
    }
    if (frames.length === 0) return;
    this.lastFrameAt = Date.now();
    if (this.busy) {
      for (const frame of frames) this.inbox.push(frame);
      if (this.inbox.length > this.host.maxPending) this.pause();
      return;
    }
    this.run(frames, 0);
  }

  /** Handles frames from `index`; stops at a frame whose handling awaits the database. */
  private run(frames: Buffer[], index: number): void {
    for (let i = index; i < frames.length; i++) {
      if (this.state === 'closing' || this.state === 'closed') return;
      const waiting = this.onFrame(frames[i] as Buffer);
      if (waiting) {
        this.busy = true;
        const rest = frames.slice(i + 1);
        waiting.then(
          () => this.afterWait(rest),
          (error: unknown) => {
            this.host.log.error(
              { err: error, remote: this.remote, tid: this.tid },
              'JT/T 808 handler failed',
            );
            this.afterWait(rest);
          },
        );
        return;
      }
    }
  }

  private afterWait(rest: Buffer[]): void {
    this.busy = false;
    const queued = rest.length > 0 ? rest.concat(this.inbox) : this.inbox;
    this.inbox = [];
    if (queued.length > 0) this.run(queued, 0);
    this.maybeResume();
  }

  /** Handles one frame; answers a promise when the next frames must wait for it. */
  private onFrame(frame: Buffer): Promise<void> | undefined {
    let packet: Jt808Packet | null;
    try {
      packet = parseFrame(frame);
    } catch (error) {
      this.badFrame(frame, error);
      return;
    }
    try {
      if (packet.header.packet) {
        this.reassembler ??= new Reassembler({ maxKeys: 4 });
        packet = this.reassembler.push(packet, Date.now());
        if (!packet) return;
      }
      const message = decodeMessage(packet);
      this.badFrames = 0;
      return this.handle(packet.header, message);
    } catch (error) {
      this.badFrame(frame, error, packet?.header);
      return;
    }
  }

  private handle(header: Jt808Header, message: Jt808Message): Promise<void> | undefined {
    switch (message.kind) {
      case 'location':
        return this.storeLocations(header, [message.location]);
      case 'batchLocation':
        return this.storeLocations(header, message.locations);
      case 'locationQueryResponse':
        return this.storeLocations(header, [message.location], message.replySerial);
      case 'heartbeat':
        this.respond(header, PLATFORM_RESULT.ok);
        return;
      case 'terminalResponse':
        if (this.isAuthenticated(header)) {
          this.settleCommand(message.replySerial, message.replyMsgId, message.result);
        }
        return;
      case 'register':
        return this.register(header, message);
      case 'auth':
        return this.authenticate(header, message);
      case 'logout':
        this.respond(header, PLATFORM_RESULT.ok);
        this.closeAfterReply('logout');
        return;
      default:
        this.respond(header, PLATFORM_RESULT.unsupported);
        return;
    }
  }

  private isAuthenticated(header: Jt808Header): boolean {
    return this.state === 'authenticated' && header.tid === this.tid;
  }

  private storeLocations(
    header: Jt808Header,
    locations: Location[],
    querySerial?: number,
  ): Promise<void> | undefined {
    if (!this.isAuthenticated(header)) {
      this.respond(header, PLATFORM_RESULT.fail);
      return;
    }
    const scope = this.scope;
    if (!scope) {
      if (Date.now() - this.scopeCheckedAt >= BINDING_RETRY_MS) {
        return this.refreshScope().then(() => {
          if (this.scope) this.storeLocations(header, locations, querySerial);
          else this.refuseUnbound(header, locations, querySerial);
        });
      }
      this.refuseUnbound(header, locations, querySerial);
      return;
    }
    const receivedAt = this.host.now();
    const terminalId = this.terminalId as number;
    const rows = new Array<PositionRow>(locations.length);
    for (let i = 0; i < locations.length; i++) {
      rows[i] = positionRow(locations[i] as Location, scope.truckId, terminalId, receivedAt);
    }
    this.pending++;
    this.host.ingest.store(scope, rows, (ok) => {
      this.pending--;
      this.respond(header, ok ? PLATFORM_RESULT.ok : PLATFORM_RESULT.fail);
      if (querySerial !== undefined) {
        this.settleCommand(querySerial, MSG.locationQuery, {
          location: locations[0] as Location,
          position: ok ? (rows[0] as PositionRow) : null,
        } satisfies QueriedLocation);
      }
      this.maybeResume();
    });
    if (this.pending >= this.host.maxPending || this.host.overloaded(this)) this.pause();
    return;
  }

  private refuseUnbound(header: Jt808Header, locations: Location[], querySerial?: number): void {
    if (!this.unboundLogged) {
      this.unboundLogged = true;
      this.host.log.warn({ tid: this.tid }, 'reports of a terminal bound to no truck refused');
    }
    this.respond(header, PLATFORM_RESULT.fail);
    if (querySerial !== undefined) {
      const location = locations[0] as Location;
      this.settleCommand(querySerial, MSG.locationQuery, {
        location,
        position: null,
      } satisfies QueriedLocation);
    }
  }

  private async refreshScope(): Promise<void> {
    this.scopeCheckedAt = Date.now();
    if (this.terminalId !== null) this.scope = await truckOfTerminal(this.host.db, this.terminalId);
  }

  private async register(header: Jt808Header, message: Register): Promise<void> {
    const terminal = await findTerminal(this.host.db, header.tid, header.phone);
    if (!terminal) {
      this.host.log.info(
        { tid: header.tid, plate: message.plate, remote: this.remote },
        'unknown terminal refused',
      );
      this.send(header, (h) =>
        encodeRegisterResponse(h, { replySerial: header.serial, result: REGISTER_RESULT.noSuchTerminal }),
      );
      return;
    }
    const authCode = await issueAuthCode(this.host.db, terminal.id, header.version, this.host.now());
    this.host.log.info({ tid: header.tid, remote: this.remote }, 'terminal registered');
    this.send(header, (h) =>
      encodeRegisterResponse(h, { replySerial: header.serial, result: REGISTER_RESULT.ok, authCode }),
    );
  }

  private async authenticate(header: Jt808Header, message: Auth): Promise<void> {
    const terminal = await findTerminal(this.host.db, header.tid, header.phone);
    if (!terminal || !authCodeMatches(message.code, terminal.authCodeHash)) {
      this.host.log.info({ tid: header.tid, remote: this.remote }, 'terminal authentication refused');
      this.respond(header, PLATFORM_RESULT.fail);
      this.closeAfterReply('authentication refused');
      return;
    }
    const now = this.host.now();
    await markOnline(this.host.db, terminal.id, now);
    this.scope = await truckOfTerminal(this.host.db, terminal.id);
    this.scopeCheckedAt = Date.now();
    if (this.state === 'closing' || this.state === 'closed') return;
    if (this.tid !== null && this.tid !== header.tid) this.host.closed(this);
    this.tid = header.tid;
    this.terminalId = terminal.id;
    this.state = 'authenticated';
    this.replyTo = { phone: header.phone, version: header.version, protocolVersion: header.protocolVersion };
    this.host.authenticated(this);
    this.respond(header, PLATFORM_RESULT.ok);
  }

  private badFrame(frame: Buffer, error: unknown, known?: Jt808Header): void {
    this.badFrames++;
    let header = known ?? null;
    if (!header) {
      try {
        header = readHeader(unwrapFrame(frame, false).content).header;
      } catch {
        header = null;
      }
    }
    const detail = {
      remote: this.remote,
      tid: header?.tid ?? this.tid,
      msgId: header?.msgId,
      reason: isJt808Error(error) ? error.reason : 'error',
      error: error instanceof Error ? error.message : String(error),
    };
    if (this.badFramesLogged < LOGGED_BAD_FRAMES) {
      this.badFramesLogged++;
      this.host.log.warn(detail, header ? 'bad JT/T 808 frame answered' : 'bad JT/T 808 frame dropped');
    } else {
      this.host.log.debug(detail, 'bad JT/T 808 frame');
    }
    if (header) this.respond(header, PLATFORM_RESULT.badMessage);
    if (this.badFrames >= MAX_BAD_FRAMES) this.close('too many bad frames');
  }

  /** 0x8001 answering `header`'s message. */
  respond(header: Jt808Header, result: number): void {
    if (this.socket.destroyed || this.state === 'closed') return;
    const serial = this.serial;
    this.serial = (serial + 1) & 0xffff;
    this.write(this.acks.encode(header, serial, header.serial, header.msgId, result));
  }

  private send(
    to: Pick<Jt808Header, 'phone' | 'version' | 'protocolVersion'>,
    encode: (h: { phone: string; serial: number; version: 2013 | 2019; protocolVersion?: number }) => Buffer,
  ): number {
    const socket = this.socket;
    if (socket.destroyed || this.state === 'closed') return -1;
    const serial = this.serial;
    this.serial = (serial + 1) & 0xffff;
    let frame: Buffer;
    try {
      frame = encode({
        phone: to.phone,
        serial,
        version: to.version,
        ...(to.version === 2019 ? { protocolVersion: to.protocolVersion } : {}),
      });
    } catch (error) {
      this.host.log.warn({ err: error, tid: this.tid }, 'answer could not be encoded');
      return -1;
    }
    this.write(frame);
    return serial;
  }

  private write(frame: Buffer): void {
    const socket = this.socket;
    if (socket.writableEnded) return;
    if (!this.corked) {
      this.corked = true;
      socket.cork();
      process.nextTick(this.uncork);
    }
    socket.write(frame);
    if (socket.writableLength > MAX_UNREAD_BYTES) this.close('peer does not read its answers');
  }

  /**
   * Sends a platform message and resolves with the terminal's answer to it: 0x0201 for 0x8201,
   * 0x0001 for others. Rejects with `offline` when the connection ends or no answer comes in time.
   */
  command<T>(
    msgId: number,
    encode: (h: { phone: string; serial: number; version: 2013 | 2019; protocolVersion?: number }) => Buffer,
    timeoutMs: number,
    offline: () => Error,
  ): Promise<T> {
    const to = this.replyTo;
    if (this.state !== 'authenticated' || !to) return Promise.reject(offline());
    const serial = this.send(to, encode);
    if (serial < 0) return Promise.reject(offline());
    this.commands ??= new PendingCommands();
    return this.commands.wait<T>(serial, msgId, timeoutMs, offline);
  }

  private settleCommand(replySerial: number, replyMsgId: number, value: unknown): void {
    this.commands?.settle(replySerial, replyMsgId, value);
  }

  private pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.socket.pause();
  }

  /** Reads again once this connection's and the ingest's backlogs allow. */
  maybeResume(): void {
    if (!this.paused || this.busy) return;
    if (this.pending > this.host.maxPending / 2 || this.host.overloaded(this)) return;
    if (this.inbox.length > 0) return;
    this.paused = false;
    if (!this.socket.destroyed) this.socket.resume();
  }

  /** Ends the connection once the answers written so far are sent. */
  closeAfterReply(reason: string): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.state = 'closing';
    this.host.log.debug({ tid: this.tid, remote: this.remote, reason }, 'closing terminal connection');
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  /** Closes the connection now. */
  close(reason: string): void {
    if (this.state === 'closed') return;
    this.host.log.info({ tid: this.tid, remote: this.remote, reason }, 'terminal connection closed');
    this.socket.destroy();
  }

  /** The socket closed: fail what waits on it. */
  onClosed(offline: () => Error): void {
    this.state = 'closed';
    this.inbox = [];
    this.commands?.rejectAll(offline);
    this.commands = null;
  }
}
