import { configuredAlarmLevel } from '@fleet/domain';
import type { AlarmMedia } from '../../modules/alarms/alarms.table';
import type { LocationExtras, RawItem } from '../jt808/location';
import { BOTH_SOURCE_CODES } from './codes';

/**
 * Who saw an alarm, as bits (as `ALARM_SOURCE`): 1 terminal (alarm bits, active safety, faults),
 * 2 platform rule, 3 both (one episode the terminal and a rule both raised, see `TruckAlarms.start`).
 */
export type AlarmSource = 1 | 2 | 3;
export const TERMINAL: AlarmSource = 1;
export const PLATFORM: AlarmSource = 2;

/** Whose alarms these are: the truck's merchant, team, terminal and current driver. */
export interface AlarmScope {
  truckId: number;
  merchantId: number;
  teamCode: string;
  driverId: number | null;
  terminalId: number | null;
}

/** Where and how fast, at a moment: microdegrees WGS-84, 0.1 km/h, epoch ms. */
export interface AlarmPoint {
  time: number;
  lat: number;
  lon: number;
  speed: number;
}

/** One location report as the rules read it. */
export interface Report extends AlarmPoint {
  acc: boolean;
  located: boolean;
  /** Odometer 0.1 km, fuel level 0.1 L, when reported. */
  mileage: number | null;
  fuel: number | null;
  alarmBits: number;
  extras: LocationExtras | null;
  unknown: readonly RawItem[] | null;
  /** Milliseconds since the truck's previous report in order (0 for the first one). */
  gap: number;
}

/** An alarm in memory from its start until it is written ended; `id` once inserted. */
export interface OpenAlarm {
  id: number | null;
  /** Which condition it is, unique among a truck's open alarms (e.g. 'b7001', 'p5004'). */
  key: string;
  scope: AlarmScope;
  code: number;
  source: AlarmSource;
  level: number | null;
  startTime: number;
  endTime: number | null;
  lat: number;
  lon: number;
  speed: number;
  maxSpeed: number;
  endLat: number | null;
  endLon: number | null;
  stationId: number | null;
  lineId: number | null;
  /** The departure plan it is about (plan timing, deviation from the plan's line). */
  planId: number | null;
  detail: Record<string, unknown> | null;
  media: AlarmMedia[] | null;
  /** Active-safety alarm number (identification, 32 hex digits) whose attachments are its media. */
  alarmNo: string | null;
  /** Attachments the terminal announced. */
  attachments: number;
}

export interface AlarmExtras {
  level?: number | null;
  stationId?: number | null;
  lineId?: number | null;
  planId?: number | null;
  detail?: Record<string, unknown> | null;
  alarmNo?: string | null;
  attachments?: number;
}

/** What the rules remember of a truck between reports (plain data: copied for rollback). */
export interface RuleState {
  /** Time of the last report taken in order (older reports only feed event rules). */
  lastTime: number | null;
  /** Alarm bits (mapped ones) that are open. */
  bits: number;
  /** Fault word bits that are open; battery low separately. */
  faults: number;
  batteryLow: boolean;
  /** Speeding since (over the limit), null while under it. */
  overSince: AlarmPoint | null;
  /** Continuous driving since, and standing since (a rest) while driving counts. */
  driveStart: number | null;
  restStart: number | null;
  /** Standing since (parking and oil theft). */
  stillSince: AlarmPoint | null;
  /** Highest fuel level seen while standing (0.1 L). */
  parkFuelMax: number | null;
  /** The previous report's fuel level and motion (abnormal refuel). */
  lastFuel: number | null;
  lastMoving: boolean;
  /** Recent active-safety events (`<item>:<alarm id>:<time>`), a resent report counts once. */
  safetySeen: string[];
  /** Stations whose fence the truck is in, and the stations watched at the last report. */
  inside: number[];
  watched: number[];
  /** Off the line's corridor since. */
  offLineSince: AlarmPoint | null;
  /** The progress of the truck's current departure plan as its reports showed it (plan-rules.ts). */
  plan: PlanRuleState | null;
}

