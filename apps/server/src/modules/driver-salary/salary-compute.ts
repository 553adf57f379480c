import { fenToYuan, formatDateTime, fromShanghai, kgToTons, PLAN_STATE, WAYBILL_STATE } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inScope } from '../../http/scope';
import { teamPatches, teamRules } from '../alarm-settings/alarm-settings.repository';
import { SETTLE_TYPES } from '../drivers/drivers.extra.routes';
import { litres, type SalaryConfig, salaryConfig } from './salary-config';

/** What an item is: 计件 (a waybill), 底薪, 补贴, 奖励 (fuel), 扣款 (late arrival, the driver's fixed deduction). */
export type ItemKind = 'waybill' | 'base' | 'allowance' | 'fuel' | 'late' | 'deduction';
export type ItemCategory = 'piece' | 'base' | 'bonus' | 'deduction';

export const ITEM_KIND_NAMES: Record<ItemKind, string> = {
  waybill: '计件工资',
  base: '底薪',
  allowance: '固定补贴',
  fuel: '节油奖励',
  late: '到达超时罚款',
  deduction: '固定扣款',
};

/** One line of a driver's month; amountFen is what it adds (deductions negative). */
export interface SalaryItem {
  kind: ItemKind;
  category: ItemCategory;
  waybillId: number | null;
  billNo: string;
  planNo: string;
  /** Epoch ms: the waybill's completion, the plan's arrival; null for monthly items. */
  at: number | null;
  lineName: string;
  carNo: string;
  settleKg: number | null;
  distanceM: number | null;
  amountFen: number;
  text: string;
}

export interface DriverMonth {
  driverId: number;
  driverName: string;
  driverPhone: string;
  teamCode: string;
  teamName: string;
  month: string;
  items: SalaryItem[];
  confirmed: { by: string; at: number } | null;
}

export interface MonthFigures {
  trips: number;
  settleKg: number;
  /** Σ kg × m of the waybills (÷ 10⁶ = ton-km). */
  kgM: number;
  baseFen: number;
  pieceFen: number;
  bonusFen: number;
  /** Positive: what is taken off. */
  deductionFen: number;
  totalFen: number;
}

/** Half-up rounding of a × b × c ÷ d for non-negative whole numbers, exact. */
export function roundedProduct(factors: readonly number[], divisor: number): number {
  const product = factors.reduce((p, f) => p * BigInt(f), 1n);
  const d = BigInt(divisor);
  return Number((product * 2n + d) / (2n * d));
}

/** '120.500' km from metres. */
const km = (m: number) => `${Math.floor(m / 1000)}.${String(m % 1000).padStart(3, '0')}`;
const yuan = (fen: number) => `${fenToYuan(fen)}元`;

/** Month bounds of 'YYYY-MM' in Shanghai time. */
export function monthRange(month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: fromShanghai(y, m, 1).getTime(), to: fromShanghai(y, m + 1, 1).getTime() };
}

export interface DriverTerms {
  settleType: number;
  baseFen: number;
  unitFen: number;
  deductionFen: number;
}

interface WaybillFacts {
  id: number;
  billNo: string;
  completedAt: number;
  lineId: number;
  lineName: string;
  carNo: string;
  settleKg: number | null;
  distanceM: number | null;
  truckId: number;
  startAt: number | null;
  endAt: number | null;
}

/**
 * The piece pay of one waybill. The driver's own settings (driver_salary_info with a unit price above
 * 0) replace the merchant's piece rules; otherwise the merchant's per trip, per ton and per ton-km
 * (the line's price, else the default) parts are added. A ton or ton-km part is rounded once per
 * waybill, half up to the fen.
 */
