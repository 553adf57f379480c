import net from 'node:net';
import {
  decodeFrame,
  encodeAuth,
  encodeRegister,
  type FrameHeader,
  FrameSplitter,
  type Jt808Header,
  type Jt808Message,
  type Jt808Version,
  MSG,
  type PlatformResponse,
  type RegisterBody,
  type RegisterResponse,
} from '../jt808';

/** A frame the platform sent, decoded. */
export interface Received {
  header: Jt808Header;
  message: Jt808Message;
  /** Wall-clock ms when it arrived. */
  at: number;
}

/**
 * A terminal over real TCP, for tests and tools: sends frames built with the codec's terminal-side
 * encoders (or raw bytes) and reads what the platform answers.
 */
export class TestTerminal {
  private readonly splitter = new FrameSplitter();
  private readonly received: Received[] = [];
  private waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  private serial = 1;
  /** Resolves when the platform closed the connection. */
  readonly closed: Promise<void>;
  isClosed = false;
  /** Called for every frame the platform sends, before waiters see it (e.g. to answer commands). */
  onFrame: ((r: Received) => void) | null = null;

  private constructor(
    readonly socket: net.Socket,
    readonly phone: string,
    readonly version: Jt808Version,
  ) {
    socket.on('data', (chunk: Buffer) => {
      for (const frame of this.splitter.push(chunk)) {
        const { header, message } = decodeFrame(frame);
        const r: Received = { header, message, at: Date.now() };
        this.onFrame?.(r);
        const waiter = this.waiters.find((w) => w.match(r));
        if (waiter) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(r);
        } else {
          this.received.push(r);
        }
      }
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        resolve();
      }),
    );
  }

  static connect(port: number, phone: string, version: Jt808Version = 2013): Promise<TestTerminal> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () =>
        resolve(new TestTerminal(socket, phone, version)),
      );
      socket.once('error', reject);
    });
  }

  /** Header for the next frame (serial counts up from 1). */
  header(): FrameHeader {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    return { phone: this.phone, serial, version: this.version };
  }

  send(...frames: Buffer[]): void {
    for (const frame of frames) this.socket.write(frame);
  }

  /** The next frame from the platform that matches (by message id, or a predicate). */
  next(match: number | ((r: Received) => boolean), timeoutMs = 5000): Promise<Received> {
    const test = typeof match === 'number' ? (r: Received) => r.header.msgId === match : match;
    const index = this.received.findIndex(test);
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0] as Received);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no frame from the platform within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (r: Received) => {
        clearTimeout(timer);
        resolve(r);
      };
      this.waiters.push({ match: test, resolve: done });
    });
  }

  /** The 0x8001 answering the message with `serial`. */
  async answerTo(serial: number, timeoutMs = 5000): Promise<PlatformResponse> {
    const r = await this.next(
      (x) => x.message.kind === 'platformResponse' && x.message.replySerial === serial,
      timeoutMs,
    );
    return r.message as PlatformResponse;
  }

  /**
   * Registers as the demo seed records its terminals (maker FLEET, model FL-808A, terminal ID
   * `T` and the phone's last six digits); `as` changes what the frame claims.
   */
  async register(
    plate = '京A12345',
    as: Partial<Pick<RegisterBody, 'manufacturer' | 'model' | 'terminalId'>> = {},
  ): Promise<RegisterResponse> {
    const header = this.header();
    this.send(
      encodeRegister(header, {
        province: 11,
        city: 100,
        manufacturer: 'FLEET',
        model: 'FL-808A',
        terminalId: `T${this.phone.slice(-6)}`,
        plateColor: 2,
        plate,
        ...as,
      }),
    );
    const r = await this.next(MSG.registerResponse);
    return r.message as RegisterResponse;
  }

  async authenticate(code: string): Promise<PlatformResponse> {
    const header = this.header();
    this.send(encodeAuth(header, { code, imei: '860000000000001', softwareVersion: '1.0.0' }));
    return this.answerTo(header.serial);
  }

  /** Registers, then authenticates with the code received; throws unless both succeed. */
  async login(): Promise<void> {
    const registered = await this.register();
    if (registered.result !== 0 || !registered.authCode)
      throw new Error(`register result ${registered.result}`);
    const auth = await this.authenticate(registered.authCode);
    if (auth.result !== 0) throw new Error(`authentication result ${auth.result}`);
  }

  close(): Promise<void> {
    this.socket.end();
    return this.closed;
  }
}
