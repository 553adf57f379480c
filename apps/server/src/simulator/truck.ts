import { chargedLevel, drivingUse, filledLevel, idlingUse, type LoadState, wantsFuel } from './energy';
import { type MotionLimits, step } from './motion';
import type { VehicleProfile } from './profile';
import type { Rng } from './rng';
import type { Route, RouteStop } from './route';
import {
  dwellSeconds,
  MAX_DRIVING_S,
  mealDue,
  mealSeconds,
  nextWorkStart,
  restDue,
  workingHours,
} from './schedule';
import { SpeedPlan } from './speed-plan';

/**
 * One simulated truck: drives its line with a speed profile, stops at stations (loading, service
 * areas, shops), sleeps at night, burns and buys fuel, counts kilometres. Pure: time moves only
 * through `advanceTo`, randomness only from its `Rng`.
 */

/** What the truck is doing. `halt`: standing with the engine on (red light, queue). */
export type Activity = 'drive' | 'halt' | 'dwell' | 'rest';

/** What a location report carries. */
export interface TruckSample {
  time: number;
  lng: number;
  lat: number;
  altitude: number;
  /** km/h */
  speed: number;
  direction: number;
  acc: boolean;
  moving: boolean;
  /** The terminal sleeps (reports rarely) while the driver rests with the engine off. */
  sleeping: boolean;
  load: LoadState;
  /** Litres, or kWh for an electric truck. */
  fuel: number;
  /** km */
  odometer: number;
  /** Wireless signal strength, 0–31. */
  signal: number;
  /** GNSS satellites in use. */
  satellites: number;
}

/** The state a truck starts from (see `placement.ts`). */
export interface TruckStart {
  route: Route;
  km: number;
  activity: 'drive' | 'dwell' | 'rest';
  /** dwell / rest: how long it still stands (ms); the station is the route stop at `km`. */
  remainingMs: number;
  speed: number;
  load: LoadState;
  fuel: number;
  odometer: number;
  drivenSinceBreakS: number;
  lastRestEnd: number;
  /**
   * Driving a departure plan on this route: the truck stops at each of its stations, at `pace`
   * times its usual speed (below 1: slower), until the route's end; then it drives on as usual.
   */
  plan?: { pace: number };
}

const DECIDE_KM = 2;

export class TruckSim {
  time: number;
  route: Route;
  km: number;
  speed: number;
  activity: Activity;
  load: LoadState;
  fuel: number;
  odometer: number;
  /** Where the truck stands during a dwell or rest (null while driving or halted). */
  standingAt: RouteStop | null = null;
  drivenSinceBreakS: number;
  lastRestEnd: number;
  lastMealAt: number;
  /** Counts for tests and logs. */
  readonly counts = { stops: 0, rests: 0, refuels: 0, legs: 0, halts: 0 };
  /**
   * km/h over the speed limit the driver aims for while cruising (0: never over the limit); set for
   * a while by the simulator's incidents (a driver who speeds).
   */
  overLimitKmh = 0;
  /** The departure plan the truck drives on its current route (see `TruckStart.plan`). */
  planned: { pace: number } | null;

  private until = 0;
  private accOnAt = 0;
  private direction = 0;
  private nextStopIndex = 0;
  private readonly decisions = new Map<number, boolean>();
  private readonly plan: SpeedPlan;
  private signal: number;
  private satellites: number;
  private readonly limits: MotionLimits;

