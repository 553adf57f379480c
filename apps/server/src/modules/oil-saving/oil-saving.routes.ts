import { formatDate, formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { idField, optionalText } from '../../http/form-fields';
import { usableRecords } from '../../http/references';
import { pageOffset, paging, route } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import { checkStatisticsPeriod, statisticsPeriod } from '../../records/period-sums';
import { analyse, type LineRun, lineRuns, oneDecimal, periodBounds, runView } from './oil-saving.analysis';

// 线路节油计划 (car050209, its add and edit pages), 线路节油监控 (car050105) and 线路节油分析
// (car100107): a target fuel per 100 km for a line (and optionally a truck series) over a period,
// the line's history analysed from the finished plans and the trucks' recorded trips, and the runs of
// the monitored trucks against the target, flagged above target × (1 + tolerance).

const TAG = '线路节油';
const PLAN_CODES = ['car050209'] as const;
const READ_CODES = ['car050209', 'car050105', 'car100107'] as const;
const MONITOR_CODES = ['car050105', 'car050209'] as const;
const ANALYSIS_CODES = ['car050209', 'car100107'] as const;
export const PLAN_MISSING = '节油计划不存在或无权操作';
export const LINE_MISSING = '线路不存在或无权操作';
export const TRUCK_MISSING = '车辆不存在或无权操作';
export const MONITOR_MISSING = '监控车辆不存在或无权操作';

type Db = Kysely<Database>;

const LABELS = {
  lineId: '线路',
  truckSeries: '车系',
  targetFuel: '目标油耗',
  tolerance: '允许偏差',
  startDate: '开始日期',
  endDate: '结束日期',
  remark: '备注',
  planId: '节油计划',
  truckIds: '监控车辆',
  truckId: '车辆',
  onlyOver: '只看超标',
};

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

const planFields = z
  .object({
    lineId: idField('请选择线路'),
    truckSeries: optionalText(64),
    targetFuel: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: '请输入目标油耗' })
        .min(0.1, '应为0.1至100之间的数字')
        .max(100, '应为0.1至100之间的数字')
        .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, '最多一位小数'),
    ),
    tolerance: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 5 : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: '应为0至100之间的整数' })
        .int('应为0至100之间的整数')
        .min(0, '应为0至100之间的整数')
        .max(100, '应为0至100之间的整数'),
    ),
    startDate: statisticsPeriod.startDate,
    endDate: statisticsPeriod.endDate,
    remark: optionalText(200),
  })
  .superRefine(checkStatisticsPeriod);
type PlanForm = z.output<typeof planFields>;

interface PlanRow {
  id: number;
  team_code: string;
  line_id: number;
  truck_series: string | null;
  target_fuel: number;
  tolerance: number;
  start_date: string;
  end_date: string;
  remark: string | null;
  created_at: number;
  updated_at: number;
  line_name: string | null;
}

const planQuery = (db: Db, auth: AuthContext) =>
  db
    .selectFrom('fuel_efficient_plan as p')
    .leftJoin('line', 'line.id', 'p.line_id')
    .select([
      'p.id',
      'p.team_code',
      'p.line_id',
      'p.truck_series',
      'p.target_fuel',
      'p.tolerance',
      'p.start_date',
      'p.end_date',
      'p.remark',
      'p.created_at',
      'p.updated_at',
      'line.name as line_name',
    ])
    .where(inScope(auth.scope, 'p'))
    .where('p.deleted_at', 'is', null);

async function planOf(db: Db, auth: AuthContext, id: number): Promise<PlanRow> {
  const row = await planQuery(db, auth).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw badInput(PLAN_MISSING);
  return row as PlanRow;
}

/** The line's station rows as the plan form shows them (routeStationDTOList). */
async function stationsOf(db: Db, lineIds: readonly number[]) {
  const byLine = new Map<number, ReturnType<typeof stationView>[]>();
  if (lineIds.length === 0) return byLine;
  const rows = await db
    .selectFrom('line_station')
    .leftJoin('station', 'station.id', 'line_station.station_id')
    .select([
      'line_station.line_id',
      'line_station.seq',
      'line_station.station_type',
      'line_station.station_id',
      'line_station.address',
      'line_station.distance',
      'line_station.running_hours',
      'line_station.running_mins',
      'station.name as station_name',
    ])
    .where('line_station.line_id', 'in', [...new Set(lineIds)])
    .orderBy('line_station.line_id')
    .orderBy('line_station.seq')
    .execute();
  for (const r of rows) byLine.set(r.line_id, [...(byLine.get(r.line_id) ?? []), stationView(r)]);
  return byLine;
}

