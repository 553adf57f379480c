import { isStill, type TruckScope, TruckTrack } from './trips';

/**
 * Resuming trips and stops after a restart: the open trip and open stop rows of a truck (end_time
 * null) and its latest state are read back into a `TruckTrack`. The trip's distance so far is its
 * saved mileage (when it has no odometer start), the refuelled amount is derived from the saved
 * fuel used, and a truck whose latest report was standing counts as standing since that report.
 */
/** What a restart knows of a truck: its open trip and stop rows and its latest state. */
export interface TrackRestore {
  trip: {
    id: number;
    start_time: number;
    start_lat: number;
    start_lon: number;
    start_mileage: number | null;
    start_fuel: number | null;
    mileage: number;
    fuel_used: number | null;
    max_speed: number;
    driver_id: number | null;
  } | null;
  stop: { id: number; start_time: number; lat: number; lon: number; acc_off: number } | null;
  last: {
    time: number;
    lat: number;
    lon: number;
    speed: number;
    acc: number;
    status_bits: number;
    mileage: number | null;
    fuel: number | null;
  } | null;
}

export function restoreTrack(scope: TruckScope, stopThresholdMs: number, r: TrackRestore): TruckTrack {
  const track = new TruckTrack(scope, stopThresholdMs);
  const last = r.last;
  if (last) {
    track.last = {
      time: last.time,
      lat: last.lat,
      lon: last.lon,
      speed: last.speed,
      acc: last.acc === 1,
      located: (last.status_bits & 2) !== 0,
      mileage: last.mileage,
      fuel: last.fuel,
    };
    if (isStill(track.last)) {
      track.still = { time: last.time, lat: last.lat, lon: last.lon, accOff: last.acc !== 1 };
    }
  }
  if (r.trip) {
    const t = r.trip;
    const mileageNow = last?.mileage ?? null;
    const fuelNow = last?.fuel ?? null;
    track.trip = {
      id: t.id,
      scope: { ...scope, driverId: t.driver_id },
      startTime: t.start_time,
      startLat: t.start_lat,
      startLon: t.start_lon,
      startMileage: t.start_mileage,
      startFuel: t.start_fuel,
      distance: t.start_mileage === null ? t.mileage * 100 : 0,
      mileageNow: t.start_mileage === null ? null : mileageNow,
      fuelNow,
      refuelled:
        t.start_fuel !== null && t.fuel_used !== null && fuelNow !== null
          ? Math.max(0, t.fuel_used + fuelNow - t.start_fuel)
          : 0,
      maxSpeed: t.max_speed,
      endTime: last?.time ?? t.start_time,
      endLat: last?.lat ?? t.start_lat,
      endLon: last?.lon ?? t.start_lon,
      closed: false,
      savedAt: last?.time ?? t.start_time,
    };
  }
  if (r.stop) {
    const s = r.stop;
    track.stop = {
      id: s.id,
      scope,
      startTime: s.start_time,
      endTime: null,
      lat: s.lat,
      lon: s.lon,
      accOff: s.acc_off === 1,
    };
  }
  return track;
}
