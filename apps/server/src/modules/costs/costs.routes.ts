import {
  BUILT_IN_COST_TYPES,
  COST_QUANTITY_UNIT,
  COST_RECORD,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
  DAY_MS,
  DEPRECIATION_COST_TYPE,
  DEPRECIATION_LABEL,
  fenToYuan,
  formatDateTime,
} from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import {
  checkStatisticsPeriod,
  dayNumber,
  periodText,
  splitDays,
  statisticsPeriod,
} from '../../records/period-sums';
import type { RecordQuery } from '../../records/record';
import { recordPage } from '../../records/repository';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { applyFilter, type CostFilter, costRecord, customCostTypes, typeName } from './costs.record';
import { registerDepreciationRoutes, truckDepreciation } from './depreciation';

// The cost centre's own calls beside the record recipe's: the cost types, the cost list with its
// totals by type, the trip costs (closed trips with their costs and fuel) and the cost analysis
// from the day and month sums (0038_costs_day/_month) plus the trucks' depreciation.

const TAG = '成本中心';
const L = COST_RECORD.labels;
const READ = COST_RECORD.readCodes;
const TRIP_CODES = ['car080101'];
const ANALYSIS_CODES = ['car080201'];
type Db = Kysely<Database>;

const optionalId = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).positive(message).optional());

/** Totals of the filtered costs by type (custom types each on their own), in fen. */
export async function costTotals(db: Db, auth: AuthContext, filter: CostFilter) {
  // the cost rows alone (the joins only where a filter names the truck's plate or the waybill)
  // biome-ignore lint/suspicious/noExplicitAny: the record filter works on any query of cost
  let q: RecordQuery = (db as Kysely<any>)
    .selectFrom('cost')
    .where(inScope(auth.scope, 'cost'))
    .where('cost.deleted_at', 'is', null);
  if (filter.carNo) q = q.innerJoin('truck', 'truck.id', 'cost.truck_id');
  if (filter.billNo) q = q.innerJoin('waybill', 'waybill.id', 'cost.waybill_id');
  const sums = await applyFilter(q, filter)
    .select((eb) => [
      'cost.cost_type',
      'cost.fee_type_id',
      eb.fn.sum('cost.amount').as('amount'),
      eb.fn.sum(eb.fn.coalesce('cost.quantity', eb.lit(0))).as('quantity'),
      eb.fn.countAll().as('n'),
    ])
    .groupBy(['cost.cost_type', 'cost.fee_type_id'])
    .orderBy('cost.cost_type')
    .orderBy('cost.fee_type_id')
    .execute();
  const feeIds = sums.map((r) => r.fee_type_id).filter((id): id is number => id != null);
  const feeNames = new Map<number, string>();
  if (feeIds.length)
    for (const t of await db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('id', 'in', feeIds)
      .execute())
      feeNames.set(t.id, t.fee_name);
  const rows = sums.map((r) => ({
    ...r,
    fee_name: r.fee_type_id == null ? null : (feeNames.get(Number(r.fee_type_id)) ?? null),
  }));
  const byType = (rows as Record<string, unknown>[]).map((r) => ({
    costType: Number(r.cost_type),
    feeTypeId: r.fee_type_id == null ? null : Number(r.fee_type_id),
    name: typeName(Number(r.cost_type), (r.fee_name as string | null) ?? null),
    amountFen: Number(r.amount ?? 0),
    quantity: Number(r.quantity ?? 0),
    count: Number(r.n),
  }));
  const amountFen = byType.reduce((s, t) => s + t.amountFen, 0);
  return {
    amount: fenToYuan(amountFen),
    count: byType.reduce((s, t) => s + t.count, 0),
    byType: byType.map((t) => ({
      costType: t.costType,
      feeTypeId: t.feeTypeId,
      name: t.name,
      amount: fenToYuan(t.amountFen),
      count: t.count,
      quantity: t.quantity ? (t.quantity / 100).toFixed(2) : '',
      unit: COST_QUANTITY_UNIT[t.costType as CostType] ?? '',
    })),
  };
}

