import type { Jt808Packet } from './decode';
import { Jt808Error } from './errors';

/**
 * Joins subpackages (header bit 13: total, index from 1) back into one packet. Sets are keyed by
 * phone + msgId. An incomplete set is dropped when no part of it arrived for `timeoutMs`; a set is
 * refused with `Jt808Error('too-long')` once its parts exceed `maxBytesPerKey`; past `maxKeys`
 * open sets, the one idle longest is dropped. The clock is passed in (`now`, epoch ms).
 */
export interface ReassemblerOptions {
  /** Default 60 s. */
  timeoutMs?: number;
  /** Default 1 MiB. */
  maxBytesPerKey?: number;
  /** Default 32. */
  maxKeys?: number;
}

/** An incomplete set whose missing parts are to be asked for again (0x8003 / 0x8800). */
export interface MissingParts {
  msgId: number;
  /** Serial of part 1 (the one a retransmission request names). */
  firstSerial: number;
  /** Indexes (from 1) not received. */
  missing: number[];
  /** Part 1 when it arrived (0x0801 carries the media id there). */
  first: Jt808Packet | undefined;
}

interface PartialSet {
  msgId: number;
  firstSerial: number;
  requests: number;
  total: number;
  parts: (Jt808Packet | undefined)[];
  received: number;
  bytes: number;
  lastAt: number;
}

export class Reassembler {
  private readonly sets = new Map<string, PartialSet>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxKeys: number;
  /** Incomplete sets dropped (timeout, eviction, size cap, changed total). */
  dropped = 0;

  constructor(options: ReassemblerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxBytes = options.maxBytesPerKey ?? 1 << 20;
    this.maxKeys = Math.max(1, options.maxKeys ?? 32);
  }

  /** Open (incomplete) sets. */
  get size(): number {
    return this.sets.size;
  }

  /**
   * Adds a packet. A packet without subpackage fields is answered as is; a part answers null until
   * its set is complete, then the joined packet: the header of part 1 without subpackage fields
   * and with the joined body length, and the parts' bodies in index order.
   */
  push(packet: Jt808Packet, now: number): Jt808Packet | null {
    const info = packet.header.packet;
    if (!info) return packet;
    this.sweep(now);
    const { total, index } = info;
    if (total < 1 || index < 1 || index > total) {
      throw new Jt808Error('subpackage', `packet ${index} of ${total}`);
    }
    const key = `${packet.header.phone}:${packet.header.msgId}`;
    let set = this.sets.get(key);
    if (set && set.total !== total) {
      this.sets.delete(key);
      this.dropped++;
      set = undefined;
    }
    if (!set) {
      if (this.sets.size >= this.maxKeys) this.evictOldest();
      const firstSerial = (packet.header.serial - (index - 1)) & 0xffff;
      set = {
        msgId: packet.header.msgId,
        firstSerial,
        requests: 0,
        total,
        parts: new Array(total),
        received: 0,
        bytes: 0,
        lastAt: now,
      };
      this.sets.set(key, set);
    }
    const previous = set.parts[index - 1];
    if (previous) set.bytes -= previous.body.length;
    else set.received++;
    set.parts[index - 1] = packet;
    set.bytes += packet.body.length;
    set.lastAt = now;
    if (set.bytes > this.maxBytes) {
      this.sets.delete(key);
      this.dropped++;
      throw new Jt808Error('too-long', `subpackages of ${key} exceed ${this.maxBytes} bytes`);
    }
    if (set.received < total) return null;
    this.sets.delete(key);
    const parts = set.parts as Jt808Packet[];
    const body = Buffer.concat(parts.map((part) => part.body));
    const first = parts[0] as Jt808Packet;
    const { packet: _omit, ...header } = first.header;
    return { header: { ...header, bodyLength: body.length }, body, checksum: first.checksum };
  }

  /**
   * Incomplete sets no part of which arrived for `quietMs`, with what they miss: each is answered
   * at most `maxRequests` times, and again only after another quiet period.
   */
  missing(now: number, quietMs: number, maxRequests = 3): MissingParts[] {
    const out: MissingParts[] = [];
    for (const set of this.sets.values()) {
      if (now - set.lastAt < quietMs || set.requests >= maxRequests) continue;
      set.requests++;
      set.lastAt = now;
      const missing: number[] = [];
      for (let i = 0; i < set.total; i++) if (!set.parts[i]) missing.push(i + 1);
      out.push({ msgId: set.msgId, firstSerial: set.firstSerial, missing, first: set.parts[0] });
    }
    return out;
  }

  /** Drops sets idle for `timeoutMs`; answers how many. */
  sweep(now: number): number {
    let count = 0;
    for (const [key, set] of this.sets) {
      if (now - set.lastAt >= this.timeoutMs) {
        this.sets.delete(key);
        count++;
      }
    }
    this.dropped += count;
    return count;
  }

  private evictOldest(): void {
    let oldestKey: string | undefined;
    let oldestAt = Number.POSITIVE_INFINITY;
    for (const [key, set] of this.sets) {
      if (set.lastAt < oldestAt) {
        oldestAt = set.lastAt;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) {
      this.sets.delete(oldestKey);
      this.dropped++;
    }
  }
}
