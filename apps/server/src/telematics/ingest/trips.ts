import { distanceMeters } from '@fleet/domain';
/**
 * Trips and stops of one truck, derived from its reports in device-time order (pure: no I/O).
 *
 * - A trip starts when ACC turns on or the speed exceeds 5 km/h.
 * - The truck is standing when its speed is below 1 km/h, or ACC is off and the speed is at most
 *   5 km/h (GPS drift of a parked truck). Standing longer than the stop threshold ends the trip
 *   where the standing began and opens a stop there. Without a trip, standing that long opens a stop.
 * - A trip that never moved (ACC on, idling, then standing) is discarded and the stop before it,
 *   if it ended when that trip began, is reopened.
 * - Trip mileage is the odometer (item 0x01) difference when the terminal sends it, else the sum of
 *   great-circle distances between located points; fuel used is the fuel level (item 0x02) drop,
 *   counting refuelling (a rise of more than 5 L between reports) back in; average speed is mileage
 *   over duration.
 * Reports at or before the last one seen (blind-area backfill) do not change trips or stops.
 * Each change is answered as a `TrackChange` for the writer to persist in the same transaction as
 * the reports; open trips are also saved every minute of device time so a restart resumes them.
 */

export interface TrackPoint {
  time: number;
  /** Microdegrees. */
  lat: number;
  lon: number;
  /** 0.1 km/h. */
  speed: number;
  acc: boolean;
  located: boolean;
  /** Odometer, 0.1 km. */
  mileage: number | null;
  /** Fuel level, 0.1 L. */
  fuel: number | null;
}

export interface TruckScope {
  truckId: number;
  merchantId: number;
  teamCode: string;
  driverId: number | null;
}

export interface OpenTrip {
  /** Row id, set by the writer once inserted. */
  id: number | null;
  scope: TruckScope;
  startTime: number;
  startLat: number;
  startLon: number;
  startMileage: number | null;
  startFuel: number | null;
  /** Metres between located points. */
  distance: number;
  /** Latest odometer and fuel level seen in the trip. */
  mileageNow: number | null;
  fuelNow: number | null;
  /** Fuel added during the trip, 0.1 L. */
  refuelled: number;
  maxSpeed: number;
  /** Where and when the trip ended (set when closed) or was last seen (open). */
  endTime: number;
  endLat: number;
  endLon: number;
  closed: boolean;
  /** Device time of the last save. */
  savedAt: number;
}

export interface OpenStop {
  id: number | null;
  scope: TruckScope;
  startTime: number;
  endTime: number | null;
  lat: number;
  lon: number;
  accOff: boolean;
}

export type TrackChange =
  | { kind: 'tripStart'; trip: OpenTrip }
  | { kind: 'tripSave'; trip: OpenTrip }
  | { kind: 'tripDiscard'; trip: OpenTrip }
  | { kind: 'stopStart'; stop: OpenStop }
  | { kind: 'stopSave'; stop: OpenStop };

/** 5 km/h in 0.1 km/h. */
const MOVING_SPEED = 50;
/** 1 km/h in 0.1 km/h. */
const STILL_SPEED = 10;
/** 5 L in 0.1 L. */
const REFUEL_STEP = 50;
/** Segments implying more than this (km/h) are GPS jumps and not counted. */
const MAX_PLAUSIBLE_KMH = 250;
export const TRIP_SAVE_INTERVAL_MS = 60_000;

/** Great-circle distance in metres between two points given in microdegrees. */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return distanceMeters(lat1 / 1e6, lon1 / 1e6, lat2 / 1e6, lon2 / 1e6);
}

/** Mileage of a trip so far, 0.1 km. */
export function tripMileage(trip: OpenTrip): number {
  if (trip.startMileage !== null && trip.mileageNow !== null && trip.mileageNow >= trip.startMileage) {
    return trip.mileageNow - trip.startMileage;
  }
  return Math.round(trip.distance / 100);
}