export function piecePay(
  w: WaybillFacts,
  c: SalaryConfig,
  own: DriverTerms | null,
): { fen: number; text: string } {
  const tons = w.settleKg === null ? null : kgToTons(w.settleKg);
  const part = (type: number, unitFen: number): { fen: number; text: string } => {
    if (type === 1)
      return { fen: unitFen, text: `按趟计：1趟 × ${fenToYuan(unitFen)}元/趟 = ${yuan(unitFen)}` };
    if (w.settleKg === null) return { fen: 0, text: '按吨计：运单无结算重量，未计' };
    if (type === 2) {
      const fen = roundedProduct([w.settleKg, unitFen], 1000);
      return { fen, text: `按吨计：${tons}吨 × ${fenToYuan(unitFen)}元/吨 = ${yuan(fen)}` };
    }
    if (!w.distanceM) return { fen: 0, text: '按吨公里计：线路无里程，未计' };
    const fen = roundedProduct([w.settleKg, w.distanceM, unitFen], 1_000_000);
    return {
      fen,
      text: `按吨公里计：${tons}吨 × ${km(w.distanceM)}公里 × ${fenToYuan(unitFen)}元/吨公里 = ${yuan(fen)}`,
    };
  };
  if (own && own.unitFen > 0) {
    const p = part(own.settleType, own.unitFen);
    return { fen: p.fen, text: `司机计薪 ${p.text}` };
  }
  const lineRule = c.lineRules.find((r) => r.lineId === w.lineId);
  const tonKmFen = lineRule?.tonKmFen ?? c.tonKmFen;
  const parts: { fen: number; text: string }[] = [];
  if (c.tripFen > 0) parts.push(part(1, c.tripFen));
  if (c.tonFen > 0) parts.push(part(2, c.tonFen));
  if (tonKmFen > 0) {
    const p = part(3, tonKmFen);
    parts.push(
      lineRule?.tonKmFen != null ? { ...p, text: p.text.replace('按吨公里计', '按吨公里计（线路单价）') } : p,
    );
  }
  if (parts.length === 0) return { fen: 0, text: '未设置计件单价，未计' };
  const fen = parts.reduce((s, p) => s + p.fen, 0);
  return {
    fen,
    text:
      parts.length > 1 ? `${parts.map((p) => p.text).join('；')}；合计 ${yuan(fen)}` : (parts[0]?.text ?? ''),
  };
}

const item = (
  kind: ItemKind,
  category: ItemCategory,
  amountFen: number,
  text: string,
  more: Partial<SalaryItem> = {},
): SalaryItem => ({
  kind,
  category,
  waybillId: null,
  billNo: '',
  planNo: '',
  at: null,
  lineName: '',
  carNo: '',
  settleKg: null,
  distanceM: null,
  amountFen,
  text,
  ...more,
});

export interface MonthFilter {
  month: string;
  driverId?: number;
  driverIds?: readonly number[];
  teamCode?: string;
}

/**
 * The salary months of the caller's drivers (their team subtree) for `month`: confirmed ones as
 * stored, the others computed now from the completed waybills, plans and trips of the month. A row
 * whose data cannot be read becomes an item of 0 saying why; it never stops the others.
 */
