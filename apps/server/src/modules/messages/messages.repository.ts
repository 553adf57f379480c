import { ALARM_TYPES, alarmName, alarmType, formatDateTime, mayOpenAlarm } from '@fleet/domain';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { type AlarmPush, addressOf, MESSAGE_TYPE, parseMedia } from './push';
import { parseCodes } from './recipients';

/** A message as the lists show it: the push fields, the message type and whether it was read. */
export interface MessageRow extends AlarmPush {
  type: number;
  /** 0 unread, 1 read. */
  readStatus: 0 | 1;
  readTime: string;
}

export interface MessageFilter {
  /** 0 unread, 1 read, absent: both. */
  messageStatus?: 0 | 1;
  type?: 1 | 2;
  alarmCode?: number;
  carNo?: string;
  /** Epoch ms bounds of the message time. */
  from?: number;
  to?: number;
}

/** The caller's own messages in the current merchant that pass the filter (table alias `m`). */
function ownMessages(auth: AuthContext, filter: MessageFilter) {
  // biome-ignore lint/suspicious/noExplicitAny: applies to any query over `message as m`
  return (eb: ExpressionBuilder<any, any>) => {
    const and = [eb('m.user_id', '=', auth.userId), eb('m.merchant_id', '=', auth.merchantId)];
    if (filter.messageStatus === 0) and.push(eb('m.read_at', 'is', null));
    if (filter.messageStatus === 1) and.push(eb('m.read_at', 'is not', null));
    if (filter.type !== undefined) and.push(eb('m.type', '=', filter.type));
    if (filter.alarmCode !== undefined) and.push(eb('m.code', '=', filter.alarmCode));
    const carNo = filter.carNo?.replace(/[%_\\]/g, '');
    if (carNo) and.push(eb('m.car_no', 'like', `%${carNo}%`));
    if (filter.from !== undefined) and.push(eb('m.created_at', '>=', filter.from));
    if (filter.to !== undefined) and.push(eb('m.created_at', '<=', filter.to));
    return eb.and(and);
  };
}

function rowsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('message as m')
    .leftJoin('alarm as a', 'a.id', 'm.alarm_id')
    .leftJoin('truck as t', 't.id', 'm.truck_id')
    .leftJoin('driver as d', 'd.id', 'a.driver_id')
    .leftJoin('terminal as tm', 'tm.id', 'a.terminal_id')
    .select([
      'm.id',
      'm.type',
      'm.code',
      'm.alarm_id',
      'm.business_code',
      'm.car_no',
      'm.title',
      'm.content',
      'm.read_at',
      'm.created_at',
      't.vin',
      'tm.phone as tid',
      'd.name as driverName',
      'a.start_time',
      'a.end_time',
      'a.speed',
      'a.lat',
      'a.lon',
      'a.media',
      'a.level',
    ]);
}

type Raw = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

function toRow(r: Raw, now: number): MessageRow {
  const media = parseMedia(r.media);
  const start = r.start_time ?? r.created_at;
  const lat = r.lat ?? 0;
  const lon = r.lon ?? 0;
  return {
    id: r.id,
    type: r.type,
    alarmId: r.alarm_id,
    alarmCode: r.code,
    categoryCode: alarmType(r.code)?.kind ?? '',
    eventName: r.type === MESSAGE_TYPE.alarm ? alarmName(r.code, `报警${r.code}`) : r.title,
    title: r.title,
    messageContent: r.content,
    content: r.content,
    businessCode: r.business_code ?? (r.alarm_id === null ? '' : String(r.alarm_id)),
    carNo: r.car_no ?? '',
    vin: r.vin ?? '',
    tid: r.tid ?? '',
    driverName: r.driverName ?? '',
    speed: (r.speed ?? 0) / 10,
    startTime: formatDateTime(new Date(start)),
    remindTime: formatDateTime(new Date(r.created_at)),
    reportTime: formatDateTime(new Date(start)),
    duration: Math.max(0, (r.end_time ?? (r.start_time === null ? start : now)) - start),
    latitude: lat / 1e6,
    longitude: lon / 1e6,
    address: addressOf(lat, lon),
    video: media.find((m) => m.type === 'video')?.url ?? '',
    photoList: media.filter((m) => m.type === 'photo').map((m) => m.url),
    level: r.level ?? null,
    readStatus: r.read_at === null ? 0 : 1,
    readTime: r.read_at === null ? '' : formatDateTime(new Date(r.read_at)),
  };
}

export async function listMessages(
  db: Kysely<Database>,
  auth: AuthContext,
  filter: MessageFilter,
  page: { offset: number; limit: number },
  now: number,
): Promise<{ list: MessageRow[]; total: number }> {
  const counted = await db
    .selectFrom('message as m')
    .where(ownMessages(auth, filter))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await rowsQuery(db)
    .where(ownMessages(auth, filter))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { list: rows.map((r) => toRow(r, now)), total: Number(counted.n) };
}

/** Unread vehicle alarms (type 1) of the caller by alarm code. */
export async function unreadByCode(db: Kysely<Database>, auth: AuthContext): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('message as m')
    .where(ownMessages(auth, { messageStatus: 0, type: MESSAGE_TYPE.alarm }))
    .select(['m.code', (eb) => eb.fn.countAll().as('n')])
    .groupBy('m.code')
    .execute();
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

/** Marks the caller's unread messages read; returns how many changed (read ones stay as they were). */
export async function markRead(
  db: Kysely<Database>,
  auth: AuthContext,
  which: { ids?: number[]; alarmCode?: number; type?: 1 | 2 },
  now: number,
): Promise<number> {
  let q = db
    .updateTable('message')
    .set({ read_at: now })
    .where('user_id', '=', auth.userId)
    .where('merchant_id', '=', auth.merchantId)
    .where('read_at', 'is', null);
  if (which.ids) q = q.where('id', 'in', which.ids);
  if (which.alarmCode !== undefined) q = q.where('code', '=', which.alarmCode);
  if (which.type !== undefined) q = q.where('type', '=', which.type);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The caller's subscription and reminder settings; no row: every type, voice off, pop-up on. */
export async function subscriptionOf(
  db: Kysely<Database>,
  auth: AuthContext,
): Promise<{ codes: number[]; alarmVoice: number; alarmPop: number }> {
  const row = await db
    .selectFrom('alarm_subscription')
    .select(['codes', 'alarm_voice', 'alarm_pop'])
    .where('user_id', '=', auth.userId)
    .where('merchant_id', '=', auth.merchantId)
    .executeTakeFirst();
  // only the kinds whose pages the user may open are offered and delivered
  const mayOpen = (code: number) => mayOpenAlarm(code, auth.codes);
  if (!row) return { codes: ALARM_TYPES.map((t) => t.code).filter(mayOpen), alarmVoice: 0, alarmPop: 1 };
  return {
    codes: [...parseCodes(row.codes)].filter(mayOpen).sort((a, b) => a - b),
    alarmVoice: row.alarm_voice,
    alarmPop: row.alarm_pop,
  };
}
