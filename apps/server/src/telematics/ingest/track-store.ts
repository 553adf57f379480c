import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type TrackChange, tripAverageSpeed, tripFuelUsed, tripMileage } from './trips';

/** Writes trip and stop changes in order, inside the caller's transaction; sets ids of new rows. */
export async function persistChanges(tx: Kysely<Database>, changes: readonly TrackChange[]): Promise<void> {
  for (const change of changes) {
    switch (change.kind) {
      case 'tripStart': {
        const t = change.trip;
        const row = await tx
          .insertInto('trip')
          .values({
            merchant_id: t.scope.merchantId,
            team_code: t.scope.teamCode,
            truck_id: t.scope.truckId,
            driver_id: t.scope.driverId,
            start_time: t.startTime,
            start_lat: t.startLat,
            start_lon: t.startLon,
            start_mileage: t.startMileage,
            start_fuel: t.startFuel,
            mileage: 0,
            fuel_used: t.startFuel === null ? null : 0,
            max_speed: t.maxSpeed,
            avg_speed: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        t.id = row.id;
        break;
      }
      case 'tripSave': {
        const t = change.trip;
        if (t.id === null) break;
        await tx
          .updateTable('trip')
          .set({
            end_time: t.closed ? t.endTime : null,
            end_lat: t.closed ? t.endLat : null,
            end_lon: t.closed ? t.endLon : null,
            start_mileage: t.startMileage,
            start_fuel: t.startFuel,
            mileage: tripMileage(t),
            fuel_used: tripFuelUsed(t),
            max_speed: t.maxSpeed,
            avg_speed: tripAverageSpeed(t),
          })
          .where('id', '=', t.id)
          .execute();
        break;
      }
      case 'tripDiscard':
        if (change.trip.id !== null) await tx.deleteFrom('trip').where('id', '=', change.trip.id).execute();
        break;
      case 'stopStart': {
        const s = change.stop;
        const row = await tx
          .insertInto('stop')
          .values({
            merchant_id: s.scope.merchantId,
            team_code: s.scope.teamCode,
            truck_id: s.scope.truckId,
            start_time: s.startTime,
            end_time: s.endTime,
            lat: s.lat,
            lon: s.lon,
            acc_off: s.accOff ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        s.id = row.id;
        break;
      }
      case 'stopSave': {
        const s = change.stop;
        if (s.id === null) break;
        await tx
          .updateTable('stop')
          .set({ end_time: s.endTime, acc_off: s.accOff ? 1 : 0 })
          .where('id', '=', s.id)
          .execute();
        break;
      }
    }
  }
}
