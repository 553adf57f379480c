import { ORDER_STATUS, PLAN_BUSY_STATES, PLAN_STATE, trimTons } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { inScope } from '../../http/scope';
import type { Telematics } from '../../telematics/telematics';
import { teamPatches, teamRules } from '../alarm-settings/alarm-settings.repository';
import { orderProgress } from '../transport-orders/order-progress';
import type { RankDriver, RankOrder, RankTruck, Window } from './rank';

const HOUR = 3600_000;

/** The next full hour at or after `ms` (plans depart on the hour unless the dispatcher says when). */
export const nextFullHour = (ms: number) => Math.ceil(ms / HOUR) * HOUR;

/** An open order as the assignment pages show it, with what is left to plan. */
export interface OpenOrder {
  id: number;
  orderNo: string;
  teamCode: string;
  teamName: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  cargo: string;
  quantityUnit: number;
  quantity: number;
  startAt: number;
  endAt: number;
  plannedKg: number;
  plannedTrips: number;
  /** Kg (tons orders) or truckloads (truckload orders) still to plan, never below 0. */
  left: number;
}

/** Open orders of the caller's scope (those of `ids` when given), newest first, with their progress. */
export async function openOrders(
  db: Kysely<Database>,
  auth: AuthContext,
  ids?: readonly number[],
  page?: { pageNum: number; pageSize: number },
): Promise<{ list: OpenOrder[]; total: number }> {
  let q = db
    .selectFrom('transport_order as o')
    .innerJoin('customer', 'customer.id', 'o.customer_id')
    .innerJoin('line', 'line.id', 'o.line_id')
    .leftJoin('team', (j) =>
      j.onRef('team.team_code', '=', 'o.team_code').onRef('team.merchant_id', '=', 'o.merchant_id'),
    )
    .where(inScope(auth.scope, 'o'))
    .where('o.deleted_at', 'is', null)
    .where('o.status', '=', ORDER_STATUS.open);
  if (ids) q = q.where('o.id', 'in', ids.length > 0 ? [...ids] : [0]);
  const total = page
    ? Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0)
    : 0;
  let rows = q
    .select([
      'o.id',
      'o.order_no',
      'o.team_code',
      'team.team_name',
      'o.customer_id',
      'customer.customer_name',
      'o.line_id',
      'line.name as line_name',
      'o.cargo',
      'o.quantity_unit',
      'o.quantity',
      'o.start_at',
      'o.end_at',
    ])
    .orderBy('o.id', 'desc');
  if (page) rows = rows.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  const found = await rows.execute();
  const progress = await orderProgress(
    db,
    found.map((r) => r.id),
  );
  const list = found.map((r): OpenOrder => {
    const p = progress.get(r.id);
    const plannedKg = p?.plannedKg ?? 0;
    const plannedTrips = p?.plannedTrips ?? 0;
    const quantity = Number(r.quantity);
    return {
      id: r.id,
      orderNo: r.order_no,
      teamCode: r.team_code,
      teamName: r.team_name ?? '',
      customerId: r.customer_id,
      customerName: r.customer_name,
      lineId: r.line_id,
      lineName: r.line_name,
      cargo: r.cargo,
      quantityUnit: r.quantity_unit,
      quantity,
      startAt: Number(r.start_at),
      endAt: Number(r.end_at),
      plannedKg,
      plannedTrips,
      left: Math.max(0, quantity - (r.quantity_unit === 1 ? plannedKg : plannedTrips)),
    };
  });
  return { list, total: page ? total : list.length };
}

/** '剩余 650 吨' / '剩余 3 车'. */
export const leftText = (o: OpenOrder) => (o.quantityUnit === 1 ? `${trimTons(o.left)}吨` : `${o.left}车`);

export interface FleetForRanking {
  orders: RankOrder[];
  trucks: RankTruck[];
  drivers: RankDriver[];
  /** The loaded orders by id (names for the answer). */
  openById: Map<number, OpenOrder>;
}

