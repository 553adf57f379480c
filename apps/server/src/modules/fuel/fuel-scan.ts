import {
  type CalibrationRow,
  detectFuelEvents,
  FUEL_EVENT_KIND,
  FUEL_EVENT_STATE,
  type FuelPoint,
} from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { reconcileChangedCosts, reconcileTruck } from './fuel-reconcile';

/** Reconciliation states of a fuel event (fuel_event.state). */
export const FUEL_STATE = FUEL_EVENT_STATE;

/** A scan reads the positions from this long before where the last one stopped, so events across are whole. */
export const SCAN_OVERLAP_MS = 60 * 60_000;
/** Events starting this close to the start of what was read were taken by the scan before. */
const SCAN_MARGIN_MS = 30 * 60_000;
/** The newest reports are read again next time: an event may still be under way in them. */
const SCAN_HOLD_MS = 15 * 60_000;
/** A truck scanned for the first time: this far back. */
export const FIRST_SCAN_MS = 31 * 86_400_000;
/** How often the job runs (besides at start). */
export const FUEL_SCAN_EVERY_MS = 2 * 60_000;

export async function calibrationTables(
  db: Kysely<Database>,
  truckIds: readonly number[],
): Promise<Map<number, CalibrationRow[]>> {
  const tables = new Map<number, CalibrationRow[]>();
  if (truckIds.length === 0) return tables;
  const rows = await db
    .selectFrom('fuel_calibration')
    .select(['truck_id', 'reading', 'litres'])
    .where('truck_id', 'in', truckIds)
    .orderBy('truck_id')
    .orderBy('reading')
    .execute();
  for (const r of rows) {
    const table = tables.get(r.truck_id) ?? [];
    table.push({ reading: r.reading, litres: r.litres });
    tables.set(r.truck_id, table);
  }
  return tables;
}

/** A truck's reports with a fuel reading in (from, to], oldest first. */
export async function fuelPoints(
  db: Kysely<Database>,
  truckId: number,
  from: number,
  to: number,
): Promise<FuelPoint[]> {
  return db
    .selectFrom('position')
    .select(['time', 'fuel', 'speed', 'lat', 'lon'])
    .where('truck_id', '=', truckId)
    .where('time', '>', from)
    .where('time', '<=', to)
    .where('fuel', 'is not', null)
    .orderBy('time')
    .execute();
}

/**
 * Finds the refuels and drains in the new positions of the trucks (all, or `truckIds`), writes each
 * event once (one per truck and start time), reconciles the events of the time read with the refuel
 * costs and the 5012 alarms when it held any, and moves each truck's `fuel_scan` mark: per truck in
 * one transaction. Returns how many events were written.
 */
export async function scanFuelEvents(
  db: Kysely<Database>,
  truckIds: readonly number[] | undefined,
  now: number,
  onTruckError?: (truckId: number, err: unknown) => void,
): Promise<number> {
  let q = db
    .selectFrom('truck')
    .leftJoin('fuel_scan', 'fuel_scan.truck_id', 'truck.id')
    .select([
      'truck.id',
      'truck.merchant_id',
      'truck.team_code',
      'truck.tank_capacity',
      'truck.driver_id',
      'fuel_scan.scanned_until',
    ])
    .where('truck.deleted_at', 'is', null);
  if (truckIds) {
    if (truckIds.length === 0) return 0;
    q = q.where('truck.id', 'in', truckIds);
  }
  const trucks = await q.orderBy('truck.id').execute();
  const tables = await calibrationTables(
    db,
    trucks.map((t) => t.id),
  );
  let written = 0;
  for (const truck of trucks) {
    try {
      written += await scanTruck(db, truck, tables.get(truck.id) ?? null, now);
    } catch (err) {
      // one truck's bad data costs only that truck its scan (retried on the next run)
      if (!onTruckError) throw err;
      onTruckError(truck.id, err);
    }
  }
  return written;
}

