import { randomUUID } from 'node:crypto';
import { OPERATE_LOG_PAGES, PLAN_STATE, planStateName } from '@fleet/domain';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';
import { persistAlarms } from '../../telematics/alarms/alarm-store';
import { AlarmBatch, type AlarmEngine } from '../../telematics/alarms/engine';
import { type FenceWatch, fenceBox } from '../../telematics/alarms/fence-rules';
import type { PlanMove, PlanStationWatch, PlanWatch } from '../../telematics/alarms/plan-rules';
import { type AlarmSettingsCache, stationShape } from '../../telematics/alarms/settings-cache';
import type { VehicleState } from '../../telematics/ingest/batch-store';

// The plan monitor's database side (issue 13): the current plan of every truck in memory for the
// alarm rules (plan-rules.ts), the progress moves the rules found written after the reports are
// stored (each in its own transaction, in the plan's log, never failing the ingest), and the
// minute's sweep of plans whose truck sent nothing since the planned departure.

/** Bus channel saying the plans of some trucks changed: every process re-reads them. */
export const PLAN_TRUCKS_CHANNEL = 'plan_trucks';
/** How often every current plan is re-read and the silent trucks swept. */
const EVERY_MS = 60_000;
const MAX_TRUCKS_IN_NOTICE = 500;
/** Ids in one query (well under the bound parameters either database takes). */
const CHUNK = 2000;
const HOUR = 3_600_000;
/** Published and distributed plans are current from this long before to this long after departure. */
const AHEAD_MS = 24 * HOUR;
const BEHIND_MS = 24 * HOUR;
/** Stations without a fence of their own: a circle this wide around their point. */
export const DEFAULT_STATION_RADIUS_M = 500;
/** Who the plan's log names for moves the reports made. */
export const GPS_ACTOR = '车辆定位';

type Log = { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };

interface PlanRow {
  id: number;
  plan_no: string;
  merchant_id: number;
  team_code: string;
  truck_id: number | null;
  driver_id: number | null;
  state: number;
  line_id: number | null;
  planned_depart_at: number | null;
  planned_arrive_at: number | null;
  distributed_at: number | null;
  departed_at: number | null;
  arrived_at: number | null;
  max_seq: number;
  truck_team: string;
  terminal_id: number | null;
  line_name: string | null;
}

/** A plan's station row with its place and fence. */
interface StationRow {
  plan_id: number;
  seq: number;
  station_type: number;
  station_id: number | null;
  address: string;
  distance: number | string;
  planned_arrive_at: number | null;
  planned_depart_at: number | null;
  s_name: string | null;
  s_lat: number | null;
  s_lon: number | null;
  fence_type: string | null;
  radius: number | null;
  polygon: string | null;
  ls_lat: number | null;
  ls_lon: number | null;
}

/** A station row's fence: the station's own, else a 500 m circle around its point. */
export function rowFence(r: StationRow): { lat: number; lon: number; fence: FenceWatch } | null {
  const lat = r.s_lat ?? r.ls_lat;
  const lon = r.s_lon ?? r.ls_lon;
  if (lat === null || lon === null) return null;
  const own =
    r.s_lat !== null && r.s_lon !== null && r.fence_type !== null
      ? stationShape({
          lat: r.s_lat,
          lon: r.s_lon,
          fence_type: r.fence_type,
          radius: r.radius,
          polygon: r.polygon,
        })
      : null;
  const shape = own ?? {
    type: 'circle' as const,
    lat: lat / 1e6,
    lng: lon / 1e6,
    radius: DEFAULT_STATION_RADIUS_M,
  };
  return {
    lat,
    lon,
    fence: {
      stationId: r.station_id ?? 0,
      name: r.s_name ?? r.address,
      shape,
      box: fenceBox(shape),
      notifyEnter: false,
      notifyExit: false,
      fenceSetIds: [],
    },
  };
}

/** The station rows of plans with their places (the station's, else the line row's). */
export async function planStationRows(
  db: Kysely<Database>,
  planIds: readonly number[],
): Promise<StationRow[]> {
  const out: StationRow[] = [];
  for (let i = 0; i < planIds.length; i += CHUNK) {
    const ids = planIds.slice(i, i + CHUNK);
    out.push(
      ...(await db
        .selectFrom('plan_station as ps')
        .innerJoin('plan as p', 'p.id', 'ps.plan_id')
        .leftJoin('station as s', 's.id', 'ps.station_id')
        .leftJoin('line_station as ls', (j) =>
          j.onRef('ls.line_id', '=', 'p.line_id').onRef('ls.seq', '=', 'ps.seq'),
        )
        .select([
          'ps.plan_id',
          'ps.seq',
          'ps.station_type',
          'ps.station_id',
          'ps.address',
          'ps.distance',
          'ps.planned_arrive_at',
          'ps.planned_depart_at',
          's.name as s_name',
          's.lat as s_lat',
          's.lon as s_lon',
          's.fence_type',
          's.radius',
          's.polygon',
          'ls.lat as ls_lat',
          'ls.lon as ls_lon',
        ])
        .where('ps.plan_id', 'in', ids)
        .orderBy('ps.plan_id')
        .orderBy('ps.seq')
        .execute()),
    );
  }
  return out;
}

