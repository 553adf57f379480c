import type { VehicleProfile } from './profile';

/** Load as the status word's bits 8-9 carry it. */
export type LoadState = 'empty' | 'half' | 'full';

const LOAD_FACTOR: Record<LoadState, number> = { full: 1, half: 0.85, empty: 0.7 };

/** Below this share of the tank a driver refuels at the next station that sells fuel. */
export const REFUEL_BELOW = 0.25;

/**
 * Consumption per 100 km at a speed and load: the profile's figure (loaded, 60 km/h), less when
 * empty, more at highway speed (air drag) and in stop-and-go city traffic. Heavy trucks come out
 * at about 24 (empty) to 35 (loaded, 85 km/h) L/100 km, light ones at about 15.
 */
export function per100Km(profile: VehicleProfile, speedKmh: number, load: LoadState): number {
  const speedFactor = speedKmh > 60 ? 1 + (speedKmh - 60) * 0.006 : speedKmh < 30 ? 1.08 : 1;
  return profile.per100 * LOAD_FACTOR[load] * speedFactor;
}

/** Fuel (or energy) used to drive `km` at about `speedKmh`. */
export function drivingUse(profile: VehicleProfile, km: number, speedKmh: number, load: LoadState): number {
  return (per100Km(profile, speedKmh, load) * km) / 100;
}

/** Fuel (or energy) used standing with the engine on for `seconds`. */
export function idlingUse(profile: VehicleProfile, seconds: number): number {
  return (profile.idlePerHour * seconds) / 3600;
}

/** True when the driver should fill up at the next station that sells fuel. */
export function wantsFuel(profile: VehicleProfile, level: number): boolean {
  return profile.energy === 'diesel' && level < profile.tankCapacity * REFUEL_BELOW;
}

/** Level after filling up: drivers fill to 90–100 % of the tank (`share` in 0..1 picks where). */
export function filledLevel(profile: VehicleProfile, share: number): number {
  return profile.tankCapacity * (0.9 + 0.1 * Math.min(1, Math.max(0, share)));
}

/** Battery of an electric truck after charging for `seconds` at `kw` (capped at its capacity). */
export function chargedLevel(profile: VehicleProfile, level: number, seconds: number, kw = 40): number {
  return Math.min(profile.tankCapacity, level + (kw * seconds) / 3600);
}
