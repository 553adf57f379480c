import {
  ALARM_PAGES,
  alarmType,
  endOfShanghaiDay,
  formatDateTime,
  PLAN_RECORD,
  PLAN_STATE,
  planStateName,
  startOfShanghaiDay,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput, notFound } from '../../http/envelope';
import { idField, optionalDateTime, optionalText } from '../../http/form-fields';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { recordLog } from '../../records/repository';
import {
  distanceLeft,
  etaOf,
  type PlanStationWatch,
  type PlanWatch,
} from '../../telematics/alarms/plan-rules';
import {
  type AlarmExportColumn,
  BASE_COLUMNS,
  HANDLE_COLUMNS,
  sendAlarmExport,
} from '../alarms/alarms.export';
import { alarmFilterFields, alarmFilterLabels, toAlarmFilter } from '../alarms/alarms.filters';
import { type AlarmFilter, listAlarms } from '../alarms/alarms.repository';
import { detailColumn } from '../alarms/alarms.routes';
import { type AlarmView, alarmView } from '../alarms/alarms.view';
import { recordOperation } from '../operate-log/operate-log.repository';
import { planStationRows, rowFence } from './plan-progress';

// The plan monitor (发车监控, 计划管理) and the line alarms (线路报警) of issue 13: the open plans
// with their progress, lateness and the truck's last position; a plan's station rows with planned
// and actual times and the line's path; the dispatcher's correction of a row's actual times; the
// plan timing and deviation alarms (4001-4006) of the caller's scope, listed and exported.

const MONITOR_CODES = ['car060103'];
const STATION_CODES = ['car060103', 'car050202'];
/** 线路报警, and 时效报警 (the alarm page of the plan codes). */
const ALARM_CODES = ['car0602', ALARM_PAGES.plan.code];
const PLAN_ALARM_CODES = [4001, 4002, 4003, 4004, 4005, 4006];
const MIN = 60_000;

const time = (ms: number | null | undefined) => (ms ? formatDateTime(new Date(ms)) : '');
const optionalId = (message: string) => z.preprocess(blank, idField(message).optional());

const monitorQuery = z.object({
  ...paging,
  teamCode: teamFilter,
  lineId: optionalId('线路不正确'),
  carNo: z.preprocess(blank, z.string().trim().max(20, '车牌号最多20个字').optional()),
  late: z.preprocess(blank, z.enum(['0', '1'], { error: '是否晚点须为0或1' }).optional()),
});

/** 时效报警's filters (alarm pages) plus 线路报警's: a line, one alarm type. */
const alarmFilters = {
  ...alarmFilterFields,
  lineId: optionalId('线路不正确'),
  alarmCode: z.preprocess(
    blank,
    z.coerce
      .number({ error: '报警类型不正确' })
      .int('报警类型不正确')
      .refine((code) => PLAN_ALARM_CODES.includes(code), '报警类型不正确')
      .optional(),
  ),
};
const alarmListQuery = z.object({ ...paging, ...alarmFilters });
const alarmExportQuery = z.object(alarmFilters);

const saveBody = z.object({
  id: idField('发车计划不正确'),
  seq: z.coerce.number({ error: '站点序号不正确' }).int('站点序号不正确').positive('站点序号不正确'),
  arriveTime: optionalDateTime,
  departTime: optionalDateTime,
  remark: optionalText(200),
});

const LABELS = {
  id: '发车计划',
  seq: '站点序号',
  arriveTime: '实际到达时间',
  departTime: '实际出发时间',
  remark: '备注',
  lineId: '线路',
  late: '是否晚点',
  alarmCode: '报警类型',
  ...alarmFilterLabels,
};

/** One row of the monitor list (contract "GET /plan/monitor/list"). */
export interface MonitorRow {
  id: number;
  planNo: string;
  state: number;
  stateName: string;
  teamCode: string;
  teamName: string;
  lineId: number | null;
  lineName: string;
  truckId: number | null;
  carNo: string;
  driverId: number | null;
  driverName: string;
  plannedDepartTime: string;
  departTime: string;
  plannedArriveTime: string;
  arriveTime: string;
  maxSeq: number;
  stationCount: number;
  nextStation: string;
  distanceLeftMeters: number;
  etaTime: string;
  departLateMinutes: number | null;
  arriveLateMinutes: number | null;
  lateState: 0 | 1 | 2;
  lat: number | null;
  lon: number | null;
  speed: number;
  online: boolean;
}

