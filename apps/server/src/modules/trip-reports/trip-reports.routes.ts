import { DAY_MS, formatDate, formatDateTime, parseDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { DATE_MESSAGE, idField, isDateText, optionalText } from '../../http/form-fields';
import { usableRecords } from '../../http/references';
import { pageOffset, paging, route } from '../../http/route';
import { inReferenceScope, inScope } from '../../http/scope';
import { checkStatisticsPeriod } from '../../records/period-sums';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { registerExport, registerImport } from '../file-tasks/file-tasks.register';
import { lineRuns, oneDecimal, per100, periodBounds } from '../oil-saving/oil-saving.analysis';
import {
  arriveAfterDepart,
  comparedReports,
  filteredReports,
  LABELS,
  overlaps,
  REPORT_MISSING,
  type ReportForm,
  type ReportRow,
  type ReportView,
  recordedTrips,
  reportFields,
  reportFilter,
  reportForm,
  reportListBody,
  reportSelection,
  reportView,
} from './trip-reports.repository';

// 行程数据报告 (/journey-data/reporting) and 行程统计 (car080202): trips reported by drivers or
// imported, compared with the trips the trucks recorded; an import is one batch that can be rolled
// back as a whole until one of its rows is changed.

const TAG = '行程报告';
const CODES = ['car080202'] as const;
type Db = Kysely<Database>;

const TRUCK_MISSING = '车辆不存在或无权操作';
const DRIVER_MISSING = '司机不存在或无权操作';
const LINE_MISSING = '线路不存在或无权操作';

/** The ids a report names, each in the caller's scope. */
async function checkRefs(db: Db, auth: AuthContext, f: Pick<ReportForm, 'truckId' | 'driverId' | 'lineId'>) {
  const truck = (await usableRecords(db, auth.scope, 'truck', [f.truckId])).get(f.truckId);
  if (!truck) throw badInput(`车辆: ${TRUCK_MISSING}`);
  if (f.driverId && !(await usableRecords(db, auth.scope, 'driver', [f.driverId])).has(f.driverId))
    throw badInput(`司机: ${DRIVER_MISSING}`);
  if (f.lineId && !(await usableRecords(db, auth.scope, 'line', [f.lineId])).has(f.lineId))
    throw badInput(`线路: ${LINE_MISSING}`);
  return truck;
}

const reportColumns = (f: Omit<ReportForm, 'truckId' | 'id'>) => ({
  driver_id: f.driverId ?? null,
  line_id: f.lineId ?? null,
  depart_at: f.departTime,
  arrive_at: f.arriveTime,
  mileage: Math.round(f.mileage * 10),
  fuel: Math.round(f.fuel * 10),
  cargo_kg: f.cargoTons === undefined ? null : Math.round(f.cargoTons * 1000),
  remark: f.remark,
});

// ---- import ----

const importRow = z
  .object({
    carNo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, '请填写车牌号')),
    driverName: optionalText(32),
    lineName: optionalText(64),
    ...reportFields,
  })
  .superRefine(arriveAfterDepart);
type ImportRow = z.output<typeof importRow>;
type ResolvedRow = ImportRow & {
  truckId: number;
  teamCode: string;
  driverId: number | null;
  lineId: number | null;
};

const IMPORT_COLUMNS = [
  { header: '车牌号', key: 'carNo', required: true, example: '蒙K10001' },
  { header: '司机姓名', key: 'driverName', example: '张三' },
  { header: '线路名称', key: 'lineName', example: '东胜至天津港' },
  { header: '出发时间', key: 'departTime', required: true, example: '2026-11-20 08:00:00', width: 20 },
  { header: '到达时间', key: 'arriveTime', required: true, example: '2026-11-20 18:30:00', width: 20 },
  { header: '上报里程(公里)', key: 'mileage', required: true, example: '650.5' },
  { header: '上报油耗(升)', key: 'fuel', required: true, example: '210.0' },
  { header: '载货吨数', key: 'cargoTons', example: '32.5' },
  { header: '备注', key: 'remark', width: 24 },
] as const;

