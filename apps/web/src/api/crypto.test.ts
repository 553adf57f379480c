import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId, sha256Bytes, sha256Hex } from './crypto';

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256Hex', () => {
  it('hashes the demo password as the login call expects', async () => {
    expect(await sha256Hex('Admin@123')).toBe(nodeSha256(new TextEncoder().encode('Admin@123')));
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes UTF-8 text such as Chinese passwords', async () => {
    expect(await sha256Hex('车队管理平台')).toBe(nodeSha256(new TextEncoder().encode('车队管理平台')));
  });
});

describe('sha256Bytes (fallback without crypto.subtle)', () => {
  it('matches Node for every length around the 64-byte block edges', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(hex(sha256Bytes(bytes))).toBe(nodeSha256(bytes));
    }
  });

  it('gives the FIPS 180-4 test vector for the empty message', () => {
    expect(hex(sha256Bytes(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomId and insecure origins', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, randomId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('still gives version-4 UUIDs on an insecure origin without crypto.randomUUID', () => {
    const webcrypto = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => webcrypto.getRandomValues(bytes),
    });
    const ids = new Set(Array.from({ length: 50 }, randomId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('hashes without crypto.subtle', async () => {
    vi.stubGlobal('crypto', {});
    expect(await sha256Hex('Admin@123')).toBe(nodeSha256(new TextEncoder().encode('Admin@123')));
  });
});