type Db = Kysely<Database>;

/** Finished plans are shown on the day they arrived, when they left at most this long before it. */
const FINISHED_WITHIN_MS = 2 * 86_400_000;

/**
 * The ids (and departure, the order) of the plans of the caller's scope the monitor shows, with the
 * filters: the open ones (published, distributed, running) due by the end of today, read through
 * the partial index plan_current_idx, and those finished today, through plan_depart_idx; from
 * `plan` alone, so that counting and paging join nothing.
 */
export function monitorIds(db: Db, auth: AuthContext, q: z.output<typeof monitorQuery>, at: number) {
  const dayStart = startOfShanghaiDay(new Date(at)).getTime();
  const dayEnd = endOfShanghaiDay(new Date(at)).getTime();
  const filtered = (open: boolean) => {
    let rows = db
      .selectFrom('plan as p')
      .select(['p.id', 'p.planned_depart_at'])
      .where(inScope(auth, 'p'))
      .where('p.planned_depart_at', '<=', dayEnd);
    rows = open
      ? // the literals of the partial index plan_current_idx (migration 0029)
        rows.where(sql<boolean>`p.state in (1, 2, 3)`)
      : rows
          .where('p.state', '=', PLAN_STATE.finished)
          .where('p.planned_depart_at', '>=', dayStart - FINISHED_WITHIN_MS)
          .where('p.arrived_at', '>=', dayStart);
    if (q.teamCode) rows = rows.where('p.team_code', 'like', `${q.teamCode}%`);
    if (q.lineId) rows = rows.where('p.line_id', '=', q.lineId);
    if (q.carNo) {
      const plate = `%${q.carNo.replace(/[%_\\]/g, '')}%`;
      rows = rows.where('p.truck_id', 'in', (eb) =>
        eb
          .selectFrom('truck as t')
          .select('t.id')
          .where('t.merchant_id', '=', auth.merchantId)
          .where('t.car_no', 'like', plate),
      );
    }
    return rows;
  };
  return filtered(true).unionAll(filtered(false));
}

/** The monitor's columns of plans, with their truck, driver, line, team and last position. */
function monitorDetails(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('plan as p')
    .leftJoin('truck as t', 't.id', 'p.truck_id')
    .leftJoin('driver as d', 'd.id', 'p.driver_id')
    .leftJoin('line as l', 'l.id', 'p.line_id')
    .leftJoin('team as tm', (j) =>
      j.onRef('tm.merchant_id', '=', 'p.merchant_id').onRef('tm.team_code', '=', 'p.team_code'),
    )
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 'p.truck_id')
    .select([
      'p.id',
      'p.plan_no',
      'p.state',
      'p.team_code',
      'p.line_id',
      'p.truck_id',
      'p.driver_id',
      'p.planned_depart_at',
      'p.planned_arrive_at',
      'p.departed_at',
      'p.arrived_at',
      'p.max_seq',
      't.car_no',
      't.team_code as truck_team',
      'd.name as driver_name',
      'l.name as line_name',
      'tm.team_name',
      'vs.lat',
      'vs.lon',
      'vs.speed',
      'vs.online',
    ])
    .where('p.id', 'in', ids.length > 0 ? [...ids] : [0])
    .orderBy('p.planned_depart_at')
    .orderBy('p.id');
}

type Lateness = Pick<
  MonitorRow,
  'nextStation' | 'distanceLeftMeters' | 'etaTime' | 'departLateMinutes' | 'arriveLateMinutes' | 'lateState'
>;

