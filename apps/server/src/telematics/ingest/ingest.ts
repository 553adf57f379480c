import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { persistAlarms } from '../alarms/alarm-store';
import { AlarmBatch, type AlarmEngine } from '../alarms/engine';
import { loadOpenAlarms } from '../alarms/restore';
import { type BatchStore, batchStore, type VehicleState } from './batch-store';
import { GroupCommit, type GroupCommitOptions } from './group-commit';
import { ReportFilter } from './plausibility';
import { accOn, located, type PositionRow } from './position';
import { persistChanges } from './track-store';
import { type TrackChange, type TruckScope, TruckTrack } from './trips';
import { restoreTrack, type TrackRestore } from './trips-restore';

export type { VehicleState };

/** What the writer keeps of a truck: its trips, and which batch last touched it. */
interface TruckEntry {
  track: TruckTrack;
  /** Number of the last batch that took a snapshot of the track (see `commit`). */
  batch: number;
  /** Newest state of the batch being written (null until its first report in that batch). */
  newest: VehicleState | null;
}

type IngestJob =
  | { kind: 'store'; rows: number; scope: TruckScope; positions: PositionRow[]; done: (ok: boolean) => void }
  | { kind: 'online'; rows: 0; truckId: number; online: boolean }
  | { kind: 'expire'; rows: 0; now: number };

export interface IngestOptions extends GroupCommitOptions {
  stopThresholdMs: number;
  /** SQLite on a file: write from the writer thread (default true; see batch-store.ts). */
  writerThread?: boolean;
  /** Where failed transactions are reported. */
  log: { error(obj: object, msg: string): void };
  /** Alarm rules evaluated on every report, their alarms written in the reports' transaction. */
  alarms?: AlarmEngine;
  /** Clock of the alarms' created and updated times; default Date.now. */
  now?: () => number;
  /**
   * Called with the believed reports of each committed batch, after their acknowledgements
   * (waybill fence events); it must not throw and must not wait for anything.
   */
  afterStore?: (rows: readonly PositionRow[]) => void;
}

/**
 * Stores location reports: positions, the latest state of each truck (memory and `vehicle_state`),
 * and trips and stops, all of a batch in one transaction (see `GroupCommit`). A report's `done`
 * is called after that transaction committed (true) or failed (false), never before.
 */
export class Ingest {
  /** Latest state by truck id: read it, never write it (the writer owns it). */
  readonly latest = new Map<number, VehicleState>();
  private readonly trucks = new Map<number, TruckEntry>();
  private batchNo = 0;
  private readonly restoring = new Map<number, Pick<TrackRestore, 'trip' | 'stop'>>();
  private readonly writer: GroupCommit<IngestJob>;
  private closed = false;
  /** Positions committed since start (benchmarks). */
  storedRows = 0;
  private readonly db: Kysely<Database>;
  private readonly persist: BatchStore;
  private readonly plausible = new ReportFilter();
  /** Believed reports of the batch being committed, for `afterStore` once it is settled. */
  private believed: PositionRow[] | null = null;

  constructor(
    database: Db,
    private readonly options: IngestOptions,
  ) {
    this.db = database.db;
    this.persist = batchStore(database, options.log, options.writerThread ?? true);
    this.writer = new GroupCommit<IngestJob>(
      (batch) => this.commit(batch),
      (batch, error) => this.settle(batch, error),
      options,
    );
  }

  /** Rows waiting for or inside a transaction. */
  get backlog(): number {
    return this.writer.backlog;
  }

  /** Called after each commit; the gateway resumes paused sockets from here. */
  set onDrained(listener: (() => void) | null) {
    this.writer.onDrained = listener;
  }