// ---- trip costs ----

/** The trip costs' filter; a period left out is the 30 days up to today (by `now`). */
const tripFilterOf = (now: () => number) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'object' || v === null) return v;
      const given = v as Record<string, unknown>;
      const today = shanghaiDate(now());
      return {
        ...given,
        startDate: blank(given.startDate) ?? shanghaiDate(dayStart(today) - 29 * DAY_MS),
        endDate: blank(given.endDate) ?? today,
      };
    },
    z
      .object({
        ...statisticsPeriod,
        teamCode: teamFilter,
        truckId: optionalId(`${L.truckId}不正确`),
        driverId: optionalId(`${L.driverId}不正确`),
      })
      .superRefine(checkStatisticsPeriod),
  );
type TripFilter = z.output<ReturnType<typeof tripFilterOf>>;

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - 8 * 3_600_000;
const shanghaiDate = (ms: number) => formatDateTime(new Date(ms)).slice(0, 10);

function tripRows(db: Db, auth: AuthContext, f: TripFilter) {
  let q = db
    .selectFrom('trip')
    .where(inScope(auth.scope, 'trip'))
    .where('trip.end_time', 'is not', null)
    .where('trip.start_time', '>=', dayStart(f.startDate))
    .where('trip.start_time', '<', dayStart(f.endDate) + DAY_MS);
  if (f.teamCode) q = q.where('trip.team_code', 'like', `${f.teamCode}%`);
  if (f.truckId) q = q.where('trip.truck_id', '=', f.truckId);
  if (f.driverId) q = q.where('trip.driver_id', '=', f.driverId);
  return q;
}

export interface TripCostView {
  tripId: number;
  truckId: number;
  carNo: string;
  teamName: string;
  driverId: number | null;
  driverName: string;
  startTime: string;
  endTime: string;
  /** km, one decimal. */
  mileage: string;
  /** Litres, one decimal; '' when the truck reports no fuel. */
  fuelUsed: string;
  /** 'trip': the costs linked to the trip; 'day': the truck's costs of the trip's day(s); '' none. */
  costSource: 'trip' | 'day' | '';
  refuel: string;
  roadBridge: string;
  maintenance: string;
  sundry: string;
  custom: string;
  total: string;
  /** Yuan a km, two decimals; '' without mileage. */
  costPerKm: string;
}

const TYPE_FIELD: Record<number, 'refuel' | 'roadBridge' | 'maintenance' | 'sundry' | 'custom'> = {
  1: 'refuel',
  2: 'roadBridge',
  3: 'maintenance',
  4: 'sundry',
  5: 'custom',
};