/** Progress and lateness of a plan at `at` (thresholds of its truck's planTiming settings). */
export function lateness(
  p: {
    state: number;
    planned_depart_at: number | null;
    planned_arrive_at: number | null;
    departed_at: number | null;
    arrived_at: number | null;
    max_seq: number;
  },
  stations: readonly PlanStationWatch[],
  position: { lat: number; lon: number } | null,
  speedKmh: number | null,
  rule: {
    departWarnMinutes: number;
    departAlarmMinutes: number;
    arriveWarnMinutes: number;
    arriveAlarmMinutes: number;
  },
  at: number,
): Lateness {
  const next = stations.find((s) => s.seq > p.max_seq);
  const finished = p.state === PLAN_STATE.finished;
  const running = p.state === PLAN_STATE.running;
  let left = 0;
  if (!finished && stations.length > 0) {
    const from = position ?? stations[0];
    left = from ? distanceLeft({ stations } as PlanWatch, p.max_seq, from.lat, from.lon) : 0;
  }
  // the recent moving speed, else the plan's own average
  const planned =
    p.planned_arrive_at !== null && p.planned_depart_at !== null && p.planned_arrive_at > p.planned_depart_at
      ? stations.reduce((m, s) => m + s.distance, 0) /
        1000 /
        ((p.planned_arrive_at - p.planned_depart_at) / 3_600_000)
      : null;
  const eta = running ? etaOf(left, speedKmh ?? (planned && planned > 0 ? planned : null), at) : null;
  let departLate: number | null = null;
  if (p.planned_depart_at !== null) {
    if (p.departed_at !== null) departLate = Math.round((p.departed_at - p.planned_depart_at) / MIN);
    else if (at > p.planned_depart_at) departLate = Math.floor((at - p.planned_depart_at) / MIN);
  }
  let arriveLate: number | null = null;
  if (p.planned_arrive_at !== null) {
    if (finished && p.arrived_at !== null)
      arriveLate = Math.round((p.arrived_at - p.planned_arrive_at) / MIN);
    else if (running && eta !== null)
      arriveLate = Math.round((Math.max(eta, at) - p.planned_arrive_at) / MIN);
  }
  let state: 0 | 1 | 2 = 0;
  const raise = (s: 1 | 2) => {
    if (s > state) state = s;
  };
  if (departLate !== null) {
    if (departLate >= rule.departAlarmMinutes) raise(2);
    else if (departLate >= rule.departWarnMinutes) raise(1);
  }
  if (p.planned_arrive_at !== null) {
    const overdue = finished ? (arriveLate ?? 0) : Math.floor((at - p.planned_arrive_at) / MIN);
    if ((finished || running) && overdue >= rule.arriveAlarmMinutes) raise(2);
    else if (arriveLate !== null && arriveLate > rule.arriveWarnMinutes) raise(1);
  }
  return {
    nextStation: finished ? '' : (next?.name ?? ''),
    distanceLeftMeters: left,
    etaTime: eta === null ? '' : time(eta),
    departLateMinutes: departLate,
    arriveLateMinutes: arriveLate,
    lateState: state,
  };
}

/** Station rows of plans as the rules read them, by plan. */
async function stationsByPlan(db: Db, planIds: readonly number[]): Promise<Map<number, PlanStationWatch[]>> {
  const out = new Map<number, PlanStationWatch[]>();
  for (const r of await planStationRows(db, planIds)) {
    const place = rowFence(r);
    if (!place) continue;
    const list = out.get(r.plan_id) ?? [];
    list.push({
      seq: r.seq,
      stationType: r.station_type,
      stationId: r.station_id,
      name: r.s_name ?? r.address,
      lat: place.lat,
      lon: place.lon,
      fence: place.fence,
      distance: Number(r.distance) || 0,
      plannedArriveAt: r.planned_arrive_at,
      plannedDepartAt: r.planned_depart_at,
    });
    out.set(r.plan_id, list);
  }
  return out;
}

