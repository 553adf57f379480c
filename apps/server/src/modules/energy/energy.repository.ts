import { FUEL_TYPES } from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inScope } from '../../http/scope';
import { dayNumber, splitDays } from '../../records/period-sums';
import type { PeriodFilter } from './energy.filters';

// The reads of every fuel, mileage and energy report: sums of the caller's scope over a period,
// grouped by truck, driver, team, series or day, each group also by the unit of the trucks' fuel
// type (a team with diesel and electric trucks has an L row and a kwh row). The whole months of the
// period are read from truck_month, the days of the months it cuts from truck_day (by day: truck_day
// only); the days a truck or driver drove are counted from the months' day bits and the days.

type Db = Kysely<Database>;

export type GroupBy = 'truck' | 'driver' | 'team' | 'series' | 'day' | 'driverDay' | 'unit';

export interface Sums {
  mileage: number;
  fuelUsed: number;
  /** A plug-in hybrid's electricity, 0.1 kwh (0 for other trucks). */
  powerUsed: number;
  driveSeconds: number;
  trips: number;
  refuel: number;
  drain: number;
  trucks: number;
  /** Days with figures (of the truck or driver; 0 for other groupings). */
  days: number;
}

export interface Group extends Sums {
  truckId: number | null;
  driverId: number | null;
  teamCode: string | null;
  series: string | null;
  day: number | null;
  /** The unit of the group's trucks' fuel type, and (for a truck) the type. */
  unit: string;
  fuelType: number | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** The unit of truck `t`'s fuel type, in SQL (literals, so that select and group by are the same). */
const UNIT_SQL = sql.raw(
  `case t.fuel_type ${FUEL_TYPES.filter((f) => f.unit !== 'L')
    .map((f) => `when ${Number(f.type)} then '${f.unit.replace(/'/g, '')}'`)
    .join(' ')} else 'L' end`,
);

const KEYS = {
  truck: ['d.truck_id', 't.car_no', 't.fuel_type'],
  driver: ['d.driver_id'],
  team: ['d.team_code'],
  series: ['t.series'],
  day: ['d.day'],
  driverDay: ['d.day', 'd.driver_id'],
  unit: [],
} as const;
const ORDER = {
  truck: ['t.car_no', 'd.truck_id'],
  driver: ['d.driver_id'],
  team: ['d.team_code'],
  series: ['t.series'],
  day: ['d.day'],
  driverDay: ['d.day', 'd.driver_id'],
  unit: [],
} as const;

const SUMS = ['mileage', 'fuel_used', 'power_used', 'drive_seconds', 'trips', 'refuel', 'drain'];

/**
 * The rows of the period in the caller's scope with the filters on their own columns: truck_month's
 * whole months (unless `byDay`) and truck_day's other days, each with its month and day bits.
 */
function source(db: Db, auth: AuthContext, f: PeriodFilter, byDay: boolean) {
  const start = dayNumber(f.startDate);
  const end = dayNumber(f.endDate);
  const split = byDay ? { months: null, days: [[start, end]] as [number, number][] } : splitDays(start, end);
  // biome-ignore lint/suspicious/noExplicitAny: both tables have the columns read here
  const any = db as unknown as Kysely<any>;
  const part = (table: 'truck_day' | 'truck_month') => {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    let q = any.selectFrom(`${table} as x`).where(inScope(auth.scope, 'x')) as any;
    if (f.teamCode) q = q.where('x.team_code', 'like', `${f.teamCode}%`);
    if (f.truckId !== undefined) q = q.where('x.truck_id', '=', f.truckId);
    if (f.driverId !== undefined) q = q.where('x.driver_id', '=', f.driverId);
    return q.select(['x.truck_id', 'x.driver_id', 'x.team_code', ...SUMS.map((s) => `x.${s}`)]);
  };
  // one arm a range of days (an index range each; an `or` of ranges would scan the merchant's days)
  const arms = split.days.map(([a, b]) =>
    part('truck_day')
      .where('x.day', '>=', a)
      .where('x.day', '<=', b)
      .select([
        'x.day',
        sql<number>`x.day / 100`.as('month'),
        sql<number>`cast(1 as bigint) << (x.day % 100 - 1)`.as('day_bits'),
      ]),
  );
  if (split.months) arms.push(monthPart(part, split.months));
  return arms.slice(1).reduce((q, arm) => q.unionAll(arm), arms[0]);
}

// biome-ignore lint/suspicious/noExplicitAny: the untyped builder of `source`
function monthPart(part: (table: 'truck_month') => any, [first, last]: [number, number]) {
  return part('truck_month')
    .where('x.month', '>=', first)
    .where('x.month', '<=', last)
    .select([sql<number>`x.month * 100`.as('day'), 'x.month', 'x.day_bits']);
}

/** The filtered rows of the caller's scope joined with their trucks (filters on the truck's columns). */
function rows(db: Db, auth: AuthContext, f: PeriodFilter, byDay: boolean) {
  let q = db
    .selectFrom(source(db, auth, f, byDay).as('d'))
    .innerJoin('truck as t', 't.id', 'd.truck_id') as unknown as ReturnType<typeof joined>;
  if (f.carNo) q = q.where('t.car_no', 'like', `%${f.carNo}%`);
  if (f.fuelType !== undefined) q = q.where('t.fuel_type', '=', f.fuelType);
  if (f.series) q = q.where('t.series', '=', f.series);
  return q;
}
/** A row of `source`. */
interface SourceRow {
  truck_id: number;
  driver_id: number;
  team_code: string;
  day: number;
  month: number;
  day_bits: number;
  mileage: number;
  fuel_used: number;
  power_used: number;
  drive_seconds: number;
  trips: number;
  refuel: number;
  drain: number;
}
/** The type of `rows`. */
const joined = (db: Db) =>
  (db as unknown as Kysely<Database & { source: SourceRow }>)
    .selectFrom('source as d')
    .innerJoin('truck as t', 't.id', 'd.truck_id');

/** The rows grouped by `by` and unit, with their sums. */
function grouped(db: Db, auth: AuthContext, f: PeriodFilter, by: GroupBy) {
  const keys = KEYS[by];
  return rows(db, auth, f, by === 'day' || by === 'driverDay')
    .select(keys)
    .select((eb) => [
      UNIT_SQL.as('unit'),
      eb.fn.sum<number>('d.mileage').as('mileage'),
      eb.fn.sum<number>('d.fuel_used').as('fuel_used'),
      eb.fn.sum<number>('d.power_used').as('power_used'),
      eb.fn.sum<number>('d.drive_seconds').as('drive_seconds'),
      eb.fn.sum<number>('d.trips').as('trips'),
      eb.fn.sum<number>('d.refuel').as('refuel'),
      eb.fn.sum<number>('d.drain').as('drain'),
      eb.fn.count<number>('d.truck_id').distinct().as('trucks'),
    ])
    .groupBy([...keys, UNIT_SQL]);
}

const bitCount = (n: number) => {
  let count = 0;
  for (let v = n; v !== 0; v &= v - 1) count++;
  return count;
};

/** Sets the days the groups' trucks (or drivers) drove: the union of their rows' day bits, month by month. */
export async function countDays(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  by: 'truck' | 'driver',
  groups: Group[],
) {
  const column = by === 'truck' ? 'd.truck_id' : 'd.driver_id';
  const ids = [...new Set(groups.map((g) => (by === 'truck' ? g.truckId : g.driverId) as number))];
  const bits = new Map<string, Map<number, number>>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await rows(db, auth, f, false)
      .select([column, 'd.month', 'd.day_bits'])
      .select(UNIT_SQL.as('unit'))
      .where(column, 'in', ids.slice(i, i + 1000))
      .execute();
    for (const r of found as unknown as Record<string, unknown>[]) {
      const key = `${num(by === 'truck' ? r.truck_id : r.driver_id)}|${r.unit}`;
      const months = bits.get(key) ?? new Map<number, number>();
      bits.set(key, months);
      months.set(num(r.month), (months.get(num(r.month)) ?? 0) | num(r.day_bits));
    }
  }
  for (const g of groups) {
    const months = bits.get(`${by === 'truck' ? g.truckId : g.driverId}|${g.unit}`);
    g.days = months ? [...months.values()].reduce((sum, b) => sum + bitCount(b), 0) : 0;
  }
}

/**
 * The sums of the filtered rows of the caller's scope by `by` and fuel unit (a day's or driver's
 * rows of trucks of different units are separate groups), in the report's order; one page of them
 * when `page` is given.
 */
export async function sumTruckDays(
  db: Db,
  auth: AuthContext,
  f: PeriodFilter,
  by: GroupBy,
  page?: { pageNum: number; pageSize: number },
  options: { days?: boolean } = {},
): Promise<Group[]> {
  let q = grouped(db, auth, f, by);
  for (const column of ORDER[by]) q = q.orderBy(column);
  q = q.orderBy(sql.ref('unit'));
  if (page) q = q.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  const found = (await q.execute()) as unknown as Record<string, unknown>[];
  const groups = found.map((r) => ({
    truckId: r.truck_id === undefined ? null : num(r.truck_id),
    driverId: r.driver_id === undefined ? null : num(r.driver_id),
    teamCode: r.team_code === undefined ? null : String(r.team_code),
    series: r.series === undefined ? null : ((r.series as string | null) ?? ''),
    day: r.day === undefined ? null : num(r.day),
    unit: String(r.unit),
    fuelType: r.fuel_type === undefined ? null : num(r.fuel_type),
    mileage: num(r.mileage),
    fuelUsed: num(r.fuel_used),
    powerUsed: num(r.power_used),
    driveSeconds: num(r.drive_seconds),
    trips: num(r.trips),
    refuel: num(r.refuel),
    drain: num(r.drain),
    trucks: num(r.trucks),
    days: 0,
  }));
  if ((by === 'truck' || by === 'driver') && options.days !== false) await countDays(db, auth, f, by, groups);
  return groups;
}

/** How many groups `sumTruckDays` answers without paging. */
export async function countGroups(db: Db, auth: AuthContext, f: PeriodFilter, by: GroupBy): Promise<number> {
  const row = await db
    .selectFrom(grouped(db, auth, f, by).as('g'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
