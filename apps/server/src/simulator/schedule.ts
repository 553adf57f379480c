import type { DemoStationRole } from '../db/seed/demo-lines';
import type { VehicleProfile } from './profile';
import type { Rng } from './rng';

/**
 * The driver's day: when a long-haul driver sleeps, when a city truck works, and how long each
 * kind of stop takes. Times are epoch ms; the driver's clock is Asia/Shanghai (UTC+8, no DST).
 */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Local (Asia/Shanghai) hour of the day, 0 ≤ h < 24, with fractions. */
export function localHour(time: number): number {
  return ((((time + SHANGHAI_OFFSET_MS) % DAY) + DAY) % DAY) / HOUR;
}

/** The first instant at or after `time` whose local hour is `hour`. */
export function nextLocalHour(time: number, hour: number): number {
  const startOfDay = time - localHour(time) * HOUR;
  const candidate = startOfDay + hour * HOUR;
  return candidate >= time ? candidate : candidate + DAY;
}

/** The last instant at or before `time` whose local hour is `hour`. */
export function lastLocalHour(time: number, hour: number): number {
  const next = nextLocalHour(time, hour);
  return next === time ? time : next - DAY;
}

/** Hours from `from` forward to `to` on a 24-hour dial (0 ≤ result < 24). */
function hoursAfter(from: number, to: number): number {
  return (((to - from) % 24) + 24) % 24;
}

/**
 * A long-haul driver looks for a place to sleep from the profile's rest hour for three hours, once
 * ten hours have passed since the last rest; after twenty hours without rest they always do.
 */
export function restDue(profile: VehicleProfile, time: number, lastRestEnd: number): boolean {
  if (profile.kind === 'city') return false;
  const awake = (time - lastRestEnd) / HOUR;
  if (awake >= 20) return true;
  return awake >= 10 && hoursAfter(profile.restStartHour, localHour(time)) < 3;
}

/** True while the long-haul driver would be asleep had they stopped at the rest hour. */
export function inRestWindow(profile: VehicleProfile, time: number): boolean {
  return hoursAfter(profile.restStartHour, localHour(time)) < profile.restHours;
}

/** End of the rest window that holds `time` (or that ended last). */
export function restWindowEnd(profile: VehicleProfile, time: number): number {
  const start = lastLocalHour(time, profile.restStartHour);
  return start + profile.restHours * HOUR;
}

/** True within the city truck's working day. */
export function workingHours(profile: VehicleProfile, time: number): boolean {
  const h = localHour(time);
  return h >= profile.workStartHour && h < profile.workEndHour;
}

/** When the city truck's next working day starts, after `time`. */
export function nextWorkStart(profile: VehicleProfile, time: number): number {
  return nextLocalHour(time, profile.workStartHour);
}

/** A long-haul driver eats at a service area at lunch (11:30–13:30) and supper (17:30–19:30), for 30–45 min. */
export function mealDue(profile: VehicleProfile, time: number, lastMealAt: number): boolean {
  if (profile.kind === 'city') return false;
  const h = localHour(time);
  const mealtime = (h >= 11.5 && h < 13.5) || (h >= 17.5 && h < 19.5);
  return mealtime && time - lastMealAt > 4 * HOUR;
}

export function mealSeconds(rng: Rng): number {
  return rng.range(30, 45) * 60;
}

/** Driving this long without a break of a quarter of an hour makes the driver stop (the legal limit is 4 h). */
export const MAX_DRIVING_S = 3.5 * 3600;

/** How long a stop of each kind lasts, seconds: loading and unloading 30–60 min, service areas 15–30, shops 10–20. */
export function dwellSeconds(role: DemoStationRole, rng: Rng): number {
  switch (role) {
    case 'loading':
    case 'unloading':
    case 'depot':
      return rng.range(30, 60) * 60;
    case 'service':
      return rng.range(15, 30) * 60;
    case 'store':
      return rng.range(10, 20) * 60;
  }
}
