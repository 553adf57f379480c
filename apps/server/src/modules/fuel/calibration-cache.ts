import { type CalibrationRow, litresFromReading } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { calibrationTables } from './fuel-scan';

// The trucks' calibration tables kept in memory for the live monitor, which lists every truck of a
// fleet every few seconds: per truck, read once and again after CACHE_MS (another process may have
// saved a table), and dropped at once when this process saves, deletes or imports one.

/** A truck's table is read again after this long. */
const CACHE_MS = 60_000;
/** Trucks read in one query. */
const CHUNK = 500;

interface Entry {
  table: CalibrationRow[] | null;
  at: number;
}

const caches = new WeakMap<Kysely<Database>, Map<number, Entry>>();

function cacheOf(db: Kysely<Database>): Map<number, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The calibration tables of `truckIds` (null: none), from the cache or read for those not fresh. */
export async function cachedCalibrations(
  db: Kysely<Database>,
  truckIds: readonly number[],
): Promise<Map<number, CalibrationRow[] | null>> {
  const cache = cacheOf(db);
  const clock = performance.now();
  const stale = truckIds.filter((id) => {
    const e = cache.get(id);
    return !e || clock - e.at > CACHE_MS;
  });
  for (let i = 0; i < stale.length; i += CHUNK) {
    const ids = stale.slice(i, i + CHUNK);
    const tables = await calibrationTables(db, ids);
    for (const id of ids) cache.set(id, { table: tables.get(id) ?? null, at: clock });
  }
  return new Map(truckIds.map((id) => [id, cache.get(id)?.table ?? null]));
}

/** Drops a truck's cached table (it was saved, deleted or imported). */
export function forgetCalibration(db: Kysely<Database>, truckId: number): void {
  caches.get(db)?.delete(truckId);
}

/**
 * Turns the fuel reading of each row (tenths, as the terminal reports it) into litres in the tank
 * (tenths) through the truck's calibration table, or without one the reading as litres (the tank
 * capacity gives the percent), as every fuel page does; in place, and returns the rows.
 */
export async function calibrateFuel<
  T extends { truckId: number; fuel: number | null; tankCapacity: number | null },
>(db: Kysely<Database>, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.filter((r) => r.fuel !== null).map((r) => r.truckId))];
  if (ids.length === 0) return rows;
  const tables = await cachedCalibrations(db, ids);
  for (const r of rows)
    if (r.fuel !== null)
      r.fuel = Math.round(litresFromReading(r.fuel, tables.get(r.truckId) ?? null, r.tankCapacity));
  return rows;
}