/** Fuel used so far, 0.1 L; null without fuel readings. */
export function tripFuelUsed(trip: OpenTrip): number | null {
  if (trip.startFuel === null || trip.fuelNow === null) return null;
  return Math.max(0, trip.startFuel + trip.refuelled - trip.fuelNow);
}

/** Average speed, 0.1 km/h: mileage over the trip's duration. */
export function tripAverageSpeed(trip: OpenTrip): number {
  const duration = trip.endTime - trip.startTime;
  return duration > 0 ? Math.round((tripMileage(trip) * 3_600_000) / duration) : 0;
}

interface Still {
  time: number;
  lat: number;
  lon: number;
  accOff: boolean;
}

export class TruckTrack {
  trip: OpenTrip | null = null;
  stop: OpenStop | null = null;
  /** The stop closed when the current trip began (reopened if the trip is discarded). */
  previousStop: OpenStop | null = null;
  last: TrackPoint | null = null;
  still: Still | null = null;

  constructor(
    public scope: TruckScope,
    private readonly stopThresholdMs: number,
  ) {}

  /** Feeds one report; answers the changes to persist (usually none). */
  observe(p: TrackPoint, changes: TrackChange[]): void {
    const last = this.last;
    if (last && p.time <= last.time) return;
    const standing = isStill(p);
    if (standing) this.still ??= { time: p.time, lat: p.lat, lon: p.lon, accOff: !p.acc };
    else this.still = null;
    if (this.still && !p.acc) this.still.accOff = true;

    const trip = this.trip;
    if (trip) {
      this.advanceTrip(trip, last, p);
      const still = this.still;
      if (still && p.time - still.time >= this.stopThresholdMs) {
        this.endTrip(trip, still, changes);
      } else if (p.time - trip.savedAt >= TRIP_SAVE_INTERVAL_MS) {
        trip.savedAt = p.time;
        changes.push({ kind: 'tripSave', trip });
      }
    } else if (p.speed > MOVING_SPEED || (p.acc && !(last?.acc ?? false))) {
      this.startTrip(p, standing, changes);
    } else if (this.stop) {
      if (!p.acc && !this.stop.accOff) {
        this.stop.accOff = true;
        changes.push({ kind: 'stopSave', stop: this.stop });
      }
    } else if (this.still && p.time - this.still.time >= this.stopThresholdMs) {
      this.openStop(this.still, changes);
    }
    this.last = p;
  }

  /** True when the truck stands in a trip and sent nothing for the stop threshold until `now`. */
  expires(now: number): boolean {
    const { trip, still, last } = this;
    return (
      trip !== null &&
      still !== null &&
      last !== null &&
      now - still.time >= this.stopThresholdMs &&
      now - last.time >= this.stopThresholdMs
    );
  }

  /** Ends the trip of a truck that stopped reporting while standing (see `expires`). */
  expire(now: number, changes: TrackChange[]): void {
    if (this.trip && this.still && this.expires(now)) this.endTrip(this.trip, this.still, changes);
  }

  /** Saves the open trip if it changed since its last save (at shutdown). */
  flush(changes: TrackChange[]): void {
    const trip = this.trip;
    if (trip && trip.id !== null && trip.savedAt < trip.endTime) {
      trip.savedAt = trip.endTime;
      changes.push({ kind: 'tripSave', trip });
    }
  }

  private startTrip(p: TrackPoint, standing: boolean, changes: TrackChange[]): void {
    if (this.stop) {
      this.stop.endTime = p.time;
      changes.push({ kind: 'stopSave', stop: this.stop });
      this.previousStop = this.stop;
      this.stop = null;
    } else {
      this.previousStop = null;
    }
    this.trip = {
      id: null,
      scope: this.scope,
      startTime: p.time,
      startLat: p.lat,
      startLon: p.lon,
      startMileage: p.mileage,
      startFuel: p.fuel,
      distance: 0,
      mileageNow: p.mileage,
      fuelNow: p.fuel,
      refuelled: 0,
      maxSpeed: p.speed,
      endTime: p.time,
      endLat: p.lat,
      endLon: p.lon,
      closed: false,
      savedAt: p.time,
    };
    this.still = standing ? { time: p.time, lat: p.lat, lon: p.lon, accOff: !p.acc } : null;
    changes.push({ kind: 'tripStart', trip: this.trip });
  }