/**
 * Everything the ranking needs, in a fixed number of queries whatever the fleet's size: the open
 * orders with their lines' start points and running times, every truck of the caller's scope with
 * its latest position (the ingest's in-memory state when newer than the stored one) and busy
 * windows, every driver with busy windows, trips of the last day and the team's fatigue settings.
 */
export async function loadFleet(
  db: Kysely<Database>,
  auth: AuthContext,
  telematics: Telematics | null,
  options: { orderIds?: readonly number[]; departAt?: number | null; tripKg?: number | null; now: number },
): Promise<FleetForRanking> {
  const { list } = await openOrders(db, auth, options.orderIds);
  const lineIds = [...new Set(list.map((o) => o.lineId))];
  const [lines, starts, lastKg] = await Promise.all([
    lineIds.length === 0
      ? []
      : db.selectFrom('line').select(['id', 'running_minutes']).where('id', 'in', lineIds).execute(),
    lineIds.length === 0
      ? []
      : db
          .selectFrom('line_station')
          .select(['line_id', 'seq', 'lat', 'lon'])
          .where('line_id', 'in', lineIds)
          .where('seq', '=', 1)
          .execute(),
    list.length === 0
      ? []
      : db
          .selectFrom('plan')
          .select(['order_id', 'planned_kg', 'id'])
          .where(
            'order_id',
            'in',
            list.map((o) => o.id),
          )
          .where('planned_kg', 'is not', null)
          .where('state', 'in', [
            PLAN_STATE.published,
            PLAN_STATE.distributed,
            PLAN_STATE.running,
            PLAN_STATE.finished,
          ])
          .orderBy('id')
          .execute(),
  ]);
  const minutesOf = new Map(lines.map((l) => [l.id, Number(l.running_minutes)]));
  const startOf = new Map(starts.map((s) => [s.line_id, s]));
  const lastKgOf = new Map(lastKg.map((p) => [Number(p.order_id), Number(p.planned_kg)]));

  const orders: RankOrder[] = list.map((o) => {
    const departAt = options.departAt ?? nextFullHour(Math.max(options.now, o.startAt));
    const start = startOf.get(o.lineId);
    const perTrip = options.tripKg ?? lastKgOf.get(o.id) ?? null;
    const tripKg = o.quantityUnit === 1 ? Math.min(o.left, perTrip ?? o.left) : perTrip;
    const closed =
      o.left <= 0 ? '订单已全部安排计划' : departAt > o.endAt ? '计划发车时间晚于订单运输结束时间' : null;
    return {
      id: o.id,
      orderNo: o.orderNo,
      departAt,
      arriveAt: departAt + (minutesOf.get(o.lineId) ?? 0) * 60_000,
      startLat: start ? start.lat : null,
      startLon: start ? start.lon : null,
      tripKg,
      closed,
    };
  });
  orders.sort((a, b) => a.departAt - b.departAt || a.id - b.id);
  const from = Math.min(...orders.map((o) => o.departAt), options.now);
  const to = Math.max(...orders.map((o) => o.arriveAt), options.now);

  const [truckRows, driverRows, busyRows, tripRows, patches] = await Promise.all([
    db
      .selectFrom('truck')
      .leftJoin('vehicle_state as vs', 'vs.truck_id', 'truck.id')
      .select([
        'truck.id',
        'truck.car_no',
        'truck.team_code',
        'truck.load_capacity',
        'truck.driver_id',
        'truck.driving_license_expiry',
        'truck.operating_license_expiry',
        'truck.insurance_expiry',
        'truck.annual_inspection_expiry',
        'vs.lat',
        'vs.lon',
        'vs.time',
        'vs.online',
      ])
      .where(inScope(auth.scope, 'truck'))
      .where('truck.deleted_at', 'is', null)
      .orderBy('truck.id')
      .execute(),
    db
      .selectFrom('driver')
      .select(['id', 'name', 'team_code', 'status', 'license_expiry', 'qualification_expiry'])
      .where(inScope(auth.scope, 'driver'))
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('plan')
      .select(['truck_id', 'driver_id', 'planned_depart_at', 'planned_arrive_at'])
      .where('merchant_id', '=', auth.merchantId)
      .where('state', 'in', PLAN_BUSY_STATES)
      .where('planned_depart_at', '<=', to)
      .where('planned_arrive_at', '>=', from)
      .execute(),
    db
      .selectFrom('trip')
      .select(['truck_id', 'driver_id', 'start_time', 'end_time'])
      .where('merchant_id', '=', auth.merchantId)
      .where('start_time', '<', to)
      .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', from - 24 * 3600_000)]))
      .orderBy('start_time')
      .execute(),
    teamPatches(db, auth.merchantId),
  ]);

  const push = <K>(map: Map<K, Window[]>, key: K, w: Window) => {
    const list = map.get(key) ?? [];
    list.push(w);
    map.set(key, list);
  };
  const truckBusy = new Map<number, Window[]>();
  const driverBusy = new Map<number, Window[]>();
  for (const p of busyRows) {
    const w: Window = [Number(p.planned_depart_at), Number(p.planned_arrive_at)];
    if (p.truck_id !== null) push(truckBusy, p.truck_id, w);
    if (p.driver_id !== null) push(driverBusy, p.driver_id, w);
  }
  const boundDriverOf = new Map(truckRows.map((t) => [t.id, t.driver_id]));
  const tripsOf = new Map<number, { start: number; end: number | null }[]>();
  for (const t of tripRows) {
    const driverId = t.driver_id ?? boundDriverOf.get(t.truck_id) ?? null;
    if (driverId === null) continue;
    const list = tripsOf.get(driverId) ?? [];
    list.push({ start: Number(t.start_time), end: t.end_time === null ? null : Number(t.end_time) });
    tripsOf.set(driverId, list);
  }

  const trucks: RankTruck[] = truckRows.map((t) => {
    const live = telematics?.vehicleState(t.id);
    const stored =
      t.time === null
        ? null
        : { lat: Number(t.lat), lon: Number(t.lon), time: Number(t.time), online: Number(t.online) };
    const state = live && (!stored || Number(live.time) >= stored.time) ? live : stored;
    return {
      id: t.id,
      carNo: t.car_no,
      teamCode: t.team_code,
      loadKg: t.load_capacity === null ? null : Number(t.load_capacity),
      driverId: t.driver_id,
      certificates: [
        { name: '行驶证', expiry: t.driving_license_expiry },
        { name: '道路运输证', expiry: t.operating_license_expiry },
        { name: '保险', expiry: t.insurance_expiry },
        { name: '年检', expiry: t.annual_inspection_expiry },
      ],
      lat: state ? Number(state.lat) : null,
      lon: state ? Number(state.lon) : null,
      seenAt: state ? Number(state.time) : null,
      online: state ? Number(state.online) === 1 : false,
      busy: truckBusy.get(t.id) ?? [],
    };
  });
  const rulesOf = new Map<string, RankDriver['fatigue']>();
  const drivers: RankDriver[] = driverRows.map((d) => {
    let fatigue = rulesOf.get(d.team_code);
    if (!fatigue) {
      const f = teamRules(patches, d.team_code).fatigue;
      fatigue = { enabled: f.enabled, alarmMinutes: f.alarmMinutes, restMinutes: f.restMinutes };
      rulesOf.set(d.team_code, fatigue);
    }
    return {
      id: d.id,
      name: d.name,
      teamCode: d.team_code,
      status: Number(d.status),
      licenseExpiry: d.license_expiry,
      qualificationExpiry: d.qualification_expiry,
      busy: driverBusy.get(d.id) ?? [],
      trips: tripsOf.get(d.id) ?? [],
      fatigue,
    };
  });
  return { orders, trucks, drivers, openById: new Map(list.map((o) => [o.id, o])) };
}
