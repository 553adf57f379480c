import {
  departMinuteText,
  enumRecord,
  formatDate,
  formatDateTime,
  kgToTons,
  ORDER_STATUS,
  PLAN_BUSY_STATES,
  PLAN_SCHEDULE_RECORD,
  PLAN_STATES,
  parseWeekdays,
  SCHEDULE_STATUS,
  SCHEDULE_STATUSES,
  weekdaysText,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { usableRecord } from '../../http/references';
import { blank, teamFilter, withTeamName } from '../../records/filters';
import { defineRecord, type ListedRow, type RecordQuery, type StoredRow } from '../../records/record';
import { type PlanScheduleForm, planScheduleForm } from './plan-schedule-form';
import { registerPlanScheduleRoutes } from './plan-schedules.routes';
import type { PlanScheduleTable } from './plan-schedules.table';

export const SCHEDULE_STATUS_NAMES = enumRecord(SCHEDULE_STATUSES);
const PLAN_STATE_NAMES = enumRecord(PLAN_STATES);
const L = PLAN_SCHEDULE_RECORD.labels;
const time = (ms: number | null) => (ms === null ? '' : formatDateTime(new Date(Number(ms))));

/** The filter of /scheduling/plan/page, also the input of its export. */
const planScheduleFilter = z.object({
  name: z.preprocess(blank, z.string().max(30, '最多输入30个字符').optional()).meta({ title: L.name }),
  lineId: z.preprocess(blank, idField('线路不正确').optional()).meta({ title: L.lineId }),
  truckId: z.preprocess(blank, idField('车辆不正确').optional()).meta({ title: L.truckId }),
  driverId: z.preprocess(blank, idField('司机不正确').optional()).meta({ title: L.driverId }),
  status: z
    .preprocess(
      blank,
      z.coerce
        .number()
        .refine((n) => n in SCHEDULE_STATUS_NAMES, '状态不正确')
        .optional(),
    )
    .meta({ title: L.status }),
  teamCode: teamFilter,
});
type PlanScheduleFilter = z.output<typeof planScheduleFilter>;

type PlanScheduleRow = ListedRow<
  PlanScheduleTable,
  {
    line_name: string | null;
    car_no: string | null;
    driver_name: string | null;
    order_no: string | null;
  }
>;

interface NextPlan {
  id: number;
  planNo: string;
  departTime: string;
  state: number;
  stateName: string;
}
interface Upcoming {
  plans: NextPlan[];
  /** The latest day that got no plan, and why. */
  skipped: { day: string; reason: string } | null;
}

/** A schedule as the API answers it, with its next plans. */
function planScheduleView(row: PlanScheduleRow, upcoming: Upcoming = { plans: [], skipped: null }) {
  const weekdays = parseWeekdays(row.weekdays);
  return {
    id: row.id,
    name: row.name,
    lineId: row.line_id,
    lineName: row.line_name ?? '',
    truckId: row.truck_id,
    carNo: row.car_no ?? '',
    driverId: row.driver_id,
    driverName: row.driver_name ?? '',
    orderId: row.order_id,
    orderNo: row.order_no ?? '',
    cargo: row.cargo ?? '',
    plannedTons: row.planned_kg === null ? '' : kgToTons(Number(row.planned_kg)),
    weekdays,
    weekdaysText: weekdaysText(weekdays),
    departTime: departMinuteText(row.depart_minute),
    startDate: row.start_date,
    endDate: row.end_date ?? '',
    validity: `${row.start_date}至${row.end_date ?? '长期'}`,
    status: row.status,
    statusName: SCHEDULE_STATUS_NAMES[row.status] ?? '-',
    daysAhead: row.days_ahead,
    nextPlans: upcoming.plans,
    lastSkipped: upcoming.skipped,
    teamCode: row.team_code,
    teamName: row.team_name ?? '',
    remark: row.remark ?? '',
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
  };
}
export type PlanScheduleView = ReturnType<typeof planScheduleView>;

/** The next plans (not yet finished or cancelled) of each schedule, and its latest skipped day. */
async function upcomingOf(db: Kysely<Database>, ids: readonly number[], today: string) {
  const found = new Map<number, Upcoming>(ids.map((id) => [id, { plans: [], skipped: null }]));
  if (ids.length === 0) return found;
  const days = await db
    .selectFrom('plan_schedule_day')
    .leftJoin('plan', 'plan.id', 'plan_schedule_day.plan_id')
    .select([
      'plan_schedule_day.schedule_id',
      'plan_schedule_day.day',
      'plan_schedule_day.reason',
      'plan.id as plan_id',
      'plan.plan_no',
      'plan.state',
      'plan.planned_depart_at',
    ])
    .where('plan_schedule_day.schedule_id', 'in', [...ids])
    .where('plan_schedule_day.day', '>=', today)
    .orderBy('plan_schedule_day.day')
    .execute();
  for (const d of days) {
    const u = found.get(d.schedule_id);
    if (!u) continue;
    if (d.plan_id !== null && d.state !== null && PLAN_BUSY_STATES.includes(d.state)) {
      if (u.plans.length < 5)
        u.plans.push({
          id: d.plan_id,
          planNo: d.plan_no ?? '',
          departTime: time(d.planned_depart_at),
          state: d.state,
          stateName: PLAN_STATE_NAMES[d.state] ?? '-',
        });
    } else if (d.plan_id === null && d.reason) u.skipped = { day: d.day, reason: d.reason };
  }
  return found;
}

const joins = (q: RecordQuery) =>
  withTeamName('plan_schedule')(q)
    .leftJoin('line', 'line.id', 'plan_schedule.line_id')
    .leftJoin('truck', 'truck.id', 'plan_schedule.truck_id')
    .leftJoin('driver', 'driver.id', 'plan_schedule.driver_id')
    .leftJoin('transport_order', 'transport_order.id', 'plan_schedule.order_id');

/**
 * The ids a schedule points at, in the caller's scope: line, truck, driver and the order (open, and of
 * the schedule's line); the line needs a start and an end station to make plans.
 */
export async function checkScheduleReferences(
  db: Kysely<Database>,
  auth: AuthContext,
  form: PlanScheduleForm,
): Promise<void> {
  await usableRecord(db, auth.scope, 'line', form.lineId, L.lineId);
  await usableRecord(db, auth.scope, 'truck', form.truckId, L.truckId);
  await usableRecord(db, auth.scope, 'driver', form.driverId, L.driverId);
  const stations = await db
    .selectFrom('line_station')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('line_id', '=', form.lineId)
    .executeTakeFirst();
  if (Number(stations?.n ?? 0) < 2) throw badInput(`${L.lineId}: 该线路没有起点和终点站，不能排班`);
  if (!form.orderId) return;
  const order = await usableRecord(db, auth.scope, 'transportOrder', form.orderId, L.orderId);
  const row = await db
    .selectFrom('transport_order')
    .select(['status', 'line_id'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  if (row.status !== ORDER_STATUS.open)
    throw badInput(`${L.orderId}: 运输订单${order.name}已结束，不能再排班`);
  if (row.line_id !== form.lineId)
    throw badInput(`${L.lineId}: 排班的线路须与运输订单${order.name}的线路一致`);
}

/** '周一、周三 08:30，2026-11-20至长期': a schedule in the log. */
const scheduleWords = (c: Record<string, unknown>) =>
  `${String(c.name)}：${weekdaysText(parseWeekdays(String(c.weekdays)))} ${departMinuteText(Number(c.depart_minute))}发车，${String(c.start_date)}至${c.end_date ? String(c.end_date) : '长期'}`;

/**
 * 车辆排班计划 on the recipe: list (with each schedule's next plans), detail, add, update, delete and
 * export; pausing and enabling, the conflict check before saving and generating now are its own
 * routes (plan-schedules.routes.ts), with the generation job.
 */
export const planScheduleRecord = (ctx: AppContext) =>
  defineRecord<PlanScheduleForm, PlanScheduleFilter, PlanScheduleView>({
    meta: PLAN_SCHEDULE_RECORD,
    tag: '车辆排班计划',
    summaries: {
      page: '排班计划分页：名称、线路、车辆、司机、状态（1启用 2暂停）、车队；含每个排班接下来的计划和最近未生成的日子及原因',
      info: '排班计划详情（GET ?id）',
      add: '新增排班计划：线路、车辆、司机、执行日（1周一…7周日）、发车时间HH:mm、有效期、提前生成天数（1–14）；保存后按排班生成已发布的计划',
      edit: '修改排班计划（已生成的计划不变，之后的日子按新排班生成）',
      delete: '删除排班计划（已生成的计划保留，可在计划管理中取消）',
      export: '导出排班计划（与列表相同的筛选）',
    },
    joins,
    selection: [
      'plan_schedule.id',
      'plan_schedule.team_code',
      'plan_schedule.name',
      'plan_schedule.line_id',
      'line.name as line_name',
      'plan_schedule.truck_id',
      'truck.car_no',
      'plan_schedule.driver_id',
      'driver.name as driver_name',
      'plan_schedule.order_id',
      'transport_order.order_no',
      'plan_schedule.cargo',
      'plan_schedule.planned_kg',
      'plan_schedule.weekdays',
      'plan_schedule.depart_minute',
      'plan_schedule.start_date',
      'plan_schedule.end_date',
      'plan_schedule.status',
      'plan_schedule.days_ahead',
      'plan_schedule.remark',
      'plan_schedule.created_at',
      'plan_schedule.updated_at',
      'team.team_name',
    ],
    view: (row: PlanScheduleRow) => planScheduleView(row),
    views: async (db, rows: PlanScheduleRow[]) => {
      const today = formatDate(new Date(ctx.config.now()));
      const upcoming = await upcomingOf(
        db,
        rows.map((r) => r.id),
        today,
      );
      return rows.map((r) => planScheduleView(r, upcoming.get(r.id)));
    },
    filter: {
      schema: planScheduleFilter,
      apply: (q, f) => {
        if (f.name) q = q.where('plan_schedule.name', 'like', `%${f.name}%`);
        if (f.lineId) q = q.where('plan_schedule.line_id', '=', f.lineId);
        if (f.truckId) q = q.where('plan_schedule.truck_id', '=', f.truckId);
        if (f.driverId) q = q.where('plan_schedule.driver_id', '=', f.driverId);
        if (f.status) q = q.where('plan_schedule.status', '=', f.status);
        if (f.teamCode) q = q.where('plan_schedule.team_code', 'like', `${f.teamCode}%`);
        return q;
      },
    },
    form: {
      schema: planScheduleForm,
      columns: (form) => ({
        team_code: form.teamCode,
        name: form.name,
        line_id: form.lineId,
        truck_id: form.truckId,
        driver_id: form.driverId,
        order_id: form.orderId ?? null,
        cargo: form.cargo,
        planned_kg: form.plannedTons ?? null,
        weekdays: form.weekdays.join(','),
        depart_minute: form.departTime,
        start_date: form.startDate,
        end_date: form.endDate ?? null,
        days_ahead: form.daysAhead,
        remark: form.remark,
      }),
      addColumns: { status: SCHEDULE_STATUS.enabled },
      logFields: (c) => ({
        name: c.name,
        lineId: c.line_id,
        truckId: c.truck_id,
        driverId: c.driver_id,
        orderId: c.order_id,
        cargo: c.cargo,
        plannedTons:
          c.planned_kg === null || c.planned_kg === undefined ? null : kgToTons(Number(c.planned_kg)),
        weekdays: weekdaysText(parseWeekdays(String(c.weekdays))),
        departTime: departMinuteText(Number(c.depart_minute)),
        startDate: c.start_date,
        endDate: c.end_date ?? '长期',
        daysAhead: Number(c.days_ahead),
        teamCode: c.team_code,
        remark: c.remark,
      }),
      hiddenChanges: ['lineId', 'truckId', 'driverId', 'orderId'],
      addedText: scheduleWords,
      deletedText: (row: StoredRow) => scheduleWords(row),
      namedEditLog: true,
    },
    check: (db, auth, form) => checkScheduleReferences(db, auth, form),
    export: {
      title: '车辆排班计划',
      columns: [
        { header: '排班名称', width: 20, value: (s) => s.name },
        { header: '线路', width: 24, value: (s) => s.lineName },
        { header: '车牌号', width: 12, value: (s) => s.carNo },
        { header: '司机', width: 10, value: (s) => s.driverName },
        { header: '执行日', width: 30, value: (s) => s.weekdaysText },
        { header: '发车时间', width: 10, value: (s) => s.departTime },
        { header: '开始日期', width: 12, value: (s) => s.startDate },
        { header: '结束日期', width: 12, value: (s) => s.endDate || '长期' },
        { header: '提前生成天数', width: 12, value: (s) => s.daysAhead },
        { header: '状态', width: 8, value: (s) => s.statusName },
        { header: '运输订单', width: 24, value: (s) => s.orderNo },
        { header: '货物名称', width: 12, value: (s) => s.cargo },
        { header: '计划装载量（吨）', width: 14, value: (s) => s.plannedTons },
        {
          header: '接下来的计划',
          width: 40,
          value: (s) => s.nextPlans.map((p) => `${p.departTime.slice(0, 16)} ${p.planNo}`).join('；'),
        },
        { header: '所属车队', width: 20, value: (s) => s.teamName },
        { header: '备注', width: 24, value: (s) => s.remark },
      ],
    },
    routes: (app) => registerPlanScheduleRoutes(app, ctx),
  });