/**
 * The current plan of every truck (its running plan, else its published or distributed plan whose
 * departure is nearest the clock, within a day either way), read at start, on notices of changed
 * plans and every minute; the progress moves of the alarm rules written; the sweep of silent trucks.
 */
export class PlanMonitor {
  private trucks = new Map<number, PlanWatch>();
  private readonly origin = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly running = new Set<Promise<unknown>>();
  /** Moves written by this process (tests, benchmarks). */
  moves = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus | null,
    private readonly log: Log,
    private readonly settings: AlarmSettingsCache,
    private readonly engine: AlarmEngine,
    private readonly latest: (truckId: number) => VehicleState | undefined,
    private readonly now: () => number,
  ) {}

  planOf(truckId: number): PlanWatch | null {
    return this.trucks.get(truckId) ?? null;
  }

  /** Trucks with a current plan (tests, benchmarks). */
  get size(): number {
    return this.trucks.size;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.load();
    this.engine.onPlanMoves = (moves) => this.write(moves);
    this.engine.onPlanError = (err, planId) =>
      this.log.error({ err, planId }, 'plan rules failed on a report');
    this.unsubscribe =
      this.bus?.subscribe(PLAN_TRUCKS_CHANNEL, (payload) => {
        const p = payload as { origin?: string; truckIds?: number[]; all?: boolean } | null;
        if (!p || p.origin === this.origin) return;
        const done = p.all ? this.load() : this.refresh(p.truckIds ?? []);
        done.catch((err) => this.log.error({ err }, 'current plans not reloaded'));
      }) ?? null;
    this.timer = setInterval(() => {
      this.track(
        this.load()
          .then(() => this.sweep())
          .catch((err) => this.log.error({ err }, 'current plans not reloaded')),
      );
    }, EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.engine.onPlanMoves = null;
    this.engine.onPlanError = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.settled();
  }

  /** Resolves when the moves and sweeps started so far have ended. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
    await this.queue;
  }

  private track<T>(p: Promise<T>): void {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  /** After a committed change of plans: re-reads these trucks' plans here, and tells the others. */
  async changed(truckIds: readonly (number | null | undefined)[]): Promise<void> {
    const ids = [...new Set(truckIds.filter((id): id is number => typeof id === 'number'))];
    if (ids.length === 0) return;
    if (ids.length > MAX_TRUCKS_IN_NOTICE) {
      await this.load();
      await this.bus?.publish(PLAN_TRUCKS_CHANNEL, { origin: this.origin, all: true });
      return;
    }
    await this.refresh(ids);
    await this.bus?.publish(PLAN_TRUCKS_CHANNEL, { origin: this.origin, truckIds: ids });
  }

  /** `changed` for the routes: plans of these trucks were written; never throws (logged). */
  async notify(truckIds: readonly unknown[]): Promise<void> {
    try {
      await this.changed(truckIds.map((id) => (typeof id === 'number' ? id : null)));
    } catch (err) {
      this.log.error({ err }, 'current plans not reloaded');
    }
  }

  /** Re-reads every current plan; the map is replaced at once. */
  async load(): Promise<void> {
    this.trucks = await this.read(null);
  }

  async refresh(truckIds: readonly number[]): Promise<void> {
    for (let i = 0; i < truckIds.length; i += CHUNK) {
      const ids = truckIds.slice(i, i + CHUNK);
      const found = await this.read(ids);
      for (const id of ids) {
        const plan = found.get(id);
        if (plan) this.trucks.set(id, plan);
        else this.trucks.delete(id);
      }
    }
  }

  private async read(truckIds: readonly number[] | null): Promise<Map<number, PlanWatch>> {
    const out = new Map<number, PlanWatch>();
    if (truckIds && truckIds.length === 0) return out;
    const at = this.now();
    let q = this.db
      .selectFrom('plan as p')
      .innerJoin('truck as t', 't.id', 'p.truck_id')
      .leftJoin('line as l', 'l.id', 'p.line_id')
      .select([
        'p.id',
        'p.plan_no',
        'p.merchant_id',
        'p.team_code',
        'p.truck_id',
        'p.driver_id',
        'p.state',
        'p.line_id',
        'p.planned_depart_at',
        'p.planned_arrive_at',
        'p.distributed_at',
        'p.departed_at',
        'p.arrived_at',
        'p.max_seq',
        't.team_code as truck_team',
        't.terminal_id',
        'l.name as line_name',
      ])
      // the condition of the partial index plan_current_idx (migration 0029), in its literals
      .where(sql<boolean>`p.state in (1, 2, 3)`)
      .where('p.planned_depart_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('p.state', '=', PLAN_STATE.running),
          eb.and([
            eb('p.planned_depart_at', '>=', at - BEHIND_MS),
            eb('p.planned_depart_at', '<=', at + AHEAD_MS),
          ]),
        ]),
      );
    if (truckIds) q = q.where('p.truck_id', 'in', truckIds);
    const plans = (await q.orderBy('p.id').execute()) as PlanRow[];
    // each truck's current one: its running plan, else the departure nearest the clock
    const chosen = new Map<number, PlanRow>();
    const rank = (p: PlanRow) =>
      p.state === PLAN_STATE.running ? -1 : Math.abs((p.planned_depart_at as number) - at);
    for (const p of plans) {
      if (p.truck_id === null) continue;
      const seen = chosen.get(p.truck_id);
      if (!seen || rank(p) < rank(seen)) chosen.set(p.truck_id, p);
    }
    const ids = [...chosen.values()].map((p) => p.id);
    const [stations, raised] = await Promise.all([planStationRows(this.db, ids), this.raisedOf(ids)]);
    const rowsOf = new Map<number, StationRow[]>();
    for (const r of stations) {
      const list = rowsOf.get(r.plan_id) ?? [];
      list.push(r);
      rowsOf.set(r.plan_id, list);
    }
    for (const p of chosen.values()) {
      try {
        const watch = this.watchOf(p, rowsOf.get(p.id) ?? [], raised.get(p.id) ?? []);
        if (watch) out.set(watch.truckId, watch);
      } catch (err) {
        // a broken plan is left out, never the others
        this.log.error({ err, planId: p.id }, 'plan not watched');
      }
    }
    return out;
  }

  private async raisedOf(planIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    for (let i = 0; i < planIds.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('alarm')
        .select(['plan_id', 'code'])
        .where('plan_id', 'in', planIds.slice(i, i + CHUNK))
        .where('code', 'in', [4001, 4002, 4003, 4004])
        .execute();
      for (const r of rows) {
        if (r.plan_id === null) continue;
        const list = out.get(r.plan_id) ?? [];
        if (!list.includes(r.code)) list.push(r.code);
        out.set(r.plan_id, list);
      }
    }
    return out;
  }

  private watchOf(p: PlanRow, rows: readonly StationRow[], raised: number[]): PlanWatch | null {
    if (p.truck_id === null || p.planned_depart_at === null) return null;
    const stations: PlanStationWatch[] = [];
    for (const r of rows) {
      const place = rowFence(r);
      if (!place) {
        this.log.warn?.({ planId: p.id, seq: r.seq }, 'plan station row without a place: not watched');
        continue;
      }
      stations.push({
        seq: r.seq,
        stationType: r.station_type,
        stationId: r.station_id,
        name: r.s_name ?? r.address,
        lat: place.lat,
        lon: place.lon,
        fence: place.fence,
        distance: Number(r.distance) || 0,
        plannedArriveAt: r.planned_arrive_at,
        plannedDepartAt: r.planned_depart_at,
      });
    }
    return {
      planId: p.id,
      planNo: p.plan_no,
      merchantId: p.merchant_id,
      teamCode: p.team_code,
      truckId: p.truck_id,
      truckTeamCode: p.truck_team,
      driverId: p.driver_id,
      terminalId: p.terminal_id,
      state: p.state,
      lineId: p.line_id,
      lineName: p.line_name ?? '',
      line: p.line_id === null ? null : this.settings.lineCorridor(p.line_id),
      plannedDepartAt: p.planned_depart_at,
      plannedArriveAt: p.planned_arrive_at,
      distributedAt: p.distributed_at,
      departedAt: p.departed_at,
      arrivedAt: p.arrived_at,
      maxSeq: p.max_seq,
      stations,
      raised,
    };
  }

  /** The moves of a committed batch, in order, each in its own transaction, after the ones before. */
  private write(moves: PlanMove[]): void {
    if (this.stopped) return;
    const run = this.queue.then(async () => {
      const trucks = new Set<number>();
      for (const m of moves) {
        try {
          if (await applyPlanMove(this.db, m)) this.moves++;
        } catch (err) {
          this.log.error({ err, planId: m.planId, kind: m.kind }, 'plan progress not written');
        }
        // a departure changes the plan's state and a finish ends it: the current plans re-read; the
        // stations reached on the way are the rule state's already (the plan's own max_seq follows)
        if (m.kind === 'depart' || m.finish) trucks.add(m.truckId);
      }
      if (trucks.size > 0)
        await this.changed([...trucks]).catch((err) => this.log.error({ err }, 'current plans not reloaded'));
    });
    this.queue = run;
    this.track(run);
  }

  /**
   * Plans not departed whose truck sent nothing since the planned departure: late departure raised
   * through the alarm rules, written in a transaction of their own.
   */
  async sweep(): Promise<number> {
    if (this.stopped) return 0;
    const at = this.now();
    const due: PlanWatch[] = [];
    for (const plan of this.trucks.values()) {
      if (plan.state !== PLAN_STATE.published && plan.state !== PLAN_STATE.distributed) continue;
      if (plan.departedAt !== null || plan.plannedDepartAt > at) continue;
      due.push(plan);
    }
    if (due.length === 0) return 0;
    const batch = new AlarmBatch();
    try {
      this.engine.sweep(batch, due, at, this.latest);
      if (batch.changed.size === 0) {
        this.engine.committed(batch);
        return 0;
      }
      const publish = await this.db.transaction().execute((tx) => persistAlarms(tx, batch.changed, at));
      this.engine.committed(batch);
      publish();
      return batch.changed.size;
    } catch (err) {
      batch.rollback();
      this.log.error({ err }, 'plan sweep not written');
      return 0;
    }
  }
}

