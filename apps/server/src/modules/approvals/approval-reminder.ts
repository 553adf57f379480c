import { APPROVAL_REMINDER_CODE, alarmName, alarmType, fenToYuan, formatDateTime } from '@fleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';
import { MESSAGE_CHANNEL, type PushEvent, packEvents } from '../messages/delivery';
import { type AlarmPush, MESSAGE_TYPE } from '../messages/push';

/** A reminder's push: the alarm pop-up's fields and the round's task code. */
export type ApprovalPush = Omit<AlarmPush, 'id'> & { taskCode: string };

/** A round that reached a node: who approves there, and what the reminder says. */
export interface NodeReached {
  merchantId: number;
  taskCode: string;
  billNo: string;
  carNo: string;
  vin: string;
  truckId: number | null;
  driverName: string;
  nodeName: string;
  amountFen: number;
  approverIds: readonly number[];
  /** When the round reached the node (the pop-up's startTime; the jump adds one minute for endTime). */
  at: number;
}

export function approvalText(r: Pick<NodeReached, 'billNo' | 'carNo' | 'nodeName' | 'amountFen'>) {
  return {
    title: alarmName(APPROVAL_REMINDER_CODE, '运单费用审批提醒'),
    content:
      `运单${r.billNo}的费用待您审批（${r.nodeName}）：车辆${r.carNo}，金额${fenToYuan(r.amountFen)}元`.slice(
        0,
        500,
      ),
  };
}

/**
 * Reminder 8001 (运单费用审批提醒) of rounds that reached a node: a message for every approver of
 * that node still enabled in the merchant, written in `tx`; call the returned function after the
 * commit: it publishes the pushes on `live.bus`, and each process sends them to its sockets (as
 * reminder 8002 does). The push carries `taskCode` and `startTime`, with which the pop-up's 去处理
 * opens /smart-coal/wayBill-cost-approval?taskCode=…&startTime=…&endTime=(one minute later).
 */
export async function remindApprovers(
  tx: Kysely<Database>,
  live: { bus: EventBus; log: FastifyBaseLogger },
  reached: readonly NodeReached[],
): Promise<() => void> {
  const items: PushEvent['items'] = [];
  // who is still enabled in the merchant, read once for every round of the call
  const enabled = new Set<string>();
  const asked = new Map<number, Set<number>>();
  for (const r of reached) {
    const set = asked.get(r.merchantId) ?? new Set<number>();
    for (const id of r.approverIds) set.add(id);
    asked.set(r.merchantId, set);
  }
  for (const [merchantId, set] of asked) {
    if (set.size === 0) continue;
    const rows = await tx
      .selectFrom('user_merchant as um')
      .innerJoin('app_user as u', 'u.id', 'um.user_id')
      .select('um.user_id')
      .where('um.merchant_id', '=', merchantId)
      .where('um.status', '=', 1)
      .where('u.status', '=', 1)
      .where('um.user_id', 'in', [...set])
      .execute();
    for (const row of rows) enabled.add(`${merchantId}:${row.user_id}`);
  }
  const planned = reached
    .map((r) => ({
      r,
      to: r.approverIds.filter((id) => enabled.has(`${r.merchantId}:${id}`)),
      text: approvalText(r),
    }))
    .filter((p) => p.to.length > 0);
  // the messages of every round in a few statements; their ids found by (task code, user)
  const values = planned.flatMap(({ r, to, text }) =>
    to.map((userId) => ({
      user_id: userId,
      merchant_id: r.merchantId,
      type: MESSAGE_TYPE.alarm,
      code: APPROVAL_REMINDER_CODE,
      alarm_id: null,
      business_code: r.taskCode,
      truck_id: r.truckId,
      car_no: r.carNo,
      title: text.title,
      content: text.content,
      read_at: null,
      created_at: r.at,
    })),
  );
  const idOf = new Map<string, number>();
  for (let i = 0; i < values.length; i += 500) {
    const inserted = await tx
      .insertInto('message')
      .values(values.slice(i, i + 500))
      .returning(['id', 'user_id', 'business_code'])
      .execute();
    for (const m of inserted) idOf.set(`${m.business_code}:${m.user_id}`, m.id);
  }
  for (const { r, to, text } of planned) {
    const at = formatDateTime(new Date(r.at));
    const push: ApprovalPush = {
      alarmId: null,
      alarmCode: APPROVAL_REMINDER_CODE,
      categoryCode: alarmType(APPROVAL_REMINDER_CODE)?.kind ?? '',
      eventName: text.title,
      title: text.title,
      messageContent: text.content,
      content: text.content,
      businessCode: r.taskCode,
      taskCode: r.taskCode,
      carNo: r.carNo,
      vin: r.vin,
      tid: '',
      driverName: r.driverName,
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
      merchantId: r.merchantId,
      push,
      to: to.map((userId): [number, number] => [userId, idOf.get(`${r.taskCode}:${userId}`) ?? 0]),
    });
  }
  if (items.length === 0) return () => undefined;
  return () => {
    for (const event of packEvents(MESSAGE_TYPE.alarm, items))
      live.bus
        .publish(MESSAGE_CHANNEL, event)
        .catch((err) => live.log.error({ err }, 'approval reminder not published'));
  };
}
