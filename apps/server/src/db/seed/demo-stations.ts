import { LINE_CORRIDOR_MAX_M } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { builtinRouting } from '../../modules/lines/routing';
import { toSegment } from '../../simulator/geo';
import type { Database } from '../schema';
import { DEMO_LINES, type DemoLine, type DemoStationRole } from './demo-lines';

/** Which merchant and team run each kind of demo line (as in demo-fleet.ts). */
const OWNERS: Record<DemoLine['kind'], { merchant: 'logistics' | 'coal'; teamCode: string }> = {
  coal: { merchant: 'coal', teamCode: '20000010010001' },
  trunk: { merchant: 'logistics', teamCode: '1000001001' },
  city: { merchant: 'logistics', teamCode: '1000001002' },
};

/** STATION_KINDS of @fleet/domain: 1 装货地, 2 卸货地, 3 停车场, 6 服务区. */
const STATION_KIND: Record<DemoStationRole, number> = {
  loading: 1,
  unloading: 2,
  service: 6,
  depot: 3,
  store: 2,
};
/** ROUTE_TYPES: 1 干线运输, 3 城市配送. */
const ROUTE_TYPE: Record<DemoLine['kind'], number> = { coal: 1, trunk: 1, city: 3 };

const micro = (degrees: number) => Math.round(degrees * 1e6);

/**
 * A demo line's corridor (偏航宽度): as far as its road strays from the straight legs between its
 * stations, plus 500 m, in whole hundreds of metres and at most what the line form allows, so
 * that its trucks on a plan of the line are off it only where the road is farther than that.
 */
export function demoCorridorMeters(line: DemoLine): number {
  let farthestKm = 0;
  for (const p of line.path) {
    let nearest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < line.stations.length - 1; i++) {
      const a = line.stations[i] as DemoLine['stations'][number];
      const b = line.stations[i + 1] as DemoLine['stations'][number];
      nearest = Math.min(nearest, toSegment(p.lng, p.lat, a.lng, a.lat, b.lng, b.lat).km);
    }
    farthestKm = Math.max(farthestKm, nearest);
  }
  return Math.min(LINE_CORRIDOR_MAX_M, Math.ceil((farthestKm * 1000 + 500) / 100) * 100);
}

/**
 * The stations and lines the demo fleet drives, as master data: each named place once a merchant
 * (a circle fence of its radius), each line with its station table. Distances and running times come
 * from the built-in routing provider, so they are marked as not map-calculated, as the platform's own
 * would be without an online map service.
 */
export async function seedDemoStationsAndLines(
  tx: Kysely<Database>,
  merchantIds: ReadonlyMap<string, number>,
  now: number,
): Promise<void> {
  const stationIds = new Map<string, number>();
  /** Stations each fence set of the demo watches: the city rounds' depots and stores, the trunk and coal loading and unloading points. */
  const watched = { city: new Set<number>(), trunk: new Set<number>(), coal: new Set<number>() };
  for (const line of DEMO_LINES) {
    const owner = OWNERS[line.kind];
    const merchantId = merchantIds.get(owner.merchant) as number;
    const scope = { merchant_id: merchantId, team_code: owner.teamCode, created_at: now, updated_at: now };
    for (const station of line.stations) {
      const key = `${merchantId}:${station.name}`;
      if (stationIds.has(key)) continue;
      const row = await tx
        .insertInto('station')
        .values({
          ...scope,
          name: station.name,
          type: STATION_KIND[station.role],
          address: station.address,
          lat: micro(station.lat),
          lon: micro(station.lng),
          fence_type: 'circle',
          radius: station.radius,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      stationIds.set(key, row.id);
    }
    for (const station of line.stations) {
      const id = stationIds.get(`${merchantId}:${station.name}`) as number;
      if (line.kind === 'city') watched.city.add(id);
      if (line.kind !== 'city' && station.role !== 'service') watched[line.kind].add(id);
    }
    // a loop ends where it starts: its table lists each station once, the depot first and last
    const stops = line.stations;
    const legs = await builtinRouting.legs(stops.map((s) => ({ lng: s.lng, lat: s.lat })));
    const distance = Math.round(legs.reduce((sum, leg) => sum + leg.meters, 0));
    const minutes = Math.round(legs.reduce((sum, leg) => sum + leg.seconds, 0) / 60);
    const created = await tx
      .insertInto('line')
      .values({
        ...scope,
        name: line.name,
        route_type: ROUTE_TYPE[line.kind],
        cargo: line.kind === 'coal' ? '动力煤' : line.kind === 'city' ? '商超配送' : '普通货物',
        distance,
        running_minutes: minutes,
        corridor_width: demoCorridorMeters(line),
        baidu_map_produce: 0,
        remark: `途经${line.roads.join('、')}`.slice(0, 200),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('line_station')
      .values(
        stops.map((station, i) => {
          const seconds = i === 0 ? 0 : (legs[i - 1]?.seconds ?? 0);
          return {
            line_id: created.id,
            seq: i + 1,
            station_type: i === 0 ? 1 : i === stops.length - 1 ? 3 : 2,
            station_id: stationIds.get(`${merchantId}:${station.name}`) ?? null,
            address: station.address,
            lat: micro(station.lat),
            lon: micro(station.lng),
            distance: i === 0 ? 0 : Math.round(legs[i - 1]?.meters ?? 0),
            running_hours: Math.floor(seconds / 3600),
            running_mins: Math.round((seconds % 3600) / 60),
            baidu_map_produce: 0,
          };
        }),
      )
      .execute();
  }
  // each set is kept by the sub-fleet whose trucks it watches, so its staff find it in their list
  const fenceSets = [
    {
      owner: { ...OWNERS.city, teamCode: '10000010020001' },
      name: '城配门店与配送中心',
      stations: watched.city,
    },
    { owner: { ...OWNERS.trunk, teamCode: '10000010010001' }, name: '干线装卸货点', stations: watched.trunk },
    { owner: OWNERS.coal, name: '煤矿与港口装卸点', stations: watched.coal },
  ];
  for (const set of fenceSets) {
    await tx
      .insertInto('fence_set')
      .values({
        merchant_id: merchantIds.get(set.owner.merchant) as number,
        team_code: set.owner.teamCode,
        name: set.name,
        station_ids: [...set.stations].join(','),
        truck_ids: '',
        team_codes: set.owner.teamCode,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