/** Resolves plates, driver names and line names of the sheet in the caller's scope; errors by row. */
async function resolveRows(db: Db, auth: AuthContext, rows: readonly ImportRow[]) {
  const errors: ImportRowError[] = [];
  const resolved: ResolvedRow[] = [];
  const plates = [...new Set(rows.map((r) => r.carNo))];
  const trucks = new Map<string, { id: number; team_code: string }>();
  for (let i = 0; i < plates.length; i += 500) {
    const found = await db
      .selectFrom('truck')
      .select(['id', 'car_no', 'team_code'])
      .where(inScope(auth.scope, 'truck'))
      .where('deleted_at', 'is', null)
      .where('car_no', 'in', plates.slice(i, i + 500))
      .execute();
    for (const t of found) trucks.set(t.car_no, t);
  }
  const names = [...new Set(rows.map((r) => r.driverName).filter((n): n is string => !!n))];
  const drivers = new Map<string, number[]>();
  if (names.length > 0) {
    const found = await db
      .selectFrom('driver')
      .select(['id', 'name'])
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .where('name', 'in', names)
      .execute();
    for (const d of found) drivers.set(d.name, [...(drivers.get(d.name) ?? []), d.id]);
  }
  const lineNames = [...new Set(rows.map((r) => r.lineName).filter((n): n is string => !!n))];
  const lines = new Map<string, number>();
  if (lineNames.length > 0) {
    const found = await db
      .selectFrom('line')
      .select(['id', 'name'])
      .where(inReferenceScope(auth.scope, 'line'))
      .where('deleted_at', 'is', null)
      .where('name', 'in', lineNames)
      .execute();
    for (const l of found) lines.set(l.name, l.id);
  }
  for (const [i, r] of rows.entries()) {
    const row = i + 2;
    const truck = trucks.get(r.carNo);
    if (!truck) {
      errors.push({ row, message: `车牌号: ${r.carNo}${TRUCK_MISSING}` });
      continue;
    }
    let driverId: number | null = null;
    if (r.driverName) {
      const ids = drivers.get(r.driverName) ?? [];
      if (ids.length === 0) {
        errors.push({ row, message: `司机姓名: ${r.driverName}${DRIVER_MISSING}` });
        continue;
      }
      if (ids.length > 1) {
        errors.push({ row, message: `司机姓名: 有多名司机叫${r.driverName}，请在页面上录入` });
        continue;
      }
      driverId = ids[0] as number;
    }
    let lineId: number | null = null;
    if (r.lineName) {
      const id = lines.get(r.lineName);
      if (!id) {
        errors.push({ row, message: `线路名称: ${r.lineName}${LINE_MISSING}` });
        continue;
      }
      lineId = id;
    }
    resolved.push({ ...r, truckId: truck.id, teamCode: truck.team_code, driverId, lineId });
  }
  return { errors, resolved };
}

// ---- statistics ----

/** A day of the period; left out, the period is the 31 days up to today. */
const periodDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string({ error: DATE_MESSAGE }).refine(isDateText, DATE_MESSAGE).optional(),
);

const statisticsBody = z
  .object({
    startDate: periodDay,
    endDate: periodDay,
    dimension: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 'truck' : v),
      z.enum(['truck', 'driver', 'line'], {
        error: '统计维度应为truck（车辆）、driver（司机）或line（线路）',
      }),
    ),
    ...paging,
  })
  .superRefine((f, ctx) => {
    if (f.startDate && f.endDate) checkStatisticsPeriod({ startDate: f.startDate, endDate: f.endDate }, ctx);
  });

interface StatisticsRow {
  key: number;
  name: string;
  trips: number;
  mileage: number;
  fuel: number;
  seconds: number;
  reportedTrips: number;
  reportedMileage: number;
  reportedFuel: number;
}

const emptyStat = (key: number, name: string): StatisticsRow => ({
  key,
  name,
  trips: 0,
  mileage: 0,
  fuel: 0,
  seconds: 0,
  reportedTrips: 0,
  reportedMileage: 0,
  reportedFuel: 0,
});

function statisticsView(r: StatisticsRow) {
  return {
    key: r.key,
    name: r.name,
    trips: r.trips,
    mileageKm: oneDecimal(r.mileage / 10) as number,
    fuelL: oneDecimal(r.fuel / 10) as number,
    fuelPer100: oneDecimal(per100(r.fuel, r.mileage)),
    durationHours: oneDecimal(r.seconds / 3600) as number,
    reportedTrips: r.reportedTrips,
    reportedMileageKm: oneDecimal(r.reportedMileage / 10) as number,
    reportedFuelL: oneDecimal(r.reportedFuel / 10) as number,
  };
}

