import {
  addDays,
  departMinuteText,
  formatDate,
  formatDateTime,
  fromShanghai,
  isoWeekday,
  PLAN_BUSY_STATES,
  parseWeekdays,
  SCHEDULE_CHECK_EXTRA_DAYS,
  SCHEDULE_STATUS,
  scheduleDays,
  weekdayName,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { PlanForm } from '../plans/plan-form';
import type { PlanScheduleTable } from './plan-schedules.table';

/** A schedule as the rules read it, stored or about to be saved. */
export interface Schedule {
  id?: number;
  merchantId: number;
  teamCode: string;
  name: string;
  lineId: number;
  truckId: number;
  driverId: number;
  orderId: number | null;
  cargo: string | null;
  plannedKg: number | null;
  weekdays: number[];
  departMinute: number;
  startDate: string;
  endDate: string | null;
  daysAhead: number;
  remark: string | null;
}

type StoredSchedule = Omit<PlanScheduleTable, 'id' | 'status' | 'days_ahead'> & {
  id: number;
  status: number;
  days_ahead: number;
};

/** A stored row as the rules read it. */
export function scheduleOf(row: StoredSchedule): Schedule {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    teamCode: row.team_code,
    name: row.name,
    lineId: row.line_id,
    truckId: row.truck_id,
    driverId: row.driver_id,
    orderId: row.order_id,
    cargo: row.cargo,
    plannedKg: row.planned_kg === null ? null : Number(row.planned_kg),
    weekdays: parseWeekdays(row.weekdays),
    departMinute: row.depart_minute,
    startDate: row.start_date,
    endDate: row.end_date,
    daysAhead: row.days_ahead,
    remark: row.remark,
  };
}

/** The planned departure (epoch ms) of a schedule on `day`. */
export function departAtOf(day: string, minute: number): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return fromShanghai(y, m, d, 0, minute).getTime();
}

/** '2026-11-21（周六）'. */
export const dayText = (day: string) => `${day}（${weekdayName(isoWeekday(day))}）`;

const clock = (ms: number) => formatDateTime(new Date(ms)).slice(11, 16);
const window = (from: number, to: number) =>
  formatDate(new Date(from)) === formatDate(new Date(to))
    ? `${clock(from)}至${clock(to)}`
    : `${formatDateTime(new Date(from)).slice(5, 16)}至${formatDateTime(new Date(to)).slice(5, 16)}`;

/** The plan form of a schedule's day: the line's stations are added by the plans' `stationsOf`. */
export function planFormOf(s: Schedule, day: string): PlanForm {
  return {
    orderId: s.orderId,
    customerId: null,
    lineId: s.lineId,
    truckId: s.truckId,
    driverId: s.driverId,
    cargo: s.cargo,
    plannedTons: s.plannedKg,
    departTime: departAtOf(day, s.departMinute),
    stations: [],
    remark: s.remark,
    teamCode: s.teamCode,
  };
}

/** The running minutes of each line from its first to its last station row. */
export async function lineMinutes(
  db: Kysely<Database>,
  lineIds: readonly number[],
): Promise<Map<number, number>> {
  const minutes = new Map<number, number>(lineIds.map((id) => [id, 0]));
  if (lineIds.length === 0) return minutes;
  const rows = await db
    .selectFrom('line_station')
    .select(['line_id', 'seq', 'running_hours', 'running_mins'])
    .where('line_id', 'in', [...new Set(lineIds)])
    .orderBy('seq')
    .execute();
  const first = new Map<number, number>();
  for (const r of rows) {
    if (!first.has(r.line_id)) {
      first.set(r.line_id, r.seq);
      continue; // the first row is the departure
    }
    minutes.set(
      r.line_id,
      (minutes.get(r.line_id) ?? 0) + (r.running_hours || 0) * 60 + (r.running_mins || 0),
    );
  }
  return minutes;
}

