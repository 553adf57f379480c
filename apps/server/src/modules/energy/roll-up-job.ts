import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { rollUpTruckDays } from './roll-up';

/** How often the job runs. */
export const ROLL_UP_EVERY_MS = 60_000;
/**
 * The job reads again the trips that ended this long before its checkpoint (device time): a trip
 * closed late with an earlier end is still found. Open trips seen at the last run (kept in
 * truck_day_state, so also across a restart) and trips written after it are found whatever their end.
 */
export const ROLL_UP_OVERLAP_MS = 30 * 60_000;

/** The ids of the stored JSON array (none when unreadable). */
function openIds(text: string | undefined): number[] {
  try {
    const ids: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * The roll-up job: at start (awaited, so the demo's past trips give figures at first start) and
 * every ROLL_UP_EVERY_MS, one run at a time, from the checkpoint in truck_day_state; `stop` waits
 * for the run under way.
 */
export class TruckDayJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async once(): Promise<void> {
    const state = await this.db
      .selectFrom('truck_day_state')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst();
    const since = state ? Number(state.rolled_until) - ROLL_UP_OVERLAP_MS : 0;
    const open = await this.db.selectFrom('trip').select('id').where('end_time', 'is', null).execute();
    const result = await rollUpTruckDays(this.db, since, {
      afterTripId: state ? Number(state.last_trip_id) : 0,
      afterEventId: state ? Number(state.last_event_id) : 0,
      openTripIds: openIds(state?.open_trip_ids),
      now: this.now(),
    });
    const next = {
      open_trip_ids: JSON.stringify(open.map((o) => o.id)),
      rolled_until: Math.max(result.maxEnd, state ? Number(state.rolled_until) : 0),
      last_trip_id: result.maxTripId,
      last_event_id: result.maxEventId,
      updated_at: this.now(),
    };
    if (state) await this.db.updateTable('truck_day_state').set(next).where('id', '=', 1).execute();
    else
      await this.db
        .insertInto('truck_day_state')
        .values({ id: 1, ...next })
        .execute();
    if (result.days > 0) this.log.debug({ ...result }, 'truck days rolled up');
  }

  /** One run now, unless one is under way (then that one). */
  run(): Promise<unknown> {
    if (!this.running)
      this.running = this.once()
        .catch((err: unknown) => this.log.error({ err }, 'truck days not rolled up'))
        .finally(() => {
          this.running = null;
        });
    return this.running;
  }

  async start(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), ROLL_UP_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