async function tripStatistics(
  db: Db,
  auth: AuthContext,
  f: z.output<typeof statisticsBody> & { startDate: string; endDate: string },
) {
  const [from, to] = periodBounds(f.startDate, f.endDate);
  const rows = new Map<number, StatisticsRow>();
  const at = (key: number, name: string) => {
    let row = rows.get(key);
    if (!row) {
      row = emptyStat(key, name);
      rows.set(key, row);
    }
    return row;
  };
  if (f.dimension === 'line') {
    const runs = await lineRuns(db, auth.scope, { from, to });
    const names = new Map(
      (runs.length
        ? await db
            .selectFrom('line')
            .select(['id', 'name'])
            .where('id', 'in', [...new Set(runs.map((r) => r.lineId))])
            .execute()
        : []
      ).map((l) => [l.id, l.name]),
    );
    for (const r of runs) {
      const row = at(r.lineId, names.get(r.lineId) ?? '');
      row.trips += 1;
      row.mileage += r.mileage;
      row.fuel += r.fuel;
      row.seconds += Math.round((r.arrivedAt - r.departedAt) / 1000);
    }
  } else {
    const column = f.dimension === 'truck' ? 'trip.truck_id' : 'trip.driver_id';
    let q = db
      .selectFrom('trip')
      .where(inScope(auth.scope, 'trip'))
      .where('trip.start_time', '>=', from)
      .where('trip.start_time', '<', to)
      .where('trip.end_time', 'is not', null);
    if (f.dimension === 'driver') q = q.where('trip.driver_id', 'is not', null);
    const recorded = await q
      .select([
        sql<number>`${sql.ref(column)}`.as('key'),
        sql<number>`count(*)`.as('trips'),
        sql<number>`coalesce(sum(trip.mileage), 0)`.as('mileage'),
        sql<number>`coalesce(sum(trip.fuel_used), 0)`.as('fuel'),
        sql<number>`coalesce(sum(trip.end_time - trip.start_time), 0)`.as('ms'),
      ])
      .groupBy(column)
      .execute();
    for (const r of recorded) {
      const row = at(Number(r.key), '');
      row.trips = Number(r.trips);
      row.mileage = Number(r.mileage);
      row.fuel = Number(r.fuel);
      row.seconds = Math.round(Number(r.ms) / 1000);
    }
  }
  const reportColumn =
    f.dimension === 'truck' ? 'r.truck_id' : f.dimension === 'driver' ? 'r.driver_id' : 'r.line_id';
  const reported = await db
    .selectFrom('trip_report as r')
    .where(inScope(auth.scope, 'r'))
    .where('r.depart_at', '>=', from)
    .where('r.depart_at', '<', to)
    .where(reportColumn, 'is not', null)
    .select([
      sql<number>`${sql.ref(reportColumn)}`.as('key'),
      sql<number>`count(*)`.as('trips'),
      sql<number>`coalesce(sum(r.mileage), 0)`.as('mileage'),
      sql<number>`coalesce(sum(r.fuel), 0)`.as('fuel'),
    ])
    .groupBy(reportColumn)
    .execute();
  for (const r of reported) {
    const row = at(Number(r.key), '');
    row.reportedTrips = Number(r.trips);
    row.reportedMileage = Number(r.mileage);
    row.reportedFuel = Number(r.fuel);
  }
  const keys = [...rows.keys()];
  if (keys.length > 0) {
    const table = f.dimension === 'truck' ? 'truck' : f.dimension === 'driver' ? 'driver' : 'line';
    const nameColumn = f.dimension === 'truck' ? 'car_no' : 'name';
    for (let i = 0; i < keys.length; i += 500) {
      // biome-ignore lint/suspicious/noExplicitAny: truck, driver and line all have id and their name column
      const found = await (db as Kysely<any>)
        .selectFrom(table)
        .select(['id', `${nameColumn} as name`])
        .where('id', 'in', keys.slice(i, i + 500))
        .execute();
      for (const n of found) {
        const row = rows.get(n.id);
        if (row) row.name = String(n.name);
      }
    }
  }
  const all = [...rows.values()].sort((a, b) => b.mileage - a.mileage || a.name.localeCompare(b.name));
  const total = emptyStat(0, '合计');
  for (const r of all) {
    total.trips += r.trips;
    total.mileage += r.mileage;
    total.fuel += r.fuel;
    total.seconds += r.seconds;
    total.reportedTrips += r.reportedTrips;
    total.reportedMileage += r.reportedMileage;
    total.reportedFuel += r.reportedFuel;
  }
  const start = pageOffset(f);
  return {
    total: all.length,
    list: all.slice(start, start + f.pageSize).map(statisticsView),
    totalRow: statisticsView(total),
  };
}

