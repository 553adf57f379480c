import type { LoadState } from './energy';
import { ODOMETER_EPOCH, odometerAt, type VehicleProfile } from './profile';
import { Rng } from './rng';
import { Route, type RouteStop } from './route';
import { inRestWindow, nextWorkStart, restWindowEnd, workingHours } from './schedule';
import type { TruckStart } from './truck';

/**
 * Where each truck is when the simulator starts, so the demo is alive at once: trucks are spread
 * along their lines mid-journey (driving at speed, a few standing at stations), long-haul drivers
 * whose rest hour it is sleep at a station, city trucks outside working hours stand at the depot.
 * The position along the line follows the calendar (a phase of the truck's round trip), so a
 * restarted simulator puts each truck about where it would be by then.
 */
export function placeTruck(profile: VehicleProfile, time: number, seed = 1): TruckStart {
  const stable = Rng.of('place', seed, profile.phone);
  const rng = Rng.of('place', seed, profile.phone, time);
  const line = profile.line;
  const forward = Route.of(line);
  const cycleMs = roundTripHours(forward) * 3_600_000;
  const phase = ((((time - ODOMETER_EPOCH) / cycleMs + stable.next()) % 1) + 1) % 1;
  const legs = line.loop ? 1 : 2;
  const legPhase = phase * legs;
  const route = legPhase >= 1 ? forward.opposite() : forward;
  let km = (legPhase % 1) * route.lengthKm;
  const base = {
    fuel: profile.tankCapacity * rng.range(0.35, 0.95),
    odometer: odometerAt(profile, time),
    drivenSinceBreakS: rng.range(0, 2.5) * 3600,
    lastRestEnd: restWindowEnd(profile, time),
  };

  if (profile.kind === 'city') {
    if (!workingHours(profile, time)) {
      const until = nextWorkStart(profile, time) + rng.range(0, 20) * 60_000;
      return {
        ...base,
        route: forward,
        km: 0,
        activity: 'rest',
        remainingMs: until - time,
        speed: 0,
        load: 'empty',
      };
    }
  } else if (inRestWindow(profile, time)) {
    const stop = nearestStop(route, km);
    const remainingMs = Math.max(600_000, restWindowEnd(profile, time) - time);
    const load = loadOn(profile, route, stop.km);
    return {
      ...base,
      route,
      km: stop.km,
      activity: 'rest',
      remainingMs,
      speed: 0,
      load,
      lastRestEnd: restWindowEnd(profile, time) - 86_400_000,
    };
  }

  // One truck in five stands at a station it reached in the last few km.
  const behind = route.stops.filter((s) => s.km <= km).pop() ?? (route.stops[0] as RouteStop);
  if (stable.chance(0.2) && km - behind.km < 10) {
    const remainingMs = rng.range(5, 30) * 60_000;
    const load = loadOn(profile, route, behind.km);
    return { ...base, route, km: behind.km, activity: 'dwell', remainingMs, speed: 0, load };
  }
  if (route.stops.some((s) => Math.abs(s.km - km) < 0.5)) km += 0.6;
  km = Math.min(Math.max(km, 0.5), route.lengthKm - 0.7);
  const nearEnd = Math.min(km, route.lengthKm - km) < 3;
  const speed =
    profile.kind === 'city' ? rng.range(20, 40) : nearEnd ? 35 : profile.cruiseKmh * rng.range(0.85, 1);
  return { ...base, route, km, activity: 'drive', remainingMs: 0, speed, load: loadOn(profile, route, km) };
}

/** Rough hours of a round trip: driving at ~60 km/h (city ~22) plus the stops. */
export function roundTripHours(route: Route): number {
  const line = route.line;
  if (line.loop) {
    const shops = route.stops.filter((s) => s.station.role === 'store').length;
    return route.lengthKm / 22 + shops * 0.25 + 0.75;
  }
  return 2 * (route.lengthKm / 60 + 0.75 + (route.stops.length - 2) * 0.1);
}

function nearestStop(route: Route, km: number): RouteStop {
  let best = route.stops[0] as RouteStop;
  for (const s of route.stops) if (Math.abs(s.km - km) < Math.abs(best.km - km)) best = s;
  return best;
}

/** Load at `km` of a route: coal trucks full towards the port, trunk trucks full out and half back, city trucks emptying shop by shop. */
function loadOn(profile: VehicleProfile, route: Route, km: number): LoadState {
  if (profile.kind === 'city') {
    const shops = route.stops.filter((s) => s.station.role === 'store');
    const done = shops.filter((s) => s.km < km).length;
    return done === 0 ? 'full' : done >= shops.length ? 'empty' : 'half';
  }
  if (!route.reversed) return km > 0 ? 'full' : 'empty';
  if (km === 0) return 'full';
  return profile.kind === 'coal' ? 'empty' : 'half';
}
