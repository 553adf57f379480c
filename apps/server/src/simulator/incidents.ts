import {
  type AdasAlarm,
  type AlarmName,
  alarmWord,
  type BsdAlarm,
  type DsmAlarm,
  type LocationInput,
} from '../telematics/jt808';
import type { EvidenceScene } from './evidence';
import type { VehicleProfile } from './profile';
import { Rng } from './rng';
import type { Route } from './route';
import { type SafetyCamera, safetyEvent } from './safety-events';
import type { TruckSample, TruckSim } from './truck';

/**
 * What goes wrong on a simulated truck, rarely and deterministically (the truck's own `Rng`):
 * - terminal alarms of every truck: active-safety events (driver assist, driver state, blind spot)
 *   with their photos, the GNSS antenna cut for a few minutes, the emergency button (very rarely),
 *   the battery low while parked for the night, and the terminal's overspeed and fatigue bits when
 *   the truck really is over its limit or has driven four hours without a break;
 * - one part a truck may play, to trip a platform rule: the `speeder` drives over its limit for a
 *   few minutes, the `parker` waits far too long to load or unload, the `wanderer` leaves its line
 *   for a side road, the `siphoned` truck loses fuel while its driver sleeps.
 */
export type IncidentRole = 'speeder' | 'parker' | 'wanderer' | 'siphoned';

export interface IncidentRates {
  /** Active-safety events per hour of driving (ADAS above 30 km/h; BSD heavy trucks only). */
  adasPerHour: number;
  dsmPerHour: number;
  bsdPerHour: number;
  /** GNSS antenna cut, per hour of driving; lasts 2-8 minutes. */
  antennaPerHour: number;
  /** Emergency button, per hour of driving; held 1-3 minutes. */
  emergencyPerHour: number;
  /** Chance per night's rest that the battery runs low with the engine off. */
  undervoltagePerRest: number;
  /** speeder: spells over the limit per hour of cruising, each 1.5-4 minutes. */
  speedingPerHour: number;
  /** wanderer: detours per hour of highway driving, each 8-15 km of the line 1.5-3 km off it. */
  detourPerHour: number;
  /** parker: chance a loading, unloading or depot stop in the day lasts `longParkMinutes`. */
  longParkChance: number;
  longParkMinutes: readonly [number, number];
  /** siphoned: chance per night's rest that 25-60 L are drawn from the tank. */
  siphonPerRest: number;
  /** siphoned: minutes into the rest when it happens. */
  siphonAfterMinutes: readonly [number, number];
}

/** The demo's rates: under one terminal alarm an hour of driving a truck; the parts a few times a day. */
export const DEMO_INCIDENT_RATES: IncidentRates = {
  adasPerHour: 0.35,
  dsmPerHour: 0.25,
  bsdPerHour: 0.1,
  antennaPerHour: 0.02,
  emergencyPerHour: 0.003,
  undervoltagePerRest: 0.05,
  speedingPerHour: 0.8,
  detourPerHour: 0.3,
  longParkChance: 0.5,
  longParkMinutes: [70, 110],
  siphonPerRest: 0.4,
  siphonAfterMinutes: [40, 150],
};

/** A photo to take and file under an alarm number. */
export interface EvidenceShot {
  alarmNo: string;
  scene: EvidenceScene;
}

const HOUR = 3_600_000;
const MIN = 60_000;
/** JT/T 808 parameter 0x0057 as most terminals ship: four hours of continuous driving. */
const FATIGUE_BIT_S = 4 * 3600;

/** The demo trucks that play each part: heavy trucks, chosen by the seed. */
export function assignRoles(profiles: readonly VehicleProfile[], seed: number): Map<string, IncidentRole> {
  const rng = Rng.of('roles', seed);
  const roles = new Map<string, IncidentRole>();
  const take = (role: IncidentRole, kinds: VehicleProfile['kind'][], diesel = false) => {
    const free = profiles.filter(
      (p) => kinds.includes(p.kind) && !roles.has(p.phone) && (!diesel || p.energy === 'diesel'),
    );
    if (free.length > 0) roles.set(rng.pick(free).phone, role);
  };
  take('speeder', ['trunk']);
  take('wanderer', ['trunk']);
  take('parker', ['coal', 'city']);
  take('siphoned', ['coal', 'trunk'], true);
  return roles;
}

export class Incidents {
  private lastTime: number | null = null;
  private alarmId = 0;
  private serial = 0;
  private emergencyUntil = 0;
  private antennaUntil = 0;
  private lowBattery = false;
  private overReports = 0;
  private speedingUntil = 0;
  private detour: { route: Route; fromKm: number; toKm: number; offsetKm: number; side: 1 | -1 } | null =
    null;
  private restSeen = -1;
  private stopSeen = -1;
  private siphonAt: number | null = null;

  constructor(
    private readonly profile: VehicleProfile,
    readonly role: IncidentRole | null,
    private readonly rates: IncidentRates,
    private readonly rng: Rng,
  ) {}

  private happens(perHour: number, ms: number): boolean {
    return perHour > 0 && this.rng.chance(1 - Math.exp((-perHour * ms) / HOUR));
  }