/**
 * What the plan rules remember of the truck's current plan (plain data; its arrays and point are
 * replaced when they change, never changed in place, so a shallow copy is a snapshot).
 */
export interface PlanRuleState {
  planId: number;
  /** The last station row reached (0 none), departure and arrival as seen. */
  maxSeq: number;
  departedAt: number | null;
  arrivedAt: number | null;
  /** Station rows (seq) whose fence the truck was in at its last report; `known` once seen. */
  inside: readonly number[];
  known: boolean;
  /**
   * Outside every row's fence box at (clearLat, clearLon) by at least `clear` microdegrees (in
   * latitude or longitude) for the rows `clearOf`: a report nearer than that to the point is outside
   * them too, and the fences are not checked (what nearly every report of a plan is).
   */
  clear: number;
  clearLat: number;
  clearLon: number;
  clearOf: readonly unknown[] | null;
  /** Codes raised for this plan (each at most once). */
  raised: readonly number[];
  /** Recent moving speed (km/h, a running average of moving reports), null until it moved. */
  speedKmh: number | null;
  /** Standing outside the plan's stations since (4006). */
  stillSince: AlarmPoint | null;
  /** When the estimated arrival was last checked (4003). */
  etaCheckedAt: number | null;
}

export function initialState(): RuleState {
  return {
    lastTime: null,
    bits: 0,
    faults: 0,
    batteryLow: false,
    overSince: null,
    driveStart: null,
    restStart: null,
    stillSince: null,
    parkFuelMax: null,
    lastFuel: null,
    lastMoving: false,
    safetySeen: [],
    inside: [],
    watched: [],
    offLineSince: null,
    plan: null,
  };
}

/** A copy of a rule state (plain data, a few small arrays and points). */
export function copyState(s: RuleState): RuleState {
  return {
    ...s,
    overSince: s.overSince && { ...s.overSince },
    stillSince: s.stillSince && { ...s.stillSince },
    offLineSince: s.offLineSince && { ...s.offLineSince },
    // its arrays and point are replaced, never changed in place (plan-rules.ts): a shallow copy
    plan: s.plan && { ...s.plan },
    safetySeen: [...s.safetySeen],
    inside: [...s.inside],
    watched: [...s.watched],
  };
}

/**
 * A truck's open alarms and rule state. Rules start, update and end alarms through it; every
 * alarm changed goes into `changed` (set by the engine for each batch) for the writer.
 */
export class TruckAlarms {
  readonly open = new Map<string, OpenAlarm>();
  state: RuleState = initialState();
  changed: Set<OpenAlarm> = new Set();
  /** The batch (`AlarmBatch`) that last took a snapshot of this truck. */
  batch: object | null = null;
  /** The last ended alarm of each of BOTH_SOURCE_CODES, to join a condition that overlapped it. */
  readonly ended = new Map<number, OpenAlarm>();

  constructor(public scope: AlarmScope) {}

  isOpen(key: string): boolean {
    return this.open.has(key);
  }

  /**
   * Opens the alarm `key` at `at` unless it is open already; answers the open alarm. One episode of
   * one kind is one alarm: when another condition of the same code (the terminal's alarm bit and
   * the platform's rule, say) is open, or ended after `at`, the condition joins that alarm, which
   * then lists both sources and lasts until the last of its conditions ends.
   */
  start(key: string, code: number, source: AlarmSource, at: AlarmPoint, extras: AlarmExtras = {}): OpenAlarm {
    const existing = this.open.get(key);
    if (existing) return existing;
    const twin = this.twinOf(code, at.time);
    if (twin) {
      this.join(twin, source, at, extras);
      this.open.set(key, twin);
      return twin;
    }
    const alarm = this.make(key, code, source, at, extras);
    this.open.set(key, alarm);
    this.changed.add(alarm);
    return alarm;
  }