/** A page of closed trips with their costs: linked ones, or the truck's unlinked costs of the trip's days. */
async function tripCosts(db: Db, auth: AuthContext, f: TripFilter, limit: number, offset: number) {
  const trips = await tripRows(db, auth, f)
    .leftJoin('truck', 'truck.id', 'trip.truck_id')
    .leftJoin('driver', 'driver.id', 'trip.driver_id')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'trip.merchant_id').onRef('team.team_code', '=', 'trip.team_code'),
    )
    .select([
      'trip.id',
      'trip.truck_id',
      'trip.driver_id',
      'trip.start_time',
      'trip.end_time',
      'trip.mileage',
      'trip.fuel_used',
      'truck.car_no',
      'driver.name as driver_name',
      'team.team_name',
    ])
    .orderBy('trip.start_time', 'desc')
    .orderBy('trip.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  if (trips.length === 0) return [];
  const linked = await db
    .selectFrom('cost')
    .select(['trip_id', 'cost_type', 'amount'])
    .where('merchant_id', '=', auth.merchantId)
    .where('deleted_at', 'is', null)
    .where(
      'trip_id',
      'in',
      trips.map((t) => t.id),
    )
    .execute();
  const byTrip = new Map<number, { cost_type: number; amount: number }[]>();
  for (const c of linked) {
    const list = byTrip.get(Number(c.trip_id)) ?? [];
    list.push({ cost_type: c.cost_type, amount: Number(c.amount) });
    byTrip.set(Number(c.trip_id), list);
  }
  const unlinked = trips.filter((t) => !byTrip.has(t.id));
  const dayCosts = new Map<string, { cost_type: number; amount: number }[]>();
  if (unlinked.length) {
    const dates = unlinked
      .flatMap((t) => [shanghaiDate(t.start_time), shanghaiDate(Number(t.end_time))])
      .sort();
    const rows = await db
      .selectFrom('cost')
      .select(['truck_id', 'cost_date', 'cost_type', 'amount'])
      .where('merchant_id', '=', auth.merchantId)
      .where('deleted_at', 'is', null)
      .where('trip_id', 'is', null)
      .where('truck_id', 'in', [...new Set(unlinked.map((t) => t.truck_id))])
      .where('cost_date', '>=', dates[0] as string)
      .where('cost_date', '<=', dates[dates.length - 1] as string)
      .execute();
    for (const c of rows) {
      const key = `${c.truck_id}|${c.cost_date}`;
      const list = dayCosts.get(key) ?? [];
      list.push({ cost_type: c.cost_type, amount: Number(c.amount) });
      dayCosts.set(key, list);
    }
  }
  return trips.map((t): TripCostView => {
    let costs = byTrip.get(t.id);
    let source: TripCostView['costSource'] = costs ? 'trip' : '';
    if (!costs) {
      costs = [];
      const first = shanghaiDate(t.start_time);
      const last = shanghaiDate(Number(t.end_time));
      for (let d = dayStart(first); d <= dayStart(last); d += DAY_MS)
        costs.push(...(dayCosts.get(`${t.truck_id}|${shanghaiDate(d)}`) ?? []));
      if (costs.length) source = 'day';
    }
    const sums = { refuel: 0, roadBridge: 0, maintenance: 0, sundry: 0, custom: 0 };
    for (const c of costs) {
      const field = TYPE_FIELD[c.cost_type];
      if (field) sums[field] += c.amount;
    }
    const total = Object.values(sums).reduce((a, b) => a + b, 0);
    const km = Number(t.mileage) / 10;
    return {
      tripId: t.id,
      truckId: t.truck_id,
      carNo: t.car_no ?? '',
      teamName: t.team_name ?? '',
      driverId: t.driver_id,
      driverName: t.driver_name ?? '',
      startTime: formatDateTime(new Date(Number(t.start_time))),
      endTime: formatDateTime(new Date(Number(t.end_time))),
      mileage: km.toFixed(1),
      fuelUsed: t.fuel_used == null ? '' : (Number(t.fuel_used) / 10).toFixed(1),
      costSource: source,
      refuel: fenToYuan(sums.refuel),
      roadBridge: fenToYuan(sums.roadBridge),
      maintenance: fenToYuan(sums.maintenance),
      sundry: fenToYuan(sums.sundry),
      custom: fenToYuan(sums.custom),
      total: fenToYuan(total),
      costPerKm: km > 0 ? (total / 100 / km).toFixed(2) : '',
    };
  });
}

const TRIP_COLUMNS: readonly ExportColumn<TripCostView>[] = [
  { header: '车牌号', width: 12, value: (r) => r.carNo },
  { header: '所属车队', width: 16, value: (r) => r.teamName },
  { header: '司机', width: 10, value: (r) => r.driverName },
  { header: '开始时间', width: 20, value: (r) => r.startTime },
  { header: '结束时间', width: 20, value: (r) => r.endTime },
  { header: '里程(km)', width: 10, value: (r) => r.mileage },
  { header: '油耗(L)', width: 10, value: (r) => r.fuelUsed },
  { header: '加油(元)', width: 12, value: (r) => r.refuel },
  { header: '路桥费(元)', width: 12, value: (r) => r.roadBridge },
  { header: '保养(元)', width: 12, value: (r) => r.maintenance },
  { header: '杂费(元)', width: 12, value: (r) => r.sundry },
  { header: '自定义(元)', width: 12, value: (r) => r.custom },
  { header: '总成本(元)', width: 12, value: (r) => r.total },
  { header: '每公里成本(元)', width: 14, value: (r) => r.costPerKm },
  {
    header: '费用来源',
    width: 14,
    value: (r) => (r.costSource === 'trip' ? '关联行程' : r.costSource === 'day' ? '当日车辆费用' : ''),
  },
];

