import { describe, expect, it } from 'vitest';
import { demoFleet } from '../db/seed/demo-fleet';
import { bearingDeg, distanceKm } from './geo';
import {
  ODOMETER_CITY_KM_PER_DAY,
  ODOMETER_HEAVY_KM_PER_DAY,
  type VehicleProfile,
  vehicleProfiles,
} from './profile';
import { Rng } from './rng';
import { Route } from './route';
import { localHour } from './schedule';
import { type TruckSample, TruckSim, type TruckStart } from './truck';

const DAY = 86_400_000;
/** 2026-11-20 08:00 in Beijing. */
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const profiles = vehicleProfiles(demoFleet(50));

function profileOf(test: (p: VehicleProfile) => boolean): VehicleProfile {
  const found = profiles.find(test);
  if (!found) throw new Error('no such demo truck');
  return found;
}

interface Observed extends TruckSample {
  activity: string;
  station: string | null;
  stationFuel: boolean;
  reversed: boolean;
}

/** Runs a truck for `ms`, sampling every 10 s as a terminal would. */
function run(
  profile: VehicleProfile,
  start: TruckStart,
  ms: number,
  seed = 3,
): { sim: TruckSim; samples: Observed[] } {
  const sim = new TruckSim(profile, start, T0, new Rng(seed));
  const samples: Observed[] = [];
  for (let t = T0; t <= T0 + ms; t += 10_000) {
    sim.advanceTo(t);
    samples.push({
      ...sim.sample(),
      activity: sim.activity,
      station: sim.standingAt?.station.name ?? null,
      stationFuel: sim.standingAt?.station.fuel ?? false,
      reversed: sim.route.reversed,
    });
  }
  return { sim, samples };
}

function atStart(profile: VehicleProfile, overrides: Partial<TruckStart> = {}): TruckStart {
  return {
    route: Route.of(profile.line),
    km: 0,
    activity: 'dwell',
    remainingMs: 10 * 60_000,
    speed: 0,
    load: 'empty',
    fuel: profile.tankCapacity * 0.8,
    odometer: 200_000,
    drivenSinceBreakS: 0,
    lastRestEnd: T0 - 3 * 3_600_000,
    ...overrides,
  };
}

/** Runs of consecutive samples in one standing activity (dwell or rest): station and minutes. */
function standings(samples: Observed[]): { station: string | null; minutes: number; activity: string }[] {
  const out: { station: string | null; minutes: number; activity: string }[] = [];
  let from: Observed | null = null;
  for (const s of samples) {
    if (from && s.activity !== from.activity) {
      out.push({ station: from.station, minutes: (s.time - from.time) / 60_000, activity: from.activity });
      from = null;
    }
    if (!from && (s.activity === 'dwell' || s.activity === 'rest')) from = s;
  }
  return out;
}

