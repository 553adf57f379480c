import { durationText, startOfShanghaiDay } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { notFound } from '../../http/envelope';
import { pageOffset, paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { calibrateFuel } from '../fuel/calibration-cache';
import type { GeoService } from '../geo/geo.service';
import { OfflineGeocoder } from '../geo/offline-geocoder';
import { MAP_MONITOR_CODES, TERMINAL_STATUS_CODES } from './access';
import { filterLabels, teamCodeList, vehicleFilterFields } from './filters';
import { matchesFilter, type StateFilter, tenth, timeText } from './vehicle-status';
import { safeView, type VehicleView, vehicleView } from './vehicle-view';
import { findVehicle, type VehicleFilter, vehicleRows } from './vehicles.repository';
import { sendXlsx, type XlsxColumn, xlsxBuffer } from './xlsx';

const EXPORT_MAX_ROWS = 50_000;

export async function requireVehicle(
  ctx: AppContext,
  auth: AuthContext,
  key: { vin?: string; tid?: string },
) {
  const row = await findVehicle(ctx.db, auth.scope, key);
  if (!row) throw notFound('车辆不存在或无权访问');
  // the fuel in litres through the truck's calibration table
  await calibrateFuel(ctx.db, [row]);
  return row;
}

/** The in-scope vehicles of a filter with their state, the state filter applied. */
async function filteredViews(
  ctx: AppContext,
  auth: AuthContext,
  filter: VehicleFilter & { state: StateFilter },
) {
  const now = ctx.config.now();
  const rows = await calibrateFuel(ctx.db, await vehicleRows(ctx.db, auth.scope, filter).execute());
  const counts = { total: 0, online: 0, offline: 0, moving: 0, parked: 0, alarm: 0 };
  const views: VehicleView[] = [];
  for (const row of rows) {
    const view = safeView(row, now);
    counts.total++;
    counts[view.stateCode]++;
    if (view.online) counts.online++;
    if (view.alarm) counts.alarm++;
    if (matchesFilter(filter.state, view.stateCode, view.alarm)) views.push(view);
  }
  return { views, counts };
}

const EXPORT_COLUMNS: XlsxColumn<VehicleView & { place: string }>[] = [
  { header: '序号', width: 8, value: (_, i) => i + 1 },
  { header: '车牌号', width: 14, value: (r) => r.carNo },
  { header: 'VIN', width: 20, value: (r) => r.vin },
  { header: '终端号', width: 14, value: (r) => r.tid },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '司机', width: 10, value: (r) => r.driverName },
  { header: '联系电话', width: 14, value: (r) => r.driverPhone },
  { header: '在线状态', width: 10, value: (r) => (r.online ? '在线' : '离线') },
  { header: '车辆状态', width: 10, value: (r) => r.state },
  { header: '速度(km/h)', width: 11, value: (r) => r.speed },
  { header: '方向', width: 8, value: (r) => r.directionText },
  { header: 'ACC', width: 6, value: (r) => (r.acc === 1 ? '开' : '关') },
  { header: '总里程(km)', width: 12, value: (r) => r.mileage },
  { header: '油量(L)', width: 10, value: (r) => r.fuel },
  { header: '报警', width: 24, value: (r) => r.alarms.join('、') },
  { header: '位置', width: 48, value: (r) => r.place },
  { header: '经度', width: 12, value: (r) => r.lng },
  { header: '纬度', width: 12, value: (r) => r.lat },
  { header: '定位时间', width: 20, value: (r) => r.reportTime },
];

