import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and one-time codes are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptAsync(secret: string, salt: Buffer, N: number, r: number, p: number, keylen: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Stores a password: the client sends the SHA-256 (hex) of what was typed, the server keeps scrypt
 * of that with a random salt, as `scrypt$N$r$p$salt$hash`.
 */
export async function hashPassword(clientSha256: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(clientSha256, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(clientSha256: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(
    clientSha256,
    Buffer.from(salt, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

/** What the browser sends for a typed password. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGIT = '23456789';
const SPECIAL = '@#$%&*!?';

/** A random password that meets the password policy (for administrator resets). */
export function randomPolicyPassword(length = 12): string {
  const pools = [LOWER, UPPER, DIGIT, SPECIAL];
  const all = pools.join('');
  const bytes = randomBytes(length * 2);
  const chars = pools.map((pool, i) => pool[(bytes[i] ?? 0) % pool.length] as string);
  for (let i = chars.length; i < length; i++) chars.push(all[(bytes[i] ?? 0) % all.length] as string);
  // shuffle so the classes are not always in front
  for (let i = chars.length - 1; i > 0; i--) {
    const j = (bytes[length + i] ?? 0) % (i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