/** Chinese text of a plan alarm's measured detail. */
export function planAlarmText(code: number, detailJson: string | null): string {
  let d: Record<string, unknown> = {};
  try {
    d = detailJson ? (JSON.parse(detailJson) as Record<string, unknown>) : {};
  } catch {
    d = {};
  }
  const n = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
  const at = (k: string) => (n(k) === null ? '' : time(n(k)));
  switch (code) {
    case 4001:
    case 4002:
      return `计划发车时间${at('plannedDepartTime')}，超过${n('thresholdMinutes') ?? ''}分钟未发车`;
    case 4003:
      return `预计到达${at('etaTime') || '未知'}，晚于计划到达时间${at('plannedArriveTime')}${n('lateMinutes') ?? ''}分钟（剩余${Math.round((n('distanceLeftMeters') ?? 0) / 100) / 10}公里）`;
    case 4004:
      return `计划到达时间${at('plannedArriveTime')}，超过${n('thresholdMinutes') ?? ''}分钟未到达`;
    case 4005:
      return `偏离线路“${String(d.lineName ?? '')}”，最远${n('maxMeters') ?? ''}米（允许${n('corridorMeters') ?? ''}米）`;
    case 4006:
      return `执行计划途中停车超过${n('minutes') ?? ''}分钟（停车开始${at('parkedSince')}）`;
    default:
      return '';
  }
}

/** The alarm filter of a list or export call: the plan codes, narrowed by type and line. */
function planAlarmFilter(q: z.output<typeof alarmExportQuery>): AlarmFilter {
  const codes = q.alarmCode ? [...(q.alarmCodes ?? []), q.alarmCode] : q.alarmCodes;
  const filter = toAlarmFilter({ ...q, alarmCodes: codes }, ALARM_PAGES.plan.codes);
  return q.lineId ? { ...filter, lineId: q.lineId } : filter;
}

const planNoOf = (r: AlarmView) => (typeof r.detail.planNo === 'string' ? r.detail.planNo : '');

const EXPORT_COLUMNS: readonly AlarmExportColumn[] = [
  ...BASE_COLUMNS,
  { header: '线路', width: 20, value: (r) => r.lineName },
  { header: '计划单号', width: 22, value: planNoOf },
  detailColumn,
  ...HANDLE_COLUMNS,
];