  /** Reads the latest states, the open trips and stops, and the open alarms (at start). */
  async load(): Promise<void> {
    if (this.options.alarms) this.options.alarms.restore(await loadOpenAlarms(this.db));
    const states = await this.db.selectFrom('vehicle_state').selectAll().execute();
    for (const state of states) this.latest.set(state.truck_id, state);
    const trips = await this.db.selectFrom('trip').selectAll().where('end_time', 'is', null).execute();
    const stops = await this.db.selectFrom('stop').selectAll().where('end_time', 'is', null).execute();
    for (const trip of trips) this.restoring.set(trip.truck_id, { trip, stop: null });
    for (const stop of stops) {
      const entry = this.restoring.get(stop.truck_id);
      if (entry) entry.stop = stop;
      else this.restoring.set(stop.truck_id, { trip: null, stop });
    }
  }

  /** Marks every vehicle offline (no connection survives a restart of the gateway). */
  async markAllOffline(): Promise<void> {
    await this.db.updateTable('vehicle_state').set({ online: 0 }).where('online', '=', 1).execute();
    for (const state of this.latest.values()) state.online = 0;
  }

  /** Queues the positions of one message (one transaction for all of them); `done` after commit. */
  store(scope: TruckScope, positions: PositionRow[], done: (ok: boolean) => void): void {
    if (this.closed) {
      queueMicrotask(() => done(false));
      return;
    }
    this.writer.push({ kind: 'store', rows: positions.length, scope, positions, done });
  }

  /** Queues an online flag change, ordered with the reports around it. */
  setOnline(truckId: number, online: boolean): void {
    if (this.closed) return;
    this.writer.push({ kind: 'online', rows: 0, truckId, online });
  }

  /** Ends the trips of trucks that stand and stopped reporting longer than the stop threshold. */
  expireTrips(now: number): void {
    if (this.closed) return;
    this.writer.push({ kind: 'expire', rows: 0, now });
  }

  /** Resolves when everything queued so far is committed. */
  drain(): Promise<void> {
    return this.writer.drain();
  }

  /** Drains the queue, then saves the open trips' progress. */
  async close(): Promise<void> {
    this.closed = true;
    try {
      await this.writer.drain();
      const changes: TrackChange[] = [];
      for (const entry of this.trucks.values()) entry.track.flush(changes);
      if (changes.length > 0) {
        await this.db.transaction().execute((tx) => persistChanges(tx, changes));
      }
    } finally {
      await this.persist.close();
    }
  }

  private entry(scope: TruckScope): TruckEntry {
    let entry = this.trucks.get(scope.truckId);
    if (!entry) {
      const restore = this.restoring.get(scope.truckId);
      const last = this.latest.get(scope.truckId) ?? null;
      const track =
        restore || last
          ? restoreTrack(scope, this.options.stopThresholdMs, {
              trip: restore?.trip ?? null,
              stop: restore?.stop ?? null,
              last,
            })
          : new TruckTrack(scope, this.options.stopThresholdMs);
      this.restoring.delete(scope.truckId);
      entry = { track, batch: 0, newest: null };
      this.trucks.set(scope.truckId, entry);
    } else {
      entry.track.scope = scope;
    }
    return entry;
  }

  /** Takes the snapshot of a truck's track on its first report of batch `batch` (for rollback). */
  private static touch(entry: TruckEntry, batch: number, touched: TruckEntry[], undo: (() => void)[]): void {
    if (entry.batch === batch) return;
    entry.batch = batch;
    entry.newest = null;
    touched.push(entry);
    undo.push(entry.track.snapshot());
  }

