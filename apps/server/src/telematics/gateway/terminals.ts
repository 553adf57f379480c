import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TruckScope } from '../ingest/trips';

/** Terminal registration and authentication against the `terminal` table, and truck bindings. */

export interface KnownTerminal {
  id: number;
  authCodeHash: string | null;
  /** The code handed out at the last registration (null before it and after a reset). */
  authCode: string | null;
  /** What the operator recorded (null: not recorded, not checked at registration). */
  terminalNo: string | null;
  manufacturer: string | null;
  model: string | null;
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
    .select(['id', 'auth_code_hash', 'auth_code', 'terminal_no', 'manufacturer', 'model'])
    .where('phone', 'in', phones)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        authCodeHash: row.auth_code_hash,
        authCode: row.auth_code,
        terminalNo: row.terminal_no,
        manufacturer: row.manufacturer,
        model: row.model,
      }
    : null;
}

/**
 * The authentication code for a registering terminal: the one it was given before (a terminal keeps
 * its code, as JT/T 808 intends), or a fresh one after a reset or at the first registration.
 */
export async function authCodeFor(
  db: Kysely<Database>,
  terminal: KnownTerminal,
  version: 2013 | 2019,
  now: number,
): Promise<string> {
  const kept = terminal.authCode && authCodeMatches(terminal.authCode, terminal.authCodeHash);
  const code = kept ? (terminal.authCode as string) : randomBytes(8).toString('hex').toUpperCase();
  await db
    .updateTable('terminal')
    .set({
      auth_code: code,
      auth_code_hash: sha256(code).toString('hex'),
      registered_at: now,
      protocol_version: String(version),
    })
    .where('id', '=', terminal.id)
    .execute();
  return code;
}

/** Forgets the terminal's code: its next registration gets a new one, the old one authenticates no more. */
export async function resetAuthCode(db: Kysely<Database>, terminalId: number): Promise<void> {
  await db
    .updateTable('terminal')
    .set({ auth_code: null, auth_code_hash: null })
    .where('id', '=', terminalId)
    .execute();
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