export async function salaryMonths(
  db: Kysely<Database>,
  auth: AuthContext,
  f: MonthFilter,
): Promise<DriverMonth[]> {
  let dq = db
    .selectFrom('driver')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'driver.merchant_id').onRef('team.team_code', '=', 'driver.team_code'),
    )
    .select([
      'driver.id',
      'driver.name',
      'driver.phone',
      'driver.team_code',
      'team.team_name',
      'driver.deleted_at',
    ])
    .where(inScope(auth.scope, 'driver'));
  if (f.driverId) dq = dq.where('driver.id', '=', f.driverId);
  if (f.driverIds) dq = dq.where('driver.id', 'in', f.driverIds.length ? [...f.driverIds] : [0]);
  if (f.teamCode) dq = dq.where('driver.team_code', 'like', `${f.teamCode}%`);
  const allDrivers = await dq.orderBy('driver.name').orderBy('driver.id').execute();
  if (allDrivers.length === 0) return [];
  const allIds = allDrivers.map((d) => d.id);
  const { from, to } = monthRange(f.month);

  const confirmedRows = await chunked(allIds, (ids) =>
    db
      .selectFrom('driver_salary_month')
      .selectAll()
      .where('merchant_id', '=', auth.merchantId)
      .where('month', '=', f.month)
      .where('driver_id', 'in', ids)
      .execute(),
  );
  const confirmed = new Map(confirmedRows.map((r) => [Number(r.driver_id), r]));
  const waybills = await chunked(allIds, (ids) =>
    db
      .selectFrom('waybill')
      .leftJoin('line', 'line.id', 'waybill.line_id')
      .leftJoin('truck', 'truck.id', 'waybill.truck_id')
      .select([
        'waybill.id',
        'waybill.bill_no',
        'waybill.driver_id',
        'waybill.completed_at',
        'waybill.line_id',
        'waybill.truck_id',
        'waybill.settle_kg',
        'waybill.loading_at',
        'waybill.departed_at',
        'waybill.arrived_at',
        'line.name as line_name',
        'line.distance',
        'truck.car_no',
      ])
      .where('waybill.merchant_id', '=', auth.merchantId)
      .where('waybill.status', '=', WAYBILL_STATE.completed)
      .where('waybill.cancelled', '=', 0)
      .where('waybill.completed_at', '>=', from)
      .where('waybill.completed_at', '<', to)
      .where('waybill.driver_id', 'in', ids)
      .orderBy('waybill.completed_at')
      .orderBy('waybill.id')
      .execute(),
  );
  const plans = await chunked(allIds, (ids) =>
    db
      .selectFrom('plan')
      .leftJoin('line', 'line.id', 'plan.line_id')
      .leftJoin('truck', 'truck.id', 'plan.truck_id')
      .select([
        'plan.id',
        'plan.plan_no',
        'plan.team_code',
        'plan.driver_id',
        'plan.planned_arrive_at',
        'plan.arrived_at',
        'line.name as line_name',
        'truck.car_no',
      ])
      .where('plan.merchant_id', '=', auth.merchantId)
      .where('plan.state', '!=', PLAN_STATE.cancelled)
      .where('plan.arrived_at', '>=', from)
      .where('plan.arrived_at', '<', to)
      .where('plan.planned_arrive_at', 'is not', null)
      .where('plan.driver_id', 'in', ids)
      .orderBy('plan.arrived_at')
      .orderBy('plan.id')
      .execute(),
  );
  const infos = await chunked(allIds, (ids) =>
    db
      .selectFrom('driver_salary_info')
      .select(['driver_id', 'settle_type', 'base_salary', 'unit_price', 'deduction'])
      .where('merchant_id', '=', auth.merchantId)
      .where('driver_id', 'in', ids)
      .execute(),
  );
  const terms = new Map<number, DriverTerms>(
    infos.map((i) => [
      Number(i.driver_id),
      {
        settleType: Number(i.settle_type),
        baseFen: Number(i.base_salary),
        unitFen: Number(i.unit_price),
        deductionFen: Number(i.deduction),
      },
    ]),
  );
  const config = await salaryConfig(db, auth.merchantId);
  const patches = config.latePenaltyFen > 0 ? await teamPatches(db, auth.merchantId) : new Map();
  const fuelLines = new Map(
    config.lineRules.filter((r) => r.fuelTarget !== null).map((r) => [r.lineId, r.fuelTarget as number]),
  );

  const byDriver = <T extends { driver_id: number | null }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows)
      if (r.driver_id !== null) m.set(Number(r.driver_id), [...(m.get(Number(r.driver_id)) ?? []), r]);
    return m;
  };
  const waybillsOf = byDriver(waybills);
  const plansOf = byDriver(plans);
  const tripsOf =
    config.fuelBonusFen > 0
      ? await fuelTrips(
          db,
          auth.merchantId,
          waybills.filter(
            (w) =>
              !confirmed.has(Number(w.driver_id)) &&
              fuelLines.has(Number(w.line_id)) &&
              (w.departed_at ?? w.loading_at) !== null &&
              (w.arrived_at ?? w.completed_at) !== null,
          ),
        )
      : new Map<number, Trip[]>();

  const months: DriverMonth[] = [];
  for (const d of allDrivers) {
    const base = {
      driverId: d.id,
      driverName: d.name,
      driverPhone: d.phone,
      teamCode: d.team_code,
      teamName: d.team_name ?? '',
      month: f.month,
    };
    const stored = confirmed.get(d.id);
    if (stored) {
      months.push({
        ...base,
        items: parseItems(stored.items),
        confirmed: { by: stored.confirmed_by_name, at: Number(stored.confirmed_at) },
      });
      continue;
    }
    const ws = waybillsOf.get(d.id) ?? [];
    const ps = plansOf.get(d.id) ?? [];
    // a deleted driver without work in the month has no salary to show
    if (d.deleted_at !== null && ws.length === 0 && ps.length === 0) continue;
    const own = terms.get(d.id) ?? null;
    const items: SalaryItem[] = [];
    const baseFen = own && own.baseFen > 0 ? own.baseFen : config.baseFen;
    if (baseFen > 0)
      items.push(
        item(
          'base',
          'base',
          baseFen,
          own && own.baseFen > 0
            ? `底薪（司机设置）：${yuan(baseFen)}/月`
            : `底薪（商户规则）：${yuan(baseFen)}/月`,
        ),
      );
    if (config.allowanceFen > 0)
      items.push(
        item('allowance', 'bonus', config.allowanceFen, `固定补贴：${yuan(config.allowanceFen)}/月`),
      );
    if (own && own.deductionFen > 0)
      items.push(
        item(
          'deduction',
          'deduction',
          -own.deductionFen,
          `固定扣款（司机设置）：${yuan(own.deductionFen)}/月`,
        ),
      );
    for (const w of ws) {
      const facts: WaybillFacts = {
        id: w.id,
        billNo: w.bill_no,
        completedAt: Number(w.completed_at),
        lineId: Number(w.line_id),
        lineName: w.line_name ?? '',
        carNo: w.car_no ?? '',
        settleKg: w.settle_kg === null ? null : Number(w.settle_kg),
        distanceM: w.distance === null || w.distance === undefined ? null : Number(w.distance),
        truckId: Number(w.truck_id),
        startAt: w.departed_at ?? w.loading_at ?? null,
        endAt: w.arrived_at ?? w.completed_at ?? null,
      };
      const more = {
        waybillId: facts.id,
        billNo: facts.billNo,
        at: facts.completedAt,
        lineName: facts.lineName,
        carNo: facts.carNo,
        settleKg: facts.settleKg,
        distanceM: facts.distanceM,
      };
      try {
        const pay = piecePay(facts, config, own);
        items.push(item('waybill', 'piece', pay.fen, pay.text, more));
      } catch {
        items.push(item('waybill', 'piece', 0, '运单数据异常，未计', more));
      }
      const target = fuelLines.get(facts.lineId);
      if (config.fuelBonusFen > 0 && target !== undefined && facts.startAt !== null && facts.endAt !== null) {
        try {
          const fuel = fuelItem(
            tripsOf.get(facts.truckId) ?? [],
            target,
            config.fuelBonusFen,
            Number(facts.startAt),
            Number(facts.endAt),
          );
          if (fuel) items.push(item('fuel', 'bonus', fuel.fen, fuel.text, { ...more, settleKg: null }));
        } catch {
          items.push(item('fuel', 'bonus', 0, '行程油耗数据异常，节油奖励未计', more));
        }
      }
    }
    if (config.latePenaltyFen > 0)
      for (const p of ps) {
        const warn = teamRules(patches, p.team_code).planTiming.arriveWarnMinutes;
        const planned = Number(p.planned_arrive_at);
        const arrived = Number(p.arrived_at);
        const lateMin = Math.floor((arrived - planned) / 60_000);
        if (arrived <= planned + warn * 60_000) continue;
        items.push(
          item(
            'late',
            'deduction',
            -config.latePenaltyFen,
            `到达超时：计划到达${formatDateTime(new Date(planned))}，实际到达${formatDateTime(new Date(arrived))}，晚${lateMin}分钟（预警${warn}分钟），罚款${yuan(config.latePenaltyFen)}`,
            { planNo: p.plan_no, at: arrived, lineName: p.line_name ?? '', carNo: p.car_no ?? '' },
          ),
        );
      }
    months.push({ ...base, items, confirmed: null });
  }
  return months;
}

