import { formatDateTime, litresFromReading, startOfShanghaiDay } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { pageOffset, paging, route } from '../../http/route';
import { calibrationTables } from '../fuel/fuel-scan';
import { coordSetMicro } from '../geo/coords';
import type { GeoService } from '../geo/geo.service';
import { OfflineGeocoder } from '../geo/offline-geocoder';
import { FUEL_CHANGE_CODES } from '../monitor/access';
import { teamCodeList } from '../monitor/filters';
import { timeText } from '../monitor/vehicle-status';
import { fuelPercent } from '../monitor/vehicle-view';
import { vehicleRows } from '../monitor/vehicles.repository';
import { sendXlsx, type XlsxColumn, xlsxBuffer } from '../monitor/xlsx';
import { DEFAULT_DRAIN_LITRES, DEFAULT_REFUEL_LITRES, fuelEvents } from './fuel-events';
import { historyLabels, parseRange } from './history-query';

/** The oil change page looks back at most this many days at once. */
const MAX_DAYS = 31;
const ID_CHUNK = 500;

const query = z.object({
  vin: z.string().trim().toUpperCase().max(17).optional(),
  carNo: z.string().trim().max(20).optional(),
  teamCodeList,
  beginTime: z.string().trim().max(30).optional(),
  endTime: z.string().trim().max(30).optional(),
  /** 1 refuel (加油), 2 suspected drain (疑似偷漏油). */
  type: z.coerce.number().int().min(1).max(2).optional(),
  refuelThreshold: z.coerce.number().min(1, '加油阈值不能小于1升').max(1000).default(DEFAULT_REFUEL_LITRES),
  drainThreshold: z.coerce.number().min(1, '油量下降阈值不能小于1升').max(1000).default(DEFAULT_DRAIN_LITRES),
});
type Query = z.output<typeof query>;

const TYPE_NAME = { refuel: '加油', drain: '疑似偷漏油' } as const;

/** Refuel and drain events of the in-scope vehicles of a query, newest first. */
async function changeEvents(ctx: AppContext, auth: AuthContext, q: Query) {
  const now = ctx.config.now();
  const { from, to } = parseRange(
    {
      beginTime: q.beginTime || formatDateTime(startOfShanghaiDay(new Date(now))),
      endTime: q.endTime || formatDateTime(new Date(now)),
    },
    MAX_DAYS,
  );
  const vehicles = await vehicleRows(ctx.db, auth.scope, {
    teamCodeList: q.teamCodeList,
    carNo: q.carNo,
    vin: q.vin,
  }).execute();
  const events = [];
  for (let c = 0; c < vehicles.length; c += ID_CHUNK) {
    const chunk = vehicles.slice(c, c + ID_CHUNK);
    if (chunk.length === 0) continue;
    const rows = await ctx.db
      .selectFrom('position')
      .select(['truck_id', 'time', 'fuel', 'speed', 'lat', 'lon'])
      .where(
        'truck_id',
        'in',
        chunk.map((v) => v.truckId),
      )
      .where('time', '>=', from)
      .where('time', '<=', to)
      .where('fuel', 'is not', null)
      .orderBy('truck_id')
      .orderBy('time')
      .execute();
    const tables = await calibrationTables(
      ctx.db,
      chunk.map((v) => v.truckId),
    );
    let start = 0;
    while (start < rows.length) {
      const truckId = (rows[start] as (typeof rows)[number]).truck_id;
      let end = start;
      while (end < rows.length && (rows[end] as (typeof rows)[number]).truck_id === truckId) end++;
      const samples = rows.slice(start, end);
      const vehicle = chunk.find((v) => v.truckId === truckId);
      start = end;
      if (!vehicle) continue;
      const found = fuelEvents(
        {
          length: samples.length,
          time: samples.map((r) => r.time),
          // litres through the truck's calibration table (油箱标定), tenths
          fuel: samples.map((r) =>
            litresFromReading(r.fuel as number, tables.get(truckId) ?? null, vehicle.tankCapacity),
          ),
          speed: samples.map((r) => r.speed),
        },
        { refuelLitres: q.refuelThreshold, drainLitres: q.drainThreshold },
      );
      for (const e of found) {
        if (q.type === 1 && e.type !== 'refuel') continue;
        if (q.type === 2 && e.type !== 'drain') continue;
        const first = samples[e.from] as (typeof samples)[number];
        const last = samples[e.to] as (typeof samples)[number];
        events.push({
          id: `${truckId}-${first.time}`,
          vin: vehicle.vin,
          carNo: vehicle.carNo,
          teamName: vehicle.teamName ?? '',
          type: e.type === 'refuel' ? 1 : 2,
          typeName: TYPE_NAME[e.type],
          startTime: timeText(first.time),
          endTime: timeText(last.time),
          startMs: first.time,
          beforeOil: e.before,
          afterOil: e.after,
          changeOil: e.change,
          beforePercent: fuelPercent(e.before * 10, vehicle.tankCapacity),
          afterPercent: fuelPercent(e.after * 10, vehicle.tankCapacity),
          ...coordSetMicro(last.lon, last.lat),
        });
      }
    }
  }
  events.sort((a, b) => b.startMs - a.startMs);
  return events.map(({ startMs: _startMs, ...e }) => e);
}

