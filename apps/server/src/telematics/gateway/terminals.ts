import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TruckScope } from '../ingest/trips';

/** Terminal registration and authentication against the `terminal` table, and truck bindings. */

export interface KnownTerminal {
  id: number;
  authCodeHash: string | null;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * The terminal whose phone is `tid` (the header's digits without leading zeros) or, for a row an
 * operator typed with the leading zeros, the header's digits as sent. Deleted terminals are unknown.
 */
export async function findTerminal(
  db: Kysely<Database>,
  tid: string,
  headerPhone: string,
): Promise<KnownTerminal | null> {
  const phones = tid === headerPhone ? [tid] : [tid, headerPhone];
  const row = await db
    .selectFrom('terminal')
    .select(['id', 'auth_code_hash'])
    .where('phone', 'in', phones)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return row ? { id: row.id, authCodeHash: row.auth_code_hash } : null;
}

/** A fresh authentication code for a registering terminal; only its SHA-256 is stored. */
export async function issueAuthCode(
  db: Kysely<Database>,
  terminalId: number,
  version: 2013 | 2019,
  now: number,
): Promise<string> {
  const code = randomBytes(8).toString('hex').toUpperCase();
  await db
    .updateTable('terminal')
    .set({
      auth_code_hash: sha256(code).toString('hex'),
      registered_at: now,
      protocol_version: String(version),
    })
    .where('id', '=', terminalId)
    .execute();
  return code;
}

/** Constant-time comparison of a presented code with the stored hash. */
export function authCodeMatches(code: string, storedHash: string | null): boolean {
  if (storedHash?.length !== 64 || code.length === 0) return false;
  return timingSafeEqual(sha256(code), Buffer.from(storedHash, 'hex'));
}

export async function markOnline(db: Kysely<Database>, terminalId: number, now: number): Promise<void> {
  await db.updateTable('terminal').set({ last_online_at: now }).where('id', '=', terminalId).execute();
}

/** The truck the terminal is installed in (not deleted), with the truck's scope and driver. */
export async function truckOfTerminal(db: Kysely<Database>, terminalId: number): Promise<TruckScope | null> {
  const row = await db
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'driver_id'])
    .where('terminal_id', '=', terminalId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? { truckId: row.id, merchantId: row.merchant_id, teamCode: row.team_code, driverId: row.driver_id }
    : null;
}
