import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import Supercluster from 'supercluster';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import { type Scope, teamInScope } from '../../http/scope';
import { packedRows, unpackRows } from './packed-rows';
import { isOnline, matchesFilter, type StateCode, type StateFilter, stateCode } from './vehicle-status';

/** A snapshot older than this is reloaded (in the background: callers get the previous one meanwhile). */
export const SNAPSHOT_MAX_AGE_MS = 2000;
/** Cluster indexes of filters not asked for this long are not rebuilt on reload. */
const INDEX_IDLE_MS = 60_000;
const MAX_INDEXES = 64;
/** Plates, VINs and teams are re-read this often, and at once when a truck's updated_at changes. */
const IDENTITY_MAX_AGE_MS = 30_000;
/** Latest-state columns read every reload (numbers only), with the truck's last master-data change. */
const STATE_COLUMNS = [
  'vs.truck_id',
  'vs.lat',
  'vs.lon',
  'vs.speed',
  'vs.direction',
  'vs.time',
  'vs.received_at',
  'vs.online',
  'vs.alarm_bits',
  't.updated_at',
];
export const CLUSTER_OPTIONS = { radius: 80, maxZoom: 16, minPoints: 2 } as const;

/** One located vehicle of a merchant, as the map aggregation needs it. */
export interface SnapshotVehicle {
  truckId: number;
  vin: string;
  carNo: string;
  teamCode: string;
  lng: number;
  lat: number;
  /** 0.1 km/h. */
  speed: number;
  direction: number;
  time: number;
  online: boolean;
  code: StateCode;
  alarm: boolean;
}

/** What the map shows: scope, checked teams and vehicles, plate search and the state filter. */
export interface MapFilter {
  scope: Scope;
  teamCodeList: readonly string[];
  vinList: readonly string[];
  keyword: string;
  state: StateFilter;
}

export interface StateCounts {
  total: number;
  online: number;
  offline: number;
  moving: number;
  parked: number;
  alarm: number;
}

export interface MapIndex {
  vehicles: SnapshotVehicle[];
  clusters: Supercluster<{ i: number }>;
  /** Counts over the vehicles of the scope, teams and search, before the state filter. */
  counts: StateCounts;
  lastUsed: number;
}

interface Snapshot {
  vehicles: SnapshotVehicle[];
  loadedAt: number;
  indexes: Map<string, MapIndex>;
}

interface Identity {
  vin: string;
  carNo: string;
  teamCode: string;
  updatedAt: number;
}

interface Entry {
  identities?: Map<number, Identity>;
  identitiesAt: number;
  current?: Snapshot;
  loading?: Promise<Snapshot>;
  filters: Map<string, { filter: MapFilter; lastUsed: number }>;
}

