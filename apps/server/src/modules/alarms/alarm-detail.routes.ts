import {
  ALARM_PAGE_CODES,
  ALARM_PAGES,
  alarmDetailEntries,
  alarmPageCodesFor,
  faultAdvice,
  formatDateTime,
  OPERATE_LOG_PAGES,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { notFound } from '../../http/envelope';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import { coordSetMicro } from '../geo/coords';
import { readPositionRows } from '../history/position-reader';
import { countAlarms, findAlarm, listAlarms } from './alarms.repository';
import { alarmView } from './alarms.view';

/** The track of a detail: from a little before the alarm to a little after, at most this long. */
const TRACK_MARGIN_MS = 5 * 60_000;
const TRACK_MAX_MS = 2 * 3600_000;
const TRACK_MAX_POINTS = 1000;
/** The fault history of the repair detail looks back this far. */
const FAULT_HISTORY_MS = 90 * 86_400_000;

const idParam = z.coerce.number({ error: '请指定报警' }).int('报警编号不正确').positive('报警编号不正确');

/** The alarm, if it is in scope and of a type one of the caller's alarm pages lists. */
async function visibleAlarm(ctx: AppContext, auth: AuthContext, id: number, codes?: readonly number[]) {
  const row = await findAlarm(ctx.db, auth.scope, id);
  const allowed =
    row &&
    (codes ? codes.includes(row.code) : alarmPageCodesFor(row.code).some((code) => auth.codes.has(code)));
  if (!row || !allowed) throw notFound('报警不存在或无权查看');
  return row;
}

/** The truck's reports around the alarm, evenly thinned to at most TRACK_MAX_POINTS. */
async function trackAround(ctx: AppContext, truckId: number, start: number, end: number | null) {
  const from = start - TRACK_MARGIN_MS;
  const to = Math.min((end ?? ctx.config.now()) + TRACK_MARGIN_MS, from + TRACK_MAX_MS);
  const rows = await readPositionRows(ctx.db, ctx.dialect, truckId, from, to, [
    'time',
    'lat',
    'lon',
    'speed',
    'direction',
  ]);
  const step = Math.max(1, Math.ceil(rows.length / TRACK_MAX_POINTS));
  const points = [];
  for (let i = 0; i < rows.length; i += step) {
    const o = i * rows.width;
    const [time = 0, lat = 0, lon = 0, speed = 0, direction = 0] = rows.values.slice(o, o + 5) as number[];
    points.push({
      ...coordSetMicro(lon, lat),
      speed: speed / 10,
      direction,
      reportTime: formatDateTime(new Date(time)),
    });
  }
  return { beginTime: formatDateTime(new Date(from)), endTime: formatDateTime(new Date(to)), points };
}

async function operations(ctx: AppContext, auth: AuthContext, id: number) {
  const rows = await ctx.db
    .selectFrom('operate_log')
    .select(['id', 'created_at', 'account_name', 'content'])
    .where(inScope(auth.scope, 'operate_log'))
    .where('page_enum', '=', OPERATE_LOG_PAGES.alarm)
    .where('data_id', '=', String(id))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    time: formatDateTime(new Date(r.created_at)),
    accountName: r.account_name,
    content: r.content,
  }));
}

export function registerAlarmDetailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = '报警';

  route(app, tag, {
    method: 'GET',
    url: '/alarm/lookup/:id',
    summary: '报警详情：位置、速度、证据（照片与视频）、规则测得的数据、处理记录、前后轨迹',
    access: ALARM_PAGE_CODES,
    labels: { id: '报警' },
    params: z.object({ id: idParam }),
    handler: async ({ auth, params }) => {
      const row = await visibleAlarm(ctx, auth, params.id);
      const view = alarmView(row, ctx.config.now());
      const [track, log] = await Promise.all([
        trackAround(ctx, row.truck_id, row.start_time, row.end_time),
        operations(ctx, auth, row.id),
      ]);
      const position = row.lat || row.lon ? coordSetMicro(row.lon, row.lat) : null;
      return { ...view, position, detailEntries: alarmDetailEntries(view.detail), track, operations: log };
    },
  });

  route(app, tag, {
    method: 'GET',
    url: '/intellect-repair/hitch-query/detail',
    summary: '故障详情（维修报警）：故障报警、维修建议、该车同一故障近90天的发生记录',
    access: [ALARM_PAGES.repair.code, ALARM_PAGES.fault.code],
    labels: { id: '故障报警' },
    query: z.object({ id: idParam }),
    handler: async ({ auth, query }) => {
      const row = await visibleAlarm(ctx, auth, query.id, ALARM_PAGES.repair.codes);
      const now = ctx.config.now();
      const view = alarmView(row, now);
      const filter = { codes: [row.code], truckId: row.truck_id, from: now - FAULT_HISTORY_MS, to: now };
      const [history, occurrences, log] = await Promise.all([
        listAlarms(ctx.db, auth.scope, filter, { pageNum: 1, pageSize: 20 }),
        countAlarms(ctx.db, auth.scope, filter, 10_000),
        operations(ctx, auth, row.id),
      ]);
      return {
        ...view,
        detailEntries: alarmDetailEntries(view.detail),
        advice: faultAdvice(row.code),
        occurrences,
        history: history.rows.map((r) => alarmView(r, now)),
        operations: log,
      };
    },
  });
}
