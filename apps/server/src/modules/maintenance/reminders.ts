import {
  alarmType,
  CERTIFICATE_REMINDER,
  CERTIFICATE_STATE,
  certificateReminderCode,
  formatDateTime,
  MAINTENANCE_REMINDER,
  MAINTENANCE_STATE,
  serviceReminderCode,
} from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';
import { type CodeHolder, holdersOfTeam, loadCodeHolders, subscribesTo } from '../messages/code-holders';
import { MESSAGE_CHANNEL, type PushEvent, packEvents } from '../messages/delivery';
import { type AlarmPush, MESSAGE_TYPE } from '../messages/push';
import { certificateItems } from './certificates';
import { dueItems, leftText } from './plan-due';

/** The reminder job runs at start and then this often. */
export const REMINDER_JOB_EVERY_MS = 10 * 60_000;

/** The pages whose holders are reminded: 保养提醒 and 证件到期. */
const REMINDER_PAGES = [MAINTENANCE_REMINDER.menuCode, CERTIFICATE_REMINDER.menuCode];

/** One thing to remind of, once per item and stage. */
interface Due {
  itemKey: string;
  stage: number;
  code: number;
  title: string;
  content: string;
  menuCode: string;
  teamCode: string;
  truckId: number | null;
  carNo: string;
  vin: string;
  driverName: string;
}

/**
 * Who gets a reminder: users whose team subtree holds the item's team, who hold its page and whose
 * alarm subscription lets its code through (no subscription saved: every code).
 */
export function reminderRecipients(
  holders: readonly CodeHolder[],
  due: Pick<Due, 'teamCode' | 'menuCode' | 'code'>,
): number[] {
  return holdersOfTeam(holders, due.teamCode, due.menuCode)
    .filter((h) => subscribesTo(h, due.code))
    .map((h) => h.userId);
}

async function dueOfMerchant(db: Kysely<Database>, merchantId: number, now: number): Promise<Due[]> {
  const out: Due[] = [];
  for (const item of await dueItems(db, { merchantId }, now)) {
    if (item.state === MAINTENANCE_STATE.normal) continue;
    const overdue = item.state === MAINTENANCE_STATE.overdue;
    const next = [
      item.nextDate ? `下次保养日期${item.nextDate}` : '',
      item.nextKm !== null ? `下次保养里程${item.nextKm}公里` : '',
    ]
      .filter(Boolean)
      .join('，');
    out.push({
      itemKey: serviceReminderCode(item.planId, item.truckId, { date: item.lastDate, km: item.lastKm }),
      stage: item.state,
      code: MAINTENANCE_REMINDER.code,
      title: MAINTENANCE_REMINDER.title,
      content: `车辆${item.carNo}的保养计划「${item.planName}」${overdue ? '已到期' : '即将到期'}：${next}（${leftText(item)}）`,
      menuCode: MAINTENANCE_REMINDER.menuCode,
      teamCode: item.teamCode,
      truckId: item.truckId,
      carNo: item.carNo,
      vin: item.vin,
      driverName: '',
    });
  }
  for (const c of await certificateItems(db, { merchantId, teamCode: '' }, {}, now)) {
    const expired = c.state === CERTIFICATE_STATE.expired;
    const who = c.owner === 'truck' ? `车辆${c.carNo}` : `司机${c.driverName}`;
    out.push({
      itemKey: certificateReminderCode(
        c.owner,
        (c.owner === 'truck' ? c.truckId : c.driverId) ?? 0,
        c.kind,
        c.expiry,
      ),
      stage: c.state,
      code: CERTIFICATE_REMINDER.code,
      title: CERTIFICATE_REMINDER.title,
      content: expired
        ? `${who}的${c.kindName}已于${c.expiry}过期（已过期${-c.daysLeft}天）`
        : `${who}的${c.kindName}将于${c.expiry}到期（还剩${c.daysLeft}天）`,
      menuCode: CERTIFICATE_REMINDER.menuCode,
      teamCode: c.teamCode,
      truckId: c.truckId,
      carNo: c.carNo,
      vin: '',
      driverName: c.driverName,
    });
  }
  return out;
}