interface Trip {
  start: number;
  mileage: number;
  used: number;
}

/**
 * The trips with mileage and fuel of the trucks of `waybills` (those earning 节油奖励) starting
 * between the first waybill's departure and the last one's arrival, by truck: read once for the
 * month, each waybill then sums its own.
 */
async function fuelTrips(
  db: Kysely<Database>,
  merchantId: number,
  waybills: readonly {
    truck_id: number | null;
    departed_at: number | null;
    loading_at: number | null;
    arrived_at: number | null;
    completed_at: number | null;
  }[],
): Promise<Map<number, Trip[]>> {
  const trips = new Map<number, Trip[]>();
  if (waybills.length === 0) return trips;
  let from = Number.POSITIVE_INFINITY;
  let to = 0;
  for (const w of waybills) {
    from = Math.min(from, Number(w.departed_at ?? w.loading_at));
    to = Math.max(to, Number(w.arrived_at ?? w.completed_at));
  }
  const trucks = [...new Set(waybills.map((w) => Number(w.truck_id)))];
  const rows = await chunked(trucks, (ids) =>
    db
      .selectFrom('trip')
      .select(['truck_id', 'start_time', 'mileage', 'fuel_used'])
      .where('merchant_id', '=', merchantId)
      .where('truck_id', 'in', ids)
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .where('fuel_used', 'is not', null)
      .where('mileage', '>', 0)
      .execute(),
  );
  for (const r of rows) {
    const list = trips.get(Number(r.truck_id)) ?? [];
    if (list.length === 0) trips.set(Number(r.truck_id), list);
    list.push({ start: Number(r.start_time), mileage: Number(r.mileage), used: Number(r.fuel_used) });
  }
  return trips;
}

