import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlarmMedia } from '../../modules/alarms/alarms.table';
import { readBcdTime, toBcdTime } from '../jt808/bcd';

/**
 * Evidence of active-safety alarms. A terminal announces attachments in the alarm identification
 * of its 0x64/0x65/0x67 item (their count; the 16 bytes as 32 hex digits are the alarm number) and
 * uploads the files to an attachment server (JT/T 1078 / 苏标 0x1210-0x1212), which this platform
 * does not run. Whatever receives them (a bridge from such a server, the demo simulator, an
 * operator) hands each file here with the truck and the alarm number: it is stored under
 * `<UPLOAD_DIR>/alarm-media/<yyyy>/<mm>/<random>.<ext>`, served from `ALARM_MEDIA_PREFIX/...`,
 * and becomes the `media` of the alarm, now or when the alarm's report arrives later.
 */
export const ALARM_MEDIA_PREFIX = '/api/alarm/media';
export const ALARM_MEDIA_DIR = 'alarm-media';

export interface MediaKind {
  ext: string;
  mime: string;
  type: AlarmMedia['type'];
}

export const MEDIA_KINDS: readonly MediaKind[] = [
  { ext: 'jpg', mime: 'image/jpeg', type: 'photo' },
  { ext: 'png', mime: 'image/png', type: 'photo' },
  { ext: 'mp4', mime: 'video/mp4', type: 'video' },
];

/** The kind of an evidence file by its first bytes (JPEG, PNG, MP4 'ftyp' box), or null. */
export function mediaKind(head: Uint8Array): MediaKind | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return MEDIA_KINDS[0] as MediaKind;
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47)
    return MEDIA_KINDS[1] as MediaKind;
  if (head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70)
    return MEDIA_KINDS[2] as MediaKind;
  return null;
}

export const ALARM_NO_PATTERN = /^[0-9a-f]{32}$/;

/** The time inside an alarm number (bytes 7-12, BCD, GMT+8), or null. */
export function alarmNoTime(alarmNo: string): number | null {
  return readBcdTime(Buffer.from(alarmNo, 'hex'), 7, false).time;
}

/**
 * The alarm number of an active-safety identification (报警标识号) as the terminal sends it: terminal
 * id (7 ASCII bytes, zero-padded), time (BCD, GMT+8), serial, attachment count, reserved — 32 hex
 * digits. The evidence of the alarm is uploaded under this number.
 */
export function alarmNumber(id: {
  terminalId: string;
  time: number;
  serial: number;
  attachments: number;
  reserved?: number;
}): string {
  const out = Buffer.alloc(16);
  out.write(id.terminalId.slice(0, 7), 0, 'latin1');
  toBcdTime(id.time).copy(out, 7);
  out[13] = id.serial & 0xff;
  out[14] = id.attachments & 0xff;
  out[15] = (id.reserved ?? 0) & 0xff;
  return out.toString('hex');
}

/**
 * The number under which a terminal's own multimedia upload (0x0801: a photo or clip the platform
 * asked for, or of a timed or alarm event) is filed: the shape of an alarm number with 'M' and the
 * phone's last six digits for the terminal id, the shot's time, and the media id in the last bytes.
 */
export function terminalMediaNumber(tid: string, time: number, mediaId: number): string {
  const out = Buffer.from(
    alarmNumber({ terminalId: `M${tid.slice(-6)}`, time, serial: 0, attachments: 0 }),
    'hex',
  );
  out.writeUInt32BE(mediaId >>> 0, 12);
  return out.toString('hex');
}

/** The hex prefix of every `terminalMediaNumber` ('M'). */
export const TERMINAL_MEDIA_PREFIX = '4d';

/** The media of an alarm number of a truck, in upload order. */
export async function mediaOf(db: Kysely<Database>, truckId: number, alarmNo: string): Promise<AlarmMedia[]> {
  const rows = await db
    .selectFrom('alarm_attachment')
    .select(['type', 'stored_path', 'channel'])
    .where('truck_id', '=', truckId)
    .where('alarm_no', '=', alarmNo)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    url: `${ALARM_MEDIA_PREFIX}/${r.stored_path}`,
    ...(r.channel === null ? {} : { channel: r.channel }),
  }));
}

export interface AttachmentInput {
  merchantId: number;
  truckId: number;
  /** 32 hex digits (any case). */
  alarmNo: string;
  data: Buffer;
  /** Camera channel, when known. */
  channel?: number | null;
}

export class AttachmentError extends Error {}

/**
 * Stores one evidence file and refreshes the media of the alarm it belongs to (if its report came
 * already: an alarm of the truck started within a day of the number's time, with that number).
 * Answers the file's address and the alarm id (null until the alarm exists).
 */
export async function storeAlarmAttachment(
  db: Kysely<Database>,
  uploadDir: string,
  input: AttachmentInput,
  now: number,
): Promise<{ url: string; type: AlarmMedia['type']; alarmId: number | null }> {
  const alarmNo = input.alarmNo.toLowerCase();
  if (!ALARM_NO_PATTERN.test(alarmNo)) throw new AttachmentError('报警编号须为32位十六进制数');
  const kind = mediaKind(input.data.subarray(0, 12));
  if (!kind) throw new AttachmentError('附件只支持 jpg、png 图片和 mp4 视频');
  const date = new Date(now);
  const month = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  const stored = `${month}/${randomBytes(16).toString('hex')}.${kind.ext}`;
  await mkdir(path.join(uploadDir, ALARM_MEDIA_DIR, month), { recursive: true });
  await writeFile(path.join(uploadDir, ALARM_MEDIA_DIR, stored), input.data, { flag: 'wx' });
  const url = `${ALARM_MEDIA_PREFIX}/${stored}`;
  const alarmId = await db.transaction().execute(async (tx) => {
    const last = await tx
      .selectFrom('alarm_attachment')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('truck_id', '=', input.truckId)
      .where('alarm_no', '=', alarmNo)
      .executeTakeFirst();
    await tx
      .insertInto('alarm_attachment')
      .values({
        merchant_id: input.merchantId,
        truck_id: input.truckId,
        alarm_no: alarmNo,
        seq: Number(last?.seq ?? 0) + 1,
        type: kind.type,
        channel: input.channel ?? null,
        stored_path: stored,
        mime_type: kind.mime,
        size: input.data.length,
        created_at: now,
      })
      .execute();
    const at = alarmNoTime(alarmNo);
    let q = tx
      .selectFrom('alarm')
      .select('id')
      .where('truck_id', '=', input.truckId)
      .where('detail', 'like', `%"alarmNo":"${alarmNo}"%`);
    if (at !== null)
      q = q.where('start_time', '>=', at - 86_400_000).where('start_time', '<=', at + 86_400_000);
    const alarm = await q.orderBy('id', 'desc').executeTakeFirst();
    if (!alarm) return null;
    const media = await mediaOf(tx, input.truckId, alarmNo);
    await tx
      .updateTable('alarm')
      .set({ media: JSON.stringify(media), updated_at: now })
      .where('id', '=', alarm.id)
      .execute();
    return alarm.id;
  });
  return { url, type: kind.type, alarmId };
}
