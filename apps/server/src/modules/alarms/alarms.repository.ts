import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { inScope, type Scope } from '../../http/scope';
import { searchTerm } from '../monitor/vehicles.repository';

/**
 * The one scoped alarm query of every alarm list, export, count and statistic (issue 5 item 5).
 *
 * Speed over a million alarms (indexes of migration 0011, which hold every filter column):
 * - the rows come from `alarm` alone, filtered and ordered by (start_time, id) descending and cut to
 *   the page, and only then joined to truck, driver, terminal, team, station, line and handler (a
 *   page is at most 500 rows), so the joins never multiply the scanned rows;
 * - a page of many types (vehicle alarms, records) walks alarm_list_time_idx (merchant_id,
 *   start_time, ...) backwards and stops after the page; a page of a few types (oil theft, fences, a
 *   chosen type) walks alarm_list_code_idx (merchant_id, code, start_time, ...); the other filters
 *   (team subtree, handling state, level) are read from the same index entries;
 * - a plate or VIN search is first turned into the matching trucks' ids (a small query on truck), so
 *   that alarm_list_truck_idx (truck_id, start_time, ...) serves it;
 * - the total is counted with the same filter from the index alone, stopping at COUNT_CAP rows
 *   (`totalCapped` tells the page there are more): an exact COUNT over months of a large fleet's
 *   alarms would read them all on every page turn, where the cap bounds each list call.
 */

/** What a list asks for; `codes` are the alarm types of the page (narrowed by the chosen type). */
export interface AlarmFilter {
  codes: readonly number[];
  /** Part of the plate, or of the VIN. */
  carNo?: string;
  vin?: string;
  /** Team subtrees. */
  teamCodes?: readonly string[];
  /** Epoch ms range on the alarm's start. */
  from?: number;
  to?: number;
  handleStatus?: number;
  level?: number;
  /** One truck (the over-speed risk drill-down, the track of a detail). */
  truckId?: number;
  /** One line (the line alarms of the plan monitor). */
  lineId?: number;
  /** The trucks a plate or VIN search matched (set by `resolveTrucks`). */
  truckIds?: readonly number[];
}

/** Totals above this are answered as this number with `totalCapped: true`. */
export const COUNT_CAP = 10_000;

/** A list of at most this many types reads the (merchant_id, code, start_time) index. */
const FEW_CODES = 6;

// biome-ignore lint/suspicious/noExplicitAny: the alarm table under its own name, in any query
type AlarmEb = ExpressionBuilder<any, any>;

/** A plate or VIN search matching more trucks than this is kept as a subquery. */
const MAX_TRUCK_IDS = 500;

function matchingTrucks(db: Kysely<Database>, scope: Scope, carNo?: string, vin?: string) {
  const plate = searchTerm(carNo);
  const vinTerm = searchTerm(vin);
  let q = db.selectFrom('truck').select('truck.id').where('truck.merchant_id', '=', scope.merchantId);
  // the plate box takes a plate or a VIN
  if (plate) q = q.where((eb) => eb.or([eb('truck.car_no', 'like', plate), eb('truck.vin', 'like', plate)]));
  if (vinTerm) q = q.where('truck.vin', 'like', vinTerm);
  return q;
}

/**
 * The WHERE of a filter on `alarm` (scope first: merchant and team subtree). `ordered`: the rows are
 * wanted newest first and cut, so a list of many types is kept off the type index (`+code` is not
 * indexable) and the time index gives them in order; a count reads the type index instead.
 */
function conditions(db: Kysely<Database>, scope: Scope, filter: AlarmFilter, ordered: boolean) {
  return (eb: AlarmEb) => {
    const parts = [inScope(scope, 'alarm')(eb)];
    const codes = [...new Set(filter.codes)];
    if (codes.length === 0) parts.push(eb('alarm.id', '<', 0));
    else if (codes.length === 1) parts.push(eb('alarm.code', '=', codes[0]));
    else if (codes.length <= FEW_CODES || !ordered) parts.push(eb('alarm.code', 'in', codes));
    else parts.push(eb(sql`+alarm.code`, 'in', codes));
    if (filter.from !== undefined) parts.push(eb('alarm.start_time', '>=', filter.from));
    if (filter.to !== undefined) parts.push(eb('alarm.start_time', '<=', filter.to));
    if (filter.handleStatus !== undefined) parts.push(eb('alarm.handle_status', '=', filter.handleStatus));
    if (filter.level !== undefined) parts.push(eb('alarm.level', '=', filter.level));
    if (filter.truckId !== undefined) parts.push(eb('alarm.truck_id', '=', filter.truckId));
    if (filter.lineId !== undefined) parts.push(eb('alarm.line_id', '=', filter.lineId));
    const teams = (filter.teamCodes ?? []).filter((code) => /^[0-9A-Za-z]+$/.test(code));
    if (teams.length > 0) parts.push(eb.or(teams.map((code) => eb('alarm.team_code', 'like', `${code}%`))));
    if (filter.truckIds) {
      parts.push(
        filter.truckIds.length > 0
          ? eb('alarm.truck_id', 'in', [...filter.truckIds])
          : eb('alarm.id', '<', 0),
      );
    } else if (filter.carNo || filter.vin) {
      parts.push(eb('alarm.truck_id', 'in', matchingTrucks(db, scope, filter.carNo, filter.vin)));
    }
    return eb.and(parts);
  };
}

/** The filter with a plate or VIN search turned into truck ids, when it matches few trucks. */
export async function resolveTrucks(
  db: Kysely<Database>,
  scope: Scope,
  filter: AlarmFilter,
): Promise<AlarmFilter> {
  if (filter.truckIds || (!filter.carNo && !filter.vin)) return filter;
  const rows = await matchingTrucks(db, scope, filter.carNo, filter.vin)
    .limit(MAX_TRUCK_IDS + 1)
    .execute();
  return rows.length > MAX_TRUCK_IDS ? filter : { ...filter, truckIds: rows.map((r) => r.id) };
}