  constructor(
    readonly profile: VehicleProfile,
    start: TruckStart,
    time: number,
    private readonly rng: Rng,
  ) {
    this.time = time;
    this.route = start.route;
    this.km = start.km;
    this.speed = start.speed;
    this.load = start.load;
    this.fuel = start.fuel;
    this.odometer = start.odometer;
    this.drivenSinceBreakS = start.drivenSinceBreakS;
    this.lastRestEnd = start.lastRestEnd;
    this.lastMealAt = time - 4 * 3_600_000;
    this.planned = start.plan ?? null;
    this.plan = new SpeedPlan(profile, rng);
    this.signal = rng.int(18, 30);
    this.satellites = rng.int(10, 18);
    const heavy = profile.kind !== 'city';
    this.limits = { accel: heavy ? 0.3 : 0.6, decel: 0.6 };
    this.direction = this.route.at(this.km).direction;
    this.activity = start.activity;
    this.resetPlans();
    if (start.activity === 'drive') {
      this.nextStopIndex = this.route.nextStop(this.km + 0.01)?.index ?? this.route.stops.length;
    } else {
      const here =
        this.route.nextStop(this.km) ?? (this.route.stops[this.route.stops.length - 1] as RouteStop);
      this.km = here.km;
      this.standingAt = here;
      this.nextStopIndex = here.index + 1;
      this.until = time + start.remainingMs;
      this.accOnAt = this.until - this.rng.range(60, 240) * 1000;
    }
  }

  /** True while the engine runs. */
  get acc(): boolean {
    if (this.activity === 'drive' || this.activity === 'halt') return true;
    return this.time >= this.accOnAt;
  }

  /** ACC, whether it moves, and whether the terminal sleeps (driver resting, engine off). */
  status(): { acc: boolean; moving: boolean; sleeping: boolean } {
    const acc = this.acc;
    return { acc, moving: this.speed > 0.5, sleeping: this.activity === 'rest' && !acc };
  }

  /** Moves the simulation forward to `time` (epoch ms); earlier times are ignored. */
  advanceTo(time: number): void {
    while (this.time < time) {
      if (this.activity === 'drive') {
        const dtMs = Math.min(1000, time - this.time);
        this.drive(dtMs / 1000);
        this.time += dtMs;
        continue;
      }
      const end = Math.min(this.until, time);
      const idleFrom = Math.max(this.time, this.activity === 'halt' ? this.time : this.accOnAt);
      if (end > idleFrom)
        this.fuel = Math.max(0, this.fuel - idlingUse(this.profile, (end - idleFrom) / 1000));
      this.time = end;
      if (end >= this.until) this.finishStanding();
    }
  }

  /** The truck as a report shows it now. Signal and satellite counts wander a little each call. */
  sample(): TruckSample {
    const position = this.route.at(this.km);
    const moving = this.speed > 0.5;
    if (moving) this.direction = position.direction;
    const city = this.profile.kind === 'city';
    this.signal = wander(this.rng, this.signal, 8, 31, city ? 22 : 25);
    this.satellites = wander(this.rng, this.satellites, 5, 24, city ? 11 : 15);
    const jitter = moving ? this.rng.range(-0.6, 0.6) : 0;
    return {
      time: this.time,
      lng: position.lng,
      lat: position.lat,
      altitude: Math.round(position.altitude + this.rng.range(-2, 2)),
      speed: moving ? Math.max(0, Math.round((this.speed + jitter) * 10) / 10) : 0,
      direction: this.direction,
      acc: this.acc,
      moving,
      sleeping: this.activity === 'rest' && !this.acc,
      load: this.load,
      fuel: Math.round(this.fuel * 10) / 10,
      odometer: Math.round(this.odometer * 10) / 10,
      signal: this.signal,
      satellites: this.satellites,
    };
  }

  /**
   * Keeps the truck at the station it dwells at until `until` (waiting to load or unload), engine
   * off until `engineOnAt`. False when it is not dwelling or would leave later anyway.
   */
  holdStanding(until: number, engineOnAt: number): boolean {
    if (this.activity !== 'dwell' || until <= this.until) return false;
    this.until = until;
    this.accOnAt = Math.min(until, Math.max(this.time, engineOnAt));
    return true;
  }

  // --- driving ---------------------------------------------------------------------------------

