import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storeAlarmAttachment } from '../telematics/alarms/attachments';

/** A photo a simulated terminal took for an active-safety alarm. */
export interface EvidenceFile {
  /** Terminal phone (the JT/T 808 identity of the truck). */
  phone: string;
  /** Alarm number: the item's alarm identification as 32 hex digits. */
  alarmNo: string;
  channel: number;
  data: Buffer;
}

/** Where the simulator hands its photos (an attachment server would receive them from a real terminal). */
export type EvidenceSink = (file: EvidenceFile) => Promise<void>;

/**
 * Files the simulator's photos the way the platform files alarm attachments
 * (telematics/alarms/attachments.ts): under the upload directory, attached to the alarm of the
 * truck with that number, now or when its report is stored.
 */
export function storeEvidence(db: Kysely<Database>, uploadDir: string, now: () => number): EvidenceSink {
  const trucks = new Map<string, { id: number; merchantId: number }>();
  return async (file) => {
    let truck = trucks.get(file.phone);
    if (!truck) {
      const row = await db
        .selectFrom('truck')
        .innerJoin('terminal', 'terminal.id', 'truck.terminal_id')
        .select(['truck.id', 'truck.merchant_id'])
        .where('terminal.phone', '=', file.phone)
        .where('truck.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw new Error(`no truck has terminal ${file.phone}`);
      truck = { id: row.id, merchantId: row.merchant_id };
      trucks.set(file.phone, truck);
    }
    await storeAlarmAttachment(
      db,
      uploadDir,
      {
        merchantId: truck.merchantId,
        truckId: truck.id,
        alarmNo: file.alarmNo,
        channel: file.channel,
        data: file.data,
      },
      now(),
    );
  };
}
