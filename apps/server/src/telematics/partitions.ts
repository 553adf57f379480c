import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connection';
import type { Database } from '../db/schema';

/**
 * Daily partitions of `position` on PostgreSQL (SQLite has one plain table: nothing to do).
 *
 * A partition `position_YYYYMMDD` holds one Asia/Shanghai calendar day: `time` (epoch ms) from
 * that day's 00:00 China time (UTC+8, no daylight saving) to the next day's, so a day of track
 * playback as the user sees it reads one partition. Partitions for yesterday, today and tomorrow
 * are made at start and again every few hours, so rows land in their day's partition before
 * the day begins. Rows that landed in the DEFAULT partition (a server down over midnight, a
 * backfill of an older day) stay there: a partition is not created over a range the default
 * partition already holds rows of (PostgreSQL would refuse), and queries of the parent table
 * read every partition, the default one included.
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

export interface PartitionDay {
  name: string;
  from: number;
  to: number;
}

/** The Asia/Shanghai day containing `time`, as partition name and [from, to) in epoch ms. */
export function partitionDay(time: number): PartitionDay {
  const from = Math.floor((time + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  const d = new Date(from + SHANGHAI_OFFSET_MS);
  const ymd =
    String(d.getUTCFullYear()) +
    String(d.getUTCMonth() + 1).padStart(2, '0') +
    String(d.getUTCDate()).padStart(2, '0');
  return { name: `position_${ymd}`, from, to: from + DAY_MS };
}

export interface PartitionLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Creates the partitions of yesterday, today and tomorrow that are missing; answers those created. */
export async function ensurePositionPartitions(
  db: Kysely<Database>,
  dialect: Dialect,
  now: number,
  log?: PartitionLog,
): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const created: string[] = [];
  for (const offset of [-1, 0, 1]) {
    const day = partitionDay(now + offset * DAY_MS);
    if (await partitionExists(db, day.name)) continue;
    const inDefault = await sql<{ one: number }>`
      select 1 as one from position_default where time >= ${day.from} and time < ${day.to} limit 1`.execute(
      db,
    );
    if (inDefault.rows.length > 0) {
      log?.warn({ partition: day.name }, 'rows of this day are in the default partition; day not split out');
      continue;
    }
    try {
      await sql`create table if not exists ${sql.id(day.name)} partition of position
        for values from (${sql.lit(day.from)}) to (${sql.lit(day.to)})`.execute(db);
      created.push(day.name);
      log?.info({ partition: day.name }, 'position partition created');
    } catch (error) {
      // Another process may have created it at the same moment.
      if (!(await partitionExists(db, day.name))) throw error;
    }
  }
  return created;
}

async function partitionExists(db: Kysely<Database>, name: string): Promise<boolean> {
  const result = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'position' and c.relname = ${name}
      and p.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  return result.rows.length > 0;
}

/**
 * Keeps the partitions ahead of time: once at start, then every `everyMs` (default 6 hours).
 * Answers a stop function. Failures are logged, never thrown (the default partition takes the rows).
 */
export function schedulePositionPartitions(
  db: Kysely<Database>,
  dialect: Dialect,
  now: () => number,
  log: PartitionLog & { error(obj: object, msg: string): void },
  everyMs = 6 * 3600_000,
): { ready: Promise<void>; stop(): void } {
  if (dialect !== 'postgres') return { ready: Promise.resolve(), stop() {} };
  const run = () =>
    ensurePositionPartitions(db, dialect, now(), log).then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'position partitions could not be created'),
    );
  const ready = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}