export function filterKey(f: MapFilter): string {
  return JSON.stringify([
    f.scope.teamCode,
    [...f.teamCodeList].sort(),
    [...f.vinList].sort(),
    f.keyword,
    f.state,
  ]);
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function emptyCounts(): StateCounts {
  return { total: 0, online: 0, offline: 0, moving: 0, parked: 0, alarm: 0 };
}

function buildIndex(all: readonly SnapshotVehicle[], f: MapFilter): MapIndex {
  const vins = f.vinList.length > 0 ? new Set(f.vinList) : null;
  const keyword = f.keyword.trim().toUpperCase();
  const counts = emptyCounts();
  const vehicles: SnapshotVehicle[] = [];
  for (const v of all) {
    if (!teamInScope(f.scope, v.teamCode)) continue;
    if (f.teamCodeList.length > 0 && !f.teamCodeList.some((code) => v.teamCode.startsWith(code))) continue;
    if (vins && !vins.has(v.vin)) continue;
    if (keyword && !v.carNo.toUpperCase().includes(keyword) && !v.vin.includes(keyword)) continue;
    counts.total++;
    counts[v.code]++;
    if (v.online) counts.online++;
    if (v.alarm) counts.alarm++;
    if (matchesFilter(f.state, v.code, v.alarm)) vehicles.push(v);
  }
  const clusters = new Supercluster<{ i: number }>(CLUSTER_OPTIONS);
  clusters.load(
    vehicles.map((v, i) => ({
      type: 'Feature' as const,
      properties: { i },
      geometry: { type: 'Point' as const, coordinates: [v.lng, v.lat] },
    })),
  );
  return { vehicles, clusters, counts, lastUsed: Date.now() };
}

/**
 * The located vehicles of each merchant, read in one packed query and kept for SNAPSHOT_MAX_AGE_MS, with a
 * supercluster index a filter (scope, teams, vehicles, search, state). Requests never wait for a
 * reload once a snapshot exists: a stale one is answered while the next loads, and the indexes of
 * the filters in use are rebuilt with it.
 */
export class FleetSnapshots {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly now: () => number,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Plate, VIN and team of the merchant's trucks (they change seldom: read every IDENTITY_MAX_AGE_MS). */
  private async identities(merchantId: number): Promise<Map<number, Identity>> {
    const rows = await this.db
      .selectFrom('truck as t')
      .select(['t.id', 't.vin', 't.car_no as carNo', 't.team_code as teamCode', 't.updated_at as updatedAt'])
      // the whole merchant; each request keeps only its caller's team subtree (teamInScope)
      .where('t.merchant_id', '=', merchantId)
      .where('t.deleted_at', 'is', null)
      .execute();
    return new Map(
      rows.map((r) => [r.id, { vin: r.vin, carNo: r.carNo, teamCode: r.teamCode, updatedAt: r.updatedAt }]),
    );
  }

  private async load(merchantId: number, entry: Entry): Promise<Snapshot> {
    if (!entry.identities || Date.now() - entry.identitiesAt > IDENTITY_MAX_AGE_MS) {
      entry.identities = await this.identities(merchantId);
      entry.identitiesAt = Date.now();
    }
    // the latest states, numbers only, packed into one value by the database
    const packed = packedRows(
      this.dialect,
      STATE_COLUMNS.map((c) => sql.ref(c)),
    );
    const row = await this.db
      .selectFrom('vehicle_state as vs')
      .innerJoin('truck as t', 't.id', 'vs.truck_id')
      .select(packed.as('rows'))
      .where('t.merchant_id', '=', merchantId)
      .where('t.deleted_at', 'is', null)
      .executeTakeFirst();
    const states = unpackRows(row?.rows, STATE_COLUMNS.length);
    await yieldToRequests();
    const v = states.values;
    const w = states.width;
    for (let o = 0; o < v.length; o += w) {
      if (entry.identities?.get(v[o] as number)?.updatedAt !== v[o + 9]) {
        // a truck added, or moved to another team, since the identities were read
        entry.identities = await this.identities(merchantId);
        entry.identitiesAt = Date.now();
        break;
      }
    }
    const identities = entry.identities;
    const now = this.now();
    const vehicles: SnapshotVehicle[] = [];
    for (let o = 0; o < v.length; o += w) {
      const identity = identities?.get(v[o] as number);
      if (!identity) continue;
      const speed = v[o + 3] as number;
      const latest = { receivedAt: v[o + 6] as number, online: v[o + 7] as number, speed };
      vehicles.push({
        truckId: v[o] as number,
        vin: identity.vin,
        carNo: identity.carNo,
        teamCode: identity.teamCode,
        lat: (v[o + 1] as number) / 1e6,
        lng: (v[o + 2] as number) / 1e6,
        speed,
        direction: v[o + 4] as number,
        time: v[o + 5] as number,
        online: isOnline(latest, now),
        code: stateCode(latest, now),
        alarm: v[o + 8] !== 0,
      });
    }
    const snapshot: Snapshot = { vehicles, loadedAt: Date.now(), indexes: new Map() };
    for (const [key, used] of entry.filters) {
      if (Date.now() - used.lastUsed > INDEX_IDLE_MS) {
        entry.filters.delete(key);
        continue;
      }
      // let waiting requests run (on the previous snapshot) between one index and the next
      await yieldToRequests();
      snapshot.indexes.set(key, buildIndex(vehicles, used.filter));
    }
    return snapshot;
  }

  private reload(merchantId: number, entry: Entry): Promise<Snapshot> {
    entry.loading ??= this.load(merchantId, entry).then(
      (snapshot) => {
        entry.current = snapshot;
        entry.loading = undefined;
        return snapshot;
      },
      (err: unknown) => {
        entry.loading = undefined;
        throw err;
      },
    );
    return entry.loading;
  }

  private async snapshot(merchantId: number): Promise<{ snapshot: Snapshot; entry: Entry }> {
    let entry = this.entries.get(merchantId);
    if (!entry) {
      entry = { filters: new Map(), identitiesAt: 0 };
      this.entries.set(merchantId, entry);
    }
    const current = entry.current;
    if (!current) return { snapshot: await this.reload(merchantId, entry), entry };
    if (Date.now() - current.loadedAt > SNAPSHOT_MAX_AGE_MS && !entry.loading) {
      this.reload(merchantId, entry).catch((err: unknown) =>
        this.log?.error({ err }, 'reloading the fleet snapshot failed'),
      );
    }
    return { snapshot: current, entry };
  }

  /** The cluster index of a filter over the caller's merchant. */
  async index(filter: MapFilter): Promise<MapIndex> {
    const { snapshot, entry } = await this.snapshot(filter.scope.merchantId);
    const key = filterKey(filter);
    entry.filters.set(key, { filter, lastUsed: Date.now() });
    let index = snapshot.indexes.get(key);
    if (!index) {
      index = buildIndex(snapshot.vehicles, filter);
      if (snapshot.indexes.size >= MAX_INDEXES) {
        const oldest = [...snapshot.indexes.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
        if (oldest) snapshot.indexes.delete(oldest[0]);
      }
      snapshot.indexes.set(key, index);
    }
    index.lastUsed = Date.now();
    return index;
  }

  /** Reads a merchant's states again now (the indexes in use are rebuilt with them). */
  async refresh(merchantId: number): Promise<void> {
    const entry = this.entries.get(merchantId);
    if (entry) await this.reload(merchantId, entry);
  }

  /** Drops what is kept of a merchant (or of all), so the next call reads the database. */
  invalidate(merchantId?: number): void {
    if (merchantId === undefined) this.entries.clear();
    else this.entries.delete(merchantId);
  }

  /** Waits for reloads under way (the app is closing). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.entries.values()].map((e) => e.loading));
    this.entries.clear();
  }
}
