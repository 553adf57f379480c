import { formatDate, WAYBILL_SOURCE, WAYBILL_STATE } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { demoLoadingSlip, officeUsers } from '../db/seed/demo-waybills';
import type { WaybillFences } from '../modules/waybills/waybill-fences';
import {
  type Actor,
  createWaybill,
  lockedWaybill,
  moveWaybill,
  recordPound,
} from '../modules/waybills/waybill-flow';
import type { VehicleProfile } from './profile';
import { Rng } from './rng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface DemoWaybillOptions {
  db: Kysely<Database>;
  /** The app's waybill fences (`telematics.waybills`): told of every waybill changed here. */
  fences: WaybillFences;
  /** The simulated trucks. */
  profiles: readonly VehicleProfile[];
  /** The simulated clock. */
  now: () => number;
  /** Real ms between two rounds. */
  everyMs: number;
  /** Simulated time a truck stands in the loading fence before its load is weighed (default 10 min). */
  weighAfterMs?: number;
  /**
   * Simulated time after weighing by which a truck has surely left the loading station: a waybill
   * still 装货中 then (its truck left the fence before the slip) is moved on by the office (3 h).
   */
  departAfterMs?: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface Target {
  truckId: number;
  merchantId: number;
  teamCode: string;
  driverId: number | null;
  plate: string;
  kind: VehicleProfile['line']['kind'];
  lineId: number;
  customerId: number;
  cargo: string;
  loadingStationId: number;
  unloadingStationId: number;
  runningMinutes: number;
}

/**
 * The demo's dispatcher for the simulated trucks: each truck whose line has a transport price in
 * force for it has one open waybill (待装货, made by the office) of that line's customer, from the
 * line's first station to its last, so that the truck's own fence events move it (装货中 on
 * entering the loading fence, 运输中 on leaving it, 已到达 on entering the unloading fence); and
 * the load of a truck standing in the loading fence a while is weighed (the loading slip, by the
 * office). A round runs at the start and every `everyMs`; a round that fails is logged and the
 * next one tries again.
 */
export class DemoWaybills {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** What the rounds did so far (logs, tests). */
  readonly counts = { created: 0, weighed: 0, departed: 0 };

  constructor(private readonly options: DemoWaybillOptions) {}

  start(): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.round()
        .catch((err) => this.options.log.error({ err }, 'demo waybills: round failed'))
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round: creates the missing open waybills, weighs the loads standing in the loading fence. */
  async round(): Promise<void> {
    const { db, fences } = this.options;
    const now = this.options.now();
    const targets = await this.targets(now);
    if (targets.length === 0) return;
    const office = await officeUsers(db);
    const actorOf = (t: Target): Actor => {
      const user = office(t.merchantId, t.teamCode);
      return { source: WAYBILL_SOURCE.office, userId: user.id, name: user.name };
    };
    const open = await db
      .selectFrom('waybill')
      .select(['id', 'truck_id', 'line_id', 'status', 'loading_net_kg', 'loading_at', 'loading_weighed_at'])
      .where('cancelled', '=', 0)
      .where('status', 'in', [WAYBILL_STATE.toLoad, WAYBILL_STATE.loading, WAYBILL_STATE.inTransit])
      .where(
        'truck_id',
        'in',
        targets.map((t) => t.truckId),
      )
      .execute();
    const changed: number[] = [];

    // a new run of the line: one open waybill of it for each truck without one
    const missing = targets.filter(
      (t) => !open.some((w) => w.truck_id === t.truckId && w.line_id === t.lineId),
    );
    if (missing.length > 0) {
      await db.transaction().execute(async (tx) => {
        for (const t of missing) {
          const plannedLoadAt = Math.ceil((now + HOUR) / (10 * MINUTE)) * 10 * MINUTE;
          await createWaybill(
            tx,
            {
              merchantId: t.merchantId,
              teamCode: t.teamCode,
              customerId: t.customerId,
              lineId: t.lineId,
              loadingStationId: t.loadingStationId,
              unloadingStationId: t.unloadingStationId,
              cargo: t.cargo,
              truckId: t.truckId,
              driverId: t.driverId,
              plannedLoadAt,
              plannedArriveAt: plannedLoadAt + (t.runningMinutes + 60) * MINUTE,
              createdBy: actorOf(t).userId ?? null,
            },
            actorOf(t),
            now,
          );
        }
      });
      this.counts.created += missing.length;
      changed.push(...missing.map((t) => t.truckId));
    }

    // loads weighed while the truck stands in the loading fence, and waybills whose truck left
    // the fence before its slip moved on by the office
    const weighAfter = this.options.weighAfterMs ?? 10 * MINUTE;
    const departAfter = this.options.departAfterMs ?? 3 * HOUR;
    for (const w of open) {
      if (w.status !== WAYBILL_STATE.loading) continue;
      const t = targets.find((x) => x.truckId === w.truck_id);
      if (!t) continue;
      const toWeigh = w.loading_net_kg === null && Number(w.loading_at) <= now - weighAfter;
      const stuck = w.loading_net_kg !== null && Number(w.loading_weighed_at) <= now - departAfter;
      if (!toWeigh && !stuck) continue;
      const done = await db.transaction().execute(async (tx) => {
        const row = await lockedWaybill(tx, t.merchantId, w.id);
        if (!row || row.cancelled === 1 || row.status !== WAYBILL_STATE.loading) return false;
        if (toWeigh && row.loading_net_kg === null) {
          const slip = demoLoadingSlip(t.kind, Rng.of('demo-waybill-slip', row.id));
          await recordPound(tx, row, 1, { ...slip, weighedAt: now, photos: null }, actorOf(t), now);
          this.counts.weighed++;
          return true;
        }
        if (stuck && row.loading_net_kg !== null) {
          await moveWaybill(
            tx,
            row,
            WAYBILL_STATE.inTransit,
            actorOf(t),
            now,
            '装货中 → 运输中（调度确认车辆已驶离装货地）',
          );
          this.counts.departed++;
          return true;
        }
        return false;
      });
      if (done) changed.push(t.truckId);
    }
    if (changed.length > 0) await fences.changed(changed);
  }