describe('a coal truck on 东胜—天津港 for three days', () => {
  const profile = profileOf((p) => p.line.code === 'coal-dongsheng-tianjin');
  const { sim, samples } = run(profile, atStart(profile), 3 * DAY);

  it('counts kilometres as it moves: the odometer follows the positions', () => {
    let travelled = 0;
    let backwards = 0;
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1] as Observed;
      const b = samples[i] as Observed;
      if (b.odometer < a.odometer) backwards++;
      travelled += distanceKm(a.lng, a.lat, b.lng, b.lat);
    }
    expect(backwards).toBe(0);
    const odometer = (samples.at(-1)?.odometer ?? 0) - (samples[0]?.odometer ?? 0);
    expect(odometer).toBeGreaterThan(1500);
    expect(Math.abs(travelled - odometer) / odometer).toBeLessThan(0.01);
    expect(odometer / 3).toBeLessThan(ODOMETER_HEAVY_KM_PER_DAY);
    expect(sim.counts.legs).toBeGreaterThanOrEqual(2);
  });

  it('drives at 60–90 km/h on the highway, never over its limit, with the engine on whenever it moves', () => {
    const moving = samples.filter((s) => s.moving);
    expect(Math.max(...moving.map((s) => s.speed))).toBeGreaterThan(65);
    expect(samples.filter((s) => s.speed > profile.speedLimit)).toEqual([]);
    expect(samples.filter((s) => s.moving && !s.acc)).toEqual([]);
    const cruising = moving.filter((s) => s.speed >= 60).length / moving.length;
    expect(cruising).toBeGreaterThan(0.7);
    expect(moving.some((s) => s.speed < 45)).toBe(true);
  });

  it('heads along the road', () => {
    const diffs: number[] = [];
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1] as Observed;
      const b = samples[i] as Observed;
      if (a.speed < 40 || b.speed < 40) continue;
      const bearing = bearingDeg(a.lng, a.lat, b.lng, b.lat);
      diffs.push(Math.abs(((b.direction - bearing + 540) % 360) - 180));
    }
    expect(diffs.length).toBeGreaterThan(1000);
    // Off only where a bend lies between two reports.
    expect(diffs.filter((d) => d < 15).length / diffs.length).toBeGreaterThan(0.95);
  });

  it('loads at the mine and unloads at the port for 30–60 min, stops at service areas for 15–30, sleeps at night', () => {
    const stops = standings(samples).slice(1); // the first one was under way at the start
    const loads = stops.filter((s) => s.station === '东胜煤炭物流园' && s.activity === 'dwell');
    const unloads = stops.filter((s) => s.station === '天津港南疆煤码头' && s.activity === 'dwell');
    expect(loads.length + unloads.length).toBeGreaterThanOrEqual(2);
    for (const s of [...loads, ...unloads]) {
      expect(s.minutes).toBeGreaterThanOrEqual(30);
      expect(s.minutes).toBeLessThanOrEqual(71);
    }
    const breaks = stops.filter((s) => s.station?.endsWith('服务区') && s.activity === 'dwell');
    expect(breaks.length).toBeGreaterThan(0);
    // 15–30 min, a meal 30–45, ten more when filling up.
    for (const s of breaks) {
      expect(s.minutes).toBeGreaterThanOrEqual(15);
      expect(s.minutes).toBeLessThanOrEqual(56);
    }
    const rests = stops.filter((s) => s.activity === 'rest');
    expect(rests.length).toBeGreaterThanOrEqual(2);
    for (const r of rests) expect(r.minutes).toBeGreaterThanOrEqual(5 * 60);
    expect(samples.filter((s) => s.activity === 'rest' && !s.acc && !s.sleeping)).toEqual([]);
    // Engine off while standing at a station, on a few minutes before leaving.
    const standingOff = samples.filter((s) => s.station !== null && !s.acc).length;
    expect(standingOff).toBeGreaterThan(samples.filter((s) => s.station !== null).length * 0.9);
  });

  it('goes loaded towards the port and empty back', () => {
    expect(samples.filter((s) => s.moving && s.load !== (s.reversed ? 'empty' : 'full'))).toEqual([]);
    const toPort = samples.filter((s) => s.moving && s.load === 'full');
    const back = samples.filter((s) => s.moving && s.load === 'empty');
    expect(toPort.length).toBeGreaterThan(1000);
    expect(back.length).toBeGreaterThan(1000);
  });

  it('burns about 30–35 L/100 km and fills up at a station when under a quarter of the tank', () => {
    let used = 0;
    let refuels = 0;
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1] as Observed;
      const b = samples[i] as Observed;
      if (b.fuel < a.fuel) used += a.fuel - b.fuel;
      if (b.fuel > a.fuel + 1) {
        refuels++;
        expect(b.stationFuel).toBe(true);
        // Under a quarter, or too little to reach the next fuel (the port sells none).
        expect(a.fuel).toBeLessThan(profile.tankCapacity * 0.55);
        expect(b.fuel).toBeGreaterThanOrEqual(profile.tankCapacity * 0.9 - 1);
      }
    }
    expect(Math.min(...samples.map((s) => s.fuel))).toBeGreaterThan(profile.tankCapacity * 0.1);
    const km = (samples.at(-1)?.odometer ?? 0) - (samples[0]?.odometer ?? 0);
    const per100 = (used / km) * 100;
    expect(per100).toBeGreaterThan(27);
    expect(per100).toBeLessThan(36);
    expect(refuels).toBeGreaterThanOrEqual(1);
  });

  it('reports the plateau heights of Inner Mongolia and the sea level of Tianjin', () => {
    const plateau = samples.filter((s) => s.lng < 112.9 && s.lat > 40.3);
    const coast = samples.filter((s) => s.lng > 117.2);
    expect(plateau.length).toBeGreaterThan(100);
    expect(coast.length).toBeGreaterThan(100);
    expect(Math.min(...plateau.map((s) => s.altitude))).toBeGreaterThan(950);
    expect(Math.max(...coast.map((s) => s.altitude))).toBeLessThan(15);
  });

  it('sends a plausible signal and satellite count', () => {
    const signals = samples.map((s) => s.signal);
    const satellites = samples.map((s) => s.satellites);
    expect(Math.min(...signals)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...signals)).toBeLessThanOrEqual(31);
    expect(new Set(signals).size).toBeGreaterThan(5);
    expect(Math.min(...satellites)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...satellites)).toBeLessThanOrEqual(24);
  });
});