  private drive(dt: number): void {
    const stop = this.upcomingStop();
    const halt = this.plan.haltKm;
    const haltAhead = halt !== null && (!stop || halt < stop.km) ? halt : null;
    const stopKm = haltAhead ?? stop?.km ?? null;
    const before = this.speed;
    let target = this.plan.target(this.route, this.km, this.load);
    if (this.planned) target *= this.planned.pace;
    if (this.overLimitKmh > 0 && target >= this.profile.cruiseKmh - 8) {
      target = this.profile.speedLimit + this.overLimitKmh;
    }
    const moved = step(this.speed, target, dt, this.limits, stopKm === null ? null : stopKm - this.km);
    this.speed = moved.speed;
    this.km = Math.min(this.route.lengthKm, this.km + moved.km);
    this.odometer += moved.km;
    this.drivenSinceBreakS += dt;
    const use = moved.km > 0 ? drivingUse(this.profile, moved.km, (before + moved.speed) / 2, this.load) : 0;
    this.fuel = Math.max(0, this.fuel - (use > 0 ? use : idlingUse(this.profile, dt)));
    if (moved.arrived) {
      if (haltAhead !== null) this.beginHalt();
      else if (stop) this.arrive(stop);
      return;
    }
    // Stations passed without stopping.
    while ((this.route.stops[this.nextStopIndex]?.km ?? Number.POSITIVE_INFINITY) < this.km) {
      this.nextStopIndex++;
    }
  }

  /** The next route stop the truck means to stop at (decided two km before it). */
  private upcomingStop(): RouteStop | undefined {
    for (let i = this.nextStopIndex; i < this.route.stops.length; i++) {
      const s = this.route.stops[i] as RouteStop;
      if (s.km - this.km > DECIDE_KM) return this.isStopCertain(s) ? s : undefined;
      let decided = this.decisions.get(i);
      if (decided === undefined) {
        decided = this.decideStop(s);
        this.decisions.set(i, decided);
      }
      if (decided) return s;
    }
    return undefined;
  }

  /** Stations a truck stops at whatever happens: the end of the route, city shops, a plan's stations. */
  private isStopCertain(s: RouteStop): boolean {
    if (this.planned) return true;
    return s.index === this.route.stops.length - 1 || s.station.role === 'store';
  }

  private decideStop(s: RouteStop): boolean {
    if (this.isStopCertain(s)) return true;
    if (s.station.role !== 'service') return false;
    return (
      restDue(this.profile, this.time, this.lastRestEnd) ||
      mealDue(this.profile, this.time, this.lastMealAt) ||
      this.drivenSinceBreakS >= MAX_DRIVING_S - 1800 ||
      this.needsFuel(s) ||
      this.rng.chance(0.25)
    );
  }

  private beginHalt(): void {
    this.activity = 'halt';
    this.speed = 0;
    this.counts.halts++;
    this.until = this.time + this.plan.halted();
    this.accOnAt = this.time;
  }

  // --- standing ----------------------------------------------------------------------------------

  /** Fill up here: under a quarter of the tank, or not enough to reach the next fuel with 15 % to spare. */
  private needsFuel(stop: RouteStop): boolean {
    if (this.profile.energy !== 'diesel' || !stop.station.fuel) return false;
    if (wantsFuel(this.profile, this.fuel)) return true;
    const stops = this.route.stops;
    const ahead = stops.find((s) => s.index > stop.index && s.station.fuel);
    // None left this way: to the end of the route and on to the first fuel after it.
    const after = this.route.line.loop
      ? (stops.find((s) => s.station.fuel)?.km ?? 0)
      : this.route.lengthKm - ([...stops].reverse().find((s) => s.station.fuel)?.km ?? stop.km);
    const km = ahead ? ahead.km - stop.km : this.route.lengthKm - stop.km + after;
    return this.fuel - drivingUse(this.profile, km, 85, 'full') < this.profile.tankCapacity * 0.15;
  }

