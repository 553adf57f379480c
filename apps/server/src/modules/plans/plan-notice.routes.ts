import {
  formatDateTime,
  PLAN_NOTICE_MAX_CHARS,
  PLAN_NOTICE_RESULT,
  PLAN_RECORD,
  PLAN_STATE,
  planNoticeResultName,
  planNoticeText,
  planStateName,
  trimTons,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError, BodyCode, badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { route } from '../../http/route';
import { changeableRow, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';

const CODES = PLAN_RECORD.readCodes;
const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(Number(ms))) : '');
/** Text messages are shown on the terminal's screen and read out (0x8300 flags: display, TTS). */
const TEXT_FLAGS = 0x0c;

/** Plans a notice may be sent for: the truck has them to run. */
export const NOTICE_STATES: readonly number[] = [
  PLAN_STATE.published,
  PLAN_STATE.distributed,
  PLAN_STATE.running,
];

/** The plan as the notice tells it: number, line, truck, stations with planned times, cargo. */
async function noticeOf(db: Kysely<Database>, planId: number): Promise<string> {
  const plan = await db
    .selectFrom('plan')
    .leftJoin('line', 'line.id', 'plan.line_id')
    .leftJoin('truck', 'truck.id', 'plan.truck_id')
    .select(['plan.plan_no', 'plan.cargo', 'plan.planned_kg', 'line.name as line_name', 'truck.car_no'])
    .where('plan.id', '=', planId)
    .executeTakeFirstOrThrow();
  const stations = await db
    .selectFrom('plan_station')
    .select(['address', 'planned_arrive_at', 'planned_depart_at'])
    .where('plan_id', '=', planId)
    .orderBy('seq')
    .execute();
  return planNoticeText({
    planNo: plan.plan_no,
    lineName: plan.line_name ?? '',
    carNo: plan.car_no ?? '',
    cargo: plan.cargo ?? '',
    plannedTons: plan.planned_kg === null ? '' : trimTons(Number(plan.planned_kg)),
    stations: stations.map((s) => ({
      address: s.address,
      arriveTime: time(s.planned_arrive_at),
      departTime: time(s.planned_depart_at),
    })),
  });
}

/**
 * 下发通知 (POST /plan/notice): the plan, or the dispatcher's own text, to the plan's truck's terminal
 * as a JT/T 808 text message (0x8300) through whichever process holds the connection; every notice
 * and the terminal's answer is kept (plan_notice) and in the plan's log. GET /plan/notice/list: a
 * plan's notices, newest first.
 */
export function registerPlanNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '发车计划';
  const { db } = ctx;

  route(app, tag, {
    method: 'POST',
    url: '/plan/notice',
    summary:
      '下发计划通知：把计划（编号、线路、各站计划时间、货物）或调度填写的内容以文本信息（0x8300）发给计划车辆的终端并等待应答；仅已发布、已下发、执行中的计划；车辆未绑定终端、终端不在线或未应答时不成功，均记录',
    access: CODES,
    labels: { id: PLAN_RECORD.labels.id, text: '通知内容' },
    body: z.object({
      id: idField('发车计划不正确'),
      text: z
        .string()
        .trim()
        .max(PLAN_NOTICE_MAX_CHARS, `最多输入${PLAN_NOTICE_MAX_CHARS}个字符`)
        .optional()
        .nullable(),
    }),
    handler: async ({ auth, body }) => {
      const plan = await changeableRow(db, auth, PLAN_RECORD, body.id);
      const state = Number(plan.state);
      if (!NOTICE_STATES.includes(state))
        throw badInput(`计划当前为“${planStateName(state)}”，只有已发布、已下发、执行中的计划可以下发通知`);
      const truckId = plan.truck_id === null ? null : Number(plan.truck_id);
      if (truckId === null) throw badInput('计划未指定车辆，不能下发通知');
      const text = body.text ? body.text : await noticeOf(db, plan.id);
      const terminal = await db
        .selectFrom('truck')
        .leftJoin('terminal', (j) =>
          j.onRef('terminal.id', '=', 'truck.terminal_id').on('terminal.deleted_at', 'is', null),
        )
        .select(['truck.car_no', 'terminal.phone'])
        .where('truck.id', '=', truckId)
        .executeTakeFirst();
      const sentAt = ctx.config.now();
      let result: number;
      let answeredAt: number | null = null;
      if (!terminal?.phone) result = PLAN_NOTICE_RESULT.noTerminal;
      else {
        try {
          result = await ctx.telematics.sendText(terminal.phone, TEXT_FLAGS, text);
          answeredAt = ctx.config.now();
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === BodyCode.terminalOffline) {
            // connected (here or, by the stored state, in another process) yet no answer: silent
            const state = await db
              .selectFrom('vehicle_state')
              .select('online')
              .where('truck_id', '=', truckId)
              .executeTakeFirst();
            result =
              ctx.telematics.isOnline(terminal.phone) || state?.online === 1
                ? PLAN_NOTICE_RESULT.silent
                : PLAN_NOTICE_RESULT.offline;
          } else result = PLAN_NOTICE_RESULT.badMessage;
        }
      }
      const resultText = planNoticeResultName(result);
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('plan_notice')
          .values({
            plan_id: plan.id,
            merchant_id: auth.merchantId,
            truck_id: truckId,
            text,
            sent_by: auth.userId,
            sent_by_name: auth.nickname?.slice(0, 64) ?? null,
            sent_at: sentAt,
            result,
            answered_at: answeredAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(
          tx,
          auth,
          recordLog(
            PLAN_RECORD,
            plan.id,
            String(plan.team_code),
            `下发通知 ${String(plan.plan_no)} 至${terminal?.car_no ?? ''}：${resultText}；内容：${text}`,
          ),
          sentAt,
        );
        return row.id;
      });
      const car = terminal?.car_no ?? '';
      if (result === PLAN_NOTICE_RESULT.noTerminal) throw badInput(`车辆${car}未绑定终端，通知未下发`);
      if (result === PLAN_NOTICE_RESULT.offline) throw badInput(`车辆${car}的终端不在线，通知未送达`);
      if (result === PLAN_NOTICE_RESULT.silent) throw badInput(`车辆${car}的终端未应答，通知可能未送达`);
      if (result !== PLAN_NOTICE_RESULT.ok) throw badInput(`终端应答：${resultText}`);
      return { id, planId: plan.id, result, resultText, text, sentTime: time(sentAt) };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/plan/notice/list',
    summary: '计划的通知记录（GET ?planId），最新的在前：内容、下发人、下发时间、终端应答及应答时间',
    access: CODES,
    labels: { planId: PLAN_RECORD.labels.id },
    query: z.object({ planId: idField('发车计划不正确') }),
    handler: async ({ auth, query }) => {
      const plan = await changeableRow(db, auth, PLAN_RECORD, query.planId);
      const rows = await db
        .selectFrom('plan_notice')
        .selectAll()
        .where('plan_id', '=', plan.id)
        .where('merchant_id', '=', auth.merchantId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const list = rows.map((r) => ({
        id: r.id,
        planId: r.plan_id,
        text: r.text,
        sentBy: r.sent_by_name ?? '',
        sentTime: time(r.sent_at),
        result: r.result,
        resultText: planNoticeResultName(r.result),
        answerTime: time(r.answered_at),
      }));
      return { list, total: list.length };
    },
  });
}