export function registerTripReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const now = () => ctx.config.now();

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/queryList',
    summary:
      '行程报告分页：上报的里程、油耗与车辆同一时段记录的行程对比（差值、差异率，任一超过10%或无记录行程为异常）',
    access: CODES,
    list: true,
    labels: LABELS,
    body: reportListBody,
    handler: async ({ auth, body }) => {
      if (body.onlyAbnormal) {
        const all = await comparedReports(db, auth, body);
        const start = pageOffset(body);
        return { total: all.length, list: all.slice(start, start + body.pageSize) };
      }
      const q = filteredReports(db, auth, body);
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = (await q
        .select([...reportSelection])
        .orderBy('r.depart_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(body.pageSize)
        .offset(pageOffset(body))
        .execute()) as ReportRow[];
      const trips = await recordedTrips(db, rows);
      return { total: Number(count.n), list: rows.map((r) => reportView(r, trips)) };
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/tripReport/queryDriver',
    summary: '可选司机：id、姓名、手机号（keyword 按姓名或手机号）',
    access: CODES,
    list: true,
    query: z.object({
      keyword: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string().max(32, '最多输入32个字符').optional(),
      ),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('driver')
        .select(['id', 'name', 'phone'])
        .where(inScope(auth.scope, 'driver'))
        .where('deleted_at', 'is', null);
      if (query.keyword) {
        const like = `%${query.keyword}%`;
        q = q.where((eb) => eb.or([eb('name', 'like', like), eb('phone', 'like', like)]));
      }
      const rows = await q.orderBy('name').limit(50).execute();
      return rows.map((d) => ({ id: d.id, value: d.name, phone: d.phone }));
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/tripReport/queryRoute',
    summary: '可选线路：id、名称（keyword 按名称）',
    access: CODES,
    list: true,
    query: z.object({
      keyword: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string().max(64, '最多输入64个字符').optional(),
      ),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('line')
        .select(['id', 'name'])
        .where(inReferenceScope(auth.scope, 'line'))
        .where('deleted_at', 'is', null);
      if (query.keyword) q = q.where('name', 'like', `%${query.keyword}%`);
      const rows = await q.orderBy('name').limit(50).execute();
      return rows.map((l) => ({ id: l.id, value: l.name }));
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/saveOrUpdate',
    summary: '新增或修改行程报告（有 id 为修改；修改过的导入行程不能再随批次回滚）',
    access: CODES,
    labels: LABELS,
    body: reportForm,
    handler: async ({ auth, body }) => {
      const truck = await checkRefs(db, auth, body);
      const at = now();
      if (body.id) {
        const before = await db
          .selectFrom('trip_report')
          .select(['id'])
          .where(inScope(auth.scope, 'trip_report'))
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!before) throw badInput(REPORT_MISSING);
        await db
          .updateTable('trip_report')
          .set({
            ...reportColumns(body),
            truck_id: truck.id,
            team_code: truck.teamCode,
            edited: 1,
            updated_at: at,
          })
          .where('id', '=', body.id)
          .execute();
        return { id: body.id };
      }
      const row = await db
        .insertInto('trip_report')
        .values({
          ...reportColumns(body),
          merchant_id: auth.merchantId,
          team_code: truck.teamCode,
          truck_id: truck.id,
          source: 1,
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
    method: 'GET',
    url: '/tripReport/detail',
    summary: '行程报告详情：上报数据、对比结果及时段内车辆记录的每段行程',
    access: CODES,
    query: z.object({ id: idField(REPORT_MISSING) }),
    handler: async ({ auth, query }) => {
      const row = (await filteredReports(db, auth, reportFilter.parse({}))
        .select([...reportSelection])
        .where('r.id', '=', query.id)
        .executeTakeFirst()) as ReportRow | undefined;
      if (!row) throw badInput(REPORT_MISSING);
      const trips = await recordedTrips(db, [row]);
      return {
        ...reportView(row, trips),
        trips: trips
          .filter((t) => overlaps(t, row))
          .map((t) => ({
            id: t.id,
            startTime: formatDateTime(new Date(Number(t.start_time))),
            endTime: t.end_time ? formatDateTime(new Date(Number(t.end_time))) : '',
            mileageKm: oneDecimal(Number(t.mileage) / 10),
            fuelL: oneDecimal(Number(t.fuel_used ?? 0) / 10),
          })),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/batchDelete',
    summary: '批量删除行程报告',
    access: CODES,
    labels: { ids: '行程报告' },
    body: z.object({
      ids: z
        .array(idField(REPORT_MISSING), { error: '请选择行程报告' })
        .min(1, '请选择行程报告')
        .max(500, '一次最多删除500条'),
    }),
    handler: async ({ auth, body }) => {
      const ids = [...new Set(body.ids)];
      const found = await db
        .selectFrom('trip_report')
        .select('id')
        .where(inScope(auth.scope, 'trip_report'))
        .where('id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw badInput(REPORT_MISSING);
      await db.deleteFrom('trip_report').where('id', 'in', ids).execute();
      return { deleted: ids.length };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/importRecord',
    summary: '导入记录：每批导入的文件、行数、仍在的行数、已修改行数、导入人和时间、是否已回滚',
    access: CODES,
    list: true,
    body: z.object({ ...paging }),
    handler: async ({ auth, body }) => {
      const q = db.selectFrom('trip_report_import as i').where(inScope(auth.scope, 'i'));
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('i')
        .orderBy('i.id', 'desc')
        .limit(body.pageSize)
        .offset(pageOffset(body))
        .execute();
      const ids = rows.map((r) => r.id);
      const counts = ids.length
        ? await db
            .selectFrom('trip_report')
            .select([
              'import_id',
              sql<number>`count(*)`.as('n'),
              sql<number>`coalesce(sum(edited), 0)`.as('edited'),
            ])
            .where('import_id', 'in', ids)
            .groupBy('import_id')
            .execute()
        : [];
      return {
        total: Number(count.n),
        list: rows.map((r) => {
          const c = counts.find((x) => x.import_id === r.id);
          return {
            id: r.id,
            fileName: r.file_name,
            rows: r.rows,
            remaining: Number(c?.n ?? 0),
            edited: Number(c?.edited ?? 0),
            state: r.state,
            stateName: r.state === 2 ? '已回滚' : '已导入',
            createdByName: r.created_by_name ?? '',
            createTime: formatDateTime(new Date(Number(r.created_at))),
            rolledBackByName: r.rolled_back_by_name ?? '',
            rollbackTime: r.rolled_back_at ? formatDateTime(new Date(Number(r.rolled_back_at))) : '',
          };
        }),
      };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/rollback',
    summary: '回滚一批导入：删除该批导入的全部行程报告；其中有行程被修改过时拒绝',
    access: CODES,
    labels: { id: '导入批次' },
    body: z.object({ id: idField('导入批次不正确') }),
    handler: async ({ auth, body }) => {
      return db.transaction().execute(async (tx) => {
        const batch = await tx
          .selectFrom('trip_report_import')
          .select(['id', 'state'])
          .where(inScope(auth.scope, 'trip_report_import'))
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!batch) throw badInput('导入批次不存在或无权操作');
        if (batch.state === 2) throw badInput('该批导入已回滚，不能重复回滚');
        const edited = await tx
          .selectFrom('trip_report')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('import_id', '=', batch.id)
          .where('edited', '=', 1)
          .executeTakeFirstOrThrow();
        if (Number(edited.n) > 0)
          throw badInput(`该批导入中已有${Number(edited.n)}条行程报告被修改，不能整批回滚`);
        const removed = await tx
          .deleteFrom('trip_report')
          .where('import_id', '=', batch.id)
          .executeTakeFirst();
        await tx
          .updateTable('trip_report_import')
          .set({ state: 2, rolled_back_at: now(), rolled_back_by_name: auth.nickname || auth.username })
          .where('id', '=', batch.id)
          .where('state', '=', 1)
          .execute();
        return { removed: Number(removed.numDeletedRows) };
      });
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/tripReport/statistics',
    summary:
      '行程统计：按车辆、司机或线路（dimension）统计周期内记录的行程趟数、里程、油耗、百公里油耗、时长（线路为已完成计划的行程），并列上报的趟数、里程、油耗',
    access: CODES,
    list: true,
    labels: { dimension: '统计维度' },
    body: statisticsBody,
    handler: async ({ auth, body }) => {
      // without a period: the 31 days up to today (Shanghai)
      const today = formatDate(new Date(now()));
      const endDate = body.endDate ?? today;
      const startDate =
        body.startDate ?? formatDate(new Date((parseDateTime(endDate) as Date).getTime() - 30 * DAY_MS));
      if (startDate > endDate) throw badInput('结束日期: 结束日期不能早于开始日期');
      return tripStatistics(db, auth, { ...body, startDate, endDate });
    },
  });

  registerExport<z.output<typeof reportFilter>, ReportView>(app, TAG, {
    url: '/excelTask/exportExcel',
    method: 'POST',
    summary: '导出行程报告（筛选条件同 queryList）及对比结果',
    access: CODES,
    input: reportFilter,
    title: '行程报告',
    columns: [
      { header: '车牌号', value: (r) => r.carNo },
      { header: '司机', value: (r) => r.driverName },
      { header: '线路', width: 24, value: (r) => r.lineName },
      { header: '出发时间', width: 20, value: (r) => r.departTime },
      { header: '到达时间', width: 20, value: (r) => r.arriveTime },
      { header: '上报里程(公里)', value: (r) => r.mileage },
      { header: '记录里程(公里)', value: (r) => r.recordedMileage },
      { header: '上报油耗(升)', value: (r) => r.fuel },
      { header: '记录油耗(升)', value: (r) => r.recordedFuel },
      { header: '里程差异率(%)', value: (r) => r.mileageDiffRate },
      { header: '油耗差异率(%)', value: (r) => r.fuelDiffRate },
      { header: '对比结果', value: (r) => r.abnormalName },
      { header: '载货吨数', value: (r) => r.cargoTons },
      { header: '来源', value: (r) => r.sourceName },
      { header: '备注', width: 24, value: (r) => r.remark },
    ],
    count: async (db2, auth, f) => (await comparedReports(db2, auth, f)).length,
    rows: async function* (db2, auth, f, pageSize) {
      const all = await comparedReports(db2, auth, f);
      for (let i = 0; i < all.length; i += pageSize) yield all.slice(i, i + pageSize);
    },
  });

  registerImport<ImportRow>(app, TAG, {
    url: '/excelTask/importExcel',
    summary: '导入行程报告：一次导入为一个批次，全部成功或全部不导入，可在导入记录中整批回滚',
    access: CODES,
    title: '行程报告',
    columns: IMPORT_COLUMNS,
    row: importRow as unknown as z.ZodType<ImportRow, Record<string, string>>,
    check: async (db2, auth, rows) => (await resolveRows(db2, auth, rows)).errors,
    write: async (tx, auth, rows, at) => {
      const { errors, resolved } = await resolveRows(tx, auth, rows);
      if (errors.length > 0) throw badInput(errors[0]?.message ?? '导入失败');
      // the file task of this upload (created just before) names the file
      const task = await tx
        .selectFrom('file_task')
        .select(['file_name'])
        .where('user_id', '=', auth.userId)
        .where('kind', '=', 'import')
        .where('title', '=', '行程报告')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const batch = await tx
        .insertInto('trip_report_import')
        .values({
          merchant_id: auth.merchantId,
          team_code: auth.teamCode,
          file_name: task?.file_name ?? '行程报告.xlsx',
          rows: resolved.length,
          created_by: auth.userId,
          created_by_name: auth.nickname || auth.username,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < resolved.length; i += 200)
        await tx
          .insertInto('trip_report')
          .values(
            resolved.slice(i, i + 200).map((r) => ({
              ...reportColumns(r),
              merchant_id: auth.merchantId,
              team_code: r.teamCode,
              truck_id: r.truckId,
              source: 2,
              import_id: batch.id,
              created_by: auth.userId,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
    },
  });
}
