import type { AlarmRuleSettings } from '@fleet/domain';
import type { VehicleState } from '../ingest/batch-store';
import { accOn, located, type PositionRow } from '../ingest/position';
import type { TrackChange, TruckScope } from '../ingest/trips';
import type { AlarmScope, OpenAlarm, Report, TruckAlarms } from './alarm';
import { fatigue, parking, speeding } from './driving-rules';
import { deviation, type FenceWatch, type LineCorridor, stationFences } from './fence-rules';
import { fuelUse, oilTheft, refuel } from './fuel-rules';
import {
  type PlanMove,
  type PlanWatch,
  planExtras,
  planRules,
  runningPlan,
  silentPlanRules,
} from './plan-rules';
import { restoreTruck } from './restore';
import { activeSafety, faults, terminalBits } from './terminal-rules';

/** What the rules of one truck need beside its reports (see `AlarmSettingsCache`). */
export interface TruckRules {
  rules: AlarmRuleSettings;
  /** The truck's own speed limit (km/h) and tank (L), when set. */
  speedLimitKmh: number | null;
  tankCapacityL: number | null;
  fences: readonly FenceWatch[];
  line: LineCorridor | null;
  /** The truck's current departure plan (published, distributed or running), null without one. */
  plan: PlanWatch | null;
}

export interface RuleSource {
  rulesFor(truckId: number, teamCode: string): TruckRules;
}

/**
 * The alarms of one group commit: every alarm started, changed or ended, and how to undo the rule
 * state of the trucks it touched if the transaction fails.
 */
export class AlarmBatch {
  readonly changed = new Set<OpenAlarm>();
  /** Plan progress the batch's reports made, written after its commit (plan-progress.ts). */
  readonly planMoves: PlanMove[] = [];
  /** Until committed or rolled back: the sweep leaves the batch's trucks alone meanwhile. */
  open = true;
  private readonly undo: { t: TruckAlarms; restore: () => void }[] = [];

  touch(t: TruckAlarms): TruckAlarms {
    // The truck remembers the batch that took its snapshot: no set of trucks to look up.
    if (t.batch !== this) {
      t.batch = this;
      this.undo.push({ t, restore: t.snapshot() });
    }
    t.changed = this.changed;
    return t;
  }

  /** Whether the truck is held by a batch not yet committed or rolled back. */
  static busy(t: TruckAlarms): boolean {
    return t.batch instanceof AlarmBatch && t.batch.open;
  }

  rollback(): void {
    this.open = false;
    for (let i = this.undo.length - 1; i >= 0; i--) {
      const u = this.undo[i];
      // a truck a later batch took over since keeps that batch's state
      if (u && u.t.batch === this) u.restore();
    }
    this.planMoves.length = 0;
  }
}

function alarmScope(s: TruckScope, terminalId: number): AlarmScope {
  return {
    truckId: s.truckId,
    merchantId: s.merchantId,
    teamCode: s.teamCode,
    driverId: s.driverId,
    terminalId,
  };
}

function sameScope(a: AlarmScope, s: TruckScope, terminalId: number): boolean {
  return (
    a.merchantId === s.merchantId &&
    a.teamCode === s.teamCode &&
    a.driverId === s.driverId &&
    a.terminalId === terminalId
  );
}

/** A stored report as the rules read it (the decoded items ride along on `row.location`). */
export function reportOf(row: PositionRow): Report {
  return {
    time: row.time,
    lat: row.lat,
    lon: row.lon,
    speed: row.speed,
    acc: accOn(row.statusBits),
    located: located(row.statusBits),
    mileage: row.mileage,
    fuel: row.fuel,
    alarmBits: row.alarmBits,
    extras: row.location?.extras ?? null,
    unknown: row.location?.unknown ?? null,
    gap: 0,
  };
}

/**
 * Alarm rules on ingest: per truck, in memory, O(1) a report (fences: the few a truck's fence sets
 * watch). Terminal alarms (bits, faults, active safety) and platform rules (speeding, fatigue,
 * parking, fuel, fences, deviation) start, follow and end alarms; the ingest writes them in the
 * transaction of the reports (see alarm-store.ts).
 */
export class AlarmEngine {
  private readonly trucks = new Map<number, TruckAlarms>();
  /** Open alarms read at start, by truck, until the truck reports again. */
  private readonly restoring = new Map<number, OpenAlarm[]>();
  /** Receives the plan moves of each committed batch (the plan monitor's database side). */
  onPlanMoves: ((moves: PlanMove[]) => void) | null = null;
  /** Told of a plan the rules failed on (the report goes on without it). */
  onPlanError: ((err: unknown, planId: number | null) => void) | null = null;

  constructor(private readonly source: RuleSource) {}

  /** The batch's transaction committed: its plan moves go to the database side. */
  committed(batch: AlarmBatch): void {
    batch.open = false;
    if (batch.planMoves.length > 0) this.onPlanMoves?.(batch.planMoves.splice(0));
  }

  /** Open alarms of the database (end_time null), picked up by each truck's next report. */
  restore(open: readonly OpenAlarm[]): void {
    for (const alarm of open) {
      const list = this.restoring.get(alarm.scope.truckId) ?? [];
      list.push(alarm);
      this.restoring.set(alarm.scope.truckId, list);
    }
  }

