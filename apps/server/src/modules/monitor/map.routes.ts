import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { route } from '../../http/route';
import { coordSet } from '../geo/coords';
import { MAP_MONITOR_CODES } from './access';
import { filterLabels, stateFilter, teamCodeList, vinList } from './filters';
import type { FleetSnapshots, SnapshotVehicle } from './fleet-snapshot';
import { STATE_TEXT, timeText } from './vehicle-status';

const lng = z.coerce.number().min(-180).max(180);
const lat = z.coerce.number().min(-90).max(90);

const aggregateBody = z.object({
  zoom: z.coerce.number().min(0, '地图级别不能小于0').max(22, '地图级别不能大于22').default(5),
  /** The visible box, WGS-84; the whole world when left out. */
  minLng: lng.default(-180),
  minLat: lat.default(-85),
  maxLng: lng.default(180),
  maxLat: lat.default(85),
  teamCodeList,
  vinList,
  keyword: z.string().trim().max(50).default(''),
  state: stateFilter,
});

function single(v: SnapshotVehicle) {
  return {
    vin: v.vin,
    carNo: v.carNo,
    ...coordSet(v.lng, v.lat),
    direction: v.direction,
    speed: v.speed / 10,
    online: v.online,
    state: STATE_TEXT[v.code],
    stateCode: v.code,
    alarm: v.alarm,
    reportTime: timeText(v.time),
  };
}

/** Full-map monitoring: vehicles clustered on the server. */
export function registerMapRoutes(app: FastifyInstance, _ctx: AppContext, snapshots: FleetSnapshots): void {
  route(app, '车辆监控', {
    method: 'POST',
    url: '/monitor/point/aggregate2',
    summary:
      '全图监控点聚合：按可视范围(WGS-84 minLng/minLat/maxLng/maxLat)与地图级别 zoom，在服务端用 supercluster 聚合本车队及下级车队有位置的车辆；' +
      '可按车队 teamCodeList、车辆 vinList、车牌/VIN keyword、状态 state(ALL/ONLINE/OFFLINE/MOVING/PARKED/ALARM) 过滤。' +
      '返回 clusters [{id, count, lng, lat, expansionZoom, ...GCJ-02/BD-09}] 与单车 vehicles [{vin, carNo, lng, lat, direction, speed, online, state}]，以及各状态车辆数 counts。车辆快照每商户约2秒刷新一次',
    access: MAP_MONITOR_CODES,
    list: true,
    labels: filterLabels,
    body: aggregateBody,
    handler: async ({ body, auth }) => {
      const index = await snapshots.index({
        scope: auth.scope,
        teamCodeList: body.teamCodeList ?? [],
        vinList: body.vinList ?? [],
        keyword: body.keyword,
        state: body.state,
      });
      const zoom = Math.floor(body.zoom);
      const west = Math.min(body.minLng, body.maxLng);
      const east = Math.max(body.minLng, body.maxLng);
      const features = index.clusters.getClusters(
        [west, Math.min(body.minLat, body.maxLat), east, Math.max(body.minLat, body.maxLat)],
        zoom,
      );
      const clusters = [];
      const vehicles = [];
      for (const f of features) {
        const [fLng, fLat] = f.geometry.coordinates as [number, number];
        const props = f.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          i?: number;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          clusters.push({
            id: props.cluster_id,
            count: props.point_count ?? 0,
            ...coordSet(fLng, fLat),
            expansionZoom: index.clusters.getClusterExpansionZoom(props.cluster_id),
          });
        } else {
          const v = index.vehicles[props.i ?? -1];
          if (v) vehicles.push(single(v));
        }
      }
      return { zoom, clusters, vehicles, total: index.vehicles.length, counts: index.counts };
    },
  });
}
