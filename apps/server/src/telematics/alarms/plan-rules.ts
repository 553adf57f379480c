import { type AlarmRuleSettings, distanceMeters, PLAN_STATE } from '@fleet/domain';
import { isStill } from '../ingest/trips';
import { type AlarmExtras, type AlarmPoint, PLATFORM, type PlanRuleState, type TruckAlarms } from './alarm';
import { type FenceWatch, insideFence, type LineCorridor } from './fence-rules';

// The plan monitor's rules (计划时效): a truck's current departure plan, its progress along the
// plan's station rows as the reports show it, and the timing alarms 4001-4004 and 4006. The rule
// state lives in the truck's RuleState (copied for rollback); the database side (plan-progress.ts)
// supplies the plan and writes the progress moves after the reports are stored.

const MIN = 60_000;
/** Reports at or above this speed (km/h) count for the recent moving speed. */
const MOVING_KMH = 5;
/** Weight of a new moving report in the running average of the speed. */
const SPEED_WEIGHT = 0.2;
/** The estimated arrival (4003) is checked at most this often. */
const ETA_EVERY_MS = MIN;
/**
 * For this long after leaving the start station the estimate is the planned arrival shifted by the
 * late departure: pulling away, the truck's recent speed is a walking pace and would put every
 * arrival hours late.
 */
export const ETA_AFTER_DEPARTURE_MS = 10 * MIN;

/** One station row of a watched plan. */
export interface PlanStationWatch {
  seq: number;
  /** 1 start, 2 waypoint, 3 end. */
  stationType: number;
  stationId: number | null;
  name: string;
  /** Microdegrees WGS-84 (the station's point, else the line row's). */
  lat: number;
  lon: number;
  /** The station's fence, or a 500 m circle around its point. */
  fence: FenceWatch;
  /** Metres from the previous row. */
  distance: number;
  plannedArriveAt: number | null;
  plannedDepartAt: number | null;
}

/** A truck's current plan as the rules read it (published, distributed or running). */
export interface PlanWatch {
  planId: number;
  planNo: string;
  merchantId: number;
  /** The plan's team (the alarms carry the truck's scope). */
  teamCode: string;
  truckId: number;
  /** The truck's team and driver, for a truck that never reported (the sweep). */
  truckTeamCode: string;
  driverId: number | null;
  terminalId: number | null;
  state: number;
  lineId: number | null;
  lineName: string;
  /** The plan's line corridor (deviation while running), null without a line. */
  line: LineCorridor | null;
  plannedDepartAt: number;
  plannedArriveAt: number | null;
  distributedAt: number | null;
  departedAt: number | null;
  arrivedAt: number | null;
  maxSeq: number;
  stations: readonly PlanStationWatch[];
  /** Codes already raised for this plan (its alarm rows). */
  raised: readonly number[];
  /** The plan's fields on its alarms, made once (see `planExtras`). */
  extras?: AlarmExtras;
}

/** A progress move for the database: departure, arrival at a row (the last finishes), leaving a row. */
export interface PlanMove {
  planId: number;
  merchantId: number;
  truckId: number;
  kind: 'depart' | 'arrive' | 'leave';
  seq: number;
  /** The move reached the last row: the plan is finished. */
  finish: boolean;
  time: number;
  lat: number;
  lon: number;
}

/** A point the rules evaluate: a located report, or the sweep's clock for a silent truck. */
export interface PlanPoint extends AlarmPoint {
  located: boolean;
  acc: boolean;
}

const NONE: readonly number[] = [];

/** Open-alarm keys of the plan rules. */
const PLAN_KEYS = ['p4001', 'p4002', 'p4004', 'p4006'] as const;

function point(r: AlarmPoint): AlarmPoint {
  return { time: r.time, lat: r.lat, lon: r.lon, speed: r.speed };
}

/** The plan's fields every plan alarm carries. */
export function planExtras(plan: PlanWatch, detail: Record<string, unknown> = {}): AlarmExtras {
  return {
    planId: plan.planId,
    lineId: plan.lineId,
    detail: { planId: plan.planId, planNo: plan.planNo, lineName: plan.lineName, ...detail },
  };
}

