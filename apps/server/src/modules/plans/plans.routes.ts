import { randomInt } from 'node:crypto';
import {
  formatDateTime,
  PLAN_RECORD,
  PLAN_STATE,
  planDeletable,
  planEditable,
  planMoveRefusal,
  plannedStationTimes,
  planStateName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { route } from '../../http/route';
import { changeableRow, changeableRows, recordLog } from '../../records/repository';
import { recordOperation } from '../operate-log/operate-log.repository';
import { checkTeam } from '../teams/check-team';
import { PLAN_FIELD_LABELS, type PlanForm, planDraftForm, planEditForm, planForm } from './plan-form';
import { checkPublishable, checkReferences, type TimedStation } from './plan-rules';

const CODES = PLAN_RECORD.readCodes;
const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(ms)) : '');

/** 'JH' and the Shanghai time to the second and four random digits. */
function newPlanNo(at: number): string {
  return `JH${formatDateTime(new Date(at)).replace(/\D/g, '')}${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** The form's station rows; when it has none, the line's rows with times from the departure. */
export async function stationsOf(db: Kysely<Database>, form: PlanForm): Promise<PlanForm> {
  if (form.stations.length > 0 || !form.lineId) return form;
  const rows = await db
    .selectFrom('line_station')
    .select(['seq', 'station_type', 'station_id', 'address', 'distance', 'running_hours', 'running_mins'])
    .where('line_id', '=', form.lineId)
    .orderBy('seq')
    .execute();
  const times = form.departTime
    ? plannedStationTimes(
        form.departTime,
        rows.map((r) => ({ runningHours: r.running_hours, runningMins: r.running_mins })),
      )
    : [];
  return {
    ...form,
    stations: rows.map((r, i) => ({
      seq: r.seq,
      stationType: r.station_type,
      stationId: r.station_id,
      address: r.address,
      distance: Number(r.distance),
      arriveTime: times[i]?.arriveAt ?? null,
      departTime: times[i]?.departAt ?? null,
    })),
  };
}

/** The customer a plan is for: the form's, else its order's. */
export async function customerOf(db: Kysely<Database>, form: PlanForm): Promise<number | null> {
  if (form.customerId) return form.customerId;
  if (!form.orderId) return null;
  const order = await db
    .selectFrom('transport_order')
    .select('customer_id')
    .where('id', '=', form.orderId)
    .executeTakeFirst();
  return order?.customer_id ?? null;
}

export interface Saved {
  id?: number;
  planNo?: string;
  state: number;
  teamCode: string;
  form: PlanForm;
  customerId: number | null;
  /** Published: the checked times; a draft: the times as given. */
  stations: TimedStation[] | PlanForm['stations'];
  arriveAt: number | null;
}

/** Writes the plan and replaces its station rows in `tx`; returns its id and number. */
export async function writePlan(tx: Transaction<Database>, auth: AuthContext, s: Saved, at: number) {
  const f = s.form;
  const columns = {
    team_code: s.teamCode,
    state: s.state,
    order_id: f.orderId ?? null,
    customer_id: s.customerId,
    line_id: f.lineId ?? null,
    truck_id: f.truckId ?? null,
    driver_id: f.driverId ?? null,
    cargo: f.cargo,
    planned_kg: f.plannedTons ?? null,
    planned_depart_at: f.departTime ?? null,
    planned_arrive_at: s.arriveAt,
    remark: f.remark,
    updated_at: at,
    ...(s.state === PLAN_STATE.published ? { published_at: at } : {}),
  };
  let id = s.id;
  let planNo = s.planNo;
  if (id === undefined) {
    planNo = newPlanNo(at);
    id = (
      await tx
        .insertInto('plan')
        .values({
          ...columns,
          merchant_id: auth.merchantId,
          plan_no: planNo,
          created_by: auth.userId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } else {
    await tx.updateTable('plan').set(columns).where('id', '=', id).execute();
    await tx.deleteFrom('plan_station').where('plan_id', '=', id).execute();
  }
  const rows = s.stations.map((st, i) => {
    const timed = 'arriveAt' in st;
    return {
      plan_id: id as number,
      seq: i + 1,
      station_type: st.stationType,
      station_id: st.stationId ?? null,
      address: st.address,
      distance: st.distance,
      planned_arrive_at: timed ? st.arriveAt : (st.arriveTime ?? null),
      planned_depart_at: timed ? st.departAt : (st.departTime ?? null),
    };
  });
  if (rows.length > 0) await tx.insertInto('plan_station').values(rows).execute();
  return { id, planNo: planNo as string };
}

/** What the log says of a plan: '京A10000 张三，北京至天津京津塘干线，2026-11-20 10:00:00发车'. */
export async function planWords(db: Kysely<Database>, form: PlanForm): Promise<string> {
  const [truck, driver, line] = await Promise.all([
    form.truckId
      ? db.selectFrom('truck').select('car_no').where('id', '=', form.truckId).executeTakeFirst()
      : null,
    form.driverId
      ? db.selectFrom('driver').select('name').where('id', '=', form.driverId).executeTakeFirst()
      : null,
    form.lineId
      ? db.selectFrom('line').select('name').where('id', '=', form.lineId).executeTakeFirst()
      : null,
  ]);
  const parts = [
    [truck?.car_no, driver?.name].filter(Boolean).join(' '),
    line?.name ?? '',
    form.departTime ? `${time(form.departTime)}发车` : '',
  ].filter((p) => p !== '');
  return parts.join('，') || '（未填写）';
}

/**
 * The plan's log entry, the team a form names, and publishing (a new plan, or over `before`, a draft
 * or a published plan, with `verb` naming the move in the log): shared with the assignment routes.
 */
export function planWriters(ctx: AppContext) {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const log = (
    tx: Kysely<Database>,
    auth: AuthContext,
    id: number,
    teamCode: string,
    content: string,
    at: number,
  ) => recordOperation(tx, auth, recordLog(PLAN_RECORD, id, teamCode, content), at);

  const teamOf = async (auth: AuthContext, form: PlanForm, before?: { team_code: string }) => {
    const teamCode = form.teamCode ?? before?.team_code ?? auth.teamCode;
    await checkTeam(db, auth, teamCode);
    return teamCode;
  };

  /** Publishes `form` as a new plan or over `before` (a draft or a published plan). */
  const publish = async (
    auth: AuthContext,
    given: PlanForm,
    before?: Record<string, unknown> & { id: number },
    verb?: string,
  ) => {
    if (before) {
      const refusal = planMoveRefusal(Number(before.state), PLAN_STATE.published);
      if (refusal) throw badInput(refusal);
    }
    const form = await stationsOf(db, given);
    const teamCode = await teamOf(auth, form, before as { team_code: string } | undefined);
    const plan = await checkPublishable(db, auth, form, before?.id);
    const customerId = await customerOf(db, form);
    const at = now();
    const words = await planWords(db, form);
    const published = await db.transaction().execute(async (tx) => {
      const saved = await writePlan(
        tx,
        auth,
        {
          id: before?.id,
          planNo: before ? String(before.plan_no) : undefined,
          state: PLAN_STATE.published,
          teamCode,
          form,
          customerId,
          stations: plan.stations,
          arriveAt: plan.arriveAt,
        },
        at,
      );
      const done = verb ?? (!before || before.state === PLAN_STATE.draft ? '发布计划' : '修改计划');
      await log(tx, auth, saved.id, teamCode, `${done} ${saved.planNo}：${words}`, at);
      return saved;
    });
    await ctx.telematics.plans.notify([form.truckId, before?.truck_id]);
    return published;
  };
  return { log, teamOf, publish };
}

/**
 * The plan's writes, each a move of its state by the rule of `planMoveRefusal` and each in the log:
 * `temp` saves a draft (new, or a draft again) with only the ids it names checked; `add` publishes a
 * new plan and `update` publishes a draft or edits a published plan, both after `checkPublishable`;
 * `distribute` hands a published plan to the driver; `cancel` ends a plan that has not started;
 * `delete` removes drafts and cancelled plans.
 */
export function registerPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '发车计划';
  const { db } = ctx;
  const now = () => ctx.config.now();
  const { log, teamOf, publish } = planWriters(ctx);

  route(app, tag, {
    method: 'POST',
    url: '/plan/temp',
    summary:
      '保存草稿（temp）：新建草稿或修改草稿（带id），不做完整校验，只校验所填的线路、车辆、司机、客户、订单在调用者的车队范围内',
    access: CODES,
    labels: PLAN_FIELD_LABELS,
    body: planDraftForm,
    handler: async ({ auth, body }) => {
      const before = body.id ? await changeableRow(db, auth, PLAN_RECORD, body.id) : undefined;
      if (before) {
        const refusal = planMoveRefusal(Number(before.state), PLAN_STATE.draft);
        if (refusal) throw badInput(refusal);
      }
      const form = await stationsOf(db, body);
      const teamCode = await teamOf(auth, form, before);
      await checkReferences(db, auth, form);
      const customerId = await customerOf(db, form);
      const at = now();
      const words = await planWords(db, form);
      const last = form.stations.at(-1);
      return db.transaction().execute(async (tx) => {
        const saved = await writePlan(
          tx,
          auth,
          {
            id: before?.id,
            planNo: before ? String(before.plan_no) : undefined,
            state: PLAN_STATE.draft,
            teamCode,
            form,
            customerId,
            stations: form.stations,
            arriveAt: last?.arriveTime ?? null,
          },
          at,
        );
        await log(tx, auth, saved.id, teamCode, `保存草稿 ${saved.planNo}：${words}`, at);
        return saved;
      });
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/add',
    summary:
      '新增并发布计划：须有线路、车辆、司机、发车时间和各站计划时间（不填站点时按线路运行时长生成）；车辆、司机在该时段不能已有计划，司机驾驶证、从业资格证和车辆各证件在计划期内有效；所服务的运输订单须进行中且客户、线路一致',
    access: CODES,
    labels: PLAN_FIELD_LABELS,
    body: planForm,
    handler: ({ auth, body }) => publish(auth, body),
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/update',
    summary: '修改计划：草稿经校验后发布，已发布的计划经同样的校验后修改；已下发及之后的计划不能修改',
    access: CODES,
    labels: PLAN_FIELD_LABELS,
    body: planEditForm,
    handler: async ({ auth, body }) => {
      const before = await changeableRow(db, auth, PLAN_RECORD, body.id);
      if (!planEditable(Number(before.state)))
        throw badInput(`计划当前为“${planStateName(Number(before.state))}”，不能修改`);
      return publish(auth, body, before);
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/distribute',
    summary: '下发计划给司机：仅已发布的计划',
    access: CODES,
    labels: { id: PLAN_RECORD.labels.id },
    body: z.object({ id: idField('发车计划不正确') }),
    handler: async ({ auth, body }) => {
      const row = await changeableRow(db, auth, PLAN_RECORD, body.id);
      const refusal = planMoveRefusal(Number(row.state), PLAN_STATE.distributed);
      if (refusal) throw badInput(refusal);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('plan')
          .set({ state: PLAN_STATE.distributed, distributed_at: at, updated_at: at })
          .where('id', '=', row.id)
          .execute();
        await log(tx, auth, row.id, row.team_code, `下发计划 ${String(row.plan_no)}`, at);
      });
      await ctx.telematics.plans.notify([row.truck_id]);
      return { id: row.id, state: PLAN_STATE.distributed };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/plan/cancel',
    summary: '取消计划（GET ?id&reason）：草稿、已发布、已下发的计划；执行中、已完成的计划不能取消',
    access: CODES,
    labels: { id: PLAN_RECORD.labels.id, reason: PLAN_RECORD.labels.reason },
    query: z.object({ id: idField('发车计划不正确'), reason: optionalText(200) }),
    handler: async ({ auth, query }) => {
      const row = await changeableRow(db, auth, PLAN_RECORD, query.id);
      const refusal = planMoveRefusal(Number(row.state), PLAN_STATE.cancelled);
      if (refusal) throw badInput(refusal);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('plan')
          .set({ state: PLAN_STATE.cancelled, cancelled_at: at, cancel_reason: query.reason, updated_at: at })
          .where('id', '=', row.id)
          .execute();
        await log(
          tx,
          auth,
          row.id,
          row.team_code,
          `取消计划 ${String(row.plan_no)}（原为${planStateName(Number(row.state))}）${query.reason ? `：${query.reason}` : ''}`,
          at,
        );
      });
      await ctx.telematics.plans.notify([row.truck_id]);
      return { id: row.id, state: PLAN_STATE.cancelled };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/delete',
    summary: '删除计划（{ ids }）：仅草稿和已取消的计划',
    access: CODES,
    labels: { ids: PLAN_RECORD.labels.id },
    body: z.object({
      ids: z.array(idField('发车计划不正确')).min(1, '请选择计划').max(500, '一次最多删除500个计划'),
    }),
    handler: async ({ auth, body }) => {
      const rows = await changeableRows(db, auth, PLAN_RECORD, [...new Set(body.ids)]);
      const kept = rows.find((r) => !planDeletable(Number(r.state)));
      if (kept)
        throw badInput(
          `计划${String(kept.plan_no)}当前为“${planStateName(Number(kept.state))}”，只能删除草稿和已取消的计划`,
        );
      const at = now();
      await db.transaction().execute(async (tx) => {
        const ids = rows.map((r) => r.id);
        await tx.deleteFrom('plan_station').where('plan_id', 'in', ids).execute();
        await tx.deleteFrom('plan').where('id', 'in', ids).execute();
        for (const r of rows)
          await log(
            tx,
            auth,
            r.id,
            r.team_code,
            `删除计划 ${String(r.plan_no)}（${planStateName(Number(r.state))}）`,
            at,
          );
      });
      await ctx.telematics.plans.notify(rows.map((r) => r.truck_id));
      return { deleted: rows.length };
    },
  });
}
