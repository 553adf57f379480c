import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../http/auth';
import { route } from '../../http/route';
import { inScope } from '../../http/scope';
import type { GeoService } from '../geo/geo.service';
import { VEHICLE_CARD_CODES } from './access';
import { vehicleCard } from './card';
import { filterLabels, vinKey } from './filters';
import { timeText } from './vehicle-status';
import { vehicleView } from './vehicle-view';
import { requireVehicle } from './vehicles.routes';

/** One vehicle: the card of the monitoring maps, its real-time info and its master data. */
export function registerCardRoutes(app: FastifyInstance, ctx: AppContext, geo: GeoService): void {
  const card = async (auth: AuthContext, vin: string) =>
    vehicleCard(ctx.db, geo, await requireVehicle(ctx, auth, { vin }), ctx.config.now());

  route(app, '车辆监控', {
    method: 'POST',
    url: '/monitor/car/card',
    summary:
      '车辆卡片：车牌、VIN、终端号、司机(无则“未知司机”)、电话、车队、速度、方向、位置(逆地理编码)、状态(行驶/停车/离线及持续时长)、最后定位时间、里程(km)、油量(L与%)、ACC、在线',
    access: VEHICLE_CARD_CODES,
    labels: filterLabels,
    body: z.object({ vin: vinKey }),
    handler: ({ body, auth }) => card(auth, body.vin),
  });

  route(app, '车辆监控', {
    method: 'GET',
    url: '/local/truck/card/info',
    summary: '车辆卡片（同 POST /monitor/car/card），query vin',
    access: VEHICLE_CARD_CODES,
    labels: filterLabels,
    query: z.object({ vin: vinKey }),
    handler: ({ query, auth }) => card(auth, query.vin),
  });

  route(app, '车辆监控', {
    method: 'POST',
    url: '/v2/web/monitor/local/truck/info',
    summary: '实时跟踪页的车辆实时信息：车辆卡片全部字段，加报警名称、海拔、终端协议版本与最后上线时间',
    access: VEHICLE_CARD_CODES,
    labels: filterLabels,
    body: z.object({ vin: vinKey }),
    handler: async ({ body, auth }) => {
      const row = await requireVehicle(ctx, auth, { vin: body.vin });
      return {
        ...(await vehicleCard(ctx.db, geo, row, ctx.config.now())),
        protocolVersion: row.protocolVersion ?? '',
        lastOnlineTime: timeText(row.lastOnlineAt),
      };
    },
  });

  route(app, '车辆监控', {
    method: 'GET',
    url: '/local/truck/info',
    summary: '车辆基本信息与终端、司机、最新状态（query vin）',
    access: VEHICLE_CARD_CODES,
    labels: filterLabels,
    query: z.object({ vin: vinKey }),
    handler: async ({ query, auth }) => {
      const row = await requireVehicle(ctx, auth, { vin: query.vin });
      const [truck, terminal] = await Promise.all([
        ctx.db
          .selectFrom('truck')
          .select([
            'brand',
            'series',
            'car_type as carType',
            'plate_color as plateColor',
            'fuel_type as fuelType',
            'car_info_type as carInfoType',
            'load_capacity as loadCapacity',
            'speed_limit as speedLimit',
            'engine_no as engineNo',
          ])
          .where(inScope(auth.scope, 'truck'))
          .where('id', '=', row.truckId)
          .executeTakeFirstOrThrow(),
        row.terminalId === null
          ? undefined
          : ctx.db
              .selectFrom('terminal')
              .select([
                'phone as tid',
                'terminal_no as terminalNo',
                'model',
                'manufacturer',
                'protocol_version as protocolVersion',
                'sim_no as simNo',
                'video_channels as videoChannels',
              ])
              .where(inScope(auth.scope, 'terminal'))
              .where('id', '=', row.terminalId)
              .executeTakeFirst(),
      ]);
      return {
        ...vehicleView(row, ctx.config.now()),
        ...truck,
        tankCapacity: row.tankCapacity,
        terminal: terminal ?? null,
      };
    },
  });
}
