import { ALARM_POPUP_TYPES, alarmType, formatDateTime } from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type EventBus, PG_NOTIFY_LIMIT } from '../../realtime/bus';
import type { AlarmRow } from '../alarms/alarms.table';
import type { MessageTable } from './messages.table';
import { type AlarmPush, addressOf, alarmPushes, MESSAGE_TYPE } from './push';
import { RecipientDirectory, recipientsOf } from './recipients';

/** Bus channel of message pushes: every process pushes each event to its own sockets. */
export const MESSAGE_CHANNEL = 'message_push';
/** Bus channel saying a merchant's users, teams or subscriptions changed: `{ merchantId? }`. */
export const DIRECTORY_CHANNEL = 'message_directory';

/** One bus event: pushes of one type, each with its recipients and their message ids. */
export interface PushEvent {
  type: number;
  items: { merchantId: number; push: Omit<AlarmPush, 'id'>; to: [userId: number, messageId: number][] }[];
}

interface Binding {
  bus: EventBus;
  directory: RecipientDirectory;
  log: FastifyBaseLogger;
}

/**
 * The bus and the recipient cache of each database, found from any transaction of it (a Kysely
 * transaction shares its database's dialect adapter), so that callers pass only their transaction.
 */
const bindings = new WeakMap<object, Binding>();

function keyOf(db: Kysely<Database>): object {
  return db.getExecutor().adapter;
}

/** Called once by the app: deliveries through `db` publish on `bus` and share one recipient cache. */
export function bindDelivery(
  db: Kysely<Database>,
  bus: EventBus,
  log: FastifyBaseLogger,
): RecipientDirectory {
  const directory = new RecipientDirectory();
  bindings.set(keyOf(db), { bus, directory, log });
  return directory;
}

export function unbindDelivery(db: Kysely<Database>): void {
  bindings.delete(keyOf(db));
}

/** Tells every process that a merchant's users, teams or subscriptions changed. */
export async function invalidateRecipients(bus: EventBus, merchantId?: number): Promise<void> {
  await bus.publish(DIRECTORY_CHANNEL, { merchantId: merchantId ?? null });
}

const INSERT_CHUNK = 500;

async function insertMessages(
  tx: Kysely<Database>,
  rows: Insertable<MessageTable>[],
): Promise<{ id: number; user_id: number; alarm_id: number | null }[]> {
  const out: { id: number; user_id: number; alarm_id: number | null }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    // RETURNING order is not promised (SQLite), so rows are matched back by user and alarm
    out.push(
      ...(await tx.insertInto('message').values(chunk).returning(['id', 'user_id', 'alarm_id']).execute()),
    );
  }
  return out;
}

/** Splits pushes into bus events that each fit a PostgreSQL NOTIFY. */
export function packEvents(type: number, items: PushEvent['items'], limit = PG_NOTIFY_LIMIT): PushEvent[] {
  const events: PushEvent[] = [];
  let current: PushEvent = { type, items: [] };
  const size = (event: PushEvent) => Buffer.byteLength(JSON.stringify(event));
  const flush = () => {
    if (current.items.length > 0) events.push(current);
    current = { type, items: [] };
  };
  const add = (item: PushEvent['items'][number]) => {
    current.items.push(item);
    if (size(current) <= limit) return;
    current.items.pop();
    if (current.items.length > 0) {
      flush();
      add(item);
      return;
    }
    if (item.to.length <= 1) throw new Error('a single push does not fit a bus event');
    // one push for too many users: its recipients are split over several events
    const half = Math.ceil(item.to.length / 2);
    add({ ...item, to: item.to.slice(0, half) });
    flush();
    add({ ...item, to: item.to.slice(half) });
  };
  for (const item of items) add(item);
  flush();
  return events;
}

function afterCommit(tx: Kysely<Database>, type: number, items: PushEvent['items']): () => void {
  const binding = bindings.get(keyOf(tx));
  if (!binding || items.length === 0) return () => undefined;
  return () => {
    for (const event of packEvents(type, items)) {
      binding.bus
        .publish(MESSAGE_CHANNEL, event)
        .catch((err) => binding.log.error({ err }, 'message push not published'));
    }
  };
}

async function recipientsByMerchant(tx: Kysely<Database>, merchantIds: number[]) {
  const directory = bindings.get(keyOf(tx))?.directory ?? new RecipientDirectory(0);
  return directory.of(tx, [...new Set(merchantIds)]);
}

/**
 * Writes a message (type 1) for every user who should get each newly started alarm: a user of the
 * alarm's merchant whose team subtree holds the alarm's team and whose subscription holds its
 * code. Call inside the transaction that inserted the alarms; call the returned function after the
 * commit: it publishes the pushes on the bus (MESSAGE_CHANNEL), and every process sends them to
 * its own sockets.
 */