/** The log line of a move. */
function moveContent(planNo: string, m: PlanMove, station: string, from: number, to: number): string {
  const change = from === to ? '' : `${planStateName(from)} → ${planStateName(to)}，`;
  const what =
    m.kind === 'depart'
      ? `驶离起点“${station}”`
      : m.kind === 'leave'
        ? `驶离第${m.seq}站“${station}”`
        : m.finish
          ? `到达终点“${station}”`
          : `到达第${m.seq}站“${station}”`;
  return `计划${planNo}：${change}${what}（${GPS_ACTOR}）`;
}

/**
 * One move in one transaction on the plan row as it is now: a departure of a distributed plan, an
 * arrival or leaving of a running one; the station row's actual time only when not recorded yet.
 * False when the plan is no longer in a state the move applies to (moved elsewhere, cancelled).
 */
export async function applyPlanMove(db: Kysely<Database>, m: PlanMove): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    let q = tx
      .selectFrom('plan')
      .select(['id', 'plan_no', 'merchant_id', 'team_code', 'state', 'max_seq', 'departed_at'])
      .where('id', '=', m.planId)
      .where('merchant_id', '=', m.merchantId);
    if (tx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
    const plan = await q.executeTakeFirst();
    if (!plan) return false;
    const station = await tx
      .selectFrom('plan_station as ps')
      .leftJoin('station as s', 's.id', 'ps.station_id')
      .select(['ps.id', 'ps.address', 's.name', 'ps.actual_arrive_at', 'ps.actual_depart_at'])
      .where('ps.plan_id', '=', m.planId)
      .where('ps.seq', '=', m.seq)
      .executeTakeFirst();
    if (!station) return false;
    const from = plan.state;
    let to = from;
    if (m.kind === 'depart') {
      if (from !== PLAN_STATE.distributed) return false;
      to = PLAN_STATE.running;
      await tx
        .updateTable('plan')
        .set({ state: to, departed_at: m.time, max_seq: Math.max(plan.max_seq, m.seq), updated_at: m.time })
        .where('id', '=', plan.id)
        .execute();
      if (station.actual_depart_at === null)
        await tx
          .updateTable('plan_station')
          .set({ actual_depart_at: m.time })
          .where('id', '=', station.id)
          .execute();
    } else if (m.kind === 'arrive') {
      if (from !== PLAN_STATE.running) return false;
      to = m.finish ? PLAN_STATE.finished : from;
      await tx
        .updateTable('plan')
        .set({
          state: to,
          max_seq: Math.max(plan.max_seq, m.seq),
          ...(m.finish ? { arrived_at: m.time } : {}),
          updated_at: m.time,
        })
        .where('id', '=', plan.id)
        .execute();
      if (station.actual_arrive_at === null)
        await tx
          .updateTable('plan_station')
          .set({ actual_arrive_at: m.time })
          .where('id', '=', station.id)
          .execute();
    } else {
      if (from !== PLAN_STATE.running) return false;
      if (station.actual_depart_at !== null) return false;
      await tx
        .updateTable('plan_station')
        .set({ actual_depart_at: m.time })
        .where('id', '=', station.id)
        .execute();
    }
    await tx
      .insertInto('operate_log')
      .values({
        merchant_id: plan.merchant_id,
        team_code: plan.team_code,
        page_enum: OPERATE_LOG_PAGES.plan,
        data_id: String(plan.id),
        user_id: null,
        account_name: GPS_ACTOR,
        content: moveContent(plan.plan_no, m, station.name ?? station.address, from, to).slice(0, 2000),
        created_at: m.time,
      })
      .execute();
    return true;
  });
}
