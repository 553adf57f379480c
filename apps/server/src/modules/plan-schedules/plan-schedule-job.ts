import {
  departMinuteText,
  PLAN_RECORD,
  PLAN_SCHEDULE_RECORD,
  PLAN_STATE,
  SCHEDULE_STATUS,
} from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/envelope';
import { inScope, type Scope } from '../../http/scope';
import { recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkPublishable } from '../plans/plan-rules';
import { customerOf, planWords, stationsOf, writePlan } from '../plans/plans.routes';
import { dayText, generatedDays, planFormOf, type Schedule, scheduleOf } from './plan-schedule-rules';

/** How often the job runs (besides at start and on 立即生成). */
export const SCHEDULE_JOB_EVERY_MS = 10 * 60_000;

/** Who writes the log when the job runs by itself. */
export const SCHEDULE_JOB_NAME = '排班自动生成';

export interface GenerateResult {
  created: { scheduleId: number; name: string; day: string; planId: number; planNo: string }[];
  skipped: { scheduleId: number; name: string; day: string; reason: string }[];
}

/** Another process created the day's plan first. */
class DayTaken extends Error {}

/** The schedule's own team as the checks' scope; the job's log entries name SCHEDULE_JOB_NAME. */
function scheduleAuth(s: Schedule, createdBy: number | null): AuthContext {
  return {
    sessionId: 0,
    userId: createdBy ?? 0,
    username: 'system',
    nickname: SCHEDULE_JOB_NAME,
    merchantId: s.merchantId,
    teamCode: s.teamCode,
    isManager: false,
    codes: new Set(),
    scope: { merchantId: s.merchantId, teamCode: s.teamCode },
  };
}

/**
 * Creates the published plans of the enabled schedules (all of them, or those in `scope`, or those
 * of `ids`) for their days up to days_ahead ahead, each with the line's station rows and times and
 * after the plans' own publish checks. A day is planned once: its `plan_schedule_day` row takes the
 * plan under the plan's transaction (a second process finds the row taken and rolls back). A day
 * that fails a check gets no plan and its reason in the schedule's log (again only when the reason
 * changes; it is tried again on each run). `by` is the user who asked (立即生成), or the job.
 */
export async function generateSchedulePlans(
  db: Kysely<Database>,
  now: number,
  options: { scope?: Scope; ids?: readonly number[]; by?: AuthContext } = {},
): Promise<GenerateResult> {
  let q = db.selectFrom('plan_schedule').selectAll().where('status', '=', SCHEDULE_STATUS.enabled);
  if (options.scope) q = q.where(inScope(options.scope, 'plan_schedule'));
  if (options.ids) {
    if (options.ids.length === 0) return { created: [], skipped: [] };
    q = q.where('id', 'in', options.ids);
  }
  const rows = await q.orderBy('id').execute();
  const result: GenerateResult = { created: [], skipped: [] };
  for (const row of rows) {
    const s = scheduleOf(row);
    const id = row.id;
    const days = generatedDays(s, now);
    if (days.length === 0) continue;
    const tried = new Map(
      (
        await db
          .selectFrom('plan_schedule_day')
          .select(['day', 'plan_id', 'reason'])
          .where('schedule_id', '=', id)
          .where('day', 'in', days)
          .execute()
      ).map((d) => [d.day, d]),
    );
    const checks = scheduleAuth(s, row.created_by);
    const by = options.by ? { ...options.by, merchantId: s.merchantId } : checks;
    const scheduleLog = (tx: Kysely<Database>, content: string) =>
      recordOperation(tx, by, recordLog(PLAN_SCHEDULE_RECORD, id, s.teamCode, content), now);
    for (const day of days) {
      const before = tried.get(day);
      if (before?.plan_id) continue;
      const when = `${dayText(day)} ${departMinuteText(s.departMinute)}`;
      let form: Awaited<ReturnType<typeof stationsOf>>;
      let plan: Awaited<ReturnType<typeof checkPublishable>>;
      try {
        form = await stationsOf(db, planFormOf(s, day));
        plan = await checkPublishable(db, checks, form);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const reason = err.message.slice(0, 500);
        result.skipped.push({ scheduleId: id, name: s.name, day, reason });
        if (before?.reason === reason) continue;
        await db.transaction().execute(async (tx) => {
          await tx
            .insertInto('plan_schedule_day')
            .values({ schedule_id: id, day, plan_id: null, reason, created_at: now, updated_at: now })
            .onConflict((oc) =>
              oc
                .columns(['schedule_id', 'day'])
                .doUpdateSet({ reason, updated_at: now })
                .where('plan_schedule_day.plan_id', 'is', null),
            )
            .execute();
          await scheduleLog(tx, `${when}未生成计划：${reason}`);
        });
        continue;
      }
      const customerId = await customerOf(db, form);
      const words = await planWords(db, form);
      try {
        const saved = await db.transaction().execute(async (tx) => {
          const saved = await writePlan(
            tx,
            by,
            {
              state: PLAN_STATE.published,
              teamCode: s.teamCode,
              form,
              customerId,
              stations: plan.stations,
              arriveAt: plan.arriveAt,
            },
            now,
          );
          await tx.updateTable('plan').set({ schedule_id: id }).where('id', '=', saved.id).execute();
          const taken = await tx
            .insertInto('plan_schedule_day')
            .values({
              schedule_id: id,
              day,
              plan_id: saved.id,
              reason: null,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc
                .columns(['schedule_id', 'day'])
                .doUpdateSet({ plan_id: saved.id, reason: null, updated_at: now })
                .where('plan_schedule_day.plan_id', 'is', null),
            )
            .returning('id')
            .executeTakeFirst();
          if (!taken) throw new DayTaken();
          await recordOperation(
            tx,
            by,
            recordLog(
              PLAN_RECORD,
              saved.id,
              s.teamCode,
              `排班“${s.name}”生成并发布计划 ${saved.planNo}：${words}`,
            ),
            now,
          );
          await scheduleLog(tx, `生成计划 ${saved.planNo}：${when}发车`);
          return saved;
        });
        result.created.push({ scheduleId: id, name: s.name, day, planId: saved.id, planNo: saved.planNo });
      } catch (err) {
        if (err instanceof DayTaken) continue;
        throw err;
      }
    }
  }
  return result;
}

/**
 * The generation job: at start and every SCHEDULE_JOB_EVERY_MS (a timer that does not hold the
 * process), one run at a time; `stop` waits for the run under way.
 */
export class PlanScheduleJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One run now, unless one is under way (then that one). */
  run(): Promise<unknown> {
    if (!this.running)
      this.running = generateSchedulePlans(this.db, this.now())
        .catch((err: unknown) => this.log.error({ err }, 'schedule plans not generated'))
        .finally(() => {
          this.running = null;
        });
    return this.running;
  }

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), SCHEDULE_JOB_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