type ScannedTruck = {
  id: number;
  merchant_id: number;
  team_code: string;
  tank_capacity: number | null;
  driver_id: number | null;
  scanned_until: number | null;
};

/** One truck's new positions scanned, its events written and reconciled in one transaction. */
async function scanTruck(
  db: Kysely<Database>,
  truck: ScannedTruck,
  table: CalibrationRow[] | null,
  now: number,
): Promise<number> {
  let written = 0;
  const from = truck.scanned_until === null ? now - FIRST_SCAN_MS : truck.scanned_until - SCAN_OVERLAP_MS;
  const points = await fuelPoints(db, truck.id, from, now);
  const last = points[points.length - 1];
  if (!last) return 0;
  const found = detectFuelEvents(points, {
    table,
    tankCapacityL: truck.tank_capacity,
  });
  const events = found.filter(
    (e) => e.settled && (truck.scanned_until === null || e.startTime >= from + SCAN_MARGIN_MS),
  );
  const until = Math.max(truck.scanned_until ?? 0, last.time - SCAN_HOLD_MS);
  const write = async (tx: Kysely<Database>) => {
    for (const e of events) {
      const trip = await tx
        .selectFrom('trip')
        .select('driver_id')
        .where('truck_id', '=', truck.id)
        .where('start_time', '<=', e.startTime)
        .orderBy('start_time', 'desc')
        .limit(1)
        .executeTakeFirst();
      const state =
        e.kind === FUEL_EVENT_KIND.refuel
          ? FUEL_STATE.noRecord
          : e.parked
            ? FUEL_STATE.drainParked
            : FUEL_STATE.drainMoving;
      const added = await tx
        .insertInto('fuel_event')
        .values({
          merchant_id: truck.merchant_id,
          team_code: truck.team_code,
          truck_id: truck.id,
          driver_id: trip?.driver_id ?? truck.driver_id,
          kind: e.kind,
          start_time: e.startTime,
          end_time: e.endTime,
          lat: e.lat,
          lon: e.lon,
          before_fuel: e.before,
          after_fuel: e.after,
          litres: e.litres,
          parked: e.parked ? 1 : 0,
          state,
          cost_id: null,
          alarm_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['truck_id', 'start_time']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added) written++;
    }
    // the events of the time read (new, or found before in the overlap) against the costs and alarms
    if (found.length > 0) await reconcileTruck(tx, truck.id, from, now, now);
    await tx
      .insertInto('fuel_scan')
      .values({ truck_id: truck.id, scanned_until: until, updated_at: now })
      .onConflict((oc) => oc.column('truck_id').doUpdateSet({ scanned_until: until, updated_at: now }))
      .execute();
  };
  // the demo seed scans inside its own transaction
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return written;
}

/**
 * One run of the job: the new positions of every truck scanned (and their events reconciled), then
 * the refuel costs written since the last run reconciled for their truck and time. Returns how many
 * events were written and how many changed state by the costs.
 */
export async function runFuelJob(
  db: Kysely<Database>,
  now: number,
  onTruckError?: (truckId: number, err: unknown) => void,
): Promise<{ written: number; changed: number }> {
  const written = await scanFuelEvents(db, undefined, now, onTruckError);
  const changed = await reconcileChangedCosts(db, now);
  return { written, changed };
}

/**
 * The scan job: at start and every FUEL_SCAN_EVERY_MS (a timer that does not hold the process), one
 * run at a time; `stop` waits for the run under way.
 */
export class FuelScanJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  run(): Promise<unknown> {
    if (!this.running)
      this.running = runFuelJob(this.db, this.now(), (truckId, err) =>
        this.log.error({ err, truckId }, 'fuel events of a truck not scanned'),
      )
        .catch((err: unknown) => this.log.error({ err }, 'fuel events not scanned'))
        .finally(() => {
          this.running = null;
        });
    return this.running;
  }

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), FUEL_SCAN_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
