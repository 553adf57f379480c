import { DAY_MS, SHANGHAI_OFFSET_MS } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { recompute } from './roll-up-write';

// The roll-up of closed trips (and the fuel events of 0039, when that table exists) into truck_day.
//
// Rule for a trip over midnight: its mileage, fuel used and driving time are split between the
// Shanghai days it covers in proportion to the time it ran in each (rounded so that the days add up
// to the trip exactly); the trip is counted (`trips`) on the day it started. A fuel event counts on
// the day it started. The rows are keyed by truck, day and the trip's driver (0 without one).
//
// A run recomputes every (truck, day) touched by a trip that closed since `sinceMs` (end_time, device
// time) or was written after `afterTripId` (a late upload of an old trip), or by such a fuel event,
// from all the trips and events of that truck and day: a re-run gives the same rows. Each batch of
// trucks is one transaction (delete the days' rows, insert the new ones, sum their months again into
// truck_month: roll-up-write.ts). A plug-in hybrid's electricity (trip.power_used) is split like its
// fuel.

type Db = Kysely<Database>;

/** (truck, day) pairs recomputed in one transaction. */
const BATCH_PAIRS = 500;
/** Trips read at a time when finding the touched days. */
const PAGE = 5000;

/** The Shanghai day YYYYMMDD of an instant. */
export function dayOf(ms: number): number {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** The first instant of a Shanghai day YYYYMMDD. */
export function dayStartMs(day: number): number {
  return Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100) - SHANGHAI_OFFSET_MS;
}

/** The days YYYYMMDD a span covers (its end instant excluded, a zero-length span its start day). */
export function daysOf(start: number, end: number): number[] {
  const days = [dayOf(start)];
  for (let t = dayStartMs(dayOf(start)) + DAY_MS; t < end; t += DAY_MS) days.push(dayOf(t));
  return days;
}

export interface TripSpan {
  start_time: number;
  end_time: number;
  mileage: number;
  fuel_used: number | null;
  /** A plug-in hybrid's electricity, 0.1 kWh. */
  power_used?: number | null;
  driver_id: number | null;
}

export interface DayShare {
  day: number;
  mileage: number;
  fuelUsed: number;
  powerUsed: number;
  driveSeconds: number;
  trips: number;
}

/** How a trip's figures fall on the Shanghai days it covers (the rule above). */
export function splitTrip(t: TripSpan): DayShare[] {
  const days = daysOf(t.start_time, t.end_time);
  const length = t.end_time - t.start_time;
  const fuel = t.fuel_used ?? 0;
  const power = Number(t.power_used ?? 0);
  const shares: DayShare[] = [];
  let ran = 0;
  let mileageSoFar = 0;
  let fuelSoFar = 0;
  let powerSoFar = 0;
  let secondsSoFar = 0;
  for (const [i, day] of days.entries()) {
    const from = Math.max(t.start_time, dayStartMs(day));
    const to = i === days.length - 1 ? t.end_time : Math.min(t.end_time, dayStartMs(day) + DAY_MS);
    ran += to - from;
    const part = length > 0 ? ran / length : 1;
    const mileage = Math.round(t.mileage * part) - mileageSoFar;
    const fuelUsed = Math.round(fuel * part) - fuelSoFar;
    const powerUsed = Math.round(power * part) - powerSoFar;
    const seconds = Math.round((length * part) / 1000) - secondsSoFar;
    mileageSoFar += mileage;
    fuelSoFar += fuelUsed;
    powerSoFar += powerUsed;
    secondsSoFar += seconds;
    shares.push({ day, mileage, fuelUsed, powerUsed, driveSeconds: seconds, trips: i === 0 ? 1 : 0 });
  }
  return shares;
}

/** Whether table fuel_event (0039) exists, read once it does. */
const eventTables = new WeakMap<object, boolean>();
async function hasFuelEvents(db: Db): Promise<boolean> {
  if (eventTables.get(db)) return true;
  try {
    await sql`select id from fuel_event where 1 = 0`.execute(db);
    eventTables.set(db, true);
    return true;
  } catch {
    return false;
  }
}

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export interface RollUpOptions {
  /** Also trips (and fuel events) with a higher id, whenever they ended. */
  afterTripId?: number;
  afterEventId?: number;
  /** Trips known open at the last run: those now closed are rolled up whenever they ended. */
  openTripIds?: readonly number[];
  now?: number;
}

export interface RollUpResult {
  /** Trips and fuel events read. */
  trips: number;
  events: number;
  /** (truck, day) pairs recomputed. */
  days: number;
  /** Highest end_time, trip id and event id seen (the next checkpoint). */
  maxEnd: number;
  maxTripId: number;
  maxEventId: number;
}

/**
 * Recomputes the truck_day rows of the days touched by trips closed since `sinceMs` (and by the
 * trips and fuel events of the options); answers what it read. Used by the job, tests and the demo.
 */
export async function rollUpTruckDays(
  db: Db,
  sinceMs: number,
  options: RollUpOptions = {},
): Promise<RollUpResult> {
  const touched = new Map<number, Set<number>>();
  const touch = (truck: number, days: number[]) => {
    const set = touched.get(truck) ?? new Set<number>();
    touched.set(truck, set);
    for (const d of days) set.add(d);
  };
  const result: RollUpResult = {
    trips: 0,
    events: 0,
    days: 0,
    maxEnd: sinceMs,
    maxTripId: options.afterTripId ?? 0,
    maxEventId: options.afterEventId ?? 0,
  };
  const afterId = options.afterTripId;
  const open = options.openTripIds ?? [];
  for (let lastId = 0; ; ) {
    const rows = await db
      .selectFrom('trip')
      .select(['id', 'truck_id', 'start_time', 'end_time'])
      .where('end_time', 'is not', null)
      .where('id', '>', lastId)
      .where((eb) =>
        eb.or([
          eb('end_time', '>=', sinceMs),
          ...(afterId !== undefined ? [eb('id', '>', afterId)] : []),
          ...chunks(open, 1000).map((ids) => eb('id', 'in', ids)),
        ]),
      )
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      const end = Number(r.end_time);
      touch(r.truck_id, daysOf(Number(r.start_time), end));
      if (end > result.maxEnd) result.maxEnd = end;
      if (r.id > result.maxTripId) result.maxTripId = r.id;
    }
    result.trips += rows.length;
    if (rows.length < PAGE) break;
    lastId = rows[rows.length - 1]?.id ?? lastId;
  }
  const events = await hasFuelEvents(db);
  if (events) {
    const eventAfter = options.afterEventId ?? 2_147_483_647;
    const rows = await sql<{ id: number; truck_id: number; start_time: number }>`
      select id, truck_id, start_time from fuel_event
      where start_time >= ${sinceMs} or id > ${eventAfter}`.execute(db);
    for (const r of rows.rows) {
      touch(Number(r.truck_id), [dayOf(Number(r.start_time))]);
      if (Number(r.id) > result.maxEventId) result.maxEventId = Number(r.id);
    }
    result.events = rows.rows.length;
  }

  // batches of whole trucks, about BATCH_PAIRS days each
  let batch: [number, number[]][] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await recompute(db, batch, events, options.now ?? Date.now());
    batch = [];
    size = 0;
  };
  for (const [truck, days] of touched) {
    batch.push([truck, [...days].sort((a, b) => a - b)]);
    size += days.size;
    result.days += days.size;
    if (size >= BATCH_PAIRS) await flush();
  }
  await flush();
  return result;
}
