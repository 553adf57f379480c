import { formatDate, OPERATE_LOG_PAGES, parseWeekdays, SCHEDULE_STATUS } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { scheduleConflicts } from '../../modules/plan-schedules/plan-schedule-rules';
import type { Database } from '../schema';

/** The demo timetable: a trunk run six days a week and a city round every day. */
export const DEMO_SCHEDULES = [
  {
    name: '京津线早班',
    line: '北京至天津京津塘干线',
    /** The team of the truck (干线一分队, the demo dispatcher's). */
    team: '10000010010001',
    weekdays: '1,2,3,4,5,6',
    departMinute: 7 * 60 + 30,
    cargo: '日用百货',
    plannedKg: 18_000,
    daysAhead: 3,
    remark: '周日停班',
  },
  {
    name: '朝阳城配日班',
    line: '北京朝阳城配线',
    team: '10000010020001',
    weekdays: '1,2,3,4,5,6,7',
    departMinute: 8 * 60 + 30,
    cargo: '门店配送',
    plannedKg: 2_500,
    daysAhead: 2,
    remark: null,
  },
] as const;

/**
 * The demo's vehicle schedules (车辆排班计划), enabled from today: each on its demo line with a truck
 * of its team and that truck's driver for whom the schedule's conflict check finds nothing in the
 * next days (no plan or other schedule in its slots, certificates valid), so the generation job (at
 * server start) creates their plans.
 * Answers how many were seeded.
 */
export async function seedDemoSchedules(tx: Kysely<Database>, userId: number, now: number): Promise<number> {
  const today = formatDate(new Date(now));
  const user = await tx.selectFrom('app_user').select('nickname').where('id', '=', userId).executeTakeFirst();
  let seeded = 0;
  for (const s of DEMO_SCHEDULES) {
    const line = await tx
      .selectFrom('line')
      .select(['id', 'merchant_id', 'team_code'])
      .where('name', '=', s.line)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (!line) continue;
    const trucks = await tx
      .selectFrom('truck')
      .innerJoin('driver', 'driver.id', 'truck.driver_id')
      .select(['truck.id', 'truck.team_code', 'truck.driver_id', 'truck.car_no'])
      .where('truck.merchant_id', '=', line.merchant_id)
      .where('truck.team_code', '=', s.team)
      .where('truck.deleted_at', 'is', null)
      .where('driver.license_expiry', '>', today)
      .orderBy('truck.id', 'desc')
      .execute();
    // the first truck whose next days are free of plans and of the other demo schedule
    let truck: (typeof trucks)[number] | undefined;
    for (const t of trucks) {
      const check = await scheduleConflicts(
        tx,
        { merchantId: line.merchant_id },
        {
          merchantId: line.merchant_id,
          teamCode: t.team_code,
          name: s.name,
          lineId: line.id,
          truckId: t.id,
          driverId: t.driver_id as number,
          orderId: null,
          cargo: s.cargo,
          plannedKg: s.plannedKg,
          weekdays: parseWeekdays(s.weekdays),
          departMinute: s.departMinute,
          startDate: today,
          endDate: null,
          daysAhead: s.daysAhead,
          remark: s.remark,
        },
        now,
      );
      if (check.conflicts.length === 0) {
        truck = t;
        break;
      }
    }
    if (!truck?.driver_id) continue;
    const row = await tx
      .insertInto('plan_schedule')
      .values({
        merchant_id: line.merchant_id,
        team_code: truck.team_code,
        name: s.name,
        line_id: line.id,
        truck_id: truck.id,
        driver_id: truck.driver_id,
        order_id: null,
        cargo: s.cargo,
        planned_kg: s.plannedKg,
        weekdays: s.weekdays,
        depart_minute: s.departMinute,
        start_date: today,
        end_date: null,
        status: SCHEDULE_STATUS.enabled,
        days_ahead: s.daysAhead,
        remark: s.remark,
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('operate_log')
      .values({
        merchant_id: line.merchant_id,
        team_code: truck.team_code,
        page_enum: OPERATE_LOG_PAGES.planSchedule,
        data_id: String(row.id),
        user_id: userId,
        account_name: user?.nickname ?? '',
        content: `新增排班计划 ${s.name}：${truck.car_no}，${s.line}`,
        created_at: now,
      })
      .execute();
    seeded += 1;
  }
  return seeded;
}
