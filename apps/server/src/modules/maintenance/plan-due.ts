import { formatDate, MAINTENANCE_TARGET, maintenanceStateName, type PlanDue, planDue } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Where plans are read: a merchant, and a team subtree (none: the whole merchant). */
export interface PlanReach {
  merchantId: number;
  teamCode?: string;
  truckId?: number;
  planId?: number;
}

/** One plan applied to one truck, with when it falls due. */
export interface DueItem extends PlanDue {
  planId: number;
  planName: string;
  targetType: number;
  planTeamCode: string;
  truckId: number;
  carNo: string;
  vin: string;
  teamCode: string;
  teamName: string;
  brand: string;
  series: string;
  items: string;
  intervalKm: number | null;
  intervalMonths: number | null;
  remindKm: number | null;
  remindDays: number | null;
  lastDate: string | null;
  lastKm: number | null;
  currentKm: number | null;
  stateName: string;
}

const prefix = (code: string) => {
  if (!/^[0-9A-Za-z]*$/.test(code)) throw new Error(`invalid team code "${code}"`);
  return `${code}%`;
};

/**
 * Every enabled plan in reach applied to its trucks (a truck plan to its truck, a series plan to
 * the trucks of that brand and series in the plan's team subtree), with the truck's last service
 * under the plan (its latest maintenance record, else the plan's last service; a series plan
 * without one counts its months from the day it was made), its odometer from the latest report, and when
 * the plan falls due. Ordered overdue first, then by what is left.
 */
export async function dueItems(db: Kysely<Database>, reach: PlanReach, now: number): Promise<DueItem[]> {
  let plans = db
    .selectFrom('maintenance_plan as p')
    .selectAll('p')
    .where('p.merchant_id', '=', reach.merchantId)
    .where('p.deleted_at', 'is', null)
    .where('p.valid', '=', 1);
  if (reach.planId) plans = plans.where('p.id', '=', reach.planId);
  const planRows = await plans.orderBy('p.id').execute();
  if (planRows.length === 0) return [];

  let trucks = db
    .selectFrom('truck as t')
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .leftJoin('team', (j) =>
      j.onRef('team.team_code', '=', 't.team_code').onRef('team.merchant_id', '=', 't.merchant_id'),
    )
    .select([
      't.id',
      't.car_no',
      't.vin',
      't.team_code',
      't.brand',
      't.series',
      'vs.mileage',
      'team.team_name',
    ])
    .where('t.merchant_id', '=', reach.merchantId)
    .where('t.deleted_at', 'is', null);
  if (reach.teamCode) trucks = trucks.where('t.team_code', 'like', prefix(reach.teamCode));
  if (reach.truckId) trucks = trucks.where('t.id', '=', reach.truckId);
  const truckRows = await trucks.execute();
  const byId = new Map(truckRows.map((t) => [t.id, t]));

  const pairs: { plan: (typeof planRows)[number]; truck: (typeof truckRows)[number] }[] = [];
  for (const plan of planRows) {
    if (plan.target_type === MAINTENANCE_TARGET.truck) {
      const truck = plan.truck_id ? byId.get(plan.truck_id) : undefined;
      if (truck) pairs.push({ plan, truck });
    } else {
      for (const truck of truckRows)
        if (
          (truck.brand ?? '') === (plan.brand ?? '') &&
          (!plan.series || (truck.series ?? '') === plan.series) &&
          truck.team_code.startsWith(plan.team_code)
        )
          pairs.push({ plan, truck });
    }
  }
  if (pairs.length === 0) return [];

  // the latest service of each (plan, truck) pair from the records
  const latest = new Map<string, { date: string; km: number | null }>();
  const planIds = [...new Set(pairs.map((p) => p.plan.id))];
  for (let i = 0; i < planIds.length; i += 500) {
    const rows = await db
      .selectFrom('maintenance_record')
      .select(['plan_id', 'truck_id', 'maintain_date', 'mileage_km', 'id'])
      .where('merchant_id', '=', reach.merchantId)
      .where('deleted_at', 'is', null)
      .where('plan_id', 'in', planIds.slice(i, i + 500))
      .orderBy('maintain_date')
      .orderBy('id')
      .execute();
    for (const r of rows)
      latest.set(`${r.plan_id}:${r.truck_id}`, { date: r.maintain_date, km: r.mileage_km });
  }

  const today = formatDate(new Date(now));
  const items = pairs.map(({ plan, truck }): DueItem => {
    const record = latest.get(`${plan.id}:${truck.id}`);
    const lastDate =
      record?.date ??
      plan.last_date ??
      (plan.target_type === MAINTENANCE_TARGET.series && plan.interval_months
        ? formatDate(new Date(plan.created_at))
        : null);
    const lastKm = record ? record.km : plan.last_km;
    const currentKm =
      truck.mileage === null || truck.mileage === undefined ? null : Math.round(truck.mileage / 10);
    const due = planDue(
      {
        intervalKm: plan.interval_km,
        intervalMonths: plan.interval_months,
        remindKm: plan.remind_km,
        remindDays: plan.remind_days,
      },
      { date: lastDate, km: lastKm },
      currentKm,
      today,
    );
    return {
      ...due,
      stateName: maintenanceStateName(due.state),
      planId: plan.id,
      planName: plan.plan_name,
      targetType: plan.target_type,
      planTeamCode: plan.team_code,
      truckId: truck.id,
      carNo: truck.car_no,
      vin: truck.vin,
      teamCode: truck.team_code,
      teamName: truck.team_name ?? '',
      brand: truck.brand ?? '',
      series: truck.series ?? '',
      items: plan.items ?? '',
      intervalKm: plan.interval_km,
      intervalMonths: plan.interval_months,
      remindKm: plan.remind_km,
      remindDays: plan.remind_days,
      lastDate,
      lastKm,
      currentKm,
    };
  });
  return items.sort(
    (a, b) =>
      b.state - a.state ||
      (a.daysLeft ?? Number.POSITIVE_INFINITY) - (b.daysLeft ?? Number.POSITIVE_INFINITY) ||
      (a.kmLeft ?? Number.POSITIVE_INFINITY) - (b.kmLeft ?? Number.POSITIVE_INFINITY) ||
      a.planId - b.planId,
  );
}

/** '每10000公里或6个月' */
export function intervalText(i: { intervalKm: number | null; intervalMonths: number | null }): string {
  const parts: string[] = [];
  if (i.intervalKm) parts.push(`${i.intervalKm}公里`);
  if (i.intervalMonths) parts.push(`${i.intervalMonths}个月`);
  return parts.length ? `每${parts.join('或')}` : '-';
}

/** What a due item says is left: '还剩12天/800公里', '已超3天'. */
export function leftText(item: Pick<DueItem, 'daysLeft' | 'kmLeft'>): string {
  const parts: string[] = [];
  if (item.daysLeft !== null)
    parts.push(item.daysLeft >= 0 ? `还剩${item.daysLeft}天` : `已超${-item.daysLeft}天`);
  if (item.kmLeft !== null)
    parts.push(item.kmLeft >= 0 ? `还剩${item.kmLeft}公里` : `已超${-item.kmLeft}公里`);
  return parts.join('，') || '-';
}