describe('a city truck on its Tianjin round', () => {
  const profile = profileOf((p) => p.line.code === 'city-tianjin-hexi' && p.energy === 'diesel');
  const { samples } = run(profile, atStart(profile), 2 * DAY, 5);

  it('delivers to every shop each round for 10–20 min, at city speeds, stopping at red lights with the engine on', () => {
    const stops = standings(samples).filter((s) => s.activity === 'dwell');
    const shops = profile.line.stations.filter((s) => s.role === 'store').map((s) => s.name);
    for (const shop of shops) expect(stops.some((s) => s.station === shop)).toBe(true);
    for (const s of stops.filter((x) => shops.includes(x.station ?? ''))) {
      expect(s.minutes).toBeGreaterThanOrEqual(10);
      expect(s.minutes).toBeLessThanOrEqual(21);
    }
    expect(Math.max(...samples.map((s) => s.speed))).toBeLessThanOrEqual(51);
    const halts = samples.filter((s) => s.activity === 'halt');
    expect(halts.length).toBeGreaterThan(10);
    expect(halts.filter((s) => !s.acc || s.moving)).toEqual([]);
  });

  it('works by day and stands at the depot at night', () => {
    const nights = standings(samples).filter((s) => s.activity === 'rest');
    expect(nights.length).toBeGreaterThanOrEqual(1);
    for (const n of nights) {
      expect(n.station).toBe('河西陈塘庄配送中心');
      expect(n.minutes).toBeGreaterThan(8 * 60);
    }
    const outOfHours = samples.filter((s) => {
      const h = localHour(s.time);
      return s.moving && (h < profile.workStartHour || h >= profile.workEndHour + 2);
    });
    expect(outOfHours).toEqual([]);
    const km = (samples.at(-1)?.odometer ?? 0) - (samples[0]?.odometer ?? 0);
    expect(km).toBeGreaterThan(60);
    expect(km / 2).toBeLessThan(ODOMETER_CITY_KM_PER_DAY);
  });
});

describe('an electric city truck', () => {
  const profile = profileOf((p) => p.energy === 'electric');
  const { samples } = run(profile, atStart(profile, { fuel: profile.tankCapacity * 0.5 }), 2 * DAY, 9);

  it('charges to a full battery at the depot overnight and never buys diesel', () => {
    expect(profile.plateColor).toBe(5);
    const rests = samples.filter((s) => s.activity === 'rest');
    expect(rests.length).toBeGreaterThan(0);
    // Full on waking (the engine warms up a few minutes before leaving).
    expect(Math.min(...rests.map((s) => s.fuel))).toBeGreaterThan(profile.tankCapacity - 0.5);
    expect(Math.min(...samples.map((s) => s.fuel))).toBeGreaterThan(0);
  });
});

describe('a trunk truck low on diesel', () => {
  const profile = profileOf((p) => p.line.code === 'trunk-beijing-shijiazhuang');
  const start = atStart(profile, {
    activity: 'drive',
    km: 5,
    speed: 60,
    load: 'full',
    fuel: profile.tankCapacity * 0.26,
  });
  const { samples } = run(profile, start, 6 * 3_600_000, 4);

  it('stops at the next service area to fill up', () => {
    const refuel = samples.findIndex((s, i) => i > 0 && s.fuel > (samples[i - 1]?.fuel ?? 0) + 1);
    expect(refuel).toBeGreaterThan(0);
    expect(samples[refuel]?.station).toMatch(/服务区|物流园/);
  });
});
