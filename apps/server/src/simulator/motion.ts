/**
 * Longitudinal motion of a truck in one time step: accelerate towards a target speed, brake in
 * time for a stop ahead, and never pass the stop. Pure; speeds in km/h, distances in km.
 */
export interface MotionLimits {
  /** m/s² when speeding up (a loaded 49 t truck manages about 0.25). */
  accel: number;
  /** m/s² of normal braking (comfortable: about 0.6). */
  decel: number;
}

export interface MotionStep {
  speed: number;
  /** km covered in the step. */
  km: number;
  /** True when the step ended at the stop. */
  arrived: boolean;
}

/** Speed (km/h) from which a truck stops within `km` braking at `decel`. */
export function stoppingSpeed(km: number, decel: number): number {
  return Math.sqrt(2 * decel * Math.max(0, km) * 1000) * 3.6;
}

/** Slowest speed (km/h) a truck rolls at while approaching a stop it has not reached. */
const CREEP_KMH = 4;
/** A stop closer than this (km) counts as reached. */
const STOP_SLACK_KM = 0.003;

/**
 * One step of `dt` seconds from `speed` towards `target`, with an optional stop `stopKm` ahead
 * (km from the current position).
 */
export function step(
  speed: number,
  target: number,
  dt: number,
  limits: MotionLimits,
  stopKm: number | null,
): MotionStep {
  if (stopKm !== null && stopKm <= STOP_SLACK_KM) return { speed: 0, km: Math.max(0, stopKm), arrived: true };
  let goal = Math.max(0, target);
  if (stopKm !== null) goal = Math.min(goal, stoppingSpeed(stopKm, limits.decel));
  let next: number;
  if (speed < goal) next = Math.min(goal, speed + limits.accel * 3.6 * dt);
  else next = Math.max(goal, speed - 2 * limits.decel * 3.6 * dt);
  if (stopKm !== null && next < CREEP_KMH) next = CREEP_KMH;
  const km = ((speed + next) / 2) * (dt / 3600);
  if (stopKm !== null && km >= stopKm) {
    return { speed: 0, km: Math.max(0, stopKm), arrived: true };
  }
  return { speed: next, km, arrived: false };
}
