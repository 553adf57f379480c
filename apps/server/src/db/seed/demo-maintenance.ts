import { addMonths, COST_TYPE, formatDate, MAINTENANCE_TARGET } from '@fleet/domain';
import type { Kysely } from 'kysely';
import { insertCost } from '../../modules/costs/cost-write';
import type { Database } from '../schema';

const DAY = 86_400_000;
const TRUNK_ONE = '10000010010001';
const CITY_ONE = '10000010020001';

/**
 * The demo's maintenance: plans of the first trunk team's trucks (one due in ten days, one overdue,
 * one by the odometer for the J6P series), past services as 保养 costs, certificates expiring within
 * 30 days and one expired, an open fault and a fault cleared, so 保养提醒, 证件到期, 车队体检,
 * 清码记录 and 车辆保养汇总 show findings at first start. Run after the fleet.
 */
export async function seedDemoMaintenance(tx: Kysely<Database>, now: number): Promise<void> {
  const merchant = await tx
    .selectFrom('merchant')
    .select('id')
    .where('name', '=', '示例物流有限公司')
    .executeTakeFirst();
  const admin = await tx
    .selectFrom('app_user')
    .select(['id', 'nickname'])
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (!merchant || !admin) return;
  const trucks = await tx
    .selectFrom('truck')
    .select(['id', 'car_no', 'team_code', 'driver_id', 'terminal_id'])
    .where('merchant_id', '=', merchant.id)
    .where('team_code', '=', TRUNK_ONE)
    .orderBy('id')
    .limit(5)
    .execute();
  const city = await tx
    .selectFrom('truck')
    .select(['id', 'car_no', 'team_code', 'driver_id'])
    .where('merchant_id', '=', merchant.id)
    .where('team_code', '=', CITY_ONE)
    .orderBy('id')
    .limit(1)
    .execute();
  const [t1, t2, t3, t4] = trucks;
  if (!t1 || !t2 || !t3 || !t4) return;
  const today = formatDate(new Date(now));
  const day = (offset: number) => formatDate(new Date(now + offset * DAY));
  const soonLast = addMonths(day(10), -6);
  const lateLast = addMonths(day(-5), -3);
  const base = {
    merchant_id: merchant.id,
    created_by: admin.id,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const plans = await tx
    .insertInto('maintenance_plan')
    .values([
      {
        ...base,
        team_code: t1.team_code,
        plan_name: '常规保养',
        target_type: MAINTENANCE_TARGET.truck,
        truck_id: t1.id,
        brand: null,
        series: null,
        interval_km: null,
        interval_months: 6,
        last_date: soonLast,
        last_km: null,
        remind_km: null,
        remind_days: 15,
        items: '机油、机滤、空滤',
        remark: null,
      },
      {
        ...base,
        team_code: t2.team_code,
        plan_name: '刹车系统检查',
        target_type: MAINTENANCE_TARGET.truck,
        truck_id: t2.id,
        brand: null,
        series: null,
        interval_km: null,
        interval_months: 3,
        last_date: lateLast,
        last_km: null,
        remind_km: null,
        remind_days: 7,
        items: '刹车片、制动气路',
        remark: null,
      },
      {
        ...base,
        team_code: TRUNK_ONE,
        plan_name: '解放J6P定期保养',
        target_type: MAINTENANCE_TARGET.series,
        truck_id: null,
        brand: '解放',
        series: 'J6P',
        interval_km: 30_000,
        interval_months: null,
        last_date: null,
        last_km: null,
        remind_km: 1_000,
        remind_days: null,
        items: '机油、三滤、变速箱油',
        remark: '按里程保养',
      },
      ...city.map((c) => ({
        ...base,
        team_code: c.team_code,
        plan_name: '城配车常规保养',
        target_type: MAINTENANCE_TARGET.truck,
        truck_id: c.id,
        brand: null,
        series: null,
        interval_km: null,
        interval_months: 6,
        last_date: day(-60),
        last_km: null,
        remind_km: null,
        remind_days: 15,
        items: '机油、机滤',
        remark: null,
      })),
    ])
    .returning(['id', 'plan_name'])
    .execute();
  const planId = (name: string) => plans.find((p) => p.plan_name === name)?.id ?? null;

  // past services, each with its 保养 cost as a maintenance record writes it
  const actor = { merchantId: merchant.id, userId: admin.id, nickname: admin.nickname };
  const services = [
    {
      truck: t1,
      plan: planId('常规保养'),
      date: soonLast,
      km: 182_400,
      items: '机油、机滤、空滤',
      workshop: '北京通达汽修',
      fen: 128_000,
    },
    {
      truck: t2,
      plan: planId('刹车系统检查'),
      date: lateLast,
      km: 96_300,
      items: '刹车片、制动气路',
      workshop: '顺义重卡服务站',
      fen: 86_000,
    },
    {
      truck: t3,
      plan: null,
      date: day(-40),
      km: 143_800,
      items: '更换轮胎（4条）',
      workshop: '北京通达汽修',
      fen: 420_000,
    },
  ];
  for (const s of services) {
    if (s.date > today) continue;
    const costId = await insertCost(
      tx,
      {
        merchantId: merchant.id,
        teamCode: s.truck.team_code,
        truckId: s.truck.id,
        driverId: s.truck.driver_id,
        costType: COST_TYPE.maintenance,
        costDate: s.date,
        amount: s.fen,
        place: s.workshop,
        remark: `保养：${s.items}`,
        source: 3,
      },
      actor,
    );
    await tx
      .insertInto('maintenance_record')
      .values({
        ...base,
        team_code: s.truck.team_code,
        truck_id: s.truck.id,
        plan_id: s.plan,
        maintain_date: s.date,
        mileage_km: s.km,
        items: s.items,
        workshop: s.workshop,
        amount: s.fen,
        invoice_images: null,
        cost_id: costId,
        remark: null,
      })
      .execute();
  }

  // certificates: three expiring within 30 days, one expired
  await tx
    .updateTable('truck')
    .set({ insurance_expiry: day(12) })
    .where('id', '=', t1.id)
    .execute();
  await tx
    .updateTable('truck')
    .set({ annual_inspection_expiry: day(25) })
    .where('id', '=', t2.id)
    .execute();
  await tx
    .updateTable('truck')
    .set({ operating_license_expiry: day(-5) })
    .where('id', '=', t3.id)
    .execute();
  if (t4.driver_id)
    await tx
      .updateTable('driver')
      .set({ license_expiry: day(20) })
      .where('id', '=', t4.driver_id)
      .execute();

  // an open fault on t4 and a fault of t2 cleared yesterday
  const alarm = (truck: typeof t4, code: number, start: number, end: number | null) => ({
    merchant_id: merchant.id,
    team_code: truck.team_code,
    truck_id: truck.id,
    terminal_id: truck.terminal_id,
    driver_id: truck.driver_id,
    code,
    source: 1,
    level: null,
    start_time: start,
    end_time: end,
    lat: 40_072_000,
    lon: 116_602_000,
    station_id: null,
    line_id: null,
    plan_id: null,
    detail: null,
    media: null,
    handle_type: null,
    handle_remark: end ? '清码：更换尿素泵后故障消除' : null,
    handler_id: end ? admin.id : null,
    handled_at: end,
    handle_status: end ? 1 : 0,
    end_lat: null,
    end_lon: null,
    created_at: start,
    updated_at: end ?? start,
  });
  await tx
    .insertInto('alarm')
    .values(alarm(t4, 10007, now - 5 * 3_600_000, null))
    .execute();
  const cleared = await tx
    .insertInto('alarm')
    .values(alarm(t2, 10009, now - 3 * DAY, now - DAY))
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('fault_clear')
    .values({
      merchant_id: merchant.id,
      team_code: t2.team_code,
      truck_id: t2.id,
      alarm_ids: String(cleared.id),
      codes: '10009',
      reason: '更换尿素泵后故障消除',
      cleared_by: admin.id,
      cleared_by_name: admin.nickname,
      cleared_at: now - DAY,
    })
    .execute();
}
