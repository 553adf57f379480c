import {
  CERTIFICATE_KINDS,
  CERTIFICATE_REMIND_DAYS,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
  certificateDue,
  fenToYuan,
  formatDate,
  MAINTENANCE_STATE,
  maintenanceStateName,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { notFound } from '../../http/envelope';
import { idField, teamCodeField } from '../../http/form-fields';
import { paging, route } from '../../http/route';
import { blank } from '../../records/filters';
import { pageOf, reachOf, registerMemoryExport } from './list-helpers';
import { type DueItem, dueItems, intervalText, leftText } from './plan-due';
import { recordRows } from './records.routes';

const CODES = ['car1401'];

const summaryFilter = z.object({
  truckId: z.preprocess(blank, idField('车辆不正确').optional()),
  state: z.preprocess(
    blank,
    z.coerce.number().int().min(1, '保养状态不正确').max(3, '保养状态不正确').optional(),
  ),
  teamCode: z.preprocess(blank, teamCodeField.optional()),
});
type SummaryFilter = z.output<typeof summaryFilter>;

const prefix = (code: string) => `${code}%`;

/** Per truck in reach: its plans, last and next service, state and this year's maintenance cost. */
async function summaryRows(db: Kysely<Database>, auth: AuthContext, f: SummaryFilter, now: number) {
  const reach = reachOf(auth, f.teamCode);
  let q = db
    .selectFrom('truck as t')
    .leftJoin('team', (j) =>
      j.onRef('team.team_code', '=', 't.team_code').onRef('team.merchant_id', '=', 't.merchant_id'),
    )
    .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
    .select(['t.id', 't.car_no', 't.vin', 't.brand', 't.series', 'team.team_name', 'vs.mileage'])
    .where('t.merchant_id', '=', reach.merchantId)
    .where('t.team_code', 'like', prefix(reach.teamCode))
    .where('t.deleted_at', 'is', null)
    .orderBy('t.car_no');
  if (f.truckId) q = q.where('t.id', '=', f.truckId);
  const trucks = await q.execute();
  const items = await dueItems(db, { ...reach, truckId: f.truckId }, now);
  const byTruck = new Map<number, DueItem[]>();
  for (const i of items) byTruck.set(i.truckId, [...(byTruck.get(i.truckId) ?? []), i]);
  const year = formatDate(new Date(now)).slice(0, 4);
  const costs = await db
    .selectFrom('cost')
    .select(['truck_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('merchant_id', '=', reach.merchantId)
    .where('team_code', 'like', prefix(reach.teamCode))
    .where('cost_type', '=', COST_TYPE.maintenance)
    .where('deleted_at', 'is', null)
    .where('cost_date', '>=', `${year}-01-01`)
    .where('cost_date', '<=', `${year}-12-31`)
    .groupBy('truck_id')
    .execute();
  const costOf = new Map(costs.map((c) => [c.truck_id, Number(c.amount)]));
  const last = await db
    .selectFrom('maintenance_record')
    .select(['truck_id', 'maintain_date', 'mileage_km', 'id'])
    .where('merchant_id', '=', reach.merchantId)
    .where('team_code', 'like', prefix(reach.teamCode))
    .where('deleted_at', 'is', null)
    .orderBy('maintain_date')
    .orderBy('id')
    .execute();
  const lastOf = new Map(last.map((r) => [r.truck_id, r]));
  const countOf = new Map<number, number>();
  for (const r of last) countOf.set(r.truck_id, (countOf.get(r.truck_id) ?? 0) + 1);
  const rows = trucks.map((t) => {
    const mine = byTruck.get(t.id) ?? [];
    const worst = mine[0];
    const record = lastOf.get(t.id);
    const state = worst?.state ?? MAINTENANCE_STATE.normal;
    return {
      truckId: t.id,
      carNo: t.car_no,
      vin: t.vin,
      brandSeries: [t.brand, t.series].filter(Boolean).join(' '),
      teamName: t.team_name ?? '',
      currentKm: t.mileage === null || t.mileage === undefined ? null : Math.round(t.mileage / 10),
      planCount: mine.length,
      planNames: mine.map((m) => m.planName).join('、'),
      lastDate: record?.maintain_date ?? worst?.lastDate ?? '',
      lastKm: record?.mileage_km ?? worst?.lastKm ?? null,
      nextDate: worst?.nextDate ?? '',
      nextKm: worst?.nextKm ?? null,
      leftText: worst ? leftText(worst) : '',
      state,
      stateName: mine.length ? maintenanceStateName(state) : '未设置计划',
      recordCount: countOf.get(t.id) ?? 0,
      yearCostFen: costOf.get(t.id) ?? 0,
      yearCostYuan: fenToYuan(costOf.get(t.id) ?? 0),
    };
  });
  return rows
    .filter((r) => !f.state || (r.planCount > 0 && r.state === f.state))
    .sort((a, b) => b.state - a.state || a.carNo.localeCompare(b.carNo));
}
type SummaryRow = Awaited<ReturnType<typeof summaryRows>>[number];

/** 车辆保养汇总 (car1401) and 车辆保养明细 (/maintenance-summary/detail/:vin). */
export function registerSummaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => ctx.config.now();
  const tag = '维修管家';

  route(app, tag, {
    method: 'POST',
    url: '/maintenance-summary/page',
    summary:
      '车辆保养汇总：每辆车的保养计划、上次与下次保养、到期状态、保养记录数与本年保养费用（成本中心保养费用，元）',
    access: CODES,
    list: true,
    labels: { truckId: '车辆', state: '保养状态', teamCode: '所属车队' },
    body: summaryFilter.extend(paging),
    handler: async ({ auth, body }) => {
      const rows = await summaryRows(ctx.db, auth, body, now());
      const total = rows.reduce((s, r) => s + r.yearCostFen, 0);
      return {
        ...pageOf(rows, body),
        summary: {
          truckCount: rows.length,
          overdueCount: rows.filter((r) => r.state === MAINTENANCE_STATE.overdue).length,
          dueSoonCount: rows.filter((r) => r.state === MAINTENANCE_STATE.dueSoon).length,
          yearCostYuan: fenToYuan(total),
        },
      };
    },
  });

  registerMemoryExport<SummaryFilter, SummaryRow>(app, tag, {
    url: '/maintenance-summary/export',
    summary: '导出车辆保养汇总（与列表相同的筛选）',
    access: CODES,
    input: summaryFilter,
    title: '车辆保养汇总',
    all: (db, auth, f) => summaryRows(db, auth, f, now()),
    columns: [
      { header: '车牌号', width: 12, value: (r) => r.carNo },
      { header: 'VIN', width: 20, value: (r) => r.vin },
      { header: '品牌车系', width: 16, value: (r) => r.brandSeries },
      { header: '所属车队', width: 16, value: (r) => r.teamName },
      { header: '保养计划', width: 24, value: (r) => r.planNames },
      { header: '上次保养日期', width: 12, value: (r) => r.lastDate },
      { header: '下次保养日期', width: 12, value: (r) => r.nextDate },
      { header: '下次保养里程（公里）', width: 16, value: (r) => r.nextKm },
      { header: '保养状态', width: 10, value: (r) => r.stateName },
      { header: '保养次数', width: 10, value: (r) => r.recordCount },
      { header: '本年保养费用（元）', width: 16, value: (r) => r.yearCostYuan },
    ],
  });

  route(app, tag, {
    method: 'GET',
    url: '/maintenance-summary/detail',
    summary: '车辆保养明细（按 VIN）：车辆、保养计划与到期、保养记录、本年费用（成本中心各类型）、证件到期',
    access: CODES,
    labels: { vin: '车架号' },
    query: z.object({
      vin: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string({ error: '请指定车辆' }).min(1, '请指定车辆').max(32, '车辆VIN不正确'),
      ),
    }),
    handler: async ({ auth, query }) => {
      const at = now();
      const truck = await ctx.db
        .selectFrom('truck as t')
        .leftJoin('team', (j) =>
          j.onRef('team.team_code', '=', 't.team_code').onRef('team.merchant_id', '=', 't.merchant_id'),
        )
        .leftJoin('driver as d', 'd.id', 't.driver_id')
        .leftJoin('vehicle_state as vs', 'vs.truck_id', 't.id')
        .select([
          't.id',
          't.car_no',
          't.vin',
          't.brand',
          't.series',
          't.team_code',
          'team.team_name',
          't.driver_id',
          'd.name as driver_name',
          'd.license_expiry',
          'd.qualification_expiry',
          't.driving_license_expiry',
          't.operating_license_expiry',
          't.insurance_expiry',
          't.annual_inspection_expiry',
          'vs.mileage',
        ])
        .where('t.merchant_id', '=', auth.merchantId)
        .where('t.team_code', 'like', prefix(auth.scope.teamCode))
        .where('t.deleted_at', 'is', null)
        .where('t.vin', '=', query.vin)
        .executeTakeFirst();
      if (!truck) throw notFound('车辆不存在或无权操作');
      const today = formatDate(new Date(at));
      const year = today.slice(0, 4);
      const plans = await dueItems(
        ctx.db,
        { merchantId: auth.merchantId, teamCode: auth.scope.teamCode, truckId: truck.id },
        at,
      );
      const records = await recordRows(ctx.db, auth, { truckId: truck.id });
      const costs = await ctx.db
        .selectFrom('cost')
        .select(['id', 'cost_type', 'cost_date', 'amount', 'remark', 'source'])
        .where('merchant_id', '=', auth.merchantId)
        .where('truck_id', '=', truck.id)
        .where('deleted_at', 'is', null)
        .where('cost_date', '>=', `${year}-01-01`)
        .where('cost_date', '<=', `${year}-12-31`)
        .orderBy('cost_date', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const byType = new Map<number, number>();
      for (const c of costs) byType.set(c.cost_type, (byType.get(c.cost_type) ?? 0) + Number(c.amount));
      const source = truck as Record<string, unknown>;
      const certificates = CERTIFICATE_KINDS.filter((k) => k.owner === 'truck' || truck.driver_id).map(
        (k) => {
          const expiry = (source[k.column] as string | null) ?? '';
          const due = expiry ? certificateDue(expiry, today, CERTIFICATE_REMIND_DAYS) : null;
          return {
            kind: k.key,
            kindName: k.label,
            holder: k.owner === 'truck' ? truck.car_no : (truck.driver_name ?? ''),
            expiry,
            daysLeft: due ? due.daysLeft : null,
            stateName: !due ? '未登记' : due.state === 2 ? '已过期' : due.state === 1 ? '即将到期' : '正常',
          };
        },
      );
      return {
        truckId: truck.id,
        carNo: truck.car_no,
        vin: truck.vin,
        brandSeries: [truck.brand, truck.series].filter(Boolean).join(' '),
        teamName: truck.team_name ?? '',
        driverName: truck.driver_name ?? '',
        currentKm:
          truck.mileage === null || truck.mileage === undefined ? null : Math.round(truck.mileage / 10),
        plans: plans.map((p) => ({
          planId: p.planId,
          planName: p.planName,
          intervalText: intervalText(p),
          items: p.items,
          lastDate: p.lastDate ?? '',
          lastKm: p.lastKm,
          nextDate: p.nextDate ?? '',
          nextKm: p.nextKm,
          leftText: leftText(p),
          state: p.state,
          stateName: p.stateName,
        })),
        records,
        costs: costs.map((c) => ({
          id: c.id,
          costType: c.cost_type,
          costTypeName: COST_TYPE_LABELS[c.cost_type as CostType] ?? String(c.cost_type),
          costDate: c.cost_date,
          amountYuan: fenToYuan(Number(c.amount)),
          remark: c.remark ?? '',
        })),
        yearCosts: [...byType.entries()].map(([type, amount]) => ({
          costType: type,
          costTypeName: COST_TYPE_LABELS[type as CostType] ?? String(type),
          amountYuan: fenToYuan(amount),
        })),
        yearMaintenanceYuan: fenToYuan(byType.get(COST_TYPE.maintenance) ?? 0),
        certificates,
      };
    },
  });
}
