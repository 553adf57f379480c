import { alarmName, alarmType, formatDateTime, waybillSourceName } from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';
import { holdersOfTeam, loadCodeHolders, subscribesTo } from '../messages/code-holders';
import { MESSAGE_CHANNEL, type PushEvent, packEvents } from '../messages/delivery';
import { type AlarmPush, MESSAGE_TYPE } from '../messages/push';

/** 运单审批提醒: the office's reminder of a waybill to tabulate (its pop-up opens 运单制表 with taskCode). */
export const TABULATION_REMINDER_CODE = 8002;

/** The codes of the tabulation page (运单制表) of both menus: its holders are reminded. */
export const TABULATION_CODES = ['car110102', 'tc010102'] as const;

/** What the reminder is about: a waybill just made by a driver or the scan-code page, or completed. */
export type TabulationEvent = 'created' | 'completed';

/** A reminder's push: the alarm pop-up's fields and the waybill's task code (its bill number). */
export type TabulationPush = Omit<AlarmPush, 'id'> & { taskCode: string };

/**
 * Who is reminded of a waybill of `teamCode`: enabled users of its merchant whose team subtree holds
 * the team and who hold a tabulation code. A user who may choose 8002 in the alarm subscription
 * (holds car110102) and saved a subscription without it is left out.
 */
export async function tabulationRecipients(
  db: Kysely<Database>,
  merchantId: number,
  teamCode: string,
  now: number,
): Promise<number[]> {
  const ids: number[] = [];
  const holders = await loadCodeHolders(db, merchantId, TABULATION_CODES, now);
  for (const holder of holdersOfTeam(holders, teamCode)) {
    const mayChoose = holder.codes.has(TABULATION_CODES[0]);
    if (mayChoose && !subscribesTo(holder, TABULATION_REMINDER_CODE)) continue;
    ids.push(holder.userId);
  }
  return ids;
}

/** Title and text of a reminder: bill number, plate, customer and line. */
export function tabulationText(
  w: { billNo: string; carNo: string; customerName: string; lineName: string; source: number },
  event: TabulationEvent,
): { title: string; content: string } {
  // 扫码运单YD…, 司机运单YD…
  const bill = `${waybillSourceName(w.source)}运单${w.billNo}`;
  const what = event === 'completed' ? `${bill}已完成，请审核` : `${bill}待制表审核`;
  return {
    title: alarmName(TABULATION_REMINDER_CODE, '运单审批提醒'),
    content: `${what}：车辆${w.carNo}，客户${w.customerName}，线路${w.lineName}`.slice(0, 500),
  };
}

/**
 * Reminder 8002 (运单审批提醒) of waybills a driver or the scan-code page made (`created`), or of such a
 * waybill completed (`completed`): a message for each office user in scope (see
 * `tabulationRecipients`), written in `tx` (the transaction of the change, or one of its own after
 * it); call the returned function after the commit: it publishes the pushes once on `live.bus`, and
 * every process sends them to its own sockets, as alarms are. The push carries `taskCode` (the bill
 * number), with which the pop-up's 去处理 opens /smart-coal/wayBill-tabulation?taskCode=….
 */
export async function remindTabulation(
  tx: Kysely<Database>,
  live: { bus: EventBus; log: FastifyBaseLogger },
  waybillIds: readonly number[],
  event: TabulationEvent,
  now: number,
): Promise<() => void> {
  if (waybillIds.length === 0) return () => undefined;
  const waybills = await tx
    .selectFrom('waybill as w')
    .innerJoin('truck as t', 't.id', 'w.truck_id')
    .leftJoin('customer as c', 'c.id', 'w.customer_id')
    .leftJoin('line as l', 'l.id', 'w.line_id')
    .leftJoin('driver as d', 'd.id', 'w.driver_id')
    .select([
      'w.id',
      'w.merchant_id',
      'w.team_code',
      'w.bill_no',
      'w.source',
      'w.truck_id',
      'w.created_at',
      't.car_no',
      't.vin',
      'c.customer_name',
      'l.name as line_name',
      'd.name as driver_name',
    ])
    .where('w.id', 'in', [...waybillIds])
    .execute();
  const items: PushEvent['items'] = [];
  for (const w of waybills) {
    const to = await tabulationRecipients(tx, w.merchant_id, w.team_code, now);
    if (to.length === 0) continue;
    const text = tabulationText(
      {
        billNo: w.bill_no,
        carNo: w.car_no,
        customerName: w.customer_name ?? '',
        lineName: w.line_name ?? '',
        source: w.source,
      },
      event,
    );
    const inserted = await tx
      .insertInto('message')
      .values(
        to.map((userId) => ({
          user_id: userId,
          merchant_id: w.merchant_id,
          type: MESSAGE_TYPE.alarm,
          code: TABULATION_REMINDER_CODE,
          alarm_id: null,
          business_code: w.bill_no,
          truck_id: w.truck_id,
          car_no: w.car_no,
          title: text.title,
          content: text.content,
          read_at: null,
          created_at: now,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const idOf = new Map(inserted.map((r) => [r.user_id, r.id]));
    const at = formatDateTime(new Date(now));
    const push: TabulationPush = {
      alarmId: null,
      alarmCode: TABULATION_REMINDER_CODE,
      categoryCode: alarmType(TABULATION_REMINDER_CODE)?.kind ?? '',
      eventName: text.title,
      title: text.title,
      messageContent: text.content,
      content: text.content,
      businessCode: w.bill_no,
      taskCode: w.bill_no,
      carNo: w.car_no,
      vin: w.vin,
      tid: '',
      driverName: w.driver_name ?? '',
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
    items.push({
      merchantId: w.merchant_id,
      push,
      to: to.map((userId): [number, number] => [userId, idOf.get(userId) ?? 0]),
    });
  }
  if (items.length === 0) return () => undefined;
  return () => {
    for (const pushEvent of packEvents(MESSAGE_TYPE.alarm, items))
      live.bus
        .publish(MESSAGE_CHANNEL, pushEvent)
        .catch((err) => live.log.error({ err }, 'tabulation reminder not published'));
  };
}
