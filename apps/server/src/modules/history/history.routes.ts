import { parseDateTime, TREND_WINDOW_MINUTES } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { route } from '../../http/route';
import { calibrationTables } from '../fuel/fuel-scan';
import { geoServiceFor } from '../geo/geo.service';
import { FUEL_TREND_CODES, ROAD_CODES, TRACK_CODES } from '../monitor/access';
import { timeText } from '../monitor/vehicle-status';
import { registerFuelChangeRoutes } from './fuel-change.routes';
import {
  historyLabels,
  historyVehicle,
  parseRange,
  rangeFields,
  thinFields,
  vehicleKeyFields,
} from './history-query';
import { cumulativeMeters, roadTypeData, slopeData } from './road';
import { METERS_PER_THIN_LEVEL, thinTrack, toleranceMeters } from './thinning';
import { readDetails, readTrack, trackKilometres, trailPoints } from './trail';
import { ALTITUDE_METERS_PER_LEVEL, altitudePoints, FUEL_PERCENT_PER_LEVEL, oilTrend } from './trends';

const WINDOW_MS = TREND_WINDOW_MINUTES * 60_000;

/** The ±10 minutes around a time (the data trend drawer asks around a point of the track). */
export function trendWindow(time: string): { from: number; to: number } {
  const at = parseDateTime(time);
  if (!at) throw badInput('时间格式不正确，应为YYYY-MM-DD HH:mm:ss');
  return { from: at.getTime() - WINDOW_MS, to: at.getTime() + WINDOW_MS };
}

/** Track history, trends and road data (core section 7 "Monitoring and history", business section 7). */
export function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, '轨迹与趋势', {
    method: 'POST',
    url: '/v2/web/monitor/local/truck/trail/history',
    summary:
      `历史轨迹：vin、beginTime、endTime(不超过3天)、thin(默认true)、thinLevel(1-20，默认8)。抽稀：Douglas–Peucker，容差为 thinLevel×${METERS_PER_THIN_LEVEL} 米，` +
      '并保留每次停车的起止点、每个报警点(驾驶类报警全部保留，设备故障类保留起止)、每次速度区间(0-30/30-60/60-80/80-100/>100km/h)与ACC变化前后两点。' +
      '返回 list 为轨迹点 {lon, lng, longitude, lat, latitude, bd09Lng, bd09Lat, gcj02Lng, gcj02Lat, speed(km/h), direction, reportTime, autoDriverFlag(JT/T 808无驾驶模式项，恒为0人工驾驶), indexKey, mileage(km), acc, alarm, alarmText}',
    access: TRACK_CODES,
    labels: historyLabels,
    body: z.object({ ...vehicleKeyFields, ...rangeFields, ...thinFields }),
    handler: async ({ body, auth }) => {
      const { from, to } = parseRange(body);
      const vehicle = await historyVehicle(ctx, auth, body);
      const track = await readTrack(ctx.db, ctx.dialect, vehicle.truckId, from, to, { details: !body.thin });
      const kept = body.thin ? thinTrack(track, toleranceMeters(body.thinLevel)) : null;
      if (kept) await readDetails(ctx.db, vehicle.truckId, track, kept);
      const list = trailPoints(track, kept);
      return {
        vin: vehicle.vin,
        carNo: vehicle.carNo,
        beginTime: timeText(from),
        endTime: timeText(to),
        thin: body.thin,
        thinLevel: body.thinLevel,
        toleranceMeters: body.thin ? toleranceMeters(body.thinLevel) : 0,
        rawTotal: track.length,
        total: list.length,
        /** km driven in the range. */
        mileage: trackKilometres(track, kept ?? undefined),
        list,
      };
    },
  });

  route(app, '轨迹与趋势', {
    method: 'POST',
    url: '/v2/web/monitor/local/truck/oil/trend',
    summary:
      `油量趋势（主数据源）：carNo 或 vin，beginTime/endTime(不超过3天)，或 time 取其前后${TREND_WINDOW_MINUTES}分钟；thin、thinLevel(容差 thinLevel×${FUEL_PERCENT_PER_LEVEL}% 油箱)。` +
      '返回 [{reportTime, oilValue(占油箱容积%), oilLitre(升)}]',
    access: FUEL_TREND_CODES,
    labels: historyLabels,
    body: z.object({
      ...vehicleKeyFields,
      ...rangeFields,
      time: z.string().trim().max(30).optional(),
      ...thinFields,
    }),
    handler: async ({ body, auth }) => {
      const range = body.time ? trendWindow(body.time) : parseRange(body);
      const vehicle = await historyVehicle(ctx, auth, body);
      if (!vehicle.tankCapacity) throw badInput('该车辆未设置油箱容积，无法计算油量百分比');
      return oilTrend(
        ctx.db,
        ctx.dialect,
        {
          truckId: vehicle.truckId,
          tankCapacity: vehicle.tankCapacity,
          table: (await calibrationTables(ctx.db, [vehicle.truckId])).get(vehicle.truckId) ?? null,
        },
        range,
        body,
      );
    },
  });

  route(app, '轨迹与趋势', {
    method: 'POST',
    url: '/v2/web/monitor/local/truck/altitude',
    summary:
      `海拔曲线：vin，beginTime/endTime(不超过3天)，thin、thinLevel(容差 thinLevel×${ALTITUDE_METERS_PER_LEVEL} 米)。` +
      '返回 [{dateTime, mile(自起点的公里数), height(米)}]',
    access: [...ROAD_CODES, ...TRACK_CODES],
    labels: historyLabels,
    body: z.object({ ...vehicleKeyFields, ...rangeFields, ...thinFields }),
    handler: async ({ body, auth }) => {
      const { from, to } = parseRange(body);
      const vehicle = await historyVehicle(ctx, auth, body);
      return altitudePoints(ctx.db, ctx.dialect, vehicle.truckId, { from, to }, body);
    },
  });

  route(app, '轨迹与趋势', {
    method: 'POST',
    url: '/roadNet/gradientAndRoadType',
    summary:
      '路况数据：vin 或 tid，startTime、endTime(不超过3天)。返回 {1: 坡度, 2: 道路类型}。' +
      '1：按约500米分段，用平滑后的海拔差/行驶距离算坡度(%)，分下坡(<-3%)、缓下坡、平路(-1%~1%)、缓上坡、上坡(≥3%)，相邻同类合并，并给各类里程占比；' +
      '2：道路类型按速度分布与停车密度分类（每5分钟行驶窗口：85分位车速≥70km/h且停车<0.1次/公里为高速；85分位车速<45km/h或停车≥1次/公里为城市道路；其余为国省道），并给各类里程占比',
    access: ROAD_CODES,
    labels: historyLabels,
    body: z.object({ ...vehicleKeyFields, ...rangeFields }),
    handler: async ({ body, auth }) => {
      const { from, to } = parseRange(body);
      const vehicle = await historyVehicle(ctx, auth, body);
      const track = await readTrack(ctx.db, ctx.dialect, vehicle.truckId, from, to, { altitude: true });
      const along = cumulativeMeters(track);
      return { 1: slopeData(track, along), 2: roadTypeData(track, along) };
    },
  });

  registerFuelChangeRoutes(app, ctx, geoServiceFor(ctx, { log: app.log }));
}
