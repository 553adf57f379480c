import type { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Ingest } from '../ingest/ingest';
import { type PositionRow, positionRow } from '../ingest/position';
import type { TruckScope } from '../ingest/trips';
import {
  type Auth,
  encodeMediaDataResponse,
  encodeRegisterResponse,
  type Jt808Header,
  type Jt808Message,
  type Location,
  type MissingParts,
  MSG,
  type MultimediaData,
  PLATFORM_RESULT,
  REGISTER_RESULT,
  type Register,
} from '../jt808';
import { PendingCommands } from './commands';
import { type GatewayLog, TerminalConnection } from './connection';
import { retransmitRequest, type ShotTaken, storeTerminalMedia } from './multimedia';
import { registrationMismatch } from './registration';
import { authCodeFor, authCodeMatches, findTerminal, markOnline, truckOfTerminal } from './terminals';

export type { GatewayLog };

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
  /** Where multimedia the terminals upload is stored (the evidence store's folder). */
  uploadDir: string;
  /**
   * True when another connection of the terminal `tid`, on this process or another, is
   * authenticated and still answers: a new registration must not take its place.
   */
  heldAlive(tid: string, asking: Session): Promise<boolean>;
  closed(session: Session): void;
  /** True while the ingest backlog is over its limit: the session pauses until `resumeAll`. */
  overloaded(session: Session): boolean;
}

/** Answer of a location query: the decoded location and the row stored from it (null: not stored). */
export interface QueriedLocation {
  location: Location;
  position: PositionRow | null;
}

/** How often a session whose terminal has no truck looks for a binding again. */
const BINDING_RETRY_MS = 30_000;

/**
 * The protocol half of a terminal's TCP connection (the transport half is `TerminalConnection`).
 * States: `open` (connected, may register; reports refused),
 * `authenticated` (0x0102 accepted: reports stored and acknowledged after commit), `closing`
 * (answering its last frame), `closed`. Frames are handled in arrival order; a register or an
 * authentication holds the frames behind it until its database work is done. Nothing a peer
 * sends can throw out of this class.
 */
export class Session extends TerminalConnection {
  terminalId: number | null = null;
  scope: TruckScope | null = null;
  private scopeCheckedAt = 0;
  private unboundLogged = false;
  private pending = 0;
  private commands: PendingCommands | null = null;
  /** Header fields of the last authenticated frame, for frames the platform starts. */
  private replyTo: Pick<Jt808Header, 'phone' | 'version' | 'protocolVersion'> | null = null;

  constructor(
    socket: Socket,
    protected override readonly host: SessionHost,
  ) {
    super(socket, host);
  }

  protected mayResume(): boolean {
    return this.pending <= this.host.maxPending / 2 && !this.host.overloaded(this);
  }

  protected handle(header: Jt808Header, message: Jt808Message): Promise<void> | undefined {
    switch (message.kind) {
      case 'location':
        return this.storeLocations(header, [message.location]);
      case 'batchLocation':
        return this.storeLocations(header, message.locations);
      case 'locationQueryResponse':
        return this.storeLocations(header, [message.location], message.replySerial);
      case 'heartbeat':
        // Before authentication a heartbeat is not answered (see pre-auth.ts).
        if (this.state === 'authenticated') this.respond(header, PLATFORM_RESULT.ok);
        return;
      case 'terminalResponse':
        if (this.isAuthenticated(header)) {
          this.settleCommand(message.replySerial, message.replyMsgId, message.result);
        }
        return;
      case 'multimediaEvent':
        this.respond(header, this.isAuthenticated(header) ? PLATFORM_RESULT.ok : PLATFORM_RESULT.fail);
        return;
      case 'multimediaData':
        return this.storeMedia(header, message);
      case 'shootNowResponse':
        if (this.isAuthenticated(header)) {
          const { result, mediaIds } = message;
          this.settleCommand(message.replySerial, MSG.shootNow, { result, mediaIds } satisfies ShotTaken);
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
    const mismatch = terminal ? registrationMismatch(terminal, message) : 'phone';
    if (!terminal || mismatch) {
      this.host.log.info(
        { tid: header.tid, plate: message.plate, remote: this.remote, mismatch },
        'registration refused: no such terminal',
      );
      this.send(header, (h) =>
        encodeRegisterResponse(h, { replySerial: header.serial, result: REGISTER_RESULT.noSuchTerminal }),
      );
      return;
    }
    if (await this.host.heldAlive(header.tid, this)) {
      this.host.log.warn(
        { tid: header.tid, remote: this.remote },
        'registration refused: the terminal is connected and answers',
      );
      this.send(header, (h) =>
        encodeRegisterResponse(h, {
          replySerial: header.serial,
          result: REGISTER_RESULT.terminalRegistered,
        }),
      );
      return;
    }
    const authCode = await authCodeFor(this.host.db, terminal, header.version, this.host.now());
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

  /** 0x0801 whole: stored as evidence of the truck, answered 0x8800 (nothing to send again). */
  private storeMedia(header: Jt808Header, message: MultimediaData): Promise<void> | undefined {
    const scope = this.scope;
    if (!this.isAuthenticated(header) || !scope) {
      this.respond(header, PLATFORM_RESULT.fail);
      return;
    }
    const answer = () => {
      this.send(header, (h) => encodeMediaDataResponse(h, { mediaId: message.mediaId, missing: [] }));
    };
    const input = { merchantId: scope.merchantId, truckId: scope.truckId, tid: this.tid as string };
    return storeTerminalMedia(this.host.db, this.host.uploadDir, input, message, this.host.now()).then(
      answer,
      (error: unknown) => {
        this.host.log.warn({ err: error, tid: this.tid, mediaId: message.mediaId }, 'multimedia not stored');
        answer();
      },
    );
  }

  protected askAgain(missing: MissingParts): void {
    if (this.state === 'authenticated' && this.replyTo) this.send(this.replyTo, retransmitRequest(missing));
  }

  private settleCommand(replySerial: number, replyMsgId: number, value: unknown): void {
    this.commands?.settle(replySerial, replyMsgId, value);
  }

  /** The socket closed: fail what waits on it. */
  onClosed(offline: () => Error): void {
    this.closedTransport();
    this.commands?.rejectAll(offline);
    this.commands = null;
  }
}