  private async commit(batch: IngestJob[]): Promise<void> {
    const changes: TrackChange[] = [];
    const undo: (() => void)[] = [];
    const batchNo = ++this.batchNo;
    // Trucks of this batch, each once; their newest state rides on the entry until the commit.
    const touched: TruckEntry[] = [];
    const states: VehicleState[] = [];
    const onlineOps: { truckId: number; online: boolean }[] = [];
    const positions: PositionRow[] = [];
    const engine = this.options.alarms;
    const alarms = engine ? new AlarmBatch() : null;
    const believed: PositionRow[] | null = this.options.afterStore ? [] : null;
    this.believed = null;
    let publish: (() => void) | null = null;
    try {
      for (const job of batch) {
        if (job.kind === 'online') {
          onlineOps.push(job);
          continue;
        }
        if (job.kind === 'expire') {
          this.expire(job.now, batchNo, changes, touched, undo);
          continue;
        }
        const entry = this.entry(job.scope);
        Ingest.touch(entry, batchNo, touched, undo);
        const track = entry.track;
        for (const row of job.positions) {
          positions.push(row);
          const reference = entry.newest ?? this.latest.get(row.truckId);
          if (!this.plausible.believed(row, reference)) continue;
          believed?.push(row);
          const acc = accOn(row.statusBits);
          track.observe(
            {
              time: row.time,
              lat: row.lat,
              lon: row.lon,
              speed: row.speed,
              acc,
              located: located(row.statusBits),
              mileage: row.mileage,
              fuel: row.fuel,
            },
            changes,
          );
          const last = entry.newest ? undefined : this.latest.get(row.truckId);
          if (engine && alarms) engine.observe(alarms, job.scope, row, last);
          const before = entry.newest ?? last;
          if (!before || row.time >= before.time)
            entry.newest = stateOf(row, acc, job.scope.driverId, before);
        }
      }
      for (const entry of touched) if (entry.newest) states.push(entry.newest);
      if (engine && alarms) engine.afterTrips(alarms, changes);
      const now = (this.options.now ?? Date.now)();
      const within =
        alarms && alarms.changed.size > 0
          ? async (tx: Kysely<Database>) => {
              publish = await persistAlarms(tx, alarms.changed, now);
            }
          : null;
      await this.persist.write({
        positions,
        states,
        online: onlineOps,
        changes,
        within,
      });
    } catch (error) {
      for (let i = undo.length - 1; i >= 0; i--) undo[i]?.();
      alarms?.rollback();
      throw error;
    }
    if (engine && alarms) engine.committed(alarms);
    (publish as (() => void) | null)?.();
    this.believed = believed;
    this.storedRows += positions.length;
    for (const state of states) this.latest.set(state.truck_id, state);
    for (const op of onlineOps) {
      const state = this.latest.get(op.truckId);
      if (state) state.online = op.online ? 1 : 0;
    }
  }

  private expire(
    now: number,
    batch: number,
    changes: TrackChange[],
    touched: TruckEntry[],
    undo: (() => void)[],
  ): void {
    for (const entry of this.trucks.values()) {
      if (!entry.track.expires(now)) continue;
      Ingest.touch(entry, batch, touched, undo);
      entry.track.expire(now, changes);
    }
  }

  private settle(batch: IngestJob[], error: unknown | null): void {
    if (error) this.options.log.error({ err: error, jobs: batch.length }, 'position batch failed');
    for (const job of batch) {
      if (job.kind !== 'store') continue;
      try {
        job.done(error === null);
      } catch (err) {
        this.options.log.error({ err }, 'report acknowledgement failed');
      }
    }
    const believed = this.believed;
    this.believed = null;
    if (error || !believed || believed.length === 0) return;
    try {
      this.options.afterStore?.(believed);
    } catch (err) {
      this.options.log.error({ err }, 'after-store hook failed');
    }
  }
}

function stateOf(
  row: PositionRow,
  acc: boolean,
  driverId: number | null,
  before: VehicleState | undefined,
): VehicleState {
  return {
    truck_id: row.truckId,
    terminal_id: row.terminalId,
    time: row.time,
    received_at: row.receivedAt,
    lat: row.lat,
    lon: row.lon,
    altitude: row.altitude,
    speed: row.speed,
    direction: row.direction,
    acc: acc ? 1 : 0,
    online: 1,
    alarm_bits: row.alarmBits,
    status_bits: row.statusBits,
    mileage: row.mileage ?? before?.mileage ?? null,
    fuel: row.fuel ?? before?.fuel ?? null,
    driver_id: driverId,
  };
}