/**
 * In-scope alarms matching the filter: the one query builder every alarm list starts from. Pass a
 * filter through `resolveTrucks` first so that a plate search uses the truck index.
 */
export function scopedAlarms(db: Kysely<Database>, scope: Scope, filter: AlarmFilter, ordered = true) {
  return db.selectFrom('alarm').where(conditions(db, scope, filter, ordered));
}

const ALARM_COLUMNS = [
  'alarm.id',
  'alarm.merchant_id',
  'alarm.team_code',
  'alarm.truck_id',
  'alarm.terminal_id',
  'alarm.driver_id',
  'alarm.code',
  'alarm.source',
  'alarm.level',
  'alarm.start_time',
  'alarm.end_time',
  'alarm.lat',
  'alarm.lon',
  'alarm.speed',
  'alarm.max_speed',
  'alarm.end_lat',
  'alarm.end_lon',
  'alarm.station_id',
  'alarm.line_id',
  'alarm.plan_id',
  'alarm.detail',
  'alarm.media',
  'alarm.handle_status',
  'alarm.handle_type',
  'alarm.handle_remark',
  'alarm.handler_id',
  'alarm.handled_at',
] as const;

type AlarmPage = ReturnType<typeof pageOf>;

/** Rows of an ordered, cut alarm query with the names the pages show. */
function withNames(db: Kysely<Database>, page: AlarmPage) {
  return db
    .selectFrom(page.as('a'))
    .leftJoin('truck as t', 't.id', 'a.truck_id')
    .leftJoin('driver as d', 'd.id', 'a.driver_id')
    .leftJoin('terminal as tm', (j) =>
      j.on((eb) => eb('tm.id', '=', eb.fn.coalesce('a.terminal_id', 't.terminal_id'))),
    )
    .leftJoin('team as tt', (j) =>
      j.onRef('tt.merchant_id', '=', 'a.merchant_id').onRef('tt.team_code', '=', 'a.team_code'),
    )
    .leftJoin('app_user as h', 'h.id', 'a.handler_id')
    .leftJoin('station as st', 'st.id', 'a.station_id')
    .leftJoin('line as ln', 'ln.id', 'a.line_id')
    .selectAll('a')
    .select([
      't.car_no',
      't.vin',
      'd.name as driver_name',
      'tm.phone as tid',
      'tt.team_name',
      'h.nickname as handler_name',
      'st.name as station_name',
      'ln.name as line_name',
    ])
    .orderBy('a.start_time', 'desc')
    .orderBy('a.id', 'desc');
}

function pageOf(db: Kysely<Database>, scope: Scope, filter: AlarmFilter) {
  return scopedAlarms(db, scope, filter)
    .select(ALARM_COLUMNS)
    .orderBy('alarm.start_time', 'desc')
    .orderBy('alarm.id', 'desc');
}

export type AlarmListRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** The count of matching alarms, stopping at `cap` (+1, to tell "exactly cap" from "more"). */
export async function countAlarms(db: Kysely<Database>, scope: Scope, filter: AlarmFilter, cap: number) {
  const resolved = await resolveTrucks(db, scope, filter);
  // a constant, not the id: PostgreSQL answers from the index alone (an index-only scan)
  const limited = scopedAlarms(db, scope, resolved, false)
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const row = await db
    .selectFrom(limited.as('c'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AlarmListPage {
  rows: AlarmListRow[];
  total: number;
  totalCapped: boolean;
}

/** One page of matching alarms, newest first, with the capped total. */
export async function listAlarms(
  db: Kysely<Database>,
  scope: Scope,
  filter: AlarmFilter,
  paging: { pageNum: number; pageSize: number },
): Promise<AlarmListPage> {
  const offset = (paging.pageNum - 1) * paging.pageSize;
  const resolved = await resolveTrucks(db, scope, filter);
  const page = pageOf(db, scope, resolved).limit(paging.pageSize).offset(offset);
  const [rows, counted] = await Promise.all([
    withNames(db, page).execute(),
    countAlarms(db, scope, resolved, COUNT_CAP),
  ]);
  return { rows, total: Math.min(counted, COUNT_CAP), totalCapped: counted > COUNT_CAP };
}

/**
 * Every matching alarm in list order, in batches: keyset pages on (start_time, id), so that an
 * export of a hundred thousand rows reads each index entry once instead of skipping OFFSETs.
 */
export async function* iterateAlarms(
  db: Kysely<Database>,
  scope: Scope,
  filter: AlarmFilter,
  batch = 1000,
): AsyncGenerator<AlarmListRow[]> {
  let after: { start: number; id: number } | undefined;
  const resolved = await resolveTrucks(db, scope, filter);
  for (;;) {
    let q = pageOf(db, scope, resolved);
    if (after) {
      const { start, id } = after;
      q = q.where((eb) =>
        eb.or([
          eb('alarm.start_time', '<', start),
          eb.and([eb('alarm.start_time', '=', start), eb('alarm.id', '<', id)]),
        ]),
      );
    }
    const rows = await withNames(db, q.limit(batch)).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1] as AlarmListRow;
    after = { start: last.start_time, id: last.id };
  }
}

/** One in-scope alarm with its names, or undefined. */
export async function findAlarm(db: Kysely<Database>, scope: Scope, id: number) {
  const one = db
    .selectFrom('alarm')
    .where(inScope(scope, 'alarm'))
    .where('alarm.id', '=', id)
    .select(ALARM_COLUMNS);
  return withNames(db, one).executeTakeFirst();
}
