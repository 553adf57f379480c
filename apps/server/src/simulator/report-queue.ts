import { encodeLocationBody, type LocationInput } from '../telematics/jt808';

/**
 * The reports of one terminal on their way to the platform: a bounded buffer of reports not yet
 * sent, and a window of messages sent and not yet acknowledged (0x8001). A lone fresh report goes
 * as a 0x0200; buffered ones go several to a 0x0704 batch, as a blind-area upload when they were
 * taken while the platform was unreachable. Pure: the client does the sending.
 */

/** Body bytes of a 0x0704 batch at most (the frame allows 1023). */
export const BATCH_BODY_BYTES = 1000;
/** A report the platform refused this many times is dropped. */
export const MAX_ATTEMPTS = 3;

interface Pending {
  location: LocationInput;
  /** Taken while the platform was unreachable. */
  blind: boolean;
  attempts: number;
}

/** A message to send: one 0x0200, or a 0x0704 batch. */
export interface Outgoing {
  batch: boolean;
  /** Blind-area backfill (0x0704 type 1) rather than a regular batch (type 0). */
  blind: boolean;
  locations: LocationInput[];
  items: Pending[];
}

export interface QueueCounts {
  batches: number;
  batchedReports: number;
  acked: number;
  dropped: number;
}

export class ReportQueue {
  private backlog: Pending[] = [];
  private readonly inflight = new Map<number, { items: Pending[]; sentAt: number }>();

  constructor(
    private readonly window: number,
    private readonly maxBuffered: number,
    readonly counts: QueueCounts = { batches: 0, batchedReports: 0, acked: 0, dropped: 0 },
  ) {}

  /** Reports waiting to be sent. */
  get buffered(): number {
    return this.backlog.length;
  }

  /** Messages sent and not yet acknowledged. */
  get inFlight(): number {
    return this.inflight.size;
  }

  /** When the oldest unacknowledged message was sent (wall-clock ms), if any. */
  get oldestSentAt(): number | undefined {
    return this.inflight.values().next().value?.sentAt;
  }

  /** A new report; `reachable` false while the platform cannot be reached. Past the bound the oldest is dropped. */
  add(location: LocationInput, reachable: boolean): void {
    this.backlog.push({ location, blind: !reachable, attempts: 0 });
    if (this.backlog.length > this.maxBuffered) {
      this.backlog.shift();
      this.counts.dropped++;
    }
  }

  /** The next message while the window has room: the oldest reports of one kind, as many as a batch holds. */
  next(): Outgoing | null {
    const first = this.backlog[0];
    if (!first || this.inflight.size >= this.window) return null;
    const items: Pending[] = [];
    let bytes = 3;
    for (const item of this.backlog) {
      if (item.blind !== first.blind) break;
      const size = encodeLocationBody(item.location).length + 2;
      if (items.length > 0 && bytes + size > BATCH_BODY_BYTES) break;
      items.push(item);
      bytes += size;
    }
    this.backlog.splice(0, items.length);
    const batch = items.length > 1 || first.blind;
    return { batch, blind: first.blind, locations: items.map((i) => i.location), items };
  }

  /** `message` went out with `serial`. */
  sent(serial: number, message: Outgoing, at: number): void {
    this.inflight.set(serial, { items: message.items, sentAt: at });
    if (message.batch) {
      this.counts.batches++;
      this.counts.batchedReports += message.items.length;
    }
  }

  /** `message` could not be written: it goes back to the front. */
  unsent(message: Outgoing): void {
    this.backlog.unshift(...message.items);
  }

  /** The platform's 0x8001 for `serial`: done, or (refused) back to the buffer up to `MAX_ATTEMPTS` times. */
  acknowledged(serial: number, result: number): boolean {
    const entry = this.inflight.get(serial);
    if (!entry) return false;
    this.inflight.delete(serial);
    if (result === 0) {
      this.counts.acked += entry.items.length;
      return true;
    }
    const retry = entry.items.filter((i) => ++i.attempts < MAX_ATTEMPTS);
    this.counts.dropped += entry.items.length - retry.length;
    this.backlog.unshift(...retry);
    return true;
  }

  /** The connection is gone: unacknowledged reports go back first, and all of them upload as blind-area. */
  disconnected(): void {
    const unacked = [...this.inflight.values()].flatMap((f) => f.items);
    this.inflight.clear();
    this.backlog.unshift(...unacked);
    for (const item of this.backlog) item.blind = true;
  }
}