function stationView(r: {
  seq: number;
  station_type: number;
  station_id: number | null;
  address: string;
  distance: number;
  running_hours: number;
  running_mins: number;
  station_name: string | null;
}) {
  return {
    seq: r.seq,
    stationType: r.station_type,
    stationId: r.station_id,
    stationName: r.station_name ?? r.address,
    address: r.address,
    distanceKm: oneDecimal(Number(r.distance) / 1000) as number,
    runningHours: Number(r.running_hours),
    runningMins: Number(r.running_mins),
  };
}

/** Shanghai today 'YYYY-MM-DD'. */
const today = (now: number) => formatDate(new Date(now));

function periodState(
  p: { start_date: string; end_date: string },
  now: number,
): { state: number; stateName: string } {
  const day = today(now);
  if (day < p.start_date) return { state: 1, stateName: '未开始' };
  if (day > p.end_date) return { state: 3, stateName: '已结束' };
  return { state: 2, stateName: '进行中' };
}

function planView(p: PlanRow, now: number) {
  return {
    id: p.id,
    teamCode: p.team_code,
    lineId: p.line_id,
    lineName: p.line_name ?? '',
    truckSeries: p.truck_series ?? '',
    targetFuel: p.target_fuel / 10,
    tolerance: p.tolerance,
    startDate: p.start_date,
    endDate: p.end_date,
    remark: p.remark ?? '',
    ...periodState(p, now),
    createTime: formatDateTime(new Date(Number(p.created_at))),
    updateTime: formatDateTime(new Date(Number(p.updated_at))),
  };
}

async function usableLine(db: Db, auth: AuthContext, lineId: number) {
  const line = await db
    .selectFrom('line')
    .select(['id', 'name', 'team_code'])
    .where(inReferenceScope(auth.scope, 'line'))
    .where('deleted_at', 'is', null)
    .where('id', '=', lineId)
    .executeTakeFirst();
  if (!line) throw badInput(LINE_MISSING);
  return line;
}

const planColumns = (f: PlanForm) => ({
  line_id: f.lineId,
  truck_series: f.truckSeries,
  target_fuel: Math.round(f.targetFuel * 10),
  tolerance: f.tolerance,
  start_date: f.startDate,
  end_date: f.endDate,
  remark: f.remark,
});

/** Active monitors of plans, with the truck's plate and series. */
async function monitorsOf(db: Db, auth: AuthContext, planIds: readonly number[], activeOnly = true) {
  if (planIds.length === 0) return [];
  let q = db
    .selectFrom('fuel_efficient_monitor as m')
    .innerJoin('truck', 'truck.id', 'm.truck_id')
    .select([
      'm.id',
      'm.plan_id',
      'm.truck_id',
      'm.state',
      'm.created_at',
      'm.cancelled_at',
      'truck.car_no',
      'truck.series',
    ])
    .where(inScope(auth.scope, 'm'))
    .where('m.plan_id', 'in', [...planIds]);
  if (activeOnly) q = q.where('m.state', '=', 1);
  return q.orderBy('m.id').execute();
}

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