/** Ends the plan alarms that are not of `planId` (the plan changed, was cancelled or finished). */
export function endPlanAlarms(
  t: TruckAlarms,
  at: AlarmPoint,
  planId: number | null = null,
  withDeviation = true,
): void {
  for (const key of PLAN_KEYS) {
    const alarm = t.open.get(key);
    if (alarm && alarm.planId !== planId) t.end(key, at);
  }
  if (!withDeviation) return;
  const deviation = t.open.get('p4005');
  if (deviation && deviation.planId !== null && deviation.planId !== planId) t.end('p4005', at);
}

/** The rule state of `plan`, started afresh when the truck's plan changed; synced with the database. */
function stateOf(t: TruckAlarms, plan: PlanWatch): PlanRuleState {
  let s = t.state.plan;
  if (!s || s.planId !== plan.planId) {
    s = {
      planId: plan.planId,
      maxSeq: 0,
      departedAt: null,
      arrivedAt: null,
      inside: [],
      known: false,
      clear: 0,
      clearLat: 0,
      clearLon: 0,
      clearOf: null,
      raised: [],
      speedKmh: null,
      stillSince: null,
      etaCheckedAt: null,
    };
    t.state.plan = s;
  }
  // the database may be ahead (another process, the dispatcher's correction)
  if (plan.maxSeq > s.maxSeq) s.maxSeq = plan.maxSeq;
  if (s.departedAt === null && plan.departedAt !== null) s.departedAt = plan.departedAt;
  if (s.arrivedAt === null && plan.arrivedAt !== null) s.arrivedAt = plan.arrivedAt;
  for (const code of plan.raised) if (!s.raised.includes(code)) s.raised = [...s.raised, code];
  return s;
}

/** The plan the rules follow: published, distributed or running (null for any other). */
function followed(plan: PlanWatch | null): PlanWatch | null {
  if (!plan) return null;
  return plan.state === PLAN_STATE.published ||
    plan.state === PLAN_STATE.distributed ||
    plan.state === PLAN_STATE.running
    ? plan
    : null;
}

/**
 * Metres left along the plan from a point: to the next row not reached, then the rows after it
 * (their distance from the previous row, else the straight line between them).
 */
export function distanceLeft(plan: PlanWatch, maxSeq: number, lat: number, lon: number): number {
  const rows = plan.stations;
  const next = rows.findIndex((row) => row.seq > maxSeq);
  if (next < 0) return 0;
  const first = rows[next] as PlanStationWatch;
  let metres = distanceMeters(lat / 1e6, lon / 1e6, first.lat / 1e6, first.lon / 1e6);
  for (let i = next + 1; i < rows.length; i++) {
    const row = rows[i] as PlanStationWatch;
    const before = rows[i - 1] as PlanStationWatch;
    metres +=
      row.distance > 0
        ? row.distance
        : distanceMeters(before.lat / 1e6, before.lon / 1e6, row.lat / 1e6, row.lon / 1e6);
  }
  return Math.round(metres);
}

/** Estimated arrival (epoch ms) from `at` at the speed, null when the truck has not moved yet. */
export function etaOf(metresLeft: number, speedKmh: number | null, at: number): number | null {
  if (speedKmh === null || speedKmh <= 0) return null;
  return at + Math.round((metresLeft / (speedKmh / 3.6)) * 1000);
}

/**
 * Progress along the plan's rows (distributed or running plans, located reports): leaving the
 * start row's fence departs (running), entering a later row's fence arrives there (the last one
 * finishes the plan), leaving it records the departure from that row. A later row reached without
 * a departure seen (terminal off at the start) departs and arrives at once.
 */