type ChangeRow = Awaited<ReturnType<typeof changeEvents>>[number] & { address: string };

const EXPORT_COLUMNS: XlsxColumn<ChangeRow>[] = [
  { header: '序号', width: 8, value: (_, i) => i + 1 },
  { header: '车牌号', width: 14, value: (r) => r.carNo },
  { header: 'VIN', width: 20, value: (r) => r.vin },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '类型', width: 12, value: (r) => r.typeName },
  { header: '开始时间', width: 20, value: (r) => r.startTime },
  { header: '结束时间', width: 20, value: (r) => r.endTime },
  { header: '变化前油量(L)', width: 14, value: (r) => r.beforeOil },
  { header: '变化后油量(L)', width: 14, value: (r) => r.afterOil },
  { header: '变化量(L)', width: 12, value: (r) => r.changeOil },
  { header: '位置', width: 48, value: (r) => r.address },
  { header: '经度', width: 12, value: (r) => r.lng },
  { header: '纬度', width: 12, value: (r) => r.lat },
];

const SUMMARY =
  `油量变化记录：由油量曲线识别停车期间的加油(上升≥refuelThreshold升，默认${DEFAULT_REFUEL_LITRES})与疑似偷漏油(下降≥drainThreshold升，默认${DEFAULT_DRAIN_LITRES})；` +
  `条件 vin、carNo、teamCodeList、beginTime、endTime(默认今天，不超过${MAX_DAYS}天)、type(1加油 2疑似偷漏油)`;

export function registerFuelChangeRoutes(app: FastifyInstance, ctx: AppContext, geo: GeoService): void {
  const offline = new OfflineGeocoder();
  const labels = { ...historyLabels, teamCodeList: '车队', type: '类型' };

  route(app, '轨迹与趋势', {
    method: 'GET',
    url: '/oilChange/change/history',
    summary: `${SUMMARY}；分页 {list, total}`,
    access: FUEL_CHANGE_CODES,
    list: true,
    labels,
    query: query.extend(paging),
    handler: async ({ query: q, auth }) => {
      const events = await changeEvents(ctx, auth, q);
      const start = pageOffset(q);
      const list = await Promise.all(
        events
          .slice(start, start + q.pageSize)
          .map(async (e) => ({ ...e, address: (await geo.reverse(e.lat, e.lng)).address })),
      );
      return { list, total: events.length };
    },
  });

  route(app, '轨迹与趋势', {
    method: 'GET',
    url: '/oilChange/change/history/export',
    summary: `导出油量变化记录(.xlsx，位置取内置地名库)。${SUMMARY}`,
    access: FUEL_CHANGE_CODES,
    labels,
    raw: true,
    query,
    handler: async ({ query: q, auth, reply }) => {
      const events = await changeEvents(ctx, auth, q);
      const rows = events.map((e) => ({ ...e, address: offline.reverseSync(e.lat, e.lng).address }));
      return sendXlsx(reply, '油量变化记录.xlsx', await xlsxBuffer('油量变化记录', EXPORT_COLUMNS, rows));
    },
  });
}
