import { randomUUID } from 'node:crypto';
import { OPERATE_LOG_PAGES, WAYBILL_SOURCE, WAYBILL_STATE, waybillStateName } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';
import { type FenceWatch, fenceBox, insideFence } from '../../telematics/alarms/fence-rules';
import { stationShape } from '../../telematics/alarms/settings-cache';
import { located, type PositionRow } from '../../telematics/ingest/position';
import { type Actor, lockedWaybill, moveRefusal, moveWaybill } from './waybill-flow';

// Moves of a waybill by its truck's own position (issue 12, item 3): the truck entering the loading
// station's fence moves it to 装货中, leaving that fence with the loading weight recorded to 运输中,
// entering the unloading station's fence to 已到达. Evaluated after the reports are stored and
// acknowledged, from a per-truck cache of open waybills: a truck without one costs one map lookup.

/** Bus channel saying the open waybills of some trucks changed: every process re-reads them. */
export const WAYBILL_TRUCKS_CHANNEL = 'waybill_trucks';
/** How often the whole cache is re-read (waybills changed without a notice, station fences edited). */
const RELOAD_EVERY_MS = 60_000;
/** More trucks than this in one notice: the receivers re-read everything (NOTIFY payload limit). */
const MAX_TRUCKS_IN_NOTICE = 500;

interface OpenWaybill {
  id: number;
  merchantId: number;
  teamCode: string;
  status: number;
  loading: FenceWatch | null;
  unloading: FenceWatch | null;
}

/** Where the truck was at its last report, by station id (stations of its open waybills). */
interface FenceMemory {
  lastTime: number;
  inside: Set<number>;
  known: Set<number>;
}

interface TruckWaybills {
  plate: string;
  waybills: OpenWaybill[];
  memory: FenceMemory;
}

interface Move {
  truckId: number;
  plate: string;
  waybill: OpenWaybill;
  from: number;
  to: number;
  fence: FenceWatch;
  row: PositionRow;
}

type Log = { error(obj: object, msg: string): void };

function fenceOf(
  station: {
    id: number;
    name: string;
    lat: number;
    lon: number;
    fence_type: string;
    radius: number | null;
    polygon: string | null;
  },
  seen: Map<number, FenceWatch | null>,
): FenceWatch | null {
  const known = seen.get(station.id);
  if (known !== undefined) return known;
  const shape = stationShape(station);
  const fence: FenceWatch | null = shape
    ? {
        stationId: station.id,
        name: station.name,
        shape,
        box: fenceBox(shape),
        notifyEnter: false,
        notifyExit: false,
        fenceSetIds: [],
      }
    : null;
  seen.set(station.id, fence);
  return fence;
}

/** The content of a move's timeline row. */
function moveContent(m: Move): string {
  const where =
    m.to === WAYBILL_STATE.inTransit
      ? `驶离装货地“${m.fence.name}”围栏`
      : `驶入${m.to === WAYBILL_STATE.arrived ? '卸货地' : '装货地'}“${m.fence.name}”围栏`;
  return `${waybillStateName(m.from)} → ${waybillStateName(m.to)}（车辆定位：${where}）`;
}

/**
 * The open waybills (not cancelled, 待装货, 装货中 or 运输中) of every truck with their two stations'
 * fences, in memory, and the moves their trucks' reports make. `observe` is called by the ingest
 * after a batch of reports committed; moves run afterwards, each in its own transaction, and never
 * touch the reports. On PostgreSQL with several processes a move may be tried twice: the state is
 * checked again on the locked row, so the second try changes nothing.
 */
