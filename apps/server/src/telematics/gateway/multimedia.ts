import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { storeAlarmAttachment, terminalMediaNumber } from '../alarms/attachments';
import {
  encodeMediaDataResponse,
  encodeRetransmitRequest,
  type FrameHeader,
  type MissingParts,
  MSG,
  type MultimediaData,
} from '../jt808';

/** What a terminal answered to 0x8801: 0 ok, 1 failed, 2 channel unsupported; the ids of the shots. */
export interface ShotTaken {
  result: number;
  mediaIds: number[];
}

/**
 * A whole 0x0801 (a photo or clip from the terminal) stored as evidence of its truck, in the store
 * of active-safety evidence (jpg, png, mp4; other formats are refused there) under the terminal's
 * media number. Answers the file's address.
 */
export async function storeTerminalMedia(
  db: Kysely<Database>,
  uploadDir: string,
  owner: { merchantId: number; truckId: number; tid: string },
  media: MultimediaData,
  now: number,
): Promise<string> {
  const time = media.location.time ?? now;
  const stored = await storeAlarmAttachment(
    db,
    uploadDir,
    {
      merchantId: owner.merchantId,
      truckId: owner.truckId,
      alarmNo: terminalMediaNumber(owner.tid, time, media.mediaId),
      channel: media.channel,
      data: media.data,
    },
    now,
  );
  return stored.url;
}

/**
 * What asks a terminal again for the missing parts of a split message: 0x8800 naming the media for
 * multimedia data whose first part arrived, else 0x8003 naming the first part's serial.
 */
export function retransmitRequest(missing: MissingParts): (h: FrameHeader) => Buffer {
  const first = missing.first?.body;
  const ids = missing.missing.slice(0, 255);
  if (missing.msgId === MSG.multimediaData && first && first.length >= 4) {
    const mediaId = first.readUInt32BE(0);
    return (h) => encodeMediaDataResponse(h, { mediaId, missing: ids });
  }
  return (h) => encodeRetransmitRequest(h, { firstSerial: missing.firstSerial, missing: ids });
}
