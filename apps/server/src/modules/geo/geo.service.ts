import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { badInput } from '../../http/envelope';
import { distanceMeters } from './gazetteer';
import type { FetchLike, GeoAddress, GeocoderName, ReverseGeocoder } from './geo.types';
import { LruCache } from './lru-cache';
import { OfflineGeocoder } from './offline-geocoder';
import { AmapClient, AmapGeocoder, TiandituGeocoder } from './online-geocoders';

/** Cached addresses, keyed by coordinates rounded to 1e-4° (about 11 m). */
const CACHE_SIZE = 20_000;
/** After an online provider fails, the offline gazetteer answers alone for this long. */
const ONLINE_PAUSE_MS = 60_000;
/** Roads are longer than the great circle: the built-in route estimate's factor and truck speed. */
export const ROAD_FACTOR = 1.3;
export const ESTIMATE_SPEED_KMH = 60;

export interface RouteEstimate {
  /** Metres along the road. */
  distance: number;
  /** Seconds of driving. */
  duration: number;
  /** True when an online map service computed the route, false for the built-in estimate. */
  baiduMapProduce: boolean;
  provider: GeocoderName;
  method: string;
}

export interface WeatherReport {
  province: string;
  city: string;
  cityCode: string;
  weather: string;
  temperature: number;
  windDirection: string;
  windPower: string;
  humidity: number;
  reportTime: string;
  provider: 'amap';
}

export interface GeoService {
  /** The configured reverse geocoder (the offline gazetteer stands in whenever it fails). */
  readonly geocoder: GeocoderName;
  reverse(lat: number, lng: number): Promise<GeoAddress>;
  route(points: readonly { lat: number; lng: number }[]): Promise<RouteEstimate>;
  weather(lat: number, lng: number): Promise<WeatherReport>;
}

export interface GeoServiceOptions {
  fetch?: FetchLike;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export function createGeoService(config: AppContext['config'], options: GeoServiceOptions = {}): GeoService {
  const fetchFn = options.fetch ?? fetch;
  const offline = new OfflineGeocoder();
  const amap = config.amapKey ? new AmapClient(config.amapKey, config.amapBaseUrl, fetchFn) : null;
  let online: ReverseGeocoder | null = null;
  if (config.geocoder === 'amap' && amap) online = new AmapGeocoder(amap);
  if (config.geocoder === 'tianditu' && config.tiandituKey)
    online = new TiandituGeocoder(config.tiandituKey, config.tiandituBaseUrl, fetchFn);
  const cache = new LruCache<string, GeoAddress>(CACHE_SIZE);
  let onlinePausedUntil = 0;

  async function onlineOrNull<T>(what: string, task: () => Promise<T>): Promise<T | null> {
    if (Date.now() < onlinePausedUntil) return null;
    try {
      return await task();
    } catch (err) {
      onlinePausedUntil = Date.now() + ONLINE_PAUSE_MS;
      options.log?.warn({ err }, `${what} failed; the offline gazetteer answers for a minute`);
      return null;
    }
  }

  return {
    geocoder: online?.name ?? 'offline',

    async reverse(lat, lng) {
      // The gazetteer names every point, abroad and impossible ones included: this never throws.
      const key = `${Math.round(lat * 1e4)},${Math.round(lng * 1e4)}`;
      const cached = cache.get(key);
      if (cached) return cached;
      if (online) {
        const provider = online;
        const found = await onlineOrNull(`${provider.name} reverse geocoding`, () =>
          provider.reverse(lat, lng),
        );
        if (found) {
          cache.set(key, found);
          return found;
        }
        return offline.reverseSync(lat, lng);
      }
      const found = offline.reverseSync(lat, lng);
      cache.set(key, found);
      return found;
    },

    async route(points) {
      if (amap) {
        const found = await onlineOrNull('AMap driving route', () => amap.driving(points));
        if (found)
          return {
            distance: Math.round(found.meters),
            duration: Math.round(found.seconds),
            baiduMapProduce: true,
            provider: 'amap',
            method: '高德驾车路径规划',
          };
      }
      let meters = 0;
      for (let i = 1; i < points.length; i++) {
        const a = points[i - 1];
        const b = points[i];
        if (a && b) meters += distanceMeters(a.lat, a.lng, b.lat, b.lng);
      }
      const road = meters * ROAD_FACTOR;
      return {
        distance: Math.round(road),
        duration: Math.round(road / ((ESTIMATE_SPEED_KMH * 1000) / 3600)),
        baiduMapProduce: false,
        provider: 'offline',
        method: `内置估算：大圆距离×${ROAD_FACTOR}（道路系数），按${ESTIMATE_SPEED_KMH}km/h计时`,
      };
    },

    async weather(lat, lng) {
      if (!amap) throw badInput('未配置天气服务');
      const place = await this.reverse(lat, lng);
      const cityCode = place.cityCode || offline.reverseSync(lat, lng).cityCode;
      try {
        return { ...(await amap.weather(cityCode)), provider: 'amap' };
      } catch (err) {
        options.log?.warn({ err }, 'AMap weather failed');
        throw badInput('天气服务暂时不可用，请稍后再试');
      }
    },
  };
}

const services = new WeakMap<AppContext, GeoService>();

/** The one geo service of an app (monitoring and history use it too). */
export function geoServiceFor(ctx: AppContext, options: GeoServiceOptions = {}): GeoService {
  let service = services.get(ctx);
  if (!service) {
    service = createGeoService(ctx.config, options);
    services.set(ctx, service);
  }
  return service;
}