/** The days a schedule creates plans for at `now`: today through `daysAhead` days on, not yet departed. */
export function generatedDays(s: Schedule, now: number): string[] {
  const today = formatDate(new Date(now));
  return scheduleDays(s, today, addDays(today, s.daysAhead)).filter(
    (day) => departAtOf(day, s.departMinute) > now,
  );
}

export interface ScheduleConflict {
  day: string;
  kind: 'truck' | 'driver' | 'certificate';
  message: string;
}

export interface ScheduleCheck {
  from: string;
  to: string;
  /** The schedule's days in the range, each with its planned departure and arrival. */
  days: { day: string; departTime: string; arriveTime: string }[];
  conflicts: ScheduleConflict[];
}

/**
 * What stands in the way of a schedule in the days it would create plans for and the week after
 * (today through daysAhead + 7 days): its truck or driver in another plan of the merchant or in
 * another enabled schedule's slot at an overlapping time, and a certificate of the truck or the
 * driver that expires before a day of the range. Each conflict names its day.
 */
export async function scheduleConflicts(
  db: Kysely<Database>,
  auth: Pick<AuthContext, 'merchantId'>,
  s: Schedule,
  now: number,
): Promise<ScheduleCheck> {
  const today = formatDate(new Date(now));
  const to = addDays(today, s.daysAhead + SCHEDULE_CHECK_EXTRA_DAYS);
  const days = scheduleDays(s, today, to).filter((day) => departAtOf(day, s.departMinute) > now);
  const minutes = await lineMinutes(db, [s.lineId]);
  const own = (day: string) => {
    const departAt = departAtOf(day, s.departMinute);
    return { day, departAt, arriveAt: departAt + (minutes.get(s.lineId) ?? 0) * 60_000 };
  };
  const windows = days.map(own);
  const result: ScheduleCheck = {
    from: today,
    to,
    days: windows.map((w) => ({
      day: w.day,
      departTime: formatDateTime(new Date(w.departAt)),
      arriveTime: formatDateTime(new Date(w.arriveAt)),
    })),
    conflicts: [],
  };
  if (windows.length === 0) return result;
  const rangeFrom = windows[0]?.departAt as number;
  const rangeTo = windows.at(-1)?.arriveAt as number;

  const [truck, driver] = await Promise.all([
    db
      .selectFrom('truck')
      .select([
        'car_no',
        'driving_license_expiry',
        'operating_license_expiry',
        'insurance_expiry',
        'annual_inspection_expiry',
      ])
      .where('id', '=', s.truckId)
      .executeTakeFirst(),
    db
      .selectFrom('driver')
      .select(['name', 'license_expiry', 'qualification_expiry'])
      .where('id', '=', s.driverId)
      .executeTakeFirst(),
  ]);
  const carNo = truck?.car_no ?? '';
  const driverName = driver?.name ?? '';

  // plans of the merchant holding the truck or the driver (not this schedule's own)
  let plans = db
    .selectFrom('plan')
    .select(['plan_no', 'truck_id', 'driver_id', 'planned_depart_at', 'planned_arrive_at'])
    .where('merchant_id', '=', auth.merchantId)
    .where('state', 'in', PLAN_BUSY_STATES)
    .where((eb) => eb.or([eb('truck_id', '=', s.truckId), eb('driver_id', '=', s.driverId)]))
    .where('planned_depart_at', '<=', rangeTo)
    .where('planned_arrive_at', '>=', rangeFrom);
  if (s.id)
    plans = plans.where((eb) =>
      eb.or([eb('schedule_id', 'is', null), eb('schedule_id', '!=', s.id as number)]),
    );
  for (const p of await plans.orderBy('planned_depart_at').execute()) {
    const from = Number(p.planned_depart_at);
    const until = Number(p.planned_arrive_at);
    for (const w of windows) {
      if (from > w.arriveAt || until < w.departAt) continue;
      const span = window(from, until);
      if (p.truck_id === s.truckId)
        result.conflicts.push({
          day: w.day,
          kind: 'truck',
          message: `${dayText(w.day)}：车辆${carNo}在该时段已有计划${p.plan_no}（${span}）`,
        });
      if (p.driver_id === s.driverId)
        result.conflicts.push({
          day: w.day,
          kind: 'driver',
          message: `${dayText(w.day)}：司机${driverName}在该时段已有计划${p.plan_no}（${span}）`,
        });
    }
  }

  // other enabled schedules of the merchant with the truck or the driver, on the days they still
  // have to create a plan for
  let others = db
    .selectFrom('plan_schedule')
    .selectAll()
    .where('merchant_id', '=', auth.merchantId)
    .where('status', '=', SCHEDULE_STATUS.enabled)
    .where((eb) => eb.or([eb('truck_id', '=', s.truckId), eb('driver_id', '=', s.driverId)]));
  if (s.id) others = others.where('id', '!=', s.id);
  const otherRows = await others.execute();
  if (otherRows.length > 0) {
    const otherMinutes = await lineMinutes(
      db,
      otherRows.map((o) => o.line_id),
    );
    const planned = await db
      .selectFrom('plan_schedule_day')
      .select(['schedule_id', 'day'])
      .where(
        'schedule_id',
        'in',
        otherRows.map((o) => o.id),
      )
      .where('plan_id', 'is not', null)
      .where('day', '>=', addDays(today, -1))
      .execute();
    const done = new Set(planned.map((p) => `${p.schedule_id}:${p.day}`));
    for (const row of otherRows) {
      const o = scheduleOf(row);
      const length = (otherMinutes.get(o.lineId) ?? 0) * 60_000;
      for (const day of scheduleDays(o, addDays(today, -1), to)) {
        if (done.has(`${o.id}:${day}`)) continue; // its plan is among the plans above
        const from = departAtOf(day, o.departMinute);
        const until = from + length;
        for (const w of windows) {
          if (from > w.arriveAt || until < w.departAt) continue;
          const span = window(from, until);
          if (o.truckId === s.truckId)
            result.conflicts.push({
              day: w.day,
              kind: 'truck',
              message: `${dayText(w.day)}：车辆${carNo}已排入排班“${o.name}”（${span}）`,
            });
          if (o.driverId === s.driverId)
            result.conflicts.push({
              day: w.day,
              kind: 'driver',
              message: `${dayText(w.day)}：司机${driverName}已排入排班“${o.name}”（${span}）`,
            });
        }
      }
    }
  }

  // certificates that end before a day of the range (a plan needs them valid through its last day)
  const expiring = (expiry: string | null, what: string) => {
    if (!expiry) return;
    const first = windows.find((w) => formatDate(new Date(w.arriveAt)) > expiry);
    if (first)
      result.conflicts.push({
        day: first.day,
        kind: 'certificate',
        message: `${dayText(first.day)}起：${what}于${expiry}到期，到期后的排班日不能生成计划`,
      });
  };
  if (truck) {
    expiring(truck.driving_license_expiry, `车辆${carNo}的行驶证`);
    expiring(truck.operating_license_expiry, `车辆${carNo}的道路运输证`);
    expiring(truck.insurance_expiry, `车辆${carNo}的保险`);
    expiring(truck.annual_inspection_expiry, `车辆${carNo}的年检`);
  }
  if (driver) {
    if (!driver.license_expiry)
      result.conflicts.push({
        day: windows[0]?.day as string,
        kind: 'certificate',
        message: `司机${driverName}未登记驾驶证有效期，排班日不能生成计划，请先在司机管理中补全`,
      });
    expiring(driver.license_expiry, `司机${driverName}的驾驶证`);
    expiring(driver.qualification_expiry, `司机${driverName}的从业资格证`);
  }
  result.conflicts.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return result;
}

/** 'HH:mm' of a stored schedule. */
export const departText = (s: Pick<Schedule, 'departMinute'>) => departMinuteText(s.departMinute);