function progress(plan: PlanWatch, s: PlanRuleState, r: PlanPoint, moves: PlanMove[]): void {
  const rows = plan.stations;
  const outside = s.known && s.inside.length === 0;
  // still well clear of every row's fence box: in none of them, as before (no row read)
  if (
    outside &&
    s.clearOf === rows &&
    Math.abs(r.lat - s.clearLat) < s.clear &&
    Math.abs(r.lon - s.clearLon) < s.clear
  )
    return;
  let inside: number[] | null = null;
  let clear = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const b = row.fence.box;
    // how far outside the box (microdegrees of latitude or longitude), <= 0 within it
    const gap = Math.max(b.minLat - r.lat, r.lat - b.maxLat, b.minLon - r.lon, r.lon - b.maxLon);
    if (gap < clear) clear = gap;
    if (gap > 0 || !insideFence(row.fence, r.lat, r.lon)) continue;
    if (inside === null) inside = [];
    inside.push(row.seq);
  }
  s.clear = clear;
  s.clearLat = r.lat;
  s.clearLon = r.lon;
  s.clearOf = rows;
  // in no station's fence, now or before: nothing can move (what nearly every report is)
  if (inside === null && outside) return;
  const now = (seq: number) => inside?.includes(seq) === true;
  const was = (seq: number) => s.known && s.inside.includes(seq);
  const first = plan.stations[0];
  const last = plan.stations.at(-1);
  const move = (kind: PlanMove['kind'], seq: number) =>
    moves.push({
      planId: plan.planId,
      merchantId: plan.merchantId,
      truckId: plan.truckId,
      kind,
      seq,
      finish: kind === 'arrive' && seq === last?.seq,
      time: r.time,
      lat: r.lat,
      lon: r.lon,
    });
  if (first && last && s.arrivedAt === null) {
    if (
      s.departedAt === null &&
      plan.state === PLAN_STATE.distributed &&
      (plan.distributedAt === null || r.time >= plan.distributedAt) &&
      !now(first.seq)
    ) {
      const reached = plan.stations.some((row) => row.seq > first.seq && now(row.seq));
      if (was(first.seq) || reached) {
        s.departedAt = r.time;
        s.maxSeq = Math.max(s.maxSeq, first.seq);
        move('depart', first.seq);
      }
    }
    if (s.departedAt !== null) {
      const left = plan.stations.find((row) => row.seq === s.maxSeq);
      if (left && left.seq !== first.seq && left.seq !== last.seq && was(left.seq) && !now(left.seq))
        move('leave', left.seq);
      const reached = plan.stations
        .filter((row) => row.seq > s.maxSeq && now(row.seq) && !was(row.seq))
        .at(-1);
      if (reached) {
        s.maxSeq = reached.seq;
        move('arrive', reached.seq);
        if (reached.seq === last.seq) s.arrivedAt = r.time;
      }
    }
  }
  s.inside = inside ?? NONE;
  s.known = true;
}

/** 4001 / 4002: not departed warn / alarm minutes after the planned departure (each once a plan). */
function lateDeparture(
  t: TruckAlarms,
  plan: PlanWatch,
  s: PlanRuleState,
  r: AlarmPoint,
  rule: AlarmRuleSettings['planTiming'],
): void {
  if (s.departedAt !== null) {
    t.end('p4001', r);
    t.end('p4002', r);
    return;
  }
  const late = r.time - plan.plannedDepartAt;
  const detail = (minutes: number) =>
    planExtras(plan, {
      plannedDepartTime: plan.plannedDepartAt,
      lateMinutes: Math.floor(late / MIN),
      thresholdMinutes: minutes,
    });
  if (late >= rule.departAlarmMinutes * MIN) {
    if (!t.isOpen('p4002') && !s.raised.includes(4002)) {
      t.end('p4001', r);
      t.start('p4002', 4002, PLATFORM, point(r), detail(rule.departAlarmMinutes));
      s.raised = [...s.raised, 4002];
    }
  } else if (
    late >= rule.departWarnMinutes * MIN &&
    !t.isOpen('p4001') &&
    !t.isOpen('p4002') &&
    !s.raised.includes(4001)
  ) {
    t.start('p4001', 4001, PLATFORM, point(r), detail(rule.departWarnMinutes));
    s.raised = [...s.raised, 4001];
  }
}

