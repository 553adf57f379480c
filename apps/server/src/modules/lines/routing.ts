import {
  applyLegs,
  distanceMeters,
  hoursAndMinutes,
  isLocated,
  type LngLat,
  type RowLeg,
  type StationRow,
} from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { ESTIMATE_SPEED_KMH, ROAD_FACTOR } from '../geo/geo.service';
import type { FetchLike } from '../geo/geo.types';
import { AmapClient } from '../geo/online-geocoders';

/** Distance (m) and driving time (s) of one leg between two consecutive rows. */
export interface RoutingLeg {
  meters: number;
  seconds: number;
}

/**
 * A routing provider: distance and running time of each leg along the given points (one leg fewer
 * than points). `mapCalculated` says whether a map service computed them (the rows' `baiduMapProduce`).
 */
export interface RoutingProvider {
  readonly name: 'builtin' | 'amap';
  readonly mapCalculated: boolean;
  /** How the figures were made, in Chinese, for the page to show. */
  readonly method: string;
  legs(points: readonly LngLat[]): Promise<RoutingLeg[]>;
}

/**
 * The built-in provider, which needs no network: the great-circle distance times a road factor
 * (1.3) at an average truck speed (60 km/h). Its figures are estimates, never map-calculated.
 */
export const builtinRouting: RoutingProvider = {
  name: 'builtin',
  mapCalculated: false,
  method: `未配置在线地图服务：按直线距离×${ROAD_FACTOR}（道路系数）估算距离，按平均车速${ESTIMATE_SPEED_KMH}km/h估算运行时间`,
  async legs(points) {
    const legs: RoutingLeg[] = [];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as LngLat;
      const b = points[i] as LngLat;
      const meters = distanceMeters(a.lat, a.lng, b.lat, b.lng) * ROAD_FACTOR;
      legs.push({ meters, seconds: meters / ((ESTIMATE_SPEED_KMH * 1000) / 3600) });
    }
    return legs;
  },
};

/** AMap driving route planning (高德驾车路径规划), one request a leg. */
export class AmapRouting implements RoutingProvider {
  readonly name = 'amap' as const;
  readonly mapCalculated = true;
  readonly method = '高德驾车路径规划';

  constructor(private readonly client: AmapClient) {}

  async legs(points: readonly LngLat[]): Promise<RoutingLeg[]> {
    const legs: RoutingLeg[] = [];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as LngLat;
      const b = points[i] as LngLat;
      legs.push(await this.client.driving([a, b]).then((r) => ({ meters: r.meters, seconds: r.seconds })));
    }
    return legs;
  }
}

export interface RoutingResult {
  rows: StationRow[];
  provider: RoutingProvider['name'];
  baiduMapProduce: boolean;
  method: string;
}

export interface Routing {
  /** The provider asked first: AMap when its key is configured, else the built-in estimate. */
  readonly preferred: RoutingProvider;
  /**
   * Distance and running time into every placed row from the placed row before it. Rows listed in
   * `only` (indexes) are recalculated, the others kept; empty rows are left as they are. When the
   * online provider fails, the built-in one answers for the whole table.
   */
  calculate(rows: readonly StationRow[], only?: ReadonlySet<number>): Promise<RoutingResult>;
}

export function createRouting(
  config: Pick<AppConfig, 'amapKey' | 'amapBaseUrl'>,
  options: { fetch?: FetchLike; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Routing {
  const online = config.amapKey
    ? new AmapRouting(new AmapClient(config.amapKey, config.amapBaseUrl, options.fetch ?? fetch))
    : null;

  async function legsWith(
    provider: RoutingProvider,
    rows: readonly StationRow[],
    only?: ReadonlySet<number>,
  ) {
    const legs: (RowLeg | null)[] = rows.map(() => null);
    let previous: number | null = null;
    const pairs: { index: number; from: LngLat; to: LngLat }[] = [];
    rows.forEach((row, index) => {
      if (!isLocated(row)) return;
      if (previous !== null && (!only || only.has(index))) {
        const before = rows[previous] as StationRow & { latitude: number; longitude: number };
        pairs.push({
          index,
          from: { lng: before.longitude, lat: before.latitude },
          to: { lng: row.longitude, lat: row.latitude },
        });
      }
      previous = index;
    });
    // pair by pair: an empty row between two placed rows is skipped, not joined through
    for (const pair of pairs) {
      const [leg] = await provider.legs([pair.from, pair.to]);
      if (!leg) continue;
      legs[pair.index] = {
        distance: Math.round(leg.meters) / 1000,
        ...hoursAndMinutes(leg.seconds / 60),
        baiduMapProduce: provider.mapCalculated,
      };
    }
    return applyLegs(rows, legs);
  }

  return {
    preferred: online ?? builtinRouting,
    async calculate(rows, only) {
      if (online) {
        try {
          const calculated = await legsWith(online, rows, only);
          return { rows: calculated, provider: online.name, baiduMapProduce: true, method: online.method };
        } catch (err) {
          options.log?.warn({ err }, 'AMap driving route failed; the built-in estimate answers');
        }
      }
      const calculated = await legsWith(builtinRouting, rows, only);
      return {
        rows: calculated,
        provider: builtinRouting.name,
        baiduMapProduce: false,
        method: builtinRouting.method,
      };
    },
  };
}
