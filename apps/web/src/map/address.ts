import { MAP_REQUEST_RETRIES, MAP_RETRY_DELAY_MS } from '@fleet/domain';

/**
 * Reverse geocoding on the client: one lookup a place (about 11 m, four decimals), answers kept,
 * a lookup in flight shared, failures retried (spec core section 8: twice, 3 s apart) and then
 * answered with an empty address, which is not kept so that a later hover asks again.
 */
export type AddressFetcher = (lng: number, lat: number) => Promise<string>;

export function addressKey(lng: number, lat: number): string {
  return `${lng.toFixed(4)},${lat.toFixed(4)}`;
}

export interface AddressCacheOptions {
  limit?: number;
  retries?: number;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class AddressCache {
  private readonly known = new Map<string, string>();
  private readonly pending = new Map<string, Promise<string>>();
  private readonly limit: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly fetcher: AddressFetcher,
    options: AddressCacheOptions = {},
  ) {
    this.limit = options.limit ?? 2000;
    this.retries = options.retries ?? MAP_REQUEST_RETRIES;
    this.retryDelayMs = options.retryDelayMs ?? MAP_RETRY_DELAY_MS;
    this.sleep = options.sleep ?? wait;
  }

  /** The address already known for a place, if any. */
  peek(lng: number, lat: number): string | undefined {
    return this.known.get(addressKey(lng, lat));
  }

  lookup(lng: number, lat: number): Promise<string> {
    const key = addressKey(lng, lat);
    const known = this.known.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const pending = this.pending.get(key);
    if (pending) return pending;
    const started = this.fetchWithRetries(lng, lat).then((address) => {
      this.pending.delete(key);
      if (address !== '') this.remember(key, address);
      return address;
    });
    this.pending.set(key, started);
    return started;
  }

  private async fetchWithRetries(lng: number, lat: number): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.fetcher(lng, lat);
      } catch {
        if (attempt >= this.retries) return '';
        await this.sleep(this.retryDelayMs);
      }
    }
  }

  private remember(key: string, address: string): void {
    if (this.known.size >= this.limit) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(key, address);
  }
}