export function registerVehicleRoutes(app: FastifyInstance, ctx: AppContext, geo: GeoService): void {
  const offline = new OfflineGeocoder();
  const vinOrTid = z
    .object({
      vin: z.string().trim().toUpperCase().max(17).optional(),
      tid: z.string().trim().max(20).optional(),
    })
    .refine((b) => Boolean(b.vin || b.tid), { message: '请选择车辆' });

  route(app, '车辆监控', {
    method: 'POST',
    url: '/monitor/order/list',
    summary:
      '车辆当前订单：计划与运单功能上线前，返回今日（北京时间0点起）的行程（trip）列表，kind 为 "todayTrips"；vin 不填时为本车队及下级车队全部车辆的今日行程',
    access: MAP_MONITOR_CODES,
    list: true,
    labels: filterLabels,
    body: z.object({ vin: z.string().trim().toUpperCase().max(17).optional(), ...paging }),
    handler: async ({ body, auth }) => {
      const now = ctx.config.now();
      const dayStart = startOfShanghaiDay(new Date(now)).getTime();
      let query = ctx.db
        .selectFrom('trip as tr')
        .innerJoin('truck as t', 't.id', 'tr.truck_id')
        .where(inScope(auth.scope, 'tr'))
        .where(inScope(auth.scope, 't'))
        .where('tr.start_time', '>=', dayStart);
      if (body.vin) query = query.where('t.vin', '=', body.vin);
      const [rows, count] = await Promise.all([
        query
          .select([
            'tr.id',
            't.vin',
            't.car_no as carNo',
            'tr.start_time',
            'tr.end_time',
            'tr.mileage',
            'tr.fuel_used',
            'tr.max_speed',
            'tr.avg_speed',
          ])
          .orderBy('tr.start_time', 'desc')
          .limit(body.pageSize)
          .offset(pageOffset(body))
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        kind: 'todayTrips',
        total: Number(count.n),
        list: rows.map((r) => ({
          id: r.id,
          vin: r.vin,
          carNo: r.carNo,
          startTime: timeText(r.start_time),
          endTime: timeText(r.end_time),
          status: r.end_time === null ? '进行中' : '已结束',
          duration: durationText((r.end_time ?? now) - r.start_time),
          mileage: tenth(r.mileage),
          fuelUsed: tenth(r.fuel_used),
          maxSpeed: tenth(r.max_speed),
          avgSpeed: tenth(r.avg_speed),
        })),
      };
    },
  });

  route(app, '车辆监控', {
    method: 'POST',
    url: '/monitor/car/monitor',
    summary:
      '多车实时位置：所选车辆 vinList（或车队、搜索、状态过滤后的车辆）的最新位置与状态，分页（每页最多500）',
    access: MAP_MONITOR_CODES,
    list: true,
    labels: filterLabels,
    body: z.object({ ...vehicleFilterFields, ...paging, pageSize: paging.pageSize.default(500) }),
    handler: async ({ body, auth }) => {
      const { views, counts } = await filteredViews(ctx, auth, body);
      const start = pageOffset(body);
      return { list: views.slice(start, start + body.pageSize), total: views.length, counts };
    },
  });

  route(app, '车辆监控', {
    method: 'POST',
    url: '/v2/web/monitor/local/team/carList',
    summary:
      '监控车辆列表：本车队及下级车队车辆的状态、位置(逆地理编码)、速度、里程与油量，分页；counts 为各状态车辆数',
    access: MAP_MONITOR_CODES,
    list: true,
    labels: filterLabels,
    body: z.object({ ...vehicleFilterFields, ...paging }),
    handler: async ({ body, auth }) => {
      const { views, counts } = await filteredViews(ctx, auth, body);
      const start = pageOffset(body);
      const page = views.slice(start, start + body.pageSize);
      // One truck's place that cannot be named leaves its cell empty, never the whole list.
      const list = await Promise.all(
        page.map(async (v) => ({
          ...v,
          place:
            v.lat === null || v.lng === null
              ? ''
              : await geo.reverse(v.lat, v.lng).then(
                  (p) => p.address,
                  () => '',
                ),
        })),
      );
      return { list, total: views.length, counts };
    },
  });

  route(app, '车辆监控', {
    method: 'POST',
    url: '/v2/web/monitor/local/team/carList/export',
    summary: '导出监控车辆列表（.xlsx，条件同 carList，不分页，位置取内置地名库）',
    access: MAP_MONITOR_CODES,
    labels: filterLabels,
    raw: true,
    body: z.object({ ...vehicleFilterFields }),
    handler: async ({ body, auth, reply }) => {
      const { views } = await filteredViews(ctx, auth, body);
      const rows = views.slice(0, EXPORT_MAX_ROWS).map((v) => ({
        ...v,
        place: v.lat === null || v.lng === null ? '' : offline.reverseSync(v.lat, v.lng).address,
      }));
      return sendXlsx(reply, '监控车辆列表.xlsx', await xlsxBuffer('监控车辆列表', EXPORT_COLUMNS, rows));
    },
  });

  route(app, '车辆监控', {
    method: 'POST',
    url: '/truck/queryTerminal/status',
    summary: '终端在线状态：按 vin 或终端号 tid；online 为网关会话在线或5分钟内有上报',
    access: TERMINAL_STATUS_CODES,
    labels: filterLabels,
    body: vinOrTid,
    handler: async ({ body, auth }) => {
      const row = await requireVehicle(ctx, auth, body);
      const view = vehicleView(row, ctx.config.now());
      return {
        vin: row.vin,
        carNo: row.carNo,
        tid: row.tid ?? '',
        bound: row.terminalId !== null,
        online: view.online,
        onlineText: view.online ? '在线' : '离线',
        lastReportTime: view.reportTime,
        lastOnlineTime: timeText(row.lastOnlineAt),
        protocolVersion: row.protocolVersion ?? '',
        videoChannels: Math.max(row.videoChannels ?? 0, row.terminalVideoChannels ?? 0),
      };
    },
  });

  route(app, '车辆监控', {
    method: 'GET',
    url: '/truck/data',
    summary:
      '车辆数据概况：本车队及下级车队（可按 teamCodeList）的车辆总数、在线、离线、行驶、停车、报警、无定位数与在线率(%)',
    access: MAP_MONITOR_CODES,
    list: true,
    labels: filterLabels,
    query: z.object({ teamCodeList }),
    handler: async ({ query, auth }) => {
      const now = ctx.config.now();
      const rows = await vehicleRows(ctx.db, auth.scope, { teamCodeList: query.teamCodeList }).execute();
      const counts = { total: 0, online: 0, offline: 0, moving: 0, parked: 0, alarm: 0, noPosition: 0 };
      for (const row of rows) {
        const view = safeView(row, now);
        counts.total++;
        counts[view.stateCode]++;
        if (view.online) counts.online++;
        if (view.alarm) counts.alarm++;
        if (row.time === null) counts.noPosition++;
      }
      const onlineRate = counts.total === 0 ? 0 : Math.round((counts.online / counts.total) * 1000) / 10;
      return { ...counts, onlineRate };
    },
  });
}