/**
 * Sends every maintenance and certificate reminder not sent yet for its item and stage: a message
 * (type 1, the vehicle-alarm pop-up) to each user of the item's team subtree who holds the page of
 * the reminder (保养提醒 car050206, 证件到期 car050205) and whose alarm subscription holds its code
 * (8101, 8102), with the item's business code (its 去处理 opens the page on the item). The sent mark
 * is written first with a unique key, so two processes never both send one. Returns the pushes to publish after commit.
 */
export async function sendDueReminders(
  db: Kysely<Database>,
  now: number,
): Promise<{ sent: number; publish: (bus: EventBus, log: FastifyBaseLogger) => void }> {
  const items: PushEvent['items'] = [];
  let sent = 0;
  const merchants = await db.selectFrom('merchant').select('id').orderBy('id').execute();
  for (const { id: merchantId } of merchants) {
    const dues = await dueOfMerchant(db, merchantId, now);
    if (dues.length === 0) continue;
    const already = new Set<string>();
    const keys = [...new Set(dues.map((d) => d.itemKey))];
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await db
        .selectFrom('maintenance_reminder')
        .select(['item_key', 'stage'])
        .where('merchant_id', '=', merchantId)
        .where('item_key', 'in', keys.slice(i, i + 500))
        .execute();
      for (const r of rows) already.add(`${r.item_key}#${r.stage}`);
    }
    const fresh = dues.filter((d) => !already.has(`${d.itemKey}#${d.stage}`));
    if (fresh.length === 0) continue;
    const users = await loadCodeHolders(db, merchantId, REMINDER_PAGES, now);
    await db.transaction().execute(async (tx) => {
      for (const due of fresh) {
        const mark = await tx
          .insertInto('maintenance_reminder')
          .values({ merchant_id: merchantId, item_key: due.itemKey, stage: due.stage, sent_at: now })
          .onConflict((oc) => oc.columns(['merchant_id', 'item_key', 'stage']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!mark) continue;
        const to = reminderRecipients(users, due);
        if (to.length === 0) continue;
        const inserted = await tx
          .insertInto('message')
          .values(
            to.map((userId) => ({
              user_id: userId,
              merchant_id: merchantId,
              type: MESSAGE_TYPE.alarm,
              code: due.code,
              alarm_id: null,
              business_code: due.itemKey.slice(0, 64),
              truck_id: due.truckId,
              car_no: due.carNo || null,
              title: due.title,
              content: due.content.slice(0, 500),
              read_at: null,
              created_at: now,
            })),
          )
          .returning(['id', 'user_id'])
          .execute();
        sent += inserted.length;
        const at = formatDateTime(new Date(now));
        const push: Omit<AlarmPush, 'id'> = {
          alarmId: null,
          alarmCode: due.code,
          categoryCode: alarmType(due.code)?.kind ?? '',
          eventName: due.title,
          title: due.title,
          messageContent: due.content,
          content: due.content,
          businessCode: due.itemKey,
          carNo: due.carNo,
          vin: due.vin,
          tid: '',
          driverName: due.driverName,
          speed: 0,
          startTime: at,
          remindTime: at,
          reportTime: at,
          duration: 0,
          latitude: 0,
          longitude: 0,
          address: '',
          video: '',
          photoList: [],
          level: null,
        };
        items.push({ merchantId, push, to: inserted.map((m): [number, number] => [m.user_id, m.id]) });
      }
    });
  }
  return {
    sent,
    publish: (bus, log) => {
      if (items.length === 0) return;
      for (const event of packEvents(MESSAGE_TYPE.alarm, items))
        bus
          .publish(MESSAGE_CHANNEL, event)
          .catch((err) => log.error({ err }, 'maintenance reminder not published'));
    },
  };
}

/** The reminder job: at start and every REMINDER_JOB_EVERY_MS, one run at a time. */
export class MaintenanceReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  run(): Promise<unknown> {
    if (!this.running)
      this.running = sendDueReminders(this.db, this.now())
        .then(({ publish }) => publish(this.bus, this.log))
        .catch((err: unknown) => this.log.error({ err }, 'maintenance reminders not sent'))
        .finally(() => {
          this.running = null;
        });
    return this.running;
  }

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), REMINDER_JOB_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