export async function deliverAlarms(
  tx: Kysely<Database>,
  alarms: readonly AlarmRow[],
  now: number,
): Promise<() => void> {
  if (alarms.length === 0) return () => undefined;
  const users = await recipientsByMerchant(
    tx,
    alarms.map((a) => a.merchant_id),
  );
  const targets = alarms.map((alarm) => recipientsOf(users.get(alarm.merchant_id) ?? [], alarm));
  if (targets.every((t) => t.length === 0)) return () => undefined;
  const pushes = await alarmPushes(tx, alarms, now);
  const rows: Insertable<MessageTable>[] = [];
  alarms.forEach((alarm, i) => {
    for (const userId of targets[i] ?? []) {
      rows.push({
        user_id: userId,
        merchant_id: alarm.merchant_id,
        type: MESSAGE_TYPE.alarm,
        code: alarm.code,
        alarm_id: alarm.id,
        truck_id: alarm.truck_id,
        car_no: pushes[i]?.carNo || null,
        title: pushes[i]?.title ?? '',
        content: pushes[i]?.messageContent ?? '',
        read_at: null,
        created_at: now,
      });
    }
  });
  const inserted = await insertMessages(tx, rows);
  const idOf = new Map(inserted.map((r) => [`${r.alarm_id}:${r.user_id}`, r.id]));
  const items: PushEvent['items'] = [];
  alarms.forEach((alarm, i) => {
    const push = pushes[i];
    const to = (targets[i] ?? []).map((userId): [number, number] => [
      userId,
      idOf.get(`${alarm.id}:${userId}`) ?? 0,
    ]);
    if (push && to.length > 0) items.push({ merchantId: alarm.merchant_id, push, to });
  });
  return afterCommit(tx, MESSAGE_TYPE.alarm, items);
}

/** An in-transit reminder (type 2): a plan's vehicle that is late, off its line, stopped... */
export interface Reminder {
  merchantId: number;
  teamCode: string;
  truckId: number;
  carNo: string;
  vin?: string;
  /** What the reminder is about; a catalogue code (4001-4006...) also obeys subscriptions. */
  code: number;
  title: string;
  content: string;
  /** Where the vehicle is, microdegrees WGS-84, when known. */
  lat?: number;
  lon?: number;
  /** 0.1 km/h. */
  speed?: number;
  driverName?: string;
  /** Epoch ms of the event the reminder is about; the delivery time when absent. */
  time?: number;
}

/**
 * Writes a type-2 message for every user in scope of the vehicle (subscriptions apply when the
 * code is a catalogue alarm type) and returns the function that publishes the pushes after commit.
 */
export async function deliverReminder(
  tx: Kysely<Database>,
  reminder: Reminder,
  now: number,
): Promise<() => void> {
  const users = await recipientsByMerchant(tx, [reminder.merchantId]);
  const inCatalogue = alarmType(reminder.code) !== undefined;
  const targets = recipientsOf(
    (users.get(reminder.merchantId) ?? []).map((u) => (inCatalogue ? u : { ...u, codes: null })),
    { team_code: reminder.teamCode, code: reminder.code },
    ALARM_POPUP_TYPES.inTransitReminder,
  );
  if (targets.length === 0) return () => undefined;
  const title = reminder.title.slice(0, 100);
  const content = reminder.content.slice(0, 500);
  const inserted = await insertMessages(
    tx,
    targets.map((userId) => ({
      user_id: userId,
      merchant_id: reminder.merchantId,
      type: MESSAGE_TYPE.reminder,
      code: reminder.code,
      alarm_id: null,
      truck_id: reminder.truckId,
      car_no: reminder.carNo || null,
      title,
      content,
      read_at: null,
      created_at: now,
    })),
  );
  const idOf = new Map(inserted.map((r) => [r.user_id, r.id]));
  const time = new Date(reminder.time ?? now);
  const lat = reminder.lat ?? 0;
  const lon = reminder.lon ?? 0;
  const push: Omit<AlarmPush, 'id'> = {
    alarmId: null,
    alarmCode: reminder.code,
    categoryCode: alarmType(reminder.code)?.kind ?? '',
    eventName: title,
    title,
    messageContent: content,
    content,
    businessCode: String(reminder.truckId),
    carNo: reminder.carNo,
    vin: reminder.vin ?? '',
    tid: '',
    driverName: reminder.driverName ?? '',
    speed: (reminder.speed ?? 0) / 10,
    startTime: formatDateTime(time),
    remindTime: formatDateTime(new Date(now)),
    reportTime: formatDateTime(time),
    duration: Math.max(0, now - time.getTime()),
    latitude: lat / 1e6,
    longitude: lon / 1e6,
    address: addressOf(lat, lon),
    video: '',
    photoList: [],
    level: null,
  };
  return afterCommit(tx, MESSAGE_TYPE.reminder, [
    {
      merchantId: reminder.merchantId,
      push,
      to: targets.map((userId): [number, number] => [userId, idOf.get(userId) ?? 0]),
    },
  ]);
}
