import { formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { idField } from '../../http/form-fields';
import { usableRecords } from '../../http/references';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { type LineRun, lineRuns, oneDecimal, periodBounds, runView } from './oil-saving.analysis';
import {
  LABELS,
  MONITOR_CODES,
  MONITOR_MISSING,
  monitorsOf,
  PLAN_MISSING,
  type PlanRow,
  planOf,
  planQuery,
  READ_CODES,
  TAG,
  TRUCK_MISSING,
  usableLine,
} from './oil-saving.repository';

// 线路节油监控 (car050105) and 监控车辆 of a plan: trucks put under a plan's monitoring or taken off
// it, and each monitored truck's runs of the plan's line in its period against the target.

const monitorFilter = z.object({
  planId: idField('节油计划不正确').optional(),
  lineId: idField('线路不正确').optional(),
  truckId: idField('车辆不正确').optional(),
  onlyOver: z.preprocess(
    (v) =>
      v === 'true' || v === '1' || v === 1
        ? true
        : v === 'false' || v === '0' || v === 0 || v === ''
          ? false
          : v,
    z.boolean({ error: '应为true或false' }).default(false),
  ),
  ...paging,
});

/** A monitored run against its plan's target: deviation in percent, over when beyond the tolerance. */
export function monitoredRun(r: LineRun, p: PlanRow) {
  const target = p.target_fuel / 10;
  const value = r.per100;
  const deviation = value === null ? null : ((value - target) / target) * 100;
  const over = value !== null && value > target * (1 + p.tolerance / 100) + 1e-9;
  return {
    ...runView(r),
    fuelPlanId: p.id,
    lineId: p.line_id,
    lineName: p.line_name ?? '',
    targetFuel: target,
    tolerance: p.tolerance,
    deviation: oneDecimal(deviation),
    over,
    overName: value === null ? '无行程数据' : over ? '超标' : '正常',
  };
}

export function registerOilSavingMonitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/car/monitor',
    summary: '将车辆加入节油计划的监控（planId、truckIds；车辆须属于计划的车系）',
    access: [...MONITOR_CODES],
    labels: LABELS,
    body: z.object({
      planId: idField(PLAN_MISSING),
      truckIds: z
        .array(idField('车辆不正确'), { error: '请选择监控车辆' })
        .min(1, '请选择监控车辆')
        .max(200, '一次最多选择200辆车'),
    }),
    handler: async ({ auth, body }) => {
      const p = await planOf(db, auth, body.planId, LABELS.planId);
      const found = await usableRecords(db, auth.scope, 'truck', body.truckIds);
      if (found.size !== new Set(body.truckIds).size) throw badInput(`监控车辆: ${TRUCK_MISSING}`);
      const trucks = await db
        .selectFrom('truck')
        .select(['id', 'car_no', 'series', 'team_code'])
        .where('id', 'in', [...found.keys()])
        .execute();
      if (p.truck_series) {
        const wrong = trucks.find((t) => t.series !== p.truck_series);
        if (wrong) throw badInput(`监控车辆: ${wrong.car_no}不属于车系${p.truck_series}`);
      }
      const at = now();
      await db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('fuel_efficient_monitor')
          .select(['id', 'truck_id'])
          .where('plan_id', '=', p.id)
          .where(
            'truck_id',
            'in',
            trucks.map((t) => t.id),
          )
          .execute();
        const known = new Set(existing.map((e) => e.truck_id));
        if (existing.length > 0)
          await tx
            .updateTable('fuel_efficient_monitor')
            .set({ state: 1, cancelled_at: null })
            .where(
              'id',
              'in',
              existing.map((e) => e.id),
            )
            .execute();
        const fresh = trucks.filter((t) => !known.has(t.id));
        if (fresh.length > 0)
          await tx
            .insertInto('fuel_efficient_monitor')
            .values(
              fresh.map((t) => ({
                merchant_id: auth.merchantId,
                team_code: t.team_code,
                plan_id: p.id,
                truck_id: t.id,
                created_by: auth.userId,
                created_at: at,
              })),
            )
            .execute();
      });
      return { monitored: trucks.length };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/cancel/monitor/:id',
    summary: '取消一辆车的节油监控（id 为监控记录）',
    access: [...MONITOR_CODES],
    params: z.object({ id: idField(MONITOR_MISSING) }),
    handler: async ({ auth, params }) => {
      const m = await db
        .selectFrom('fuel_efficient_monitor')
        .select(['id', 'state'])
        .where(inScope(auth.scope, 'fuel_efficient_monitor'))
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!m) throw badInput(MONITOR_MISSING);
      if (m.state !== 1) throw badInput('该车辆已取消监控');
      await db
        .updateTable('fuel_efficient_monitor')
        .set({ state: 0, cancelled_at: now() })
        .where('id', '=', m.id)
        .execute();
      return null;
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/check/monitor/:id',
    summary: '查看节油计划的监控车辆（id 为计划）：监控中与已取消的车辆',
    access: READ_CODES,
    params: z.object({ id: idField(PLAN_MISSING) }),
    handler: async ({ auth, params }) => {
      const p = await planOf(db, auth, params.id);
      const monitors = await monitorsOf(db, auth, [p.id], false);
      return monitors.map((m) => ({
        monitorId: m.id,
        truckId: m.truck_id,
        carNo: m.car_no,
        series: m.series ?? '',
        state: m.state,
        stateName: m.state === 1 ? '监控中' : '已取消',
        createTime: formatDateTime(new Date(Number(m.created_at))),
        cancelTime: m.cancelled_at ? formatDateTime(new Date(Number(m.cancelled_at))) : '',
      }));
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/monitor/list',
    summary:
      '节油监控列表：监控车辆在计划线路、周期内每趟的百公里油耗与目标的偏差（%），超出允许偏差标为超标；totalRow 为趟数与超标趟数',
    access: [...MONITOR_CODES],
    list: true,
    labels: LABELS,
    body: monitorFilter,
    handler: async ({ auth, body }) => {
      if (body.planId) await planOf(db, auth, body.planId, LABELS.planId);
      if (body.lineId) await usableLine(db, auth, body.lineId);
      if (body.truckId && !(await usableRecords(db, auth.scope, 'truck', [body.truckId])).has(body.truckId))
        throw badInput(`${LABELS.truckId}: ${TRUCK_MISSING}`);
      let plans = planQuery(db, auth);
      if (body.planId) plans = plans.where('p.id', '=', body.planId);
      if (body.lineId) plans = plans.where('p.line_id', '=', body.lineId);
      const planRows = (await plans.orderBy('p.id', 'desc').limit(200).execute()) as PlanRow[];
      const monitors = await monitorsOf(
        db,
        auth,
        planRows.map((p) => p.id),
      );
      const rows: ReturnType<typeof monitoredRun>[] = [];
      for (const p of planRows) {
        let truckIds = monitors.filter((m) => m.plan_id === p.id).map((m) => m.truck_id);
        if (body.truckId) truckIds = truckIds.filter((id) => id === body.truckId);
        if (truckIds.length === 0) continue;
        const [from, to] = periodBounds(p.start_date, p.end_date);
        const runs = await lineRuns(db, auth.scope, {
          lineId: p.line_id,
          from,
          to,
          truckIds,
          series: p.truck_series,
        });
        for (const r of runs) rows.push(monitoredRun(r, p));
      }
      rows.sort((a, b) => (a.departTime < b.departTime ? 1 : a.departTime > b.departTime ? -1 : 0));
      const shown = body.onlyOver ? rows.filter((r) => r.over) : rows;
      const start = pageOffset(body);
      return {
        total: shown.length,
        list: shown.slice(start, start + body.pageSize),
        totalRow: {
          runs: rows.length,
          overRuns: rows.filter((r) => r.over).length,
          trucks: new Set(rows.map((r) => r.truckId)).size,
        },
      };
    },
  });
}
