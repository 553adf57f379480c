import type { Socket } from 'node:net';
import {
  decodeMessage,
  FrameSplitter,
  isJt808Error,
  type Jt808Header,
  type Jt808Message,
  type Jt808Packet,
  type MissingParts,
  PLATFORM_RESULT,
  parseFrame,
  readHeader,
  unwrapFrame,
} from '../jt808';
import { AckEncoder } from './ack';
import { PRE_AUTH_MAX_BYTES, PRE_AUTH_MS } from './pre-auth';
import { SplitPackets } from './split-packets';

export interface GatewayLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Header fields an answer copies from the message it answers. */
export type ReplyTo = Pick<Jt808Header, 'phone' | 'version' | 'protocolVersion'>;
export type HeaderOf = (h: {
  phone: string;
  serial: number;
  version: 2013 | 2019;
  protocolVersion?: number;
}) => Buffer;

/** Bad frames in a row after which a connection is closed. */
const MAX_BAD_FRAMES = 20;
/** Bad frames of one connection logged at warn level (then debug). */
const LOGGED_BAD_FRAMES = 5;
/** A peer that leaves this much of our answers unread is cut off. */
const MAX_UNREAD_BYTES = 1 << 20;

/**
 * The transport half of a terminal connection: cuts the byte stream into frames, checks and
 * decodes them, joins split packets, and hands each message to `handle` in arrival order; a
 * handler that answers a promise (database work) holds the frames behind it until it settles.
 * Bad frames are logged and answered 0x8001 result 2 when their header can be read, else dropped;
 * nothing a peer sends throws out of here. Answers written in one tick leave in one write; reading
 * pauses while the subclass says so (`mayResume`).
 */
export abstract class TerminalConnection {
  state: 'open' | 'authenticated' | 'closing' | 'closed' = 'open';
  /** Terminal phone without leading zeros, once authenticated. */
  tid: string | null = null;
  lastFrameAt = Date.now();
  readonly remote: string;
  private serial = 0;
  private badFrames = 0;
  private badFramesLogged = 0;
  private paused = false;
  private corked = false;
  private readonly uncork = () => {
    this.corked = false;
    this.socket.uncork();
  };
  private readonly splitter = new FrameSplitter();
  private readonly acks = new AckEncoder();
  private splits: SplitPackets | null = null;
  private inbox: Buffer[] = [];
  private busy = false;
  /** Bytes received before authentication (see pre-auth.ts). */
  private preAuthBytes = 0;

  constructor(
    readonly socket: Socket,
    protected readonly host: { log: GatewayLog; maxPending: number; preAuthMs?: number },
  ) {
    this.remote = `${socket.remoteAddress}:${socket.remotePort}`;
    const deadline = setTimeout(() => {
      if (this.state === 'open') this.close('not authenticated in time');
    }, host.preAuthMs ?? PRE_AUTH_MS);
    deadline.unref();
    socket.once('close', () => clearTimeout(deadline));
  }

  /** Handles one decoded message; answers a promise when the frames behind it must wait. */
  protected abstract handle(header: Jt808Header, message: Jt808Message): Promise<void> | undefined;

  /** True when reading may go on (nothing of this connection's own backlog holds it). */
  protected abstract mayResume(): boolean;

  /** Asks the terminal again for the parts of a split message that did not arrive. */
  protected abstract askAgain(missing: MissingParts): void;

  onData(chunk: Buffer): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    if (this.state === 'open') {
      this.preAuthBytes += chunk.length;
      if (this.preAuthBytes > PRE_AUTH_MAX_BYTES) {
        this.close('too much data before authentication');
        return;
      }
    }
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
      if (packet.header.packet && this.state !== 'authenticated') {
        // Before authentication nothing is held for later: split packets are refused.
        this.respond(packet.header, PLATFORM_RESULT.fail);
        return;
      }
      if (packet.header.packet) {
        // each part is acknowledged as it arrives, missing ones are asked for again (split-packets.ts);
        // the part that completes the message is answered by the message's handler, as stored
        this.splits ??= new SplitPackets((missing) => this.askAgain(missing));
        const part = packet.header;
        const joined = this.splits.push(packet, Date.now());
        if (!joined) {
          this.respond(part, PLATFORM_RESULT.ok);
          return;
        }
        packet = { ...joined, header: { ...joined.header, serial: part.serial } };
      }
      const message = decodeMessage(packet);
      this.badFrames = 0;
      return this.handle(packet.header, message);
    } catch (error) {
      this.badFrame(frame, error, packet?.header);
      return;
    }
  }

  protected badFrame(frame: Buffer, error: unknown, known?: Jt808Header): void {
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

  protected send(
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

  protected write(frame: Buffer): void {
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

  protected pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.socket.pause();
  }

  /** Reads again once this connection's and the ingest's backlogs allow. */
  maybeResume(): void {
    if (!this.paused || this.busy) return;
    if (!this.mayResume()) return;
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

  /** The socket closed: nothing more is read. */
  protected closedTransport(): void {
    this.splits?.close();
    this.state = 'closed';
    this.inbox = [];
  }
}
