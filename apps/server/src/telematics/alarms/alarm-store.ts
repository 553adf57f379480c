import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlarmMedia, AlarmRow } from '../../modules/alarms/alarms.table';
import { deliverAlarms } from '../../modules/messages/delivery';
import type { OpenAlarm } from './alarm';
import { mediaOf } from './attachments';

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Writes the alarms a batch changed, inside the transaction of its reports: new ones inserted
 * (their id set), others updated (end, highest speed, measured detail). The alarms that started
 * are delivered as messages in the same transaction; the answer publishes them after the commit.
 */
export async function persistAlarms(
  tx: Kysely<Database>,
  changed: Iterable<OpenAlarm>,
  now: number,
): Promise<() => void> {
  const started: AlarmRow[] = [];
  for (const alarm of changed) {
    if (alarm.id === null) {
      if (alarm.alarmNo && alarm.attachments > 0) {
        // Evidence uploaded before the report that announced it (see attachments.ts).
        const media: AlarmMedia[] = await mediaOf(tx, alarm.scope.truckId, alarm.alarmNo);
        if (media.length > 0) alarm.media = media;
      }
      const row = await tx
        .insertInto('alarm')
        .values({
          merchant_id: alarm.scope.merchantId,
          team_code: alarm.scope.teamCode,
          truck_id: alarm.scope.truckId,
          terminal_id: alarm.scope.terminalId,
          driver_id: alarm.scope.driverId,
          code: alarm.code,
          source: alarm.source,
          level: alarm.level,
          start_time: alarm.startTime,
          end_time: alarm.endTime,
          lat: alarm.lat,
          lon: alarm.lon,
          speed: alarm.speed,
          max_speed: alarm.maxSpeed,
          end_lat: alarm.endLat,
          end_lon: alarm.endLon,
          station_id: alarm.stationId,
          line_id: alarm.lineId,
          plan_id: alarm.planId,
          detail: json(alarm.detail),
          media: json(alarm.media),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      alarm.id = row.id;
      started.push(row);
    } else {
      await tx
        .updateTable('alarm')
        .set({
          // a condition of the other source may have joined it (see TruckAlarms.start)
          source: alarm.source,
          level: alarm.level,
          start_time: alarm.startTime,
          lat: alarm.lat,
          lon: alarm.lon,
          speed: alarm.speed,
          end_time: alarm.endTime,
          end_lat: alarm.endLat,
          end_lon: alarm.endLon,
          max_speed: alarm.maxSpeed,
          detail: json(alarm.detail),
          updated_at: now,
        })
        .where('id', '=', alarm.id)
        .execute();
    }
  }
  return deliverAlarms(tx, started, now);
}