export class WaybillFences {
  private trucks = new Map<number, TruckWaybills>();
  private readonly pending = new Set<number>();
  private readonly running = new Set<Promise<void>>();
  private readonly origin = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Moves made by this process (tests, benchmarks). */
  moves = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus | null,
    private readonly log: Log,
  ) {}

  /** Reads every open waybill, follows notices of other processes and re-reads every minute. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.load();
    this.unsubscribe =
      this.bus?.subscribe(WAYBILL_TRUCKS_CHANNEL, (payload) => {
        const p = payload as { origin?: string; truckIds?: number[]; all?: boolean } | null;
        if (!p || p.origin === this.origin) return;
        const done = p.all ? this.load() : this.refresh(p.truckIds ?? []);
        done.catch((err) => this.log.error({ err }, 'open waybills not reloaded'));
      }) ?? null;
    this.timer = setInterval(() => {
      this.load().catch((err) => this.log.error({ err }, 'open waybills not reloaded'));
    }, RELOAD_EVERY_MS);
    this.timer.unref();
  }

  /** Stops following changes and waits for the moves under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.settled();
  }

  /** Resolves when the moves started so far have ended. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Trucks with open waybills in the cache (tests, benchmarks). */
  get size(): number {
    return this.trucks.size;
  }

  /**
   * After a committed change of waybills (created, edited, weighed, moved, cancelled): re-reads the
   * open waybills of these trucks here, and tells the other processes to.
   */
  async changed(truckIds: readonly number[]): Promise<void> {
    const ids = [...new Set(truckIds)];
    if (ids.length === 0) return;
    if (ids.length > MAX_TRUCKS_IN_NOTICE) {
      await this.load();
      await this.bus?.publish(WAYBILL_TRUCKS_CHANNEL, { origin: this.origin, all: true });
      return;
    }
    await this.refresh(ids);
    await this.bus?.publish(WAYBILL_TRUCKS_CHANNEL, { origin: this.origin, truckIds: ids });
  }

  /** Re-reads every open waybill; the cache is replaced at once, the trucks' fence memory kept. */
  async load(): Promise<void> {
    const merchants = await this.db.selectFrom('merchant').select('id').execute();
    const next = await this.read(
      merchants.map((m) => m.id),
      null,
    );
    this.trucks = next;
  }

  /** Re-reads the open waybills of these trucks. */
  async refresh(truckIds: readonly number[]): Promise<void> {
    for (let i = 0; i < truckIds.length; i += 500) {
      const ids = truckIds.slice(i, i + 500);
      const found = await this.read(null, ids);
      for (const id of ids) {
        const entry = found.get(id);
        if (entry) this.trucks.set(id, entry);
        else this.trucks.delete(id);
      }
    }
  }

  private async read(
    merchantIds: number[] | null,
    truckIds: readonly number[] | null,
  ): Promise<Map<number, TruckWaybills>> {
    const out = new Map<number, TruckWaybills>();
    if ((merchantIds && merchantIds.length === 0) || (truckIds && truckIds.length === 0)) return out;
    let q = this.db
      .selectFrom('waybill as w')
      .innerJoin('truck as t', 't.id', 'w.truck_id')
      .innerJoin('station as ls', 'ls.id', 'w.loading_station_id')
      .innerJoin('station as us', 'us.id', 'w.unloading_station_id')
      .select([
        'w.id',
        'w.merchant_id',
        'w.team_code',
        'w.truck_id',
        'w.status',
        't.car_no',
        'ls.id as ls_id',
        'ls.name as ls_name',
        'ls.lat as ls_lat',
        'ls.lon as ls_lon',
        'ls.fence_type as ls_fence_type',
        'ls.radius as ls_radius',
        'ls.polygon as ls_polygon',
        'us.id as us_id',
        'us.name as us_name',
        'us.lat as us_lat',
        'us.lon as us_lon',
        'us.fence_type as us_fence_type',
        'us.radius as us_radius',
        'us.polygon as us_polygon',
      ])
      // the condition of the partial index waybill_open_idx (migration 0027), in its literals
      .where(sql<boolean>`w.cancelled = 0 and w.status in (1, 2, 3)`);
    // the indexes (merchant, status, …) and (truck, status, …) of the waybill table
    if (merchantIds) q = q.where('w.merchant_id', 'in', merchantIds);
    if (truckIds) q = q.where('w.truck_id', 'in', truckIds);
    const rows = await q.orderBy('w.id').execute();
    const fences = new Map<number, FenceWatch | null>();
    for (const r of rows) {
      const loading = fenceOf(
        {
          id: r.ls_id,
          name: r.ls_name,
          lat: r.ls_lat,
          lon: r.ls_lon,
          fence_type: r.ls_fence_type,
          radius: r.ls_radius,
          polygon: r.ls_polygon,
        },
        fences,
      );
      const unloading = fenceOf(
        {
          id: r.us_id,
          name: r.us_name,
          lat: r.us_lat,
          lon: r.us_lon,
          fence_type: r.us_fence_type,
          radius: r.us_radius,
          polygon: r.us_polygon,
        },
        fences,
      );
      if (!loading && !unloading) continue;
      let entry = out.get(r.truck_id);
      if (!entry) {
        entry = {
          plate: r.car_no,
          waybills: [],
          memory: this.trucks.get(r.truck_id)?.memory ?? { lastTime: 0, inside: new Set(), known: new Set() },
        };
        out.set(r.truck_id, entry);
      }
      entry.waybills.push({
        id: r.id,
        merchantId: r.merchant_id,
        teamCode: r.team_code,
        status: r.status,
        loading,
        unloading,
      });
    }
    return out;
  }

  /** Reports of one committed batch (those the ingest believed), in the order received. */
  observe(rows: readonly PositionRow[]): void {
    if (this.stopped) return;
    for (const row of rows) {
      const truck = this.trucks.get(row.truckId);
      if (truck !== undefined) this.check(row, truck);
    }
  }

  private check(row: PositionRow, truck: TruckWaybills): void {
    const m = truck.memory;
    if (!located(row.statusBits) || row.time <= m.lastTime) return;
    m.lastTime = row.time;
    const now = new Set<number>();
    const seen = new Set<number>();
    const inside = (f: FenceWatch) => {
      if (!seen.has(f.stationId)) {
        seen.add(f.stationId);
        if (insideFence(f, row.lat, row.lon)) now.add(f.stationId);
      }
      return now.has(f.stationId);
    };
    for (const w of truck.waybills) {
      if (this.pending.has(w.id)) {
        if (w.loading) inside(w.loading);
        if (w.unloading) inside(w.unloading);
        continue;
      }
      if (w.status === WAYBILL_STATE.toLoad && w.loading && inside(w.loading)) {
        this.move({
          truckId: row.truckId,
          plate: truck.plate,
          waybill: w,
          from: 1,
          to: 2,
          fence: w.loading,
          row,
        });
      } else if (w.status === WAYBILL_STATE.loading && w.loading) {
        const id = w.loading.stationId;
        // leaving: inside at the truck's previous report, outside now (the weight is checked in the move)
        if (!inside(w.loading) && m.known.has(id) && m.inside.has(id))
          this.move({
            truckId: row.truckId,
            plate: truck.plate,
            waybill: w,
            from: 2,
            to: 3,
            fence: w.loading,
            row,
          });
      } else if (w.status === WAYBILL_STATE.inTransit && w.unloading && inside(w.unloading)) {
        this.move({
          truckId: row.truckId,
          plate: truck.plate,
          waybill: w,
          from: 3,
          to: 4,
          fence: w.unloading,
          row,
        });
      }
      if (w.loading) inside(w.loading);
      if (w.unloading) inside(w.unloading);
    }
    m.inside = now;
    m.known = seen;
  }

  private move(m: Move): void {
    this.pending.add(m.waybill.id);
    const run = this.apply(m)
      .then((moved) => {
        if (moved) {
          this.moves++;
          m.waybill.status = m.to;
          if (m.to === WAYBILL_STATE.arrived) return this.refresh([m.truckId]);
          return undefined;
        }
        // moved elsewhere, cancelled or not loaded yet: read the truck's waybills again
        return this.refresh([m.truckId]);
      })
      .catch((err) => this.log.error({ err, waybillId: m.waybill.id }, 'waybill not moved by its fence'))
      .finally(() => {
        this.pending.delete(m.waybill.id);
        this.running.delete(run);
      });
    this.running.add(run);
  }

  /** The move in one transaction; false when the locked row is no longer in the state it leaves. */
  private async apply(m: Move): Promise<boolean> {
    const { row } = m;
    return this.db.transaction().execute(async (tx) => {
      const w = await lockedWaybill(tx, m.waybill.merchantId, m.waybill.id);
      // moved meanwhile (another process, the office), cancelled, or leaving without the loading
      // weight: nothing to do, and no error
      if (!w || w.status !== m.from || moveRefusal(w, m.to) !== undefined) return false;
      const actor: Actor = {
        source: WAYBILL_SOURCE.gps,
        name: m.plate,
        stationId: m.fence.stationId,
        lat: row.lat / 1e6,
        lng: row.lon / 1e6,
      };
      const content = moveContent(m);
      await moveWaybill(tx, w, m.to, actor, row.time, content);
      await tx
        .insertInto('operate_log')
        .values({
          merchant_id: w.merchant_id,
          team_code: w.team_code,
          page_enum: OPERATE_LOG_PAGES.waybill,
          data_id: String(w.id),
          user_id: null,
          account_name: m.plate.slice(0, 50),
          content: `运单${w.bill_no}：${content}`,
          created_at: row.time,
        })
        .execute();
      return true;
    });
  }
}