/** 4003, 4004 and 4006 of a running plan. */
function runningTimes(
  t: TruckAlarms,
  plan: PlanWatch,
  s: PlanRuleState,
  r: PlanPoint,
  rule: AlarmRuleSettings['planTiming'],
): void {
  if (s.arrivedAt !== null || s.departedAt === null) {
    t.end('p4004', r);
    t.end('p4006', r);
    s.stillSince = null;
    return;
  }
  const arriveAt = plan.plannedArriveAt;
  if (arriveAt !== null) {
    // the estimate once a minute at most (reports come every few seconds)
    if (!s.raised.includes(4003) && (s.etaCheckedAt === null || r.time - s.etaCheckedAt >= ETA_EVERY_MS)) {
      s.etaCheckedAt = r.time;
      const left = distanceLeft(plan, s.maxSeq, r.lat, r.lon);
      // pulling away: the plan's times shifted by the late departure
      const eta =
        r.time - s.departedAt < ETA_AFTER_DEPARTURE_MS
          ? arriveAt + Math.max(0, s.departedAt - (plan.plannedDepartAt ?? s.departedAt))
          : etaOf(left, s.speedKmh, r.time);
      const late = Math.max(eta ?? r.time, r.time) - arriveAt;
      if (late > rule.arriveWarnMinutes * MIN) {
        t.event(
          4003,
          PLATFORM,
          point(r),
          planExtras(plan, {
            plannedArriveTime: arriveAt,
            etaTime: eta,
            distanceLeftMeters: left,
            lateMinutes: Math.ceil(late / MIN),
            thresholdMinutes: rule.arriveWarnMinutes,
          }),
        );
        s.raised = [...s.raised, 4003];
      }
    }
    if (
      r.time - arriveAt >= rule.arriveAlarmMinutes * MIN &&
      !t.isOpen('p4004') &&
      !s.raised.includes(4004)
    ) {
      t.start(
        'p4004',
        4004,
        PLATFORM,
        point(r),
        planExtras(plan, {
          plannedArriveTime: arriveAt,
          lateMinutes: Math.floor((r.time - arriveAt) / MIN),
          thresholdMinutes: rule.arriveAlarmMinutes,
        }),
      );
      s.raised = [...s.raised, 4004];
    }
  }
  // 4006: standing outside every station row of the plan
  if (!r.located || !isStill(r) || s.inside.length > 0) {
    s.stillSince = null;
    t.end('p4006', r);
    return;
  }
  s.stillSince ??= point(r);
  const limit = rule.parkingMinutes * MIN;
  if (!t.isOpen('p4006') && r.time - s.stillSince.time >= limit) {
    const since = s.stillSince;
    t.start(
      'p4006',
      4006,
      PLATFORM,
      { ...since, time: since.time + limit, speed: r.speed },
      planExtras(plan, { parkedSince: since.time, minutes: rule.parkingMinutes }),
    );
  }
}

/**
 * The plan rules on one report of the truck (`plan` its current plan, null without one): progress
 * moves into `moves`, timing alarms on the truck. A truck without a plan and without plan state
 * costs one check.
 */
export function planRules(
  t: TruckAlarms,
  r: PlanPoint,
  rule: AlarmRuleSettings['planTiming'],
  current: PlanWatch | null,
  moves: PlanMove[],
): void {
  const plan = followed(current);
  if (!plan) {
    if (t.state.plan !== null || t.open.size > 0) {
      endPlanAlarms(t, r);
      t.state.plan = null;
    }
    return;
  }
  if (t.state.plan?.planId !== plan.planId) endPlanAlarms(t, r, plan.planId);
  const s = stateOf(t, plan);
  if (r.located) progress(plan, s, r, moves);
  if (r.speed >= MOVING_KMH * 10) {
    const kmh = r.speed / 10;
    s.speedKmh = s.speedKmh === null ? kmh : s.speedKmh + (kmh - s.speedKmh) * SPEED_WEIGHT;
  }
  if (!rule.enabled) {
    endPlanAlarms(t, r, -1, false);
    s.stillSince = null;
    return;
  }
  lateDeparture(t, plan, s, r, rule);
  runningTimes(t, plan, s, r, rule);
}

/**
 * The sweep's check of a truck that sent nothing since its plan's planned departure: late
 * departure only, at the clock's time and the truck's last known place.
 */
export function silentPlanRules(
  t: TruckAlarms,
  at: AlarmPoint,
  rule: AlarmRuleSettings['planTiming'],
  current: PlanWatch | null,
): void {
  const plan = followed(current);
  if (!plan || !rule.enabled) return;
  if (t.state.plan?.planId !== plan.planId) endPlanAlarms(t, at, plan.planId);
  const s = stateOf(t, plan);
  lateDeparture(t, plan, s, at, rule);
}

/** The truck's plan when it is running (by the database, or by the reports seen), else null. */
export function runningPlan(t: TruckAlarms, plan: PlanWatch | null): PlanWatch | null {
  if (!plan) return null;
  if (plan.state === PLAN_STATE.running) return plan;
  const s = t.state.plan;
  return plan.state === PLAN_STATE.distributed &&
    s?.planId === plan.planId &&
    s.departedAt !== null &&
    s.arrivedAt === null
    ? plan
    : null;
}
