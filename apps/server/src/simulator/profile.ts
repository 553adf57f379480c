import type { DemoTruck } from '../db/seed/demo-fleet';
import { DEMO_LINES, type DemoLine } from '../db/seed/demo-lines';
import { Rng } from './rng';

/** Diesel trucks report litres in item 0x02; electric ones report the battery's kWh there. */
export type Energy = 'diesel' | 'electric';

/** A demo truck as the simulator drives it: terminal, vehicle figures, habits and its line. */
export interface VehicleProfile {
  phone: string;
  plate: string;
  /** JT/T 808 plate colour: 2 yellow (trucks), 5 green (new energy). */
  plateColor: number;
  kind: DemoTruck['kind'];
  energy: Energy;
  /** Litres, or kWh for an electric truck. */
  tankCapacity: number;
  /** km/h: the truck never goes faster. */
  speedLimit: number;
  /** Preferred highway speed, km/h, under the limit. */
  cruiseKmh: number;
  /** Consumption loaded at 60 km/h, L (or kWh) per 100 km. */
  per100: number;
  /** Consumption with the engine idling, L (or kWh) per hour. */
  idlePerHour: number;
  /** Terminal protocol: most 2013, a few 2019. */
  version: 2013 | 2019;
  /** Register fields: GB/T 2260 province (two digits) and city (last four digits). */
  province: number;
  city: number;
  terminalId: string;
  /** Long-haul trucks: local hour from which the driver looks for a place to sleep, and for how long. */
  restStartHour: number;
  restHours: number;
  /** City trucks: working day, local hours (fractions allowed). */
  workStartHour: number;
  workEndHour: number;
  /** Odometer (km) at `ODOMETER_EPOCH`, and the km a day it has run on average since. */
  odometerBaseKm: number;
  odometerPerDayKm: number;
  line: DemoLine;
}

/**
 * The odometer of a truck grows with the calendar ({@link odometerAt}), a little faster than the
 * simulated trucks drive, so a restarted simulator never reports less than it did before.
 */
export const ODOMETER_EPOCH = Date.UTC(2026, 0, 1);

/** Upper bounds of what a simulated truck drives in a day (the simulator's tests check them). */
export const ODOMETER_HEAVY_KM_PER_DAY = 1_100;
export const ODOMETER_CITY_KM_PER_DAY = 250;

export function odometerAt(profile: VehicleProfile, time: number): number {
  const days = Math.max(0, (time - ODOMETER_EPOCH) / 86_400_000);
  return profile.odometerBaseKm + days * profile.odometerPerDayKm;
}

/** Province and city codes (GB/T 2260) of a plate's issuing office. */
const PLATE_REGIONS: Record<string, [number, number]> = {
  京A: [11, 100],
  冀B: [13, 200],
  津C: [12, 100],
  蒙K: [15, 600],
};

function linesOf(kind: DemoTruck['kind']): DemoLine[] {
  return DEMO_LINES.filter((line) => line.kind === kind);
}

/**
 * Profiles of the trucks to simulate. Lines go round the lines of each kind of work (coal lines to
 * coal trucks, trunk lines to trunk trucks, city rounds to city trucks); `seed` varies the habits.
 */
export function vehicleProfiles(trucks: readonly DemoTruck[], seed = 1): VehicleProfile[] {
  const counters = new Map<string, number>();
  return trucks.map((truck) => {
    const rng = Rng.of('profile', seed, truck.terminalPhone);
    const lines = linesOf(truck.kind);
    const nth = counters.get(truck.kind) ?? 0;
    counters.set(truck.kind, nth + 1);
    const line = lines[nth % lines.length];
    if (!line) throw new Error(`no demo line for ${truck.kind} trucks`);
    const city = truck.kind === 'city';
    const electric = truck.fuelType === 2;
    const index = Number(truck.terminalPhone) - 13_800_000_001;
    const [province, cityCode] = PLATE_REGIONS[truck.carNo.slice(0, 2)] ?? [0, 0];
    return {
      phone: truck.terminalPhone,
      plate: truck.carNo,
      plateColor: electric ? 5 : 2,
      kind: truck.kind,
      energy: electric ? 'electric' : 'diesel',
      tankCapacity: truck.tankCapacity,
      speedLimit: truck.speedLimit,
      cruiseKmh: Math.min(truck.speedLimit - 2, city ? 60 : Math.round(rng.range(68, 80))),
      per100: electric ? rng.range(28, 34) : city ? rng.range(13, 16) : rng.range(31, 35),
      idlePerHour: electric ? 0.5 : city ? 0.9 : 2.5,
      version: index % 8 === 3 ? 2019 : 2013,
      province,
      city: cityCode,
      terminalId: `T${truck.terminalPhone.slice(-6)}`,
      restStartHour: rng.pick([21, 22, 23, 0, 1, 2]),
      restHours: rng.range(6, 8),
      workStartHour: rng.range(6, 7.5),
      workEndHour: rng.range(19, 20.5),
      odometerBaseKm: Math.round(city ? rng.range(20_000, 90_000) : rng.range(80_000, 260_000)),
      odometerPerDayKm: city ? ODOMETER_CITY_KM_PER_DAY : ODOMETER_HEAVY_KM_PER_DAY,
      line,
    };
  });
}
