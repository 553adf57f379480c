import type { AlarmRuleSettings } from '@fleet/domain';
import { isStill } from '../ingest/trips';
import { type AlarmPoint, PLATFORM, type Report, type TruckAlarms } from './alarm';

const MIN = 60_000;
/** A speeding does not span a silence longer than this. */
const SPEEDING_GAP_MS = 5 * MIN;

function point(r: AlarmPoint): AlarmPoint {
  return { time: r.time, lat: r.lat, lon: r.lon, speed: r.speed };
}

/**
 * 5004 speeding: above `limitKmh` (the truck's own limit when it has one) from the first report
 * over it; an alarm once that lasted `minSeconds`, starting where the speeding began, ending at the
 * first report at or under the limit (or, after minutes without reports, at the last one).
 */
export function speeding(
  t: TruckAlarms,
  r: Report,
  rule: AlarmRuleSettings['overspeed'],
  truckLimitKmh: number | null,
): void {
  const s = t.state;
  const limitKmh = truckLimitKmh ?? rule.limitKmh;
  if (r.gap > SPEEDING_GAP_MS && s.overSince) {
    // silent for minutes: the speeding seen before ended somewhere in between
    s.overSince = null;
    t.end('p5004', { ...r, time: r.time - r.gap });
  }
  if (!rule.enabled || r.speed <= limitKmh * 10) {
    s.overSince = null;
    t.end('p5004', r);
    return;
  }
  s.overSince ??= point(r);
  if (!t.isOpen('p5004') && r.time - s.overSince.time >= rule.minSeconds * 1000) {
    t.start('p5004', 5004, PLATFORM, s.overSince, {
      detail: { limitKmh, minSeconds: rule.minSeconds },
    }).maxSpeed = Math.max(s.overSince.speed, r.speed);
  }
}

/**
 * 5005 / 5006 fatigue: continuous driving time from the first moving report; standing for
 * `restMinutes`, or no report for as long, is a rest and starts the count again (the alarms end
 * where the rest began).
 * The warning opens at `warnMinutes` and ends when the alarm opens at `alarmMinutes`.
 */
export function fatigue(t: TruckAlarms, r: Report, rule: AlarmRuleSettings['fatigue']): void {
  const s = t.state;
  if (!rule.enabled) {
    s.driveStart = null;
    s.restStart = null;
    t.end('p5005', r);
    t.end('p5006', r);
    return;
  }
  if (s.driveStart !== null && r.gap >= rule.restMinutes * MIN) {
    // no report for a rest's length (terminal off while parked): a rest from the previous report
    const restedAt = { ...point(r), time: r.time - r.gap };
    t.end('p5005', restedAt);
    t.end('p5006', restedAt);
    s.driveStart = null;
    s.restStart = null;
  }
  if (isStill(r)) {
    if (s.driveStart === null) return;
    s.restStart ??= r.time;
    if (r.time - s.restStart >= rule.restMinutes * MIN) {
      const restedAt = { ...point(r), time: s.restStart };
      t.end('p5005', restedAt);
      t.end('p5006', restedAt);
      s.driveStart = null;
      s.restStart = null;
    }
    return;
  }
  s.restStart = null;
  s.driveStart ??= r.time;
  const driven = r.time - s.driveStart;
  const detail = { drivingMinutes: Math.floor(driven / MIN), since: s.driveStart };
  if (driven >= rule.alarmMinutes * MIN) {
    if (!t.isOpen('p5006')) {
      t.end('p5005', r);
      t.start('p5006', 5006, PLATFORM, r, { detail: { ...detail, alarmMinutes: rule.alarmMinutes } });
    }
  } else if (driven >= rule.warnMinutes * MIN && !t.isOpen('p5005') && !t.isOpen('p5006')) {
    t.start('p5005', 5005, PLATFORM, r, { detail: { ...detail, warnMinutes: rule.warnMinutes } });
  }
}

/**
 * 5003 parking timeout: standing (as trips count it: under 1 km/h, or engine off under 5 km/h)
 * longer than `minutes`; the alarm starts when the time ran out and ends when the truck moves.
 */
export function parking(t: TruckAlarms, r: Report, rule: AlarmRuleSettings['parking']): void {
  const s = t.state;
  if (!isStill(r)) {
    s.stillSince = null;
    t.end('p5003', r);
    return;
  }
  s.stillSince ??= point(r);
  if (!rule.enabled) {
    t.end('p5003', r);
    return;
  }
  const limit = rule.minutes * MIN;
  if (!t.isOpen('p5003') && r.time - s.stillSince.time >= limit) {
    const since = s.stillSince;
    t.start(
      'p5003',
      5003,
      PLATFORM,
      { ...since, time: since.time + limit, speed: r.speed },
      {
        detail: { parkedSince: since.time, minutes: rule.minutes },
      },
    );
  }
}