/**
 * 节油奖励 of one waybill: the truck's trips starting between its departure and arrival; the line's
 * target (0.1 L per 100 km) × the trips' mileage gives the litres allowed, those above the fuel used
 * are saved; each saved litre earns the bonus, rounded once per waybill.
 */
function fuelItem(
  trips: readonly Trip[],
  target: number,
  bonusFen: number,
  start: number,
  end: number,
): { fen: number; text: string } | null {
  let mileage = 0; // 0.1 km
  let used = 0; // 0.1 L
  for (const t of trips)
    if (t.start >= start && t.start < end) {
      mileage += t.mileage;
      used += t.used;
    }
  if (mileage <= 0) return null;
  // in 0.1 L × 1000: allowed = target × mileage / 1000
  const saved = target * mileage - used * 1000;
  const allowed = roundedProduct([target, mileage], 1000);
  const base = `行驶${litres(mileage)}公里，目标油耗${litres(target)}升/百公里应耗${litres(allowed)}升，实耗${litres(used)}升`;
  if (saved <= 0) return { fen: 0, text: `节油奖励：${base}，未节油` };
  const fen = roundedProduct([saved, bonusFen], 10_000);
  const savedL = (saved / 10_000).toFixed(2);
  return { fen, text: `节油奖励：${base}，节油${savedL}升 × ${fenToYuan(bonusFen)}元/升 = ${yuan(fen)}` };
}

function parseItems(text: string): SalaryItem[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as SalaryItem[]) : [];
  } catch {
    return [];
  }
}

async function chunked<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await read(ids.slice(i, i + 500))));
  return out;
}

/** The month's figures of a driver from its items. */
export function figuresOf(items: readonly SalaryItem[]): MonthFigures {
  const f: MonthFigures = {
    trips: 0,
    settleKg: 0,
    kgM: 0,
    baseFen: 0,
    pieceFen: 0,
    bonusFen: 0,
    deductionFen: 0,
    totalFen: 0,
  };
  for (const i of items) {
    if (i.kind === 'waybill') {
      f.trips += 1;
      f.settleKg += i.settleKg ?? 0;
      f.kgM += (i.settleKg ?? 0) * (i.distanceM ?? 0);
    }
    if (i.category === 'base') f.baseFen += i.amountFen;
    else if (i.category === 'piece') f.pieceFen += i.amountFen;
    else if (i.category === 'bonus') f.bonusFen += i.amountFen;
    else f.deductionFen -= i.amountFen;
    f.totalFen += i.amountFen;
  }
  return f;
}

/** Ton-km with 3 decimals from Σ kg × m (÷ 10⁶), exact. */
export function tonKmText(kgM: number): string {
  const thousandths = roundedProduct([kgM], 1000);
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}

export { SETTLE_TYPES };
