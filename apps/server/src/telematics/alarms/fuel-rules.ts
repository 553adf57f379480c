import type { AlarmRuleSettings } from '@fleet/domain';
import { isStill, type OpenTrip, tripFuelUsed, tripMileage } from '../ingest/trips';
import { PLATFORM, type Report, type TruckAlarms } from './alarm';

const litres = (tenths: number) => tenths / 10;

/**
 * 5012 suspected oil theft: while standing (see `parking`, which keeps `stillSince`), the fuel level
 * fell `minLitres` below the highest level seen since the truck stopped. The alarm starts at the
 * report that showed the drop, follows a further drop, and ends when the truck moves again.
 */
export function oilTheft(t: TruckAlarms, r: Report, rule: AlarmRuleSettings['oilTheft']): void {
  const s = t.state;
  if (!s.stillSince) {
    s.parkFuelMax = null;
    t.end('p5012', r);
    return;
  }
  if (r.fuel === null) return;
  s.parkFuelMax = Math.max(s.parkFuelMax ?? r.fuel, r.fuel);
  const drop = s.parkFuelMax - r.fuel;
  if (!rule.enabled) return;
  const open = t.open.get('p5012');
  const detail = { beforeL: litres(s.parkFuelMax), afterL: litres(r.fuel), dropL: litres(drop) };
  if (open) {
    if (drop > Math.round((Number(open.detail?.dropL) || 0) * 10)) t.note(open, detail);
  } else if (drop >= rule.minLitres * 10) {
    t.start('p5012', 5012, PLATFORM, r, {
      detail: { ...detail, parkedSince: s.stillSince.time, minLitres: rule.minLitres },
    });
  }
}

/**
 * 5002 abnormal refuel: the fuel level rose `minLitres` or more between two reports while the truck
 * was moving (fuel is not put in on the road), or to more than the tank holds (5% tolerance).
 * An event: it starts and ends at the report that showed the rise.
 */
export function refuel(
  t: TruckAlarms,
  r: Report,
  rule: AlarmRuleSettings['refuel'],
  tankCapacityL: number | null,
): void {
  const s = t.state;
  const moving = !isStill(r);
  if (r.fuel === null) {
    s.lastMoving = moving;
    return;
  }
  const before = s.lastFuel;
  const wasMoving = s.lastMoving;
  s.lastFuel = r.fuel;
  s.lastMoving = moving;
  if (!rule.enabled || before === null) return;
  const added = r.fuel - before;
  if (added < rule.minLitres * 10) return;
  const overCapacity = tankCapacityL !== null && tankCapacityL > 0 && r.fuel > tankCapacityL * 10 * 1.05;
  if (!(moving && wasMoving) && !overCapacity) return;
  t.event(5002, PLATFORM, r, {
    detail: {
      reason: moving && wasMoving ? 'moving' : 'overCapacity',
      beforeL: litres(before),
      afterL: litres(r.fuel),
      addedL: litres(added),
      tankCapacityL,
      minLitres: rule.minLitres,
    },
  });
}

/**
 * 5001 abnormal fuel use: a finished trip of at least `minKm` used more than `maxLPer100km` per
 * 100 km (fuel used counts refuelling back in, see trips.ts). The alarm spans the trip.
 */
export function fuelUse(t: TruckAlarms, trip: OpenTrip, rule: AlarmRuleSettings['fuelUse']): void {
  if (!rule.enabled || !trip.closed) return;
  const used = tripFuelUsed(trip);
  const mileage = tripMileage(trip);
  if (used === null || mileage < rule.minKm * 10) return;
  const per100 = (used * 100) / mileage;
  if (per100 <= rule.maxLPer100km) return;
  t.event(
    5001,
    PLATFORM,
    { time: trip.startTime, lat: trip.startLat, lon: trip.startLon, speed: 0 },
    {
      detail: {
        tripId: trip.id,
        mileageKm: mileage / 10,
        fuelUsedL: litres(used),
        lPer100km: Math.round(per100 * 10) / 10,
        maxLPer100km: rule.maxLPer100km,
      },
    },
    { time: trip.endTime, lat: trip.endLat, lon: trip.endLon, speed: 0 },
  ).maxSpeed = trip.maxSpeed;
}