export function registerOilSavingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/list',
    summary: '节油计划分页：线路、车系、目标油耗（L/100km）、周期及状态、监控车辆数',
    access: READ_CODES,
    list: true,
    labels: LABELS,
    query: z.object({
      lineId: idField('线路不正确').optional(),
      truckSeries: z.preprocess(blank, z.string().max(64, '最多输入64个字符').optional()),
      ...paging,
    }),
    handler: async ({ auth, query }) => {
      let q = planQuery(db, auth);
      if (query.lineId) q = q.where('p.line_id', '=', query.lineId);
      if (query.truckSeries) q = q.where('p.truck_series', 'like', `%${query.truckSeries}%`);
      const count = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = (await q
        .orderBy('p.id', 'desc')
        .limit(query.pageSize)
        .offset(pageOffset(query))
        .execute()) as PlanRow[];
      const monitors = await monitorsOf(
        db,
        auth,
        rows.map((r) => r.id),
      );
      return {
        total: Number(count.n),
        list: rows.map((r) => {
          const mine = monitors.filter((m) => m.plan_id === r.id);
          return {
            ...planView(r, now()),
            monitorCount: mine.length,
            monitorCarNos: mine.map((m) => m.car_no).join('、'),
          };
        }),
      };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/list/all/route',
    summary: '可选线路：id、名称、里程及站点（routeStationDTOList）',
    access: READ_CODES,
    list: true,
    handler: async ({ auth }) => {
      const lines = await db
        .selectFrom('line')
        .select(['id', 'name', 'distance'])
        .where(inReferenceScope(auth.scope, 'line'))
        .where('deleted_at', 'is', null)
        .where('status', '=', 1)
        .orderBy('name')
        .execute();
      const stations = await stationsOf(
        db,
        lines.map((l) => l.id),
      );
      return lines.map((l) => ({
        id: l.id,
        value: l.name,
        distanceKm: oneDecimal(Number(l.distance) / 1000),
        routeStationDTOList: stations.get(l.id) ?? [],
      }));
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/find/:id',
    summary: '节油计划详情：线路站点（routeStationDTOList）与监控车辆',
    access: READ_CODES,
    params: z.object({ id: idField(PLAN_MISSING) }),
    handler: async ({ auth, params }) => {
      const p = await planOf(db, auth, params.id);
      const stations = await stationsOf(db, [p.line_id]);
      const monitors = await monitorsOf(db, auth, [p.id]);
      return {
        ...planView(p, now()),
        routeStationDTOList: stations.get(p.line_id) ?? [],
        monitorTrucks: monitors.map((m) => ({ monitorId: m.id, truckId: m.truck_id, carNo: m.car_no })),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/add',
    summary:
      '新增节油计划：线路、车系（可选）、目标油耗（L/100km，一位小数）、周期、允许偏差（%，默认5）、备注',
    access: PLAN_CODES,
    labels: LABELS,
    body: planFields,
    handler: async ({ auth, body }) => {
      await usableLine(db, auth, body.lineId);
      const at = now();
      const row = await db
        .insertInto('fuel_efficient_plan')
        .values({
          ...planColumns(body),
          merchant_id: auth.merchantId,
          team_code: auth.teamCode,
          created_by: auth.userId,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/update',
    summary: '修改节油计划（字段同新增，加 id）',
    access: PLAN_CODES,
    labels: LABELS,
    body: z.intersection(z.object({ id: idField(PLAN_MISSING) }), planFields),
    handler: async ({ auth, body }) => {
      const before = await planOf(db, auth, body.id);
      await usableLine(db, auth, body.lineId);
      if (body.truckSeries && body.truckSeries !== before.truck_series) {
        const other = await db
          .selectFrom('fuel_efficient_monitor as m')
          .innerJoin('truck', 'truck.id', 'm.truck_id')
          .select('truck.car_no')
          .where('m.plan_id', '=', body.id)
          .where('m.state', '=', 1)
          .where((eb) => eb.or([eb('truck.series', 'is', null), eb('truck.series', '!=', body.truckSeries)]))
          .executeTakeFirst();
        if (other)
          throw badInput(`车系: 监控车辆${other.car_no}不属于车系${body.truckSeries}，请先取消其监控`);
      }
      await db
        .updateTable('fuel_efficient_plan')
        .set({ ...planColumns(body), updated_at: now() })
        .where('id', '=', body.id)
        .execute();
      return { id: body.id };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/fuel/efficient/delete/:id',
    summary: '删除节油计划（其监控车辆一并取消）',
    access: PLAN_CODES,
    params: z.object({ id: idField(PLAN_MISSING) }),
    handler: async ({ auth, params }) => {
      await planOf(db, auth, params.id);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('fuel_efficient_plan')
          .set({ deleted_at: at })
          .where('id', '=', params.id)
          .execute();
        await tx
          .updateTable('fuel_efficient_monitor')
          .set({ state: 0, cancelled_at: at })
          .where('plan_id', '=', params.id)
          .where('state', '=', 1)
          .execute();
      });
      return null;
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/fuel/efficient/route/analysis',
    summary:
      '线路油耗分析：周期内该线路已完成计划的每趟（车辆记录的行程里程与油耗）、每车及总体的平均、最好、最差百公里油耗与建议目标（25%分位）',
    access: ANALYSIS_CODES,
    labels: LABELS,
    body: z
      .object({
        lineId: idField('请选择线路'),
        truckSeries: optionalText(64),
        startDate: statisticsPeriod.startDate,
        endDate: statisticsPeriod.endDate,
      })
      .superRefine(checkStatisticsPeriod),
    handler: async ({ auth, body }) => {
      const line = await usableLine(db, auth, body.lineId);
      const [from, to] = periodBounds(body.startDate, body.endDate);
      const runs = await lineRuns(db, auth.scope, { lineId: line.id, from, to, series: body.truckSeries });
      return { lineId: line.id, lineName: line.name, ...analyse(runs) };
    },
  });

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
      const p = await planOf(db, auth, body.planId);
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