  /** Ends the condition `key` at `at` (no-op when it is not open); its alarm ends with the last. */
  end(key: string, at: AlarmPoint): void {
    const alarm = this.open.get(key);
    if (!alarm) return;
    this.open.delete(key);
    for (const other of this.open.values()) if (other === alarm) return;
    alarm.endTime = Math.max(at.time, alarm.startTime);
    alarm.endLat = at.lat;
    alarm.endLon = at.lon;
    if (BOTH_SOURCE_CODES.has(alarm.code)) this.ended.set(alarm.code, alarm);
    this.changed.add(alarm);
  }

  /** The alarm of `code` a condition starting at `time` belongs to: open, or ended at or after it. */
  private twinOf(code: number, time: number): OpenAlarm | undefined {
    for (const alarm of this.open.values()) if (alarm.code === code) return alarm;
    const last = this.ended.get(code);
    return last && last.endTime !== null && last.endTime >= time ? last : undefined;
  }

  private join(alarm: OpenAlarm, source: AlarmSource, at: AlarmPoint, x: AlarmExtras): void {
    alarm.source = (alarm.source | source) as AlarmSource;
    if (alarm.endTime !== null) {
      // the other condition had ended while this one was already under way: the episode goes on
      alarm.endTime = null;
      alarm.endLat = null;
      alarm.endLon = null;
      this.ended.delete(alarm.code);
    }
    if (at.time < alarm.startTime) {
      alarm.startTime = at.time;
      alarm.lat = at.lat;
      alarm.lon = at.lon;
      alarm.speed = at.speed;
    }
    alarm.maxSpeed = Math.max(alarm.maxSpeed, at.speed);
    alarm.level ??= x.level ?? null;
    if (x.detail) alarm.detail = { ...x.detail, ...alarm.detail };
    this.changed.add(alarm);
  }

  /** An alarm that starts and ends at once (an event, or a condition measured after the fact). */
  event(
    code: number,
    source: AlarmSource,
    at: AlarmPoint,
    extras: AlarmExtras = {},
    end?: AlarmPoint,
  ): OpenAlarm {
    const alarm = this.make(`e${code}`, code, source, at, extras);
    const until = end ?? at;
    alarm.endTime = Math.max(until.time, at.time);
    alarm.endLat = until.lat;
    alarm.endLon = until.lon;
    alarm.maxSpeed = Math.max(at.speed, until.speed);
    this.changed.add(alarm);
    return alarm;
  }

  /** Replaces the measured detail of an open alarm. */
  note(alarm: OpenAlarm, detail: Record<string, unknown>): void {
    alarm.detail = { ...alarm.detail, ...detail };
    this.changed.add(alarm);
  }

  /** The highest speed of every open alarm follows the reports. */
  follow(speed: number): void {
    for (const alarm of this.open.values()) {
      if (speed > alarm.maxSpeed) {
        alarm.maxSpeed = speed;
        this.changed.add(alarm);
      }
    }
  }

  /** A copy to restore if the transaction writing this batch fails. */
  snapshot(): () => void {
    const state = copyState(this.state);
    const open = [...this.open.entries()].map(([key, alarm]) => [key, alarm, { ...alarm }] as const);
    const ended = [...this.ended.entries()].map(([code, alarm]) => [code, alarm, { ...alarm }] as const);
    return () => {
      this.state = state;
      this.open.clear();
      this.ended.clear();
      for (const [key, alarm, copy] of open) this.open.set(key, Object.assign(alarm, copy));
      for (const [code, alarm, copy] of ended) this.ended.set(code, Object.assign(alarm, copy));
    };
  }

  private make(key: string, code: number, source: AlarmSource, at: AlarmPoint, x: AlarmExtras): OpenAlarm {
    return {
      id: null,
      key,
      scope: { ...this.scope },
      code,
      source,
      level: x.level ?? configuredAlarmLevel(code),
      startTime: at.time,
      endTime: null,
      lat: at.lat,
      lon: at.lon,
      speed: at.speed,
      maxSpeed: at.speed,
      endLat: null,
      endLon: null,
      stationId: x.stationId ?? null,
      lineId: x.lineId ?? null,
      planId: x.planId ?? null,
      detail: x.detail ?? null,
      media: null,
      alarmNo: x.alarmNo ?? null,
      attachments: x.attachments ?? 0,
    };
  }
}
