import { COST_RECORD, DAY_MS, fenToYuan, formatDateTime } from '@fleet/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { paging, route } from '../../http/route';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { checkStatisticsPeriod, statisticsPeriod } from '../../records/period-sums';
import type { ExportColumn } from '../file-tasks/file-tasks.contract';
import { registerExport } from '../file-tasks/file-tasks.register';
import { filterId as optionalId } from './cost-list';
import { shanghaiDayStart as dayStart } from './cost-write';

// 行程成本 (car080101): the closed trips of a period with their mileage and fuel, and the costs
// linked to each trip (or, for a trip with none, the truck's unlinked costs of the trip's days) by
// type, their total and the cost per km; the list and its export.

const TAG = '成本中心';
const L = COST_RECORD.labels;
const TRIP_CODES = ['car080101'];
type Db = Kysely<Database>;

const shanghaiDate = (ms: number) => formatDateTime(new Date(ms)).slice(0, 10);

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

export function registerTripCostRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const tripFilter = tripFilterOf(ctx.config.now);

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
}
