import {
  PLAN_SCHEDULE_RECORD,
  parseWeekdays,
  recordWriteCodes,
  SCHEDULE_STATUS,
  SCHEDULE_STATUSES,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { changeableRow, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { PLAN_SCHEDULE_LABELS, planScheduleCheckForm } from './plan-schedule-form';
import { generateSchedulePlans, PlanScheduleJob } from './plan-schedule-job';
import { scheduleConflicts } from './plan-schedule-rules';
import { checkScheduleReferences } from './plan-schedules.record';

const WRITE = recordWriteCodes(PLAN_SCHEDULE_RECORD);
const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  SCHEDULE_STATUSES.map((s) => [s.value, s.label]),
);

/**
 * The schedule's own routes: 启用/暂停 (changeStatus), the conflict check of a form before it is
 * saved, and generating the plans now; and the generation job, started with the server and stopped
 * on close.
 */
export function registerPlanScheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '车辆排班计划';
  const { db } = ctx;
  const now = () => ctx.config.now();

  const job = new PlanScheduleJob(db, now, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());

  route(app, tag, {
    method: 'POST',
    url: '/scheduling/plan/changeStatus',
    summary: '启用（status 1）或暂停（status 2）排班计划：暂停后不再生成计划，已生成的计划不变',
    access: WRITE,
    labels: PLAN_SCHEDULE_LABELS,
    body: z.object({
      id: idField('排班计划不正确'),
      status: z.coerce
        .number({ error: '状态只能为1（启用）或2（暂停）' })
        .refine(
          (n) => n === SCHEDULE_STATUS.enabled || n === SCHEDULE_STATUS.paused,
          '状态只能为1（启用）或2（暂停）',
        ),
    }),
    handler: async ({ auth, body }) => {
      const row = await changeableRow(db, auth, PLAN_SCHEDULE_RECORD, body.id);
      if (row.status === body.status) throw badInput(`排班计划已是${STATUS_NAMES[body.status]}状态`);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('plan_schedule')
          .set({ status: body.status, updated_at: at })
          .where('id', '=', body.id)
          .execute();
        await recordOperation(
          tx,
          auth,
          recordLog(
            PLAN_SCHEDULE_RECORD,
            row.id,
            row.team_code,
            body.status === SCHEDULE_STATUS.enabled ? '启用排班计划' : '暂停排班计划',
          ),
          at,
        );
      });
      const generated =
        body.status === SCHEDULE_STATUS.enabled
          ? await generateSchedulePlans(db, now(), { scope: auth.scope, ids: [row.id], by: auth })
          : null;
      return { id: row.id, status: body.status, created: generated?.created.length ?? 0 };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/scheduling/plan/check',
    summary:
      '保存前检查排班冲突（表单同新增、修改，修改时带id）：今天起提前生成天数+7天内每个排班日，车辆或司机已有其他计划或已排入其他排班的时段，车辆、司机证件在此期间到期；每条冲突含日期',
    access: WRITE,
    labels: PLAN_SCHEDULE_LABELS,
    body: planScheduleCheckForm,
    handler: async ({ auth, body }) => {
      const before = body.id ? await changeableRow(db, auth, PLAN_SCHEDULE_RECORD, body.id) : undefined;
      const teamCode = body.teamCode ?? before?.team_code ?? auth.teamCode;
      await checkTeam(db, auth, teamCode);
      await checkScheduleReferences(db, auth, body);
      return scheduleConflicts(
        db,
        auth,
        {
          id: before?.id,
          merchantId: auth.merchantId,
          teamCode,
          name: body.name,
          lineId: body.lineId,
          truckId: body.truckId,
          driverId: body.driverId,
          orderId: body.orderId ?? null,
          cargo: body.cargo,
          plannedKg: body.plannedTons ?? null,
          weekdays: parseWeekdays(body.weekdays.join(',')),
          departMinute: body.departTime,
          startDate: body.startDate,
          endDate: body.endDate ?? null,
          daysAhead: body.daysAhead,
          remark: body.remark,
        },
        now(),
      );
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/scheduling/plan/generate',
    summary:
      '立即生成计划：调用者范围内启用的排班（或带id的一个排班）按提前生成天数生成已发布的计划；同一排班同一天只生成一次，未通过检查的日子不生成并记入排班的操作日志',
    access: WRITE,
    labels: PLAN_SCHEDULE_LABELS,
    body: z.object({
      id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('排班计划不正确').optional()),
    }),
    handler: async ({ auth, body }) => {
      if (body.id) {
        const row = await changeableRow(db, auth, PLAN_SCHEDULE_RECORD, body.id);
        if (row.status !== SCHEDULE_STATUS.enabled) throw badInput('排班计划已暂停，请先启用');
      }
      const result = await generateSchedulePlans(db, now(), {
        scope: auth.scope,
        ids: body.id ? [body.id] : undefined,
        by: auth,
      });
      return result;
    },
  });
}