  /** Plays the truck's part for the time since the last call (speeding, long stops, theft). */
  steer(truck: TruckSim, ms: number): void {
    const r = this.rates;
    if (truck.counts.rests !== this.restSeen && truck.activity === 'rest') {
      this.restSeen = truck.counts.rests;
      this.lowBattery = this.rng.chance(r.undervoltagePerRest);
      this.siphonAt =
        this.role === 'siphoned' && this.rng.chance(r.siphonPerRest)
          ? truck.time + this.rng.range(r.siphonAfterMinutes[0], r.siphonAfterMinutes[1]) * MIN
          : null;
    }
    if (this.siphonAt !== null && truck.time >= this.siphonAt) {
      this.siphonAt = null;
      if (truck.activity === 'rest' && !truck.acc && truck.fuel > 60) {
        truck.fuel -= Math.min(truck.fuel - 30, this.rng.range(25, 60));
      }
    }
    if (this.role === 'parker' && truck.counts.stops !== this.stopSeen && truck.activity === 'dwell') {
      this.stopSeen = truck.counts.stops;
      const role = truck.standingAt?.station.role;
      const daytime = new Date(truck.time + 8 * HOUR).getUTCHours();
      if (
        (role === 'loading' || role === 'unloading' || role === 'depot') &&
        daytime >= 7 &&
        daytime < 19 &&
        this.rng.chance(r.longParkChance)
      ) {
        const until = truck.time + this.rng.range(r.longParkMinutes[0], r.longParkMinutes[1]) * MIN;
        truck.holdStanding(until, until - this.rng.range(2, 5) * MIN);
      }
    }
    if (this.role === 'speeder') {
      const cruising = truck.activity === 'drive' && truck.speed >= this.profile.cruiseKmh - 8;
      if (truck.time >= this.speedingUntil) {
        truck.overLimitKmh = 0;
        if (cruising && this.happens(r.speedingPerHour, ms)) {
          this.speedingUntil = truck.time + this.rng.range(1.5, 4) * MIN;
          truck.overLimitKmh = this.rng.range(8, 16);
        }
      }
    }
    if (this.role === 'wanderer' && !this.detour && truck.activity === 'drive') {
      const route = truck.route;
      const fromKm = truck.km + 1;
      const toKm = fromKm + this.rng.range(8, 15);
      const clear =
        this.profile.kind !== 'city' &&
        toKm < route.lengthKm - 5 &&
        route.stops.every((s) => s.km < fromKm - 2 || s.km > toKm + 2);
      if (clear && this.happens(r.detourPerHour, ms)) {
        const side = this.rng.chance(0.5) ? 1 : -1;
        this.detour = { route, fromKm, toKm, offsetKm: this.rng.range(1.5, 3), side };
      }
    }
    if (this.detour && (truck.route !== this.detour.route || truck.km > this.detour.toKm)) this.detour = null;
  }

  /** Where the truck is reported: on a side road beside its line during a detour. */
  place(truck: TruckSim, sample: TruckSample): { lat: number; lng: number } {
    const d = this.detour;
    if (!d || truck.route !== d.route || truck.km <= d.fromKm || truck.km >= d.toKm) {
      return { lat: sample.lat, lng: sample.lng };
    }
    // Off the line and back in an arch, at right angles to the way the truck drives.
    const off = d.side * d.offsetKm * Math.sin((Math.PI * (truck.km - d.fromKm)) / (d.toKm - d.fromKm));
    const heading = (sample.direction * Math.PI) / 180;
    const eastKm = off * Math.cos(heading);
    const northKm = -off * Math.sin(heading);
    return {
      lat: sample.lat + northKm / 111.32,
      lng: sample.lng + eastKm / (111.32 * Math.cos((sample.lat * Math.PI) / 180)),
    };
  }

  /**
   * Adds the terminal's alarms to a report of `sample`: the alarm word, and an active-safety item
   * now and then. Answers the photos the terminal took for it.
   */
  decorate(location: LocationInput, sample: TruckSample, truck: TruckSim): EvidenceShot[] {
    const r = this.rates;
    const ms = this.lastTime === null ? 0 : Math.min(10 * MIN, Math.max(0, sample.time - this.lastTime));
    this.lastTime = sample.time;
    const moving = sample.moving;
    const names: AlarmName[] = [];
    if (moving && this.happens(r.emergencyPerHour, ms)) {
      this.emergencyUntil = sample.time + this.rng.range(1, 3) * MIN;
    }
    if (moving && this.happens(r.antennaPerHour, ms)) {
      this.antennaUntil = sample.time + this.rng.range(2, 8) * MIN;
    }
    if (sample.time < this.emergencyUntil) names.push('emergency');
    if (sample.time < this.antennaUntil) names.push('gnssAntennaCut');
    if (sample.acc) this.lowBattery = false;
    else if (this.lowBattery && truck.activity === 'rest') names.push('undervoltage');
    // The terminal's own overspeed alarm: over the limit in two reports running.
    this.overReports = sample.speed > this.profile.speedLimit ? this.overReports + 1 : 0;
    if (this.overReports >= 2) names.push('overspeed');
    if (truck.drivenSinceBreakS >= FATIGUE_BIT_S && sample.acc) names.push('fatigue');
    if (names.length > 0) location.alarm = alarmWord(names);

    const cameras: SafetyCamera[] = [];
    if (moving && sample.speed > 30 && this.happens(r.adasPerHour, ms)) cameras.push('adas');
    else if (moving && this.happens(r.dsmPerHour, ms)) cameras.push('dsm');
    else if (moving && this.profile.kind !== 'city' && this.happens(r.bsdPerHour, ms)) cameras.push('bsd');
    const shots: EvidenceShot[] = [];
    for (const camera of cameras) {
      this.alarmId += 1;
      this.serial = (this.serial + 1) & 0xff;
      const position = { lat: location.lat, lng: location.lon };
      const event = safetyEvent(this.rng, this.profile, camera, sample, position, this.alarmId, this.serial);
      const extras = { ...location.extras };
      if (camera === 'adas') extras.adas = event.item as AdasAlarm;
      else if (camera === 'dsm') extras.dsm = event.item as DsmAlarm;
      else extras.bsd = event.item as BsdAlarm;
      location.extras = extras;
      for (const scene of event.scenes) shots.push({ alarmNo: event.alarmNo, scene });
    }
    return shots;
  }
}