  private arrive(stop: RouteStop): void {
    this.speed = 0;
    this.km = stop.km;
    this.standingAt = stop;
    this.nextStopIndex = stop.index + 1;
    this.plan.haltKm = null;
    this.counts.stops++;
    const role = stop.station.role;
    const last = stop.index === this.route.stops.length - 1;
    if (this.profile.kind === 'city' && last && !workingHours(this.profile, this.time)) {
      this.beginRest(nextWorkStart(this.profile, this.time) + this.rng.range(0, 20) * 60_000);
      return;
    }
    if (role === 'service' && restDue(this.profile, this.time, this.lastRestEnd)) {
      this.beginRest(this.time + this.profile.restHours * 3_600_000);
      return;
    }
    let seconds = dwellSeconds(role, this.rng);
    if (role === 'service' && mealDue(this.profile, this.time, this.lastMealAt)) {
      seconds = mealSeconds(this.rng);
      this.lastMealAt = this.time;
    }
    if (this.needsFuel(stop)) {
      seconds += 600;
      this.fuel = filledLevel(this.profile, this.rng.next());
      this.counts.refuels++;
    }
    if (this.profile.energy === 'electric' && (role === 'depot' || last)) {
      this.fuel = chargedLevel(this.profile, this.fuel, seconds);
    }
    this.activity = 'dwell';
    this.until = this.time + seconds * 1000;
    // Most drivers switch the engine off; at shops some keep it idling.
    const idling = role === 'store' && this.rng.chance(0.3);
    this.accOnAt = idling ? this.time : this.until - this.rng.range(60, 180) * 1000;
  }

  private beginRest(until: number): void {
    this.activity = 'rest';
    this.until = Math.max(until, this.time + 3_600_000);
    this.accOnAt = this.until - this.rng.range(120, 600) * 1000;
    this.counts.rests++;
    if (this.profile.energy === 'electric') this.fuel = this.profile.tankCapacity;
    else if (
      this.standingAt?.station.fuel &&
      (this.fuel < this.profile.tankCapacity * 0.4 || this.needsFuel(this.standingAt))
    ) {
      this.fuel = filledLevel(this.profile, this.rng.next());
      this.counts.refuels++;
    }
  }

  private finishStanding(): void {
    const activity = this.activity;
    const at = this.standingAt;
    this.activity = 'drive';
    this.standingAt = null;
    if (activity === 'halt') return;
    if (activity === 'rest') this.lastRestEnd = this.time;
    this.drivenSinceBreakS = 0;
    if (!at) return;
    const role = at.station.role;
    const last = at.index === this.route.stops.length - 1;
    if (role === 'loading' || role === 'depot') this.load = 'full';
    else if (role === 'unloading') this.load = this.profile.kind === 'coal' ? 'empty' : 'half';
    else if (role === 'store') this.load = this.storesLeft() > 0 ? 'half' : 'empty';
    if (last && restDue(this.profile, this.time, this.lastRestEnd) && activity === 'dwell') {
      this.standingAt = at;
      this.beginRest(this.time + this.profile.restHours * 3_600_000);
      return;
    }
    if (last) this.nextLeg();
  }

  private storesLeft(): number {
    return this.route.stops.filter((s) => s.index >= this.nextStopIndex && s.station.role === 'store').length;
  }

  /** At the end of the route: back the other way, or round the city loop again. */
  private nextLeg(): void {
    this.route = this.route.line.loop ? this.route : this.route.opposite();
    this.planned = null;
    this.km = 0;
    this.nextStopIndex = 1;
    this.counts.legs++;
    this.resetPlans();
  }

  private resetPlans(): void {
    this.decisions.clear();
    this.plan.reset(this.km);
  }
}

/** A random walk between `min` and `max` drawn towards `mean`. */
function wander(rng: Rng, value: number, min: number, max: number, mean: number): number {
  const pull = value < mean ? 1 : value > mean ? -1 : 0;
  const next = value + rng.int(-2, 2) + (rng.chance(0.3) ? pull : 0);
  return Math.min(max, Math.max(min, next));
}
