import { durationText } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { route } from '../../http/route';
import { type CoordType, coordSet, toWgs84 } from './coords';
import { geoServiceFor } from './geo.service';
import { createPlaceSearch } from './place-search';

const lng = z.coerce.number({ error: '请输入经度' }).min(-180, '经度超出范围').max(180, '经度超出范围');
const lat = z.coerce.number({ error: '请输入纬度' }).min(-90, '纬度超出范围').max(90, '纬度超出范围');
const coordType = z.enum(['wgs84', 'gcj02', 'bd09']).default('wgs84');
const point = z.object({ lng, lat });
const labels = { lng: '经度', lat: '纬度', points: '坐标点', coordType: '坐标系', location: '位置' };

function converted(p: { lng: number; lat: number }, from: CoordType) {
  const [wLng, wLat] = toWgs84(p.lng, p.lat, from);
  const set = coordSet(wLng, wLat);
  return {
    lng: set.bd09Lng,
    lat: set.bd09Lat,
    wgs84Lng: set.lng,
    wgs84Lat: set.lat,
    gcj02Lng: set.gcj02Lng,
    gcj02Lat: set.gcj02Lat,
    bd09Lng: set.bd09Lng,
    bd09Lat: set.bd09Lat,
  };
}

/** Map-service helpers (spec core section 7 "Uploads, addresses, maps") and reverse geocoding. */
export function registerGeoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const geo = geoServiceFor(ctx, { log: app.log });
  const places = createPlaceSearch(ctx.config, { log: app.log });

  route(app, '地图服务', {
    method: 'GET',
    url: '/geo/search',
    summary:
      '地点关键字搜索（地址选择器的输入提示）：keyword，可选 city（带不带「市」均可）；最多100条 {name, address, lng, lat, province, city, district, provider}，WGS-84。配置高德或天地图 Key 时先在线搜索，再补充内置地名库（地级市、区县与示例线路沿线地名）的匹配',
    access: 'login',
    labels: { keyword: '关键字', city: '城市', limit: '条数' },
    query: z.object({
      keyword: z
        .string({ error: '请输入关键字' })
        .trim()
        .min(1, '请输入关键字')
        .max(50, '关键字最多50个字符'),
      city: z.string().trim().max(30).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(100),
    }),
    handler: async ({ query }) => places.search(query.keyword, query.city || undefined, query.limit),
  });

  route(app, '地图服务', {
    method: 'POST',
    url: '/baidu/geo/bd09',
    summary:
      '坐标转换为百度BD-09：{lng, lat, coordType} 转一个点，或 {points, coordType} 转多个点；coordType 为 wgs84(默认)/gcj02/bd09；同时给出 WGS-84 与 GCJ-02',
    access: 'login',
    labels,
    body: z
      .object({
        lng: lng.optional(),
        lat: lat.optional(),
        points: z.array(point).max(1000).optional(),
        coordType,
      })
      .refine((b) => b.points !== undefined || (b.lng !== undefined && b.lat !== undefined), {
        message: '请提供经纬度',
      }),
    handler: async ({ body }) => {
      if (body.points) return body.points.map((p) => converted(p, body.coordType));
      return converted({ lng: body.lng as number, lat: body.lat as number }, body.coordType);
    },
  });

  route(app, '地图服务', {
    method: 'POST',
    url: '/baidu/direction',
    summary:
      '途经各点的驾车距离(米)与时间(秒)。配置高德 Key 时由高德驾车路径规划计算(baiduMapProduce=true)；否则内置估算：大圆距离×1.3道路系数，按60km/h计时(baiduMapProduce=false)',
    access: 'login',
    labels,
    body: z
      .object({
        points: z.array(point).min(2, '至少需要起点和终点').max(16, '最多16个点').optional(),
        origin: point.optional(),
        destination: point.optional(),
        waypoints: z.array(point).max(14).optional(),
        coordType,
      })
      .refine((b) => b.points !== undefined || (b.origin !== undefined && b.destination !== undefined), {
        message: '请提供起点和终点',
      }),
    handler: async ({ body }) => {
      const raw = body.points ?? [
        body.origin as { lng: number; lat: number },
        ...(body.waypoints ?? []),
        body.destination as { lng: number; lat: number },
      ];
      const points = raw.map((p) => {
        const [wLng, wLat] = toWgs84(p.lng, p.lat, body.coordType);
        return { lng: wLng, lat: wLat };
      });
      const result = await geo.route(points);
      return {
        ...result,
        distanceKm: Math.round(result.distance / 100) / 10,
        durationText: durationText(result.duration * 1000),
      };
    },
  });

  route(app, '地图服务', {
    method: 'POST',
    url: '/baidu/weather',
    summary: '某点所在城市的实时天气（需配置高德 Key；未配置时 code 400「未配置天气服务」）',
    access: 'login',
    labels,
    body: z.object({ lng, lat, coordType }),
    handler: async ({ body }) => {
      const [wLng, wLat] = toWgs84(body.lng, body.lat, body.coordType);
      return geo.weather(wLat, wLng);
    },
  });

  route(app, '地图服务', {
    method: 'GET',
    url: '/geo/reverse',
    summary:
      '逆地理编码：lat、lng（或 location=纬度,经度），默认 WGS-84。离线时由内置地名库给出最近地名、距离与方位；配置高德或天地图 Key 时在线查询，失败回落离线；结果按约11米缓存',
    access: 'login',
    labels,
    query: z.object({
      lat: lat.optional(),
      lng: lng.optional(),
      location: z.string().max(60).optional(),
      coordType,
    }),
    handler: async ({ query }) => {
      let pLat = query.lat;
      let pLng = query.lng;
      if (query.location !== undefined) {
        const [a, b] = query.location.split(',').map((part) => Number(part.trim()));
        pLat = a;
        pLng = b;
      }
      if (
        pLat === undefined ||
        pLng === undefined ||
        !Number.isFinite(pLat) ||
        !Number.isFinite(pLng) ||
        Math.abs(pLat) > 90 ||
        Math.abs(pLng) > 180
      )
        throw badInput('位置: 请提供有效的纬度和经度');
      const [wLng, wLat] = toWgs84(pLng, pLat, query.coordType);
      const address = await geo.reverse(wLat, wLng);
      return { ...address, formatted_address: address.address, location: coordSet(wLng, wLat) };
    },
  });
}