  /** The simulated trucks whose line has a price in force for them today, with its customer. */
  private async targets(now: number): Promise<Target[]> {
    const { db, profiles } = this.options;
    if (profiles.length === 0) return [];
    const plates = [...new Set(profiles.map((p) => p.plate))];
    const trucks = await db
      .selectFrom('truck')
      .select(['id', 'merchant_id', 'team_code', 'driver_id', 'car_no'])
      .where('car_no', 'in', plates)
      .where('deleted_at', 'is', null)
      .execute();
    const lineNames = [...new Set(profiles.map((p) => p.line.name))];
    const lines = await db
      .selectFrom('line as l')
      .innerJoin('line_station as ls', 'ls.line_id', 'l.id')
      .select(['l.id', 'l.merchant_id', 'l.name', 'l.cargo', 'l.running_minutes', 'ls.seq', 'ls.station_id'])
      .where('l.name', 'in', lineNames)
      .where('l.deleted_at', 'is', null)
      .orderBy('l.id')
      .orderBy('ls.seq')
      .execute();
    const day = formatDate(new Date(now));
    const prices = await db
      .selectFrom('transport_price')
      .select(['merchant_id', 'team_code', 'customer_id', 'line_id', 'cargo'])
      .where('line_id', 'in', lines.length ? [...new Set(lines.map((l) => l.id))] : [-1])
      .where('valid', '=', 1)
      .where('deleted_at', 'is', null)
      .where('start_date', '<=', day)
      .where('end_date', '>=', day)
      .orderBy('id')
      .execute();
    const out: Target[] = [];
    for (const profile of profiles) {
      const truck = trucks.find((t) => t.car_no === profile.plate);
      if (!truck) continue;
      const stops = lines.filter((l) => l.merchant_id === truck.merchant_id && l.name === profile.line.name);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first?.station_id || !last?.station_id) continue;
      // a price of the truck's team or a team above it (team codes extend their parent's)
      const price = prices.find(
        (p) =>
          p.merchant_id === truck.merchant_id &&
          p.line_id === first.id &&
          truck.team_code.startsWith(p.team_code),
      );
      if (!price) continue;
      out.push({
        truckId: truck.id,
        merchantId: truck.merchant_id,
        teamCode: truck.team_code,
        driverId: truck.driver_id,
        plate: truck.car_no,
        kind: profile.line.kind,
        lineId: first.id,
        customerId: price.customer_id,
        cargo: price.cargo || (first.cargo ?? ''),
        loadingStationId: first.station_id,
        unloadingStationId: last.station_id,
        runningMinutes: Number(first.running_minutes),
      });
    }
    return out;
  }
}

/** Starts the demo's dispatcher for the simulated trucks (see `DemoWaybills`). */
export function startDemoWaybills(options: DemoWaybillOptions): DemoWaybills {
  const demo = new DemoWaybills(options);
  demo.start();
  return demo;
}