// ---- cost analysis ----

const analysisFilter = z
  .object({
    ...statisticsPeriod,
    teamCode: teamFilter,
    truckId: optionalId(`${L.truckId}不正确`),
    /** Leave depreciation (折旧) out of the figures. */
    withoutDepreciation: z.preprocess(blank, z.coerce.boolean().optional()),
  })
  .superRefine(checkStatisticsPeriod);
type AnalysisFilter = z.output<typeof analysisFilter>;

interface SumRow {
  team_code: string;
  truck_id: number;
  cost_type: number;
  fee_type_id: number;
  key: number;
  amount: number;
  quantity: number;
  count: number;
}

/**
 * The sums of the period, whole months from cost_month and the days of cut months (or every day)
 * from cost_day, summed by the database: by truck (and its team) and type, and by period and type.
 */
async function periodSums(
  db: Db,
  auth: AuthContext,
  f: AnalysisFilter,
): Promise<{ trucks: SumRow[]; periods: SumRow[] }> {
  const start = dayNumber(f.startDate);
  const end = dayNumber(f.endDate);
  const parts: { table: 'cost_day' | 'cost_month'; column: 'day' | 'month'; from: number; to: number }[] = [];
  if (f.periodType === 'day') parts.push({ table: 'cost_day', column: 'day', from: start, to: end });
  else {
    const split = splitDays(start, end);
    if (split.months)
      parts.push({ table: 'cost_month', column: 'month', from: split.months[0], to: split.months[1] });
    for (const [from, to] of split.days) parts.push({ table: 'cost_day', column: 'day', from, to });
  }
  const trucks: SumRow[] = [];
  const periods: SumRow[] = [];
  const figures = (r: Record<string, unknown>) => ({
    cost_type: Number(r.cost_type),
    fee_type_id: Number(r.fee_type_id),
    amount: Number(r.amount),
    quantity: Number(r.quantity),
    count: Number(r.n),
  });
  for (const part of parts) {
    // biome-ignore lint/suspicious/noExplicitAny: cost_day and cost_month share their columns
    let q = (db as Kysely<any>)
      .selectFrom(part.table)
      .where(inScope(auth.scope, part.table))
      .where(part.column, '>=', part.from)
      .where(part.column, '<=', part.to)
      .where('waybills', '>', 0);
    if (f.teamCode) q = q.where('team_code', 'like', `${f.teamCode}%`);
    if (f.truckId) q = q.where('truck_id', '=', f.truckId);
    const sums = [
      sql`sum(amount)`.as('amount'),
      sql`sum(quantity)`.as('quantity'),
      sql`sum(waybills)`.as('n'),
    ];
    // a day of a month's analysis counts in its month
    const key =
      part.column === 'day' && f.periodType === 'month'
        ? sql<number>`day / 100`
        : sql<number>`${sql.ref(part.column)}`;
    const [byTruck, byPeriod] = await Promise.all([
      q
        .select(['team_code', 'truck_id', 'cost_type', 'fee_type_id', ...sums])
        .groupBy(['team_code', 'truck_id', 'cost_type', 'fee_type_id'])
        .execute(),
      q
        .select([key.as('key'), 'cost_type', 'fee_type_id', ...sums])
        .groupBy([key, 'cost_type', 'fee_type_id'])
        .execute(),
    ]);
    for (const r of byTruck)
      trucks.push({ team_code: r.team_code, truck_id: Number(r.truck_id), key: 0, ...figures(r) });
    for (const r of byPeriod) periods.push({ team_code: '', truck_id: 0, key: Number(r.key), ...figures(r) });
  }
  return { trucks, periods };
}