  /** The recent moving speed (km/h) the plan rules saw for the truck on this plan, null if none. */
  planSpeedKmh(truckId: number, planId: number): number | null {
    const s = this.trucks.get(truckId)?.state.plan;
    return s && s.planId === planId ? s.speedKmh : null;
  }

  /** Open alarms in memory (tests, monitoring). */
  openAlarms(truckId: number): OpenAlarm[] {
    return [...(this.trucks.get(truckId)?.open.values() ?? this.restoring.get(truckId) ?? [])];
  }

  private truck(scope: TruckScope, terminalId: number, last: VehicleState | undefined): TruckAlarms {
    let t = this.trucks.get(scope.truckId);
    if (!t) {
      t = restoreTruck(alarmScope(scope, terminalId), this.restoring.get(scope.truckId) ?? [], last ?? null);
      this.restoring.delete(scope.truckId);
      this.trucks.set(scope.truckId, t);
    } else if (!sameScope(t.scope, scope, terminalId)) {
      t.scope = alarmScope(scope, terminalId);
    }
    return t;
  }

  /** Evaluates one stored report. `last` is the truck's state before this batch (for a restart). */
  observe(batch: AlarmBatch, scope: TruckScope, row: PositionRow, last: VehicleState | undefined): void {
    const t = batch.touch(this.truck(scope, row.terminalId, last));
    const ctx = this.source.rulesFor(scope.truckId, scope.teamCode);
    const r = reportOf(row);
    const { rules } = ctx;
    // Active-safety items are events of their own time: even a late (blind-area) report counts.
    if (rules.terminal.enabled) activeSafety(t, r);
    if (t.state.lastTime !== null && r.time <= t.state.lastTime) return;
    r.gap = t.state.lastTime === null ? 0 : r.time - t.state.lastTime;
    t.state.lastTime = r.time;
    t.follow(r.speed);
    terminalBits(t, rules.terminal.enabled ? r : { ...r, alarmBits: 0 });
    faults(t, r, rules.fault);
    speeding(t, r, rules.overspeed, ctx.speedLimitKmh);
    fatigue(t, r, rules.fatigue);
    parking(t, r, rules.parking);
    oilTheft(t, r, rules.oilTheft);
    refuel(t, r, rules.refuel, ctx.tankCapacityL);
    stationFences(t, r, ctx.fences);
    let running: PlanWatch | null = null;
    try {
      planRules(t, r, rules.planTiming, ctx.plan, batch.planMoves);
      running = runningPlan(t, ctx.plan);
      if (running?.line) running.extras ??= planExtras(running);
    } catch (err) {
      // a plan the rules cannot read is left out, never the report (nor the batch)
      this.onPlanError?.(err, ctx.plan?.planId ?? null);
      running = null;
    }
    if (running?.line) deviation(t, r, rules.deviation, running.line, running.extras ?? null);
    else deviation(t, r, rules.deviation, ctx.line);
  }

  /**
   * The sweep of plans whose truck sent nothing since the planned departure (terminal off): late
   * departure raised at `at`, at the truck's last known place (else the start station). Trucks held
   * by a batch under way are left to their reports. The alarms are in `batch.changed` to write.
   */
  sweep(
    batch: AlarmBatch,
    plans: readonly PlanWatch[],
    at: number,
    last: (truckId: number) => VehicleState | undefined,
  ): void {
    for (const plan of plans) {
      const state = last(plan.truckId);
      if (state && state.time >= plan.plannedDepartAt) continue;
      const scope: TruckScope = {
        truckId: plan.truckId,
        merchantId: plan.merchantId,
        teamCode: plan.truckTeamCode,
        driverId: state?.driver_id ?? plan.driverId,
      };
      const existing = this.trucks.get(plan.truckId);
      if (existing && AlarmBatch.busy(existing)) continue;
      if (existing?.state.lastTime != null && existing.state.lastTime >= plan.plannedDepartAt) continue;
      const terminalId = state?.terminal_id ?? existing?.scope.terminalId ?? plan.terminalId;
      const t = batch.touch(this.truck(scope, terminalId as number, state));
      const start = plan.stations[0];
      const where = state ?? (start ? { lat: start.lat, lon: start.lon } : { lat: 0, lon: 0 });
      const rules = this.source.rulesFor(plan.truckId, scope.teamCode).rules;
      silentPlanRules(t, { time: at, lat: where.lat, lon: where.lon, speed: 0 }, rules.planTiming, plan);
    }
  }

  /** Rules on finished trips (abnormal fuel use), after the batch's reports and expiries. */
  afterTrips(batch: AlarmBatch, changes: readonly TrackChange[]): void {
    for (const change of changes) {
      if (change.kind !== 'tripSave' || !change.trip.closed) continue;
      const scope = change.trip.scope;
      const t = this.trucks.get(scope.truckId);
      if (!t) continue;
      batch.touch(t);
      fuelUse(t, change.trip, this.source.rulesFor(scope.truckId, scope.teamCode).rules.fuelUse);
    }
  }
}
