import { describe, expect, it, vi } from 'vitest';
import { AddressCache, addressKey } from './address';

const noWait = () => Promise.resolve();

describe('AddressCache', () => {
  it('asks once a place (11 m), shares a lookup in flight, and keeps the answer', async () => {
    const fetcher = vi.fn(async (lng: number, lat: number) => `地址 ${lng.toFixed(2)},${lat.toFixed(2)}`);
    const cache = new AddressCache(fetcher, { sleep: noWait });
    const [a, b] = await Promise.all([cache.lookup(116.40001, 39.9), cache.lookup(116.40003, 39.90002)]);
    expect(a).toBe('地址 116.40,39.90');
    expect(b).toBe(a);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.peek(116.40004, 39.90001)).toBe(a);
    await cache.lookup(116.4, 39.9);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(addressKey(116.40004, 39.90001)).toBe('116.4000,39.9000');
  });

  it('retries a failed lookup twice, 3 s apart, then answers empty without keeping it', async () => {
    const sleeps: number[] = [];
    const fetcher = vi.fn(async () => {
      throw new Error('offline');
    });
    const cache = new AddressCache(fetcher, {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    expect(await cache.lookup(1, 2)).toBe('');
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([3000, 3000]);
    expect(cache.peek(1, 2)).toBeUndefined();
  });

  it('succeeds on a retry', async () => {
    let calls = 0;
    const cache = new AddressCache(
      async () => {
        calls++;
        if (calls < 2) throw new Error('busy');
        return '北京市东城区';
      },
      { sleep: noWait },
    );
    expect(await cache.lookup(116.4, 39.9)).toBe('北京市东城区');
    expect(calls).toBe(2);
  });

  it('forgets the oldest place beyond its limit', async () => {
    const cache = new AddressCache(async (lng) => `p${lng}`, { limit: 2, sleep: noWait });
    await cache.lookup(1, 0);
    await cache.lookup(2, 0);
    await cache.lookup(3, 0);
    expect(cache.peek(1, 0)).toBeUndefined();
    expect(cache.peek(3, 0)).toBe('p3');
  });
});