/** Every period key of the range: days YYYYMMDD or months YYYYMM. */
function periodKeys(f: AnalysisFilter): number[] {
  const keys: number[] = [];
  for (let d = dayStart(f.startDate); d <= dayStart(f.endDate); d += DAY_MS) {
    const date = shanghaiDate(d);
    const key = f.periodType === 'day' ? dayNumber(date) : Math.floor(dayNumber(date) / 100);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}

export interface AnalysisTypeColumn {
  /** '1'…'4', '5-<feeTypeId>' for a custom type, '9' for depreciation. */
  key: string;
  name: string;
}

/**
 * 成本分析 over a period (at most 366 days): the costs from the day and month sums and the
 * depreciation of the trucks (its share of each day of the period), by period, truck, team and type.
 */
export async function costAnalysis(db: Db, auth: AuthContext, f: AnalysisFilter) {
  const { trucks: sums, periods } = await periodSums(db, auth, f);
  const keys = periodKeys(f);
  const depreciation = f.withoutDepreciation ? [] : await truckDepreciation(db, auth, f);
  const customNames = new Map<number, string>();
  const customIds = [
    ...new Set(sums.filter((s) => s.cost_type === COST_TYPE.custom).map((s) => s.fee_type_id)),
  ];
  if (customIds.length)
    for (const t of await db
      .selectFrom('fee_type')
      .select(['id', 'fee_name'])
      .where('id', 'in', customIds)
      .execute())
      customNames.set(t.id, t.fee_name);
  const typeKey = (s: { cost_type: number; fee_type_id: number }) =>
    s.cost_type === COST_TYPE.custom ? `5-${s.fee_type_id}` : String(s.cost_type);
  const types = new Map<string, AnalysisTypeColumn>();
  for (const t of BUILT_IN_COST_TYPES) types.set(String(t), { key: String(t), name: COST_TYPE_LABELS[t] });
  for (const s of sums)
    if (!types.has(typeKey(s)))
      types.set(typeKey(s), { key: typeKey(s), name: customNames.get(s.fee_type_id) ?? '自定义' });
  types.set(String(DEPRECIATION_COST_TYPE), {
    key: String(DEPRECIATION_COST_TYPE),
    name: DEPRECIATION_LABEL,
  });

  type Acc = { byType: Map<string, number>; total: number; count: number; litres: number };
  const acc = () => ({ byType: new Map<string, number>(), total: 0, count: 0, litres: 0 });
  const add = (a: Acc, key: string, fen: number, count = 0, litres = 0) => {
    a.byType.set(key, (a.byType.get(key) ?? 0) + fen);
    a.total += fen;
    a.count += count;
    a.litres += litres;
  };
  const byPeriod = new Map<number, Acc>(keys.map((k) => [k, acc()]));
  const byTruck = new Map<number, Acc & { teamCode: string }>();
  const byTeam = new Map<string, Acc>();
  const all = acc();
  const truckAcc = (id: number, teamCode: string) => {
    const found = byTruck.get(id);
    if (found) return found;
    const a = { ...acc(), teamCode };
    byTruck.set(id, a);
    return a;
  };
  const teamAcc = (code: string) => {
    const found = byTeam.get(code);
    if (found) return found;
    const a = acc();
    byTeam.set(code, a);
    return a;
  };
  for (const s of sums) {
    const key = typeKey(s);
    const litres = s.cost_type === COST_TYPE.refuel ? s.quantity : 0;
    add(all, key, s.amount, s.count, litres);
    add(truckAcc(s.truck_id, s.team_code), key, s.amount, s.count, litres);
    add(teamAcc(s.team_code), key, s.amount, s.count, litres);
  }
  for (const s of periods) {
    const p = byPeriod.get(s.key);
    if (p) add(p, typeKey(s), s.amount, s.count, s.cost_type === COST_TYPE.refuel ? s.quantity : 0);
  }
  const dKey = String(DEPRECIATION_COST_TYPE);
  for (const d of depreciation)
    for (const [period, fen] of d.byPeriod) {
      if (fen === 0) continue;
      add(all, dKey, fen);
      const p = byPeriod.get(period);
      if (p) add(p, dKey, fen);
      add(truckAcc(d.truckId, d.teamCode), dKey, fen);
      add(teamAcc(d.teamCode), dKey, fen);
    }

  const truckIds = [...byTruck.keys()];
  const plates = new Map<number, string>();
  for (let i = 0; i < truckIds.length; i += 500)
    for (const t of await db
      .selectFrom('truck')
      .select(['id', 'car_no'])
      .where('id', 'in', truckIds.slice(i, i + 500))
      .execute())
      plates.set(t.id, t.car_no);
  const teamCodes = [...new Set([...byTeam.keys()])];
  const teamNames = new Map<string, string>();
  if (teamCodes.length)
    for (const t of await db
      .selectFrom('team')
      .select(['team_code', 'team_name'])
      .where('merchant_id', '=', auth.merchantId)
      .where('team_code', 'in', teamCodes)
      .execute())
      teamNames.set(t.team_code, t.team_name);

  const typeList = [...types.values()];
  const amounts = (a: Acc) =>
    Object.fromEntries(typeList.map((t) => [t.key, fenToYuan(a.byType.get(t.key) ?? 0)]));
  return {
    periodType: f.periodType,
    types: typeList,
    total: {
      amount: fenToYuan(all.total),
      count: all.count,
      litres: (all.litres / 100).toFixed(2),
      depreciation: fenToYuan(all.byType.get(dKey) ?? 0),
      byType: amounts(all),
    },
    byType: typeList.map((t) => {
      const fen = all.byType.get(t.key) ?? 0;
      return {
        key: t.key,
        name: t.name,
        amount: fenToYuan(fen),
        share: all.total > 0 ? ((fen / all.total) * 100).toFixed(2) : '0.00',
      };
    }),
    series: keys.map((k) => {
      const a = byPeriod.get(k) as Acc;
      return { period: periodText(k, f.periodType), total: fenToYuan(a.total), byType: amounts(a) };
    }),
    byTruck: [...byTruck.entries()]
      .sort((a, b) => b[1].total - a[1].total)
      .map(([id, a]) => ({
        truckId: id,
        carNo: plates.get(id) ?? '',
        teamName: teamNames.get(a.teamCode) ?? '',
        count: a.count,
        litres: (a.litres / 100).toFixed(2),
        total: fenToYuan(a.total),
        byType: amounts(a),
      })),
    byTeam: [...byTeam.entries()]
      .sort((a, b) => b[1].total - a[1].total)
      .map(([code, a]) => ({
        teamCode: code,
        teamName: teamNames.get(code) ?? '',
        count: a.count,
        total: fenToYuan(a.total),
        byType: amounts(a),
      })),
  };
}

export function registerCostRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const tripFilter = tripFilterOf(ctx.config.now);

  route(app, TAG, {
    method: 'GET',
    url: '/miscellaneous/getCostType',
    summary:
      '费用类型：内置的加油、路桥费、保养、杂费，及商户已启用的自定义支出费用类型（costType 5 + feeTypeId）',
    access: [...READ, ...ANALYSIS_CODES],
    handler: async ({ auth }) => [
      ...BUILT_IN_COST_TYPES.map((t) => ({
        costType: t,
        feeTypeId: null,
        name: COST_TYPE_LABELS[t],
        unit: COST_QUANTITY_UNIT[t] ?? '',
        custom: false,
      })),
      ...(await customCostTypes(db, auth)).map((t) => ({
        costType: COST_TYPE.custom,
        feeTypeId: t.id,
        name: t.fee_name,
        unit: '',
        custom: true,
      })),
    ],
  });

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/list/car',
    summary: '费用列表（车队、车辆、司机、类型、日期、运单号筛选），totals 为筛选结果按类型的合计',
    access: READ,
    list: true,
    labels: L,
    body: costRecord.filter.schema.extend(paging),
    handler: async ({ auth, body }) => {
      const filter = body as CostFilter & { pageNum: number; pageSize: number };
      const [page, totals] = await Promise.all([
        recordPage(db, auth, costRecord, filter),
        costTotals(db, auth, filter),
      ]);
      return { ...page, totals };
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/trip/list',
    summary:
      '行程成本：期间内已结束的行程及其里程、油耗，关联该行程的费用（无关联时为该车行程当日的费用）按类型、总成本与每公里成本',
    access: TRIP_CODES,
    list: true,
    body: tripFilter.and(z.object(paging)),
    handler: async ({ auth, body }) => {
      const f = body as TripFilter & { pageNum: number; pageSize: number };
      const [list, count] = await Promise.all([
        tripCosts(db, auth, f, f.pageSize, (f.pageNum - 1) * f.pageSize),
        tripRows(db, auth, f)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },
  });

  registerExport<TripFilter, TripCostView>(app, TAG, {
    url: '/miscellaneous/trip/export',
    method: 'POST',
    summary: '导出行程成本（与 /miscellaneous/trip/list 的筛选一致）',
    access: TRIP_CODES,
    input: tripFilter as unknown as z.ZodType<TripFilter>,
    title: '行程成本',
    columns: TRIP_COLUMNS,
    count: async (db2, auth, f) =>
      Number(
        (
          await tripRows(db2, auth, f)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    rows: async function* (db2, auth, f, pageSize) {
      for (let offset = 0; ; offset += pageSize) {
        const rows = await tripCosts(db2, auth, f, pageSize, offset);
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) break;
      }
    },
  });

  route(app, TAG, {
    method: 'POST',
    url: '/miscellaneous/analysis',
    summary:
      '成本分析：期间（最多366天，按日或按月）内各车辆、车队、费用类型的成本，取自按日/按月汇总及车辆折旧；series 为每个周期的成本',
    access: ANALYSIS_CODES,
    body: analysisFilter,
    handler: ({ auth, body }) => costAnalysis(db, auth, body),
  });

  route(app, TAG, {
    method: 'GET',
    url: '/miscellaneous/waybill/options',
    summary: '费用表单的运单选项：该车辆的运单（最近的在前，可按运单号搜索），最多20条',
    access: COST_RECORD.writeCodes ?? READ,
    labels: L,
    query: z.object({
      truckId: z.coerce
        .number({ error: `请选择${L.truckId}` })
        .int()
        .positive(`请选择${L.truckId}`),
      keyword: z.preprocess(blank, z.string().max(40).optional()),
    }),
    handler: async ({ auth, query }) => {
      let q = db
        .selectFrom('waybill')
        .select(['id', 'bill_no', 'created_at'])
        .where(inScope(auth.scope, 'waybill'))
        .where('truck_id', '=', query.truckId);
      if (query.keyword) q = q.where('bill_no', 'like', `%${query.keyword}%`);
      const rows = await q.orderBy('id', 'desc').limit(20).execute();
      return rows.map((r) => ({
        id: r.id,
        billNo: r.bill_no,
        createdAt: formatDateTime(new Date(Number(r.created_at))),
      }));
    },
  });

  route(app, TAG, {
    method: 'GET',
    url: '/miscellaneous/trip/options',
    summary: '费用表单的行程选项：该车辆在日期前后一天内已结束的行程',
    access: COST_RECORD.writeCodes ?? READ,
    labels: L,
    query: z.object({
      truckId: z.coerce
        .number({ error: `请选择${L.truckId}` })
        .int()
        .positive(`请选择${L.truckId}`),
      date: z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')),
    }),
    handler: async ({ auth, query }) => {
      const from = dayStart(query.date) - DAY_MS;
      const rows = await db
        .selectFrom('trip')
        .select(['id', 'start_time', 'end_time', 'mileage'])
        .where(inScope(auth.scope, 'trip'))
        .where('truck_id', '=', query.truckId)
        .where('end_time', 'is not', null)
        .where('start_time', '>=', from)
        .where('start_time', '<', from + 3 * DAY_MS)
        .orderBy('start_time')
        .limit(50)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        startTime: formatDateTime(new Date(Number(r.start_time))),
        endTime: formatDateTime(new Date(Number(r.end_time))),
        mileage: (Number(r.mileage) / 10).toFixed(1),
      }));
    },
  });

  registerDepreciationRoutes(app, ctx);
}
