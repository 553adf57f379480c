import net from 'node:net';
import {
  decodeMessage,
  type FrameHeader,
  FrameSplitter,
  type Jt808Header,
  type Jt808Message,
  type Jt808Version,
  parseFrame,
} from '../telematics/jt808';

export interface SimulatorLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LinkSettings {
  /** Wall-clock reconnect back-off: doubles from min to max, with ±20 % jitter. */
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** Wall-clock wait for an expected answer (connect, register, auth) before the connection is dropped. */
  replyTimeoutMs: number;
}

export interface LinkHandlers {
  /** A connection attempt begins. */
  connecting(): void;
  /** Connected: time to register or authenticate. */
  open(): void;
  frame(header: Jt808Header, message: Jt808Message): void;
  /** The connection is gone; the link reconnects by itself unless closed. */
  closed(): void;
}

/**
 * A terminal's TCP connection to the platform: JT/T 808 framing both ways, serial numbers,
 * reconnecting with back-off whenever the connection drops, and dropping a connection whose
 * expected answer does not come.
 */
export class TerminalLink {
  private socket: net.Socket | null = null;
  private splitter = new FrameSplitter();
  private serial = 0;
  private attempt = 0;
  private nextDelayMs: number | null = null;
  private replyTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly phone: string,
    private readonly version: Jt808Version,
    private readonly settings: LinkSettings,
    private readonly log: SimulatorLog,
    private readonly handlers: LinkHandlers,
  ) {}

  /** True while a connection is established. */
  get open(): boolean {
    return this.socket !== null && !this.socket.connecting && !this.socket.destroyed;
  }

  connect(): void {
    if (this.closing) return;
    this.handlers.connecting();
    this.splitter = new FrameSplitter();
    const socket = net.connect({ host: this.target.host, port: this.target.port });
    this.socket = socket;
    socket.setNoDelay(true);
    this.expectAnswer();
    socket.on('connect', () => {
      if (!this.closing) this.handlers.open();
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) =>
      this.log.debug({ tid: this.phone, err: error.message }, 'simulated terminal: socket error'),
    );
    socket.on('close', () => this.onClose(socket));
  }

  /** Writes a frame with the next serial; answers the serial, or -1 when not connected. */
  send(encode: (header: FrameHeader) => Buffer): number {
    const socket = this.socket;
    if (!socket || socket.destroyed || socket.connecting) return -1;
    const serial = this.serial;
    this.serial = (serial + 1) & 0xffff;
    socket.write(encode({ phone: this.phone, serial, version: this.version }));
    return serial;
  }

  /** The platform must answer within the reply time-out, else the connection is dropped. */
  expectAnswer(): void {
    this.answered();
    this.replyTimer = setTimeout(() => {
      this.log.debug({ tid: this.phone }, 'simulated terminal: no answer, reconnecting');
      this.drop();
    }, this.settings.replyTimeoutMs);
    this.replyTimer.unref();
  }

  answered(): void {
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.replyTimer = null;
  }

  /** Logged in: the back-off starts again from its minimum next time. */
  established(): void {
    this.attempt = 0;
    this.answered();
  }

  /** Drops the connection; the next attempt waits `delayMs` instead of the back-off. */
  drop(delayMs?: number): void {
    if (delayMs !== undefined) this.nextDelayMs = delayMs;
    this.socket?.destroy();
  }

  /** Stops reconnecting and closes the connection. */
  async close(): Promise<void> {
    this.closing = true;
    this.answered();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    if (!socket) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.destroy();
    await closed;
  }

  private onData(chunk: Buffer): void {
    let frames: Buffer[];
    try {
      frames = this.splitter.push(chunk);
    } catch {
      this.splitter = new FrameSplitter();
      return;
    }
    for (const frame of frames) {
      let header: Jt808Header;
      let message: Jt808Message;
      try {
        const packet = parseFrame(frame);
        header = packet.header;
        message = decodeMessage(packet);
      } catch (error) {
        this.log.debug(
          { tid: this.phone, err: String(error) },
          'simulated terminal: bad frame from platform',
        );
        continue;
      }
      this.handlers.frame(header, message);
    }
  }

  private onClose(socket: net.Socket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.answered();
    this.handlers.closed();
    if (this.closing) return;
    const { reconnectMinMs: min, reconnectMaxMs: max } = this.settings;
    const base = this.nextDelayMs ?? Math.min(max, min * 2 ** this.attempt);
    this.nextDelayMs = null;
    this.attempt++;
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        this.connect();
      },
      base * (0.8 + 0.4 * Math.random()),
    );
    this.reconnectTimer.unref();
  }
}
