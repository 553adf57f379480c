import {
  formatDate,
  formatDateTime,
  ORDER_STATUS,
  ORDER_STATUSES,
  PLAN_BUSY_STATES,
  PLAN_RECORD,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { usableRecord } from '../../http/references';
import { inScope } from '../../http/scope';
import type { PlanForm } from './plan-form';

const L = PLAN_RECORD.labels;
const time = (ms: number) => formatDateTime(new Date(ms));

/** A plan's stations with their times, checked for publishing. */
export interface TimedStation {
  seq: number;
  stationType: number;
  stationId: number | null;
  address: string;
  distance: number;
  arriveAt: number;
  departAt: number;
}

/** The plan as published: every field publishing needs, and its window. */
export interface PublishedPlan {
  lineId: number;
  truckId: number;
  driverId: number;
  departAt: number;
  arriveAt: number;
  stations: TimedStation[];
}

/**
 * The ids a form points at, checked in the caller's scope (for drafts as for published plans); an
 * order's customer and line taken over when the form leaves them out.
 */
export async function checkReferences(db: Kysely<Database>, auth: AuthContext, form: PlanForm) {
  if (form.lineId) await usableRecord(db, auth.scope, 'line', form.lineId, L.lineId);
  if (form.truckId) await usableRecord(db, auth.scope, 'truck', form.truckId, L.truckId);
  if (form.driverId) await usableRecord(db, auth.scope, 'driver', form.driverId, L.driverId);
  if (form.customerId) await usableRecord(db, auth.scope, 'customer', form.customerId, L.customerId);
  for (const s of form.stations)
    if (s.stationId) await usableRecord(db, auth.scope, 'station', s.stationId, '站点');
  if (!form.orderId) return;
  const order = await db
    .selectFrom('transport_order')
    .select(['id', 'order_no', 'customer_id', 'line_id', 'status', 'cargo'])
    .where(inScope(auth.scope, 'transport_order'))
    .where('deleted_at', 'is', null)
    .where('id', '=', form.orderId)
    .executeTakeFirst();
  if (!order) throw badInput(`${L.orderId}: 不存在或不在您的管辖范围内`);
  return order;
}

/**
 * What publishing requires of a plan (add, update of a draft or a published plan): every field and
 * station time, the order open and of the plan's customer and line, the truck and the driver free in
 * the window, the driver's licence and qualification and the truck's certificates valid through the
 * plan's last day. Each refusal names the record and the date.
 */
export async function checkPublishable(
  db: Kysely<Database>,
  auth: AuthContext,
  form: PlanForm,
  exceptId?: number,
): Promise<PublishedPlan> {
  if (!form.lineId) throw badInput(`${L.lineId}: 请选择线路`);
  if (!form.truckId) throw badInput(`${L.truckId}: 请选择车辆`);
  if (!form.driverId) throw badInput(`${L.driverId}: 请选择司机`);
  if (!form.departTime) throw badInput(`${L.departTime}: 请选择计划发车时间`);
  if (form.stations.length < 2) throw badInput(`${L.stations}: 请至少保留起点和终点两个站点`);
  const stations: TimedStation[] = [];
  let last = form.departTime;
  for (const [i, s] of form.stations.entries()) {
    const name = s.address || `第${i + 1}站`;
    const arriveAt = i === 0 ? form.departTime : s.arriveTime;
    // the first row is left at the plan's departure, the last one needs no departure
    const departAt =
      i === 0
        ? (s.departTime ?? form.departTime)
        : i === form.stations.length - 1
          ? (s.departTime ?? arriveAt)
          : s.departTime;
    if (!arriveAt) throw badInput(`${L.stations}: 请填写${name}的计划到达时间`);
    if (!departAt) throw badInput(`${L.stations}: 请填写${name}的计划出发时间`);
    if (arriveAt < last || departAt < arriveAt)
      throw badInput(`${L.stations}: ${name}的计划时间须晚于上一站，且出发不早于到达`);
    last = departAt;
    stations.push({
      seq: i + 1,
      stationType: i === 0 ? 1 : i === form.stations.length - 1 ? 3 : 2,
      stationId: s.stationId ?? null,
      address: s.address,
      distance: s.distance,
      arriveAt,
      departAt,
    });
  }
  const arriveAt = stations.at(-1)?.arriveAt ?? form.departTime;
  const plan: PublishedPlan = {
    lineId: form.lineId,
    truckId: form.truckId,
    driverId: form.driverId,
    departAt: form.departTime,
    arriveAt,
    stations,
  };

  const order = await checkReferences(db, auth, form);
  if (order) {
    if (order.status !== ORDER_STATUS.open)
      throw badInput(
        `${L.orderId}: 运输订单${order.order_no}${ORDER_STATUSES.find((s) => s.value === order.status)?.label}，不能再安排计划`,
      );
    if (form.customerId && form.customerId !== order.customer_id)
      throw badInput(`${L.customerId}: 计划的客户须与运输订单${order.order_no}的客户一致`);
    if (form.lineId !== order.line_id)
      throw badInput(`${L.lineId}: 计划的线路须与运输订单${order.order_no}的线路一致`);
  }

  const lastDay = formatDate(new Date(arriveAt));
  const firstDay = formatDate(new Date(form.departTime));
  const truck = await db
    .selectFrom('truck')
    .select([
      'car_no',
      'driving_license_expiry',
      'operating_license_expiry',
      'insurance_expiry',
      'annual_inspection_expiry',
    ])
    .where('id', '=', form.truckId)
    .executeTakeFirstOrThrow();
  const certificates: [string | null, string][] = [
    [truck.driving_license_expiry, '行驶证'],
    [truck.operating_license_expiry, '道路运输证'],
    [truck.insurance_expiry, '保险'],
    [truck.annual_inspection_expiry, '年检'],
  ];
  for (const [expiry, name] of certificates)
    if (expiry && expiry < lastDay)
      throw badInput(
        `${L.truckId}: 车辆${truck.car_no}的${name}已于${expiry}到期，不能执行${firstDay}的计划`,
      );

  const driver = await db
    .selectFrom('driver')
    .select(['name', 'license_expiry', 'qualification_expiry'])
    .where('id', '=', form.driverId)
    .executeTakeFirstOrThrow();
  if (!driver.license_expiry)
    throw badInput(`${L.driverId}: 司机${driver.name}未登记驾驶证有效期，请先在司机管理中补全`);
  if (driver.license_expiry < lastDay)
    throw badInput(
      `${L.driverId}: 司机${driver.name}的驾驶证已于${driver.license_expiry}到期，不能执行${firstDay}的计划`,
    );
  if (driver.qualification_expiry && driver.qualification_expiry < lastDay)
    throw badInput(
      `${L.driverId}: 司机${driver.name}的从业资格证已于${driver.qualification_expiry}到期，不能执行${firstDay}的计划`,
    );

  const overlapping = (column: 'truck_id' | 'driver_id', id: number) => {
    let q = db
      .selectFrom('plan')
      .select(['plan_no', 'planned_depart_at', 'planned_arrive_at'])
      .where('merchant_id', '=', auth.merchantId)
      .where(column, '=', id)
      .where('state', 'in', PLAN_BUSY_STATES)
      .where('planned_depart_at', '<=', arriveAt)
      .where('planned_arrive_at', '>=', form.departTime as number);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return q.orderBy('planned_depart_at').executeTakeFirst();
  };
  const truckBusy = await overlapping('truck_id', form.truckId);
  if (truckBusy)
    throw badInput(
      `${L.truckId}: 车辆${truck.car_no}在该时段已有计划${truckBusy.plan_no}（${time(Number(truckBusy.planned_depart_at))}至${time(Number(truckBusy.planned_arrive_at))}），时间不能重叠`,
    );
  const driverBusy = await overlapping('driver_id', form.driverId);
  if (driverBusy)
    throw badInput(
      `${L.driverId}: 司机${driver.name}在该时段已有计划${driverBusy.plan_no}（${time(Number(driverBusy.planned_depart_at))}至${time(Number(driverBusy.planned_arrive_at))}），时间不能重叠`,
    );
  return plan;
}
