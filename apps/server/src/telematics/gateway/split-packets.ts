import { type Jt808Packet, type MissingParts, Reassembler } from '../jt808';

/** A split message none of whose parts arrived for this long has its missing parts asked for. */
export const RETRANSMIT_WAIT_MS = 2000;

/**
 * The split messages of one authenticated connection: parts joined (see `Reassembler`), and a set
 * that stays incomplete for `RETRANSMIT_WAIT_MS` has its missing parts asked for again through
 * `askAgain` (0x8800 for multimedia data, 0x8003 otherwise), at most three times.
 */
export class SplitPackets {
  private readonly reassembler = new Reassembler({ maxKeys: 4 });
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly askAgain: (missing: MissingParts) => void,
    private readonly waitMs = RETRANSMIT_WAIT_MS,
  ) {}

  /** The joined message once its last part arrived, else null. */
  push(packet: Jt808Packet, now: number): Jt808Packet | null {
    const joined = this.reassembler.push(packet, now);
    if (this.reassembler.size > 0) this.arm();
    return joined;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** (Re)starts the wait: it ends `waitMs` after the newest part. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), this.waitMs);
    this.timer.unref();
  }

  private check(): void {
    this.timer = null;
    const now = Date.now();
    this.reassembler.sweep(now);
    for (const missing of this.reassembler.missing(now, this.waitMs)) this.askAgain(missing);
    if (this.reassembler.size > 0) this.arm();
  }
}
