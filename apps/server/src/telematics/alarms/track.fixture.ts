import { type AlarmRulePatch, DEFAULT_ALARM_RULES, mergeAlarmRules } from '@fleet/domain';
import type { PositionRow } from '../ingest/position';
import type { TruckScope } from '../ingest/trips';
import type { Location, LocationExtras, RawItem } from '../jt808/location';
import type { OpenAlarm } from './alarm';
import { AlarmBatch, AlarmEngine, type TruckRules } from './engine';

/** Crafted tracks for the rule tests: one truck, reports at minutes from a base time. */
export const BASE = Date.UTC(2026, 10, 20, 0, 0, 0);
export const MIN = 60_000;
export const ACC = 1;
export const LOCATED = 2;

export const SCOPE: TruckScope = { truckId: 7, merchantId: 1, teamCode: '10000010010001', driverId: 3 };

export interface Point {
  minute: number;
  /** km/h */
  speed?: number;
  acc?: boolean;
  lat?: number;
  lon?: number;
  alarm?: number;
  /** Litres. */
  fuel?: number;
  /** km */
  mileage?: number;
  extras?: LocationExtras;
  items?: RawItem[];
}

export function row(p: Point): PositionRow {
  const speed = p.speed ?? 0;
  const acc = p.acc ?? speed > 0;
  const lat = Math.round((p.lat ?? 39.9) * 1e6);
  const lon = Math.round((p.lon ?? 116.4) * 1e6);
  const location = { extras: p.extras ?? {}, unknown: p.items ?? [] } as unknown as Location;
  return {
    truckId: SCOPE.truckId,
    terminalId: 11,
    time: BASE + p.minute * MIN,
    receivedAt: BASE + p.minute * MIN,
    lat,
    lon,
    altitude: 0,
    speed: Math.round(speed * 10),
    direction: 0,
    alarmBits: p.alarm ?? 0,
    statusBits: (acc ? ACC : 0) | LOCATED,
    mileage: p.mileage === undefined ? null : Math.round(p.mileage * 10),
    fuel: p.fuel === undefined ? null : Math.round(p.fuel * 10),
    extra: null,
    location,
  };
}

/**
 * A rule engine for one truck whose alarms are "stored" in memory as the writer would: every
 * alarm changed by a batch is kept by identity, with an id once first seen.
 */
export class Harness {
  readonly engine: AlarmEngine;
  readonly stored = new Map<number, OpenAlarm>();
  private nextId = 1;
  rules: TruckRules;

  constructor(patch: AlarmRulePatch = {}, extra: Partial<Omit<TruckRules, 'rules'>> = {}) {
    this.rules = {
      rules: mergeAlarmRules(DEFAULT_ALARM_RULES, patch),
      speedLimitKmh: null,
      tankCapacityL: null,
      fences: [],
      line: null,
      plan: null,
      ...extra,
    };
    this.engine = new AlarmEngine({ rulesFor: () => this.rules });
  }

  /** Feeds reports one batch each, as the ingest would. */
  feed(...points: Point[]): this {
    for (const p of points) {
      const batch = new AlarmBatch();
      this.engine.observe(batch, SCOPE, row(p), undefined);
      this.keep(batch);
    }
    return this;
  }

  keep(batch: AlarmBatch): void {
    for (const alarm of batch.changed) {
      if (alarm.id === null) alarm.id = this.nextId++;
      this.stored.set(alarm.id, alarm);
    }
  }

  /** Every alarm written so far, in start order. */
  get alarms(): OpenAlarm[] {
    return [...this.stored.values()].sort((a, b) => a.startTime - b.startTime || (a.id ?? 0) - (b.id ?? 0));
  }

  of(code: number): OpenAlarm[] {
    return this.alarms.filter((a) => a.code === code);
  }
}

/** Minutes from BASE of an epoch time. */
export const minute = (time: number | null) => (time === null ? null : (time - BASE) / MIN);

/** `count` reports a minute apart from `from`, each made by `make(i)`. */
export function every(from: number, count: number, make: (i: number) => Omit<Point, 'minute'>): Point[] {
  return Array.from({ length: count }, (_, i) => ({ minute: from + i, ...make(i) }));
}