export function registerPlanMonitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '发车监控';
  const { db } = ctx;
  const now = () => ctx.config.now();
  const timingOf = (truckId: number | null, teamCode: string) =>
    ctx.telematics.alarmSettings.rulesFor(truckId ?? 0, teamCode).rules.planTiming;

  /**
   * The late plans (lateState > 0) of `ids` in the list's order, only the page's: the columns the
   * lateness reads (no names joined), the station rows of running plans from the monitor's memory
   * (read for the few it does not hold).
   */
  const lateIds = async (ids: ReturnType<typeof monitorIds>, at: number) => {
    const rows = await db
      .selectFrom(ids.as('u'))
      .innerJoin('plan as p', 'p.id', 'u.id')
      .leftJoin('truck as t', 't.id', 'p.truck_id')
      .leftJoin('vehicle_state as vs', 'vs.truck_id', 'p.truck_id')
      .select([
        'p.id',
        'p.state',
        'p.team_code',
        'p.truck_id',
        'p.planned_depart_at',
        'p.planned_arrive_at',
        'p.departed_at',
        'p.arrived_at',
        'p.max_seq',
        't.team_code as truck_team',
        'vs.lat',
        'vs.lon',
      ])
      .orderBy('u.planned_depart_at')
      .orderBy('u.id')
      .execute();
    const stations = new Map<number, readonly PlanStationWatch[]>();
    const missing: number[] = [];
    for (const r of rows) {
      if (r.state !== PLAN_STATE.running) continue;
      const w = r.truck_id === null ? null : ctx.telematics.plans.planOf(r.truck_id);
      if (w?.planId === r.id) stations.set(r.id, w.stations);
      else missing.push(r.id);
    }
    for (const [id, list] of await stationsByPlan(db, missing)) stations.set(id, list);
    return rows.filter(
      (r) =>
        lateness(
          r,
          stations.get(r.id) ?? [],
          r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
          r.truck_id === null ? null : ctx.telematics.alarms.planSpeedKmh(r.truck_id, r.id),
          timingOf(r.truck_id, r.truck_team ?? r.team_code),
          at,
        ).lateState > 0,
    );
  };

  route(app, tag, {
    method: 'GET',
    url: '/plan/monitor/list',
    summary:
      '发车监控列表：执行中的计划，以及计划发车时间为今天或已过的已发布、已下发计划（今天完成的也列出）；含进度、剩余里程、预计到达、发车/到达晚点分钟数和晚点状态（0正常 1预警 2报警，阈值为车辆所在车队的计划时效设置），车辆最后位置；late=1只看晚点的',
    access: MONITOR_CODES,
    list: true,
    labels: LABELS,
    query: monitorQuery,
    handler: async ({ auth, query: q }) => {
      const at = now();
      const ids = monitorIds(db, auth, q, at);
      const late = q.late === '1';
      // the page and the total in one pass over the matching plans (a window count)
      const page = db
        .selectFrom(ids.as('u'))
        .select(['u.id', (eb) => eb.fn.countAll<number | string>().over().as('total')])
        .orderBy('u.planned_depart_at')
        .orderBy('u.id');
      let chosen: { id: number }[];
      let total: number;
      if (late) {
        const all = await lateIds(ids, at);
        total = all.length;
        chosen = all.slice(pageOffset(q), pageOffset(q) + q.pageSize);
      } else {
        const found = await page.limit(q.pageSize).offset(pageOffset(q)).execute();
        chosen = found;
        total = Number(found[0]?.total ?? 0);
      }
      if (!late && chosen.length === 0 && pageOffset(q) > 0)
        total = Number(
          (
            await db
              .selectFrom(ids.as('u'))
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      type Row = Awaited<ReturnType<ReturnType<typeof monitorDetails>['execute']>>[number];
      const rows: Row[] = await monitorDetails(
        db,
        chosen.map((r) => r.id),
      ).execute();
      // the station rows of the plans the monitor holds in memory (every current plan), the others read
      const watched = (r: { id: number; truck_id: number | null }) => {
        const w = r.truck_id === null ? null : ctx.telematics.plans.planOf(r.truck_id);
        return w?.planId === r.id ? w.stations : undefined;
      };
      const read = new Map<number, PlanStationWatch[]>();
      const load = async (of: readonly Row[]) => {
        const missing = of.filter((r) => watched(r) === undefined && !read.has(r.id)).map((r) => r.id);
        for (const [id, list] of await stationsByPlan(db, missing)) read.set(id, list);
      };
      const stationsOf = (r: Row) => watched(r) ?? read.get(r.id) ?? [];
      const progressOf = (r: Row) =>
        lateness(
          r,
          stationsOf(r),
          r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
          r.truck_id === null ? null : ctx.telematics.alarms.planSpeedKmh(r.truck_id, r.id),
          timingOf(r.truck_id, r.truck_team ?? r.team_code),
          at,
        );
      await load(rows);
      const list = rows.map(
        (r): MonitorRow => ({
          id: r.id,
          planNo: r.plan_no,
          state: r.state,
          stateName: planStateName(r.state),
          teamCode: r.team_code,
          teamName: r.team_name ?? '',
          lineId: r.line_id,
          lineName: r.line_name ?? '',
          truckId: r.truck_id,
          carNo: r.car_no ?? '',
          driverId: r.driver_id,
          driverName: r.driver_name ?? '',
          plannedDepartTime: time(r.planned_depart_at),
          departTime: time(r.departed_at),
          plannedArriveTime: time(r.planned_arrive_at),
          arriveTime: time(r.arrived_at),
          maxSeq: r.max_seq,
          stationCount: stationsOf(r).length,
          ...progressOf(r),
          lat: r.lat ?? null,
          lon: r.lon ?? null,
          speed: r.speed === null ? 0 : r.speed / 10,
          online: r.online === 1,
        }),
      );
      return { list, total };
    },
  });

  /** A plan of the caller's scope, or 404. */
  const planOf = async (auth: AuthContext, id: number) => {
    const plan = await db
      .selectFrom('plan as p')
      .selectAll('p')
      .where(inScope(auth, 'p'))
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!plan) throw notFound('发车计划不存在或无权操作');
    return plan;
  };

  route(app, tag, {
    method: 'GET',
    url: '/plan/monitor/station',
    summary: '计划的站点进度：各站计划与实际到达、出发时间，是否已到达，晚点分钟数；以及线路轨迹（度）',
    access: STATION_CODES,
    labels: LABELS,
    query: z.object({ id: idField('发车计划不正确') }),
    handler: async ({ auth, query }) => {
      const plan = await planOf(auth, query.id);
      const [rows, path] = await Promise.all([
        db
          .selectFrom('plan_station as ps')
          .leftJoin('station as s', 's.id', 'ps.station_id')
          .leftJoin('line_station as ls', (j) =>
            j.on('ls.line_id', '=', plan.line_id ?? 0).onRef('ls.seq', '=', 'ps.seq'),
          )
          .select([
            'ps.seq',
            'ps.station_type',
            'ps.station_id',
            'ps.address',
            'ps.planned_arrive_at',
            'ps.planned_depart_at',
            'ps.actual_arrive_at',
            'ps.actual_depart_at',
            's.lat as s_lat',
            's.lon as s_lon',
            'ls.lat as ls_lat',
            'ls.lon as ls_lon',
          ])
          .where('ps.plan_id', '=', plan.id)
          .orderBy('ps.seq')
          .execute(),
        plan.line_id === null
          ? []
          : db
              .selectFrom('line_station')
              .select(['lat', 'lon'])
              .where('line_id', '=', plan.line_id)
              .orderBy('seq')
              .execute(),
      ]);
      return {
        planId: plan.id,
        stations: rows.map((r) => {
          const lat = r.s_lat ?? r.ls_lat;
          const lon = r.s_lon ?? r.ls_lon;
          const first = r.seq === 1;
          const actual = first ? r.actual_depart_at : r.actual_arrive_at;
          const planned = first ? r.planned_depart_at : r.planned_arrive_at;
          return {
            seq: r.seq,
            stationType: r.station_type,
            stationId: r.station_id,
            address: r.address,
            lat: lat === null ? null : lat / 1e6,
            lon: lon === null ? null : lon / 1e6,
            plannedArriveTime: time(r.planned_arrive_at),
            plannedDepartTime: time(r.planned_depart_at),
            arriveTime: time(r.actual_arrive_at),
            departTime: time(r.actual_depart_at),
            reached:
              r.seq <= plan.max_seq || r.actual_arrive_at !== null || (first && r.actual_depart_at !== null),
            lateMinutes: actual !== null && planned !== null ? Math.round((actual - planned) / MIN) : null,
          };
        }),
        path: path.map((p) => ({ lat: p.lat / 1e6, lng: p.lon / 1e6 })),
      };
    },
  });

  route(app, tag, {
    method: 'POST',
    url: '/plan/monitor/save',
    summary:
      '人工记录某站的实际到达/出发时间（调度更正）：已下发、执行中、已完成的计划；起点出发使已下发的计划开始执行，到达终点使执行中的计划完成；到达的站晚于已到达的最后一站时前移进度；写入操作日志',
    access: MONITOR_CODES,
    labels: LABELS,
    body: saveBody,
    handler: async ({ auth, body }) => {
      if (body.arriveTime === null && body.departTime === null)
        throw badInput('请填写实际到达时间或实际出发时间');
      if (body.arriveTime !== null && body.departTime !== null && body.departTime < body.arriveTime)
        throw badInput('实际出发时间不能早于实际到达时间');
      const at = now();
      if ((body.arriveTime ?? 0) > at || (body.departTime ?? 0) > at)
        throw badInput('实际时间不能晚于当前时间');
      const plan = await planOf(auth, body.id);
      const allowed: number[] = [PLAN_STATE.distributed, PLAN_STATE.running, PLAN_STATE.finished];
      if (!allowed.includes(plan.state))
        throw badInput(`计划当前为“${planStateName(plan.state)}”，不能记录实际时间`);
      const result = await db.transaction().execute(async (tx) => {
        const rows = await tx
          .selectFrom('plan_station as ps')
          .leftJoin('station as s', 's.id', 'ps.station_id')
          .select(['ps.id', 'ps.seq', 'ps.address', 's.name'])
          .where('ps.plan_id', '=', plan.id)
          .orderBy('ps.seq')
          .execute();
        const row = rows.find((r) => r.seq === body.seq);
        if (!row) throw badInput('站点序号不正确');
        const last = rows.at(-1)?.seq ?? 0;
        const first = rows[0]?.seq ?? 1;
        if (body.seq === first && body.arriveTime !== null && body.departTime === null && rows.length > 1)
          throw badInput('起点只记录实际出发时间');
        await tx
          .updateTable('plan_station')
          .set({
            ...(body.arriveTime !== null ? { actual_arrive_at: body.arriveTime } : {}),
            ...(body.departTime !== null ? { actual_depart_at: body.departTime } : {}),
          })
          .where('id', '=', row.id)
          .execute();
        let state = plan.state;
        const changes: Record<string, number> = {};
        const reached = body.seq > plan.max_seq && (body.arriveTime !== null || body.seq === first);
        if (reached) changes.max_seq = body.seq;
        if (body.seq === first && body.departTime !== null) {
          changes.departed_at = body.departTime;
          if (state === PLAN_STATE.distributed) state = PLAN_STATE.running;
        }
        if (body.seq === last && body.arriveTime !== null && body.seq !== first) {
          changes.arrived_at = body.arriveTime;
          if (state === PLAN_STATE.running) state = PLAN_STATE.finished;
          else if (state === PLAN_STATE.distributed)
            throw badInput('计划尚未发车，请先记录起点的实际出发时间');
        }
        await tx
          .updateTable('plan')
          .set({ ...changes, state, updated_at: at })
          .where('id', '=', plan.id)
          .execute();
        const parts = [
          body.arriveTime !== null ? `实际到达${time(body.arriveTime)}` : '',
          body.departTime !== null ? `实际出发${time(body.departTime)}` : '',
        ].filter(Boolean);
        const move = state === plan.state ? '' : `，${planStateName(plan.state)} → ${planStateName(state)}`;
        await recordOperation(
          tx,
          auth,
          recordLog(
            PLAN_RECORD,
            plan.id,
            plan.team_code,
            `记录实际时间 ${plan.plan_no}：第${body.seq}站“${row.name ?? row.address}”${parts.join('，')}${move}${body.remark ? `（${body.remark}）` : ''}`,
          ),
          at,
        );
        return { id: plan.id, seq: body.seq, state, maxSeq: changes.max_seq ?? plan.max_seq };
      });
      await ctx.telematics.plans.notify([plan.truck_id]);
      return result;
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/plan/alarm/list',
    summary:
      '线路报警与时效报警：调用者范围内的计划时效与线路偏离报警（4001-4006），按开始时间倒序；按时间、报警类型（alarmCode 或 alarmCodes）、线路、车牌、车队、处理状态筛选。每行既有报警页的字段（eventName、detail 对象、handleStatus…），也有 alarmCode、alarmName、planNo、lineName、detailText（中文说明）、handled',
    access: ALARM_CODES,
    list: true,
    labels: LABELS,
    query: alarmListQuery,
    handler: async ({ auth, query: q }) => {
      const result = await listAlarms(db, auth.scope, planAlarmFilter(q), q);
      const at = now();
      const planIds = [
        ...new Set(result.rows.map((r) => r.plan_id).filter((id): id is number => id !== null)),
      ];
      const plans = new Map(
        planIds.length === 0
          ? []
          : (await db.selectFrom('plan').select(['id', 'plan_no']).where('id', 'in', planIds).execute()).map(
              (p) => [p.id, p.plan_no],
            ),
      );
      return {
        list: result.rows.map((row) => {
          const view = alarmView(row, at);
          return {
            ...view,
            alarmCode: row.code,
            alarmName: alarmType(row.code)?.name ?? String(row.code),
            planNo: (row.plan_id !== null ? plans.get(row.plan_id) : undefined) ?? planNoOf(view),
            lineName: view.lineName || (typeof view.detail.lineName === 'string' ? view.detail.lineName : ''),
            detailText: planAlarmText(row.code, row.detail),
            handled: row.handle_status !== 0,
          };
        }),
        total: result.total,
        totalCapped: result.totalCapped,
      };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/plan/alarm/export',
    summary: '导出线路报警与时效报警（与列表相同的筛选，.xlsx，最多100000条）',
    access: ALARM_CODES,
    labels: LABELS,
    query: alarmExportQuery,
    raw: true,
    handler: ({ auth, query: q, reply }) =>
      sendAlarmExport(ctx, auth, reply, {
        title: ALARM_PAGES.plan.title,
        filter: planAlarmFilter(q),
        columns: EXPORT_COLUMNS,
      }),
  });
}