  private advanceTrip(trip: OpenTrip, last: TrackPoint | null, p: TrackPoint): void {
    if (last?.located && p.located && !(last.lat === 0 && last.lon === 0)) {
      const metres = haversineMetres(last.lat, last.lon, p.lat, p.lon);
      const hours = (p.time - last.time) / 3_600_000;
      if (metres / 1000 <= MAX_PLAUSIBLE_KMH * hours) trip.distance += metres;
    }
    if (p.mileage !== null) {
      if (trip.startMileage === null) trip.startMileage = p.mileage - Math.round(trip.distance / 100);
      trip.mileageNow = p.mileage;
    }
    if (p.fuel !== null) {
      if (trip.startFuel === null) trip.startFuel = p.fuel;
      else if (trip.fuelNow !== null && p.fuel - trip.fuelNow > REFUEL_STEP) {
        trip.refuelled += p.fuel - trip.fuelNow;
      }
      trip.fuelNow = p.fuel;
    }
    if (p.speed > trip.maxSpeed) trip.maxSpeed = p.speed;
    if (!this.still) {
      trip.endTime = p.time;
      trip.endLat = p.lat;
      trip.endLon = p.lon;
    }
  }

  private endTrip(trip: OpenTrip, still: Still, changes: TrackChange[]): void {
    trip.endTime = still.time;
    trip.endLat = still.lat;
    trip.endLon = still.lon;
    trip.closed = true;
    this.trip = null;
    const moved = trip.maxSpeed > MOVING_SPEED || tripMileage(trip) > 0;
    const previous = this.previousStop;
    this.previousStop = null;
    if (!moved) {
      changes.push({ kind: 'tripDiscard', trip });
      if (previous && previous.endTime === trip.startTime) {
        previous.endTime = null;
        if (still.accOff) previous.accOff = true;
        this.stop = previous;
        changes.push({ kind: 'stopSave', stop: previous });
        return;
      }
    } else {
      changes.push({ kind: 'tripSave', trip });
    }
    this.openStop(still, changes);
  }

  private openStop(still: Still, changes: TrackChange[]): void {
    this.stop = {
      id: null,
      scope: this.scope,
      startTime: still.time,
      endTime: null,
      lat: still.lat,
      lon: still.lon,
      accOff: still.accOff,
    };
    changes.push({ kind: 'stopStart', stop: this.stop });
  }

  /** A copy to restore if the transaction persisting the changes fails. */
  snapshot(): () => void {
    const trip = this.trip ? { ...this.trip } : null;
    const stop = this.stop ? { ...this.stop } : null;
    const previousStop = this.previousStop ? { ...this.previousStop } : null;
    const last = this.last;
    const still = this.still ? { ...this.still } : null;
    const tripRef = this.trip;
    const stopRef = this.stop;
    const previousRef = this.previousStop;
    return () => {
      // Restore the same objects (their ids may be referenced elsewhere) to their former fields.
      this.trip = tripRef && trip ? Object.assign(tripRef, trip) : null;
      this.stop = stopRef && stop ? Object.assign(stopRef, stop) : null;
      this.previousStop = previousRef && previousStop ? Object.assign(previousRef, previousStop) : null;
      this.last = last;
      this.still = still;
    };
  }
}

export function isStill(p: { speed: number; acc: boolean }): boolean {
  return p.speed < STILL_SPEED || (!p.acc && p.speed <= MOVING_SPEED);
}
