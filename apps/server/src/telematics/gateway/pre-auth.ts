/**
 * What a connection may do before its terminal authenticated (0x0102 accepted). A real terminal
 * sends a registration and an authentication, some 100 bytes, within a second of connecting; a
 * peer that does anything else is cut off before it costs memory:
 *
 * - it may send at most `PRE_AUTH_MAX_BYTES` in all (no frame of it is held longer than that,
 *   split packets are refused rather than reassembled, heartbeats are not answered);
 * - it is closed `PRE_AUTH_MS` after connecting;
 * - one address holds at most `JT808_PRE_AUTH_PER_ADDRESS` such connections at once (a further one
 *   is closed as soon as it is accepted).
 */
export const PRE_AUTH_MAX_BYTES = 4096;
export const PRE_AUTH_MS = 30_000;

/** Unauthenticated connections by remote address. */
export class PreAuthLimit {
  private readonly byAddress = new Map<string, number>();
  /** The address each counted connection counts against. */
  private readonly counted = new Map<object, string>();

  constructor(private readonly maxPerAddress: number) {}

  /** Counts `connection` against its address; false (not counted) when the address is full. */
  admit(connection: object, address: string): boolean {
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.maxPerAddress) return false;
    this.byAddress.set(address, held + 1);
    this.counted.set(connection, address);
    return true;
  }

  /** `connection` authenticated or closed: it no longer counts (once). */
  leave(connection: object): void {
    const address = this.counted.get(connection);
    if (address === undefined) return;
    this.counted.delete(connection);
    const held = (this.byAddress.get(address) ?? 1) - 1;
    if (held <= 0) this.byAddress.delete(address);
    else this.byAddress.set(address, held);
  }

  /** Unauthenticated connections of `address` (tests and benchmarks). */
  of(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }
}
