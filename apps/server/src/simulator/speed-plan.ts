import type { LoadState } from './energy';
import type { VehicleProfile } from './profile';
import type { Rng } from './rng';
import type { Route } from './route';

/** Within this many km of either end of a highway line the truck is on urban access roads. */
const URBAN_KM = 3;

/**
 * The speed a truck aims for along its route, and where it must halt with the engine running.
 * Highways: the driver's cruising speed (60–90 km/h under the truck's limit, drifting a little),
 * 40 on the access roads at either end, slower down steep grades and loaded up them, and every
 * 25–80 km a stretch of congestion or road works at 15–45 km/h where one truck in five stands
 * a few minutes. Cities: 20–50 km/h changing every few hundred metres, and traffic lights every
 * 0.5–1.6 km, red a little more than half the time.
 */
export class SpeedPlan {
  /** Where the truck must halt next (red light, jam), km along the route. */
  haltKm: number | null = null;
  /** No new traffic light or slowdown is planned before this km. */
  private nextEventKm = 0;
  private slowdown: { fromKm: number; toKm: number; kmh: number } | null = null;
  private cityTarget = 40;
  private cityTargetUntilKm = 0;
  private cruise: number;

  constructor(
    private readonly profile: VehicleProfile,
    private readonly rng: Rng,
  ) {
    this.cruise = profile.cruiseKmh;
  }

  /** Forgets what was planned (a new route, or a new start on it at `km`). */
  reset(km: number): void {
    this.haltKm = null;
    this.slowdown = null;
    this.nextEventKm = km;
    this.cityTargetUntilKm = km;
  }

  /** Target speed at `km` of `route`, km/h. */
  target(route: Route, km: number, load: LoadState): number {
    const p = this.profile;
    if (p.kind === 'city') {
      if (km >= this.cityTargetUntilKm) {
        this.cityTarget = this.rng.range(20, 50);
        this.cityTargetUntilKm = km + this.rng.range(0.3, 1.0);
        this.planSignal(route, km);
      }
      return Math.min(this.cityTarget, p.speedLimit);
    }
    if (this.rng.chance(0.002)) this.cruise = Math.min(p.speedLimit - 1, p.cruiseKmh + this.rng.range(-6, 4));
    let target = this.cruise;
    if (Math.min(km, route.lengthKm - km) < URBAN_KM) target = Math.min(target, 40);
    const grade = route.grade(km);
    if (grade < -0.025) target = Math.min(target, 55);
    else if (grade > 0.025 && load === 'full') target = Math.min(target, 50);
    this.planSlowdown(route, km);
    const slow = this.slowdown;
    if (slow && km >= slow.fromKm && km < slow.toKm) target = Math.min(target, slow.kmh);
    return Math.min(target, p.speedLimit);
  }

  /** The truck reached the halt: how long it stands, ms. */
  halted(): number {
    this.haltKm = null;
    const seconds = this.profile.kind === 'city' ? this.rng.range(20, 80) : this.rng.range(60, 240);
    return seconds * 1000;
  }

  private planSlowdown(route: Route, km: number): void {
    if (this.slowdown && km < this.slowdown.toKm) return;
    this.slowdown = null;
    if (km < this.nextEventKm) return;
    const fromKm = km + this.rng.range(25, 80);
    this.slowdown = { fromKm, toKm: fromKm + this.rng.range(1, 4), kmh: this.rng.range(15, 45) };
    this.nextEventKm = this.slowdown.toKm;
    if (this.rng.chance(0.2)) this.planHalt(route, fromKm + this.rng.range(0.2, 0.8));
  }

  private planSignal(route: Route, km: number): void {
    if (this.haltKm !== null || km < this.nextEventKm) return;
    const at = km + this.rng.range(0.5, 1.6);
    this.nextEventKm = at + 0.05;
    if (this.rng.chance(0.55)) this.planHalt(route, at);
  }

  /** A halt, unless it would fall at the end of the route or next to a station. */
  private planHalt(route: Route, km: number): void {
    if (km >= route.lengthKm - 0.3) return;
    if (route.stops.some((s) => Math.abs(s.km - km) < 0.3)) return;
    this.haltKm = km;
  }
}
