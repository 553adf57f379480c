import { distanceMeters, formatDate, formatDateTime, trimTons } from '@fleet/domain';

// 智能分配: which truck and driver can serve each open order soonest. Everything is loaded once
// (assign-data.ts) and ranked here in memory, without the database: per order every truck of the
// fleet is checked against the rules in a fixed order (taken by an earlier proposal, busy in the
// window, certificates, rated load), the rest are ordered by their distance from the line's start
// station (online before offline at equal distance), and the first one with a fit driver (its bound
// driver, else a free driver of its team) is proposed. A truck and a driver go to one order only.

/** A time window [start, end] in epoch ms. */
export type Window = readonly [number, number];

export interface RankOrder {
  id: number;
  orderNo: string;
  /** Planned departure and arrival of the trip (arrival = departure + the line's running time). */
  departAt: number;
  arriveAt: number;
  /** The start station's point in microdegrees, null when the line has none. */
  startLat: number | null;
  startLon: number | null;
  /** Kg the trip is to carry; null for an order counted in truckloads with no weight given. */
  tripKg: number | null;
  /** Why the order takes no plan now (fully planned, window over), or null. */
  closed: string | null;
}

export interface RankTruck {
  id: number;
  carNo: string;
  teamCode: string;
  /** Rated load in kg, null when not registered. */
  loadKg: number | null;
  /** The bound driver. */
  driverId: number | null;
  /** Certificates with their expiry dates ('YYYY-MM-DD', null = not registered). */
  certificates: readonly { name: string; expiry: string | null }[];
  /** Latest position (microdegrees) and when it was taken; null when the truck never reported. */
  lat: number | null;
  lon: number | null;
  seenAt: number | null;
  online: boolean;
  /** Windows of its published, distributed and running plans. */
  busy: readonly Window[];
}

export interface RankDriver {
  id: number;
  name: string;
  teamCode: string;
  /** 1 enabled. */
  status: number;
  licenseExpiry: string | null;
  qualificationExpiry: string | null;
  busy: readonly Window[];
  /** Its trips (end null = still driving), sorted by start. */
  trips: readonly { start: number; end: number | null }[];
  /** The fatigue settings of its team (alarm rules). */
  fatigue: { enabled: boolean; alarmMinutes: number; restMinutes: number };
}

export interface Proposal {
  orderId: number;
  orderNo: string;
  truckId: number;
  carNo: string;
  driverId: number;
  driverName: string;
  departAt: number;
  plannedKg: number | null;
  /** Metres from the latest position to the start station, null without a position. */
  distanceMeters: number | null;
  reasons: string[];
}

export interface Unassigned {
  orderId: number;
  orderNo: string;
  reason: string;
}

/** Why trucks are left out, in the order they are checked, with their Chinese names. */
export const TRUCK_EXCLUSIONS = [
  ['taken', '已分配给其他订单'],
  ['busy', '时段内已有计划'],
  ['certificate', '车辆证件过期'],
  ['load', '核定载重不足'],
  ['driver', '无合格司机'],
] as const;
type Exclusion = (typeof TRUCK_EXCLUSIONS)[number][0];

/** Candidates picked by a scan before the rest are sorted. */
const SCANS = 8;

const overlaps = (windows: readonly Window[], from: number, to: number) =>
  windows.some(([s, e]) => s <= to && e >= from);

/** Minutes driven within [from, to] by trips (a trip still open counts up to `to`). */
export function drivingMinutes(
  trips: readonly { start: number; end: number | null }[],
  from: number,
  to: number,
): number {
  let ms = 0;
  for (const t of trips) {
    const s = Math.max(t.start, from);
    const e = Math.min(t.end ?? to, to);
    if (e > s) ms += e - s;
  }
  return ms / 60_000;
}

/**
 * Minutes of continuous driving up to `at`: the trips back from `at` whose gaps are shorter than
 * the rest that resets the count; 0 when the driver has rested `restMinutes` before `at`.
 */
export function continuousMinutes(
  trips: readonly { start: number; end: number | null }[],
  at: number,
  restMinutes: number,
): number {
  const rest = restMinutes * 60_000;
  let edge = at;
  let ms = 0;
  for (let i = trips.length - 1; i >= 0; i--) {
    const t = trips[i] as { start: number; end: number | null };
    if (t.start >= at) continue;
    const end = Math.min(t.end ?? at, at);
    if (edge - end >= rest) break;
    ms += end - t.start;
    edge = t.start;
  }
  return ms / 60_000;
}

const hours = (minutes: number) => (minutes / 60).toFixed(1);

/**
 * A driver's refusal for a trip in [departAt, arriveAt], or the hours driven in the 24 h before the
 * departure. The daily limit is twice the fatigue alarm's continuous driving (8 h by default, the
 * national 24-hour limit for 4 h of continuous driving); continuous driving at the limit without the
 * rest the settings ask for also refuses.
 */
export function driverFitness(
  d: RankDriver,
  departAt: number,
  arriveAt: number,
): { refusal: string } | { minutes: number } {
  const lastDay = formatDate(new Date(arriveAt));
  if (d.status !== 1) return { refusal: `司机${d.name}已停用` };
  if (!d.licenseExpiry) return { refusal: `司机${d.name}未登记驾驶证有效期` };
  if (d.licenseExpiry < lastDay) return { refusal: `司机${d.name}的驾驶证已于${d.licenseExpiry}到期` };
  if (d.qualificationExpiry && d.qualificationExpiry < lastDay)
    return { refusal: `司机${d.name}的从业资格证已于${d.qualificationExpiry}到期` };
  if (overlaps(d.busy, departAt, arriveAt)) return { refusal: `司机${d.name}在该时段已有计划` };
  const minutes = drivingMinutes(d.trips, departAt - 24 * 3600_000, departAt);
  if (d.fatigue.enabled) {
    const limit = d.fatigue.alarmMinutes * 2;
    if (minutes >= limit)
      return { refusal: `司机${d.name}近24小时驾驶${hours(minutes)}小时，已达上限${hours(limit)}小时` };
    const continuous = continuousMinutes(d.trips, departAt, d.fatigue.restMinutes);
    if (continuous >= d.fatigue.alarmMinutes)
      return {
        refusal: `司机${d.name}已连续驾驶${hours(continuous)}小时，须休息${d.fatigue.restMinutes}分钟`,
      };
  }
  return { minutes };
}

/**
 * A proposal per order (in the given order: earlier departures first is the caller's choice), or
 * why no truck can serve it. Pure: the same fleet always gives the same answer.
 */
export function rankAssignments(
  orders: readonly RankOrder[],
  trucks: readonly RankTruck[],
  drivers: readonly RankDriver[],
): { proposals: Proposal[]; unassigned: Unassigned[] } {
  const driverById = new Map(drivers.map((d) => [d.id, d]));
  const boundDrivers = new Set(trucks.map((t) => t.driverId).filter((id) => id !== null));
  /** Drivers of each team that no truck is bound to, then the bound ones (they may drive another). */
  const teamDrivers = new Map<string, RankDriver[]>();
  for (const d of [...drivers].sort(
    (a, b) => Number(boundDrivers.has(a.id)) - Number(boundDrivers.has(b.id)) || a.id - b.id,
  )) {
    const list = teamDrivers.get(d.teamCode) ?? [];
    list.push(d);
    teamDrivers.set(d.teamCode, list);
  }
  /** Each truck's earliest certificate expiry (the first to fail on a later day). */
  const firstExpiry = trucks.map((t) => {
    let first: string | null = null;
    for (const c of t.certificates) if (c.expiry && (first === null || c.expiry < first)) first = c.expiry;
    return first;
  });
  const takenTrucks = new Set<number>();
  const takenDrivers = new Set<number>();
  const proposals: Proposal[] = [];
  const unassigned: Unassigned[] = [];

  for (const order of orders) {
    if (order.closed) {
      unassigned.push({ orderId: order.id, orderNo: order.orderNo, reason: order.closed });
      continue;
    }
    const { departAt, arriveAt, tripKg } = order;
    const lastDay = formatDate(new Date(arriveAt));
    const counts: Record<Exclusion, number> = { taken: 0, busy: 0, certificate: 0, load: 0, driver: 0 };
    const candidates: RankTruck[] = [];
    const distances: number[] = [];
    const located = order.startLat !== null && order.startLon !== null;
    const oLat = (order.startLat ?? 0) / 1e6;
    const oLon = (order.startLon ?? 0) / 1e6;
    for (const [i, truck] of trucks.entries()) {
      const expiry = firstExpiry[i];
      if (takenTrucks.has(truck.id)) counts.taken++;
      else if (overlaps(truck.busy, departAt, arriveAt)) counts.busy++;
      else if (expiry !== undefined && expiry !== null && expiry < lastDay) counts.certificate++;
      else if (tripKg !== null && (truck.loadKg === null || truck.loadKg < tripKg)) counts.load++;
      else {
        candidates.push(truck);
        distances.push(
          located && truck.lat !== null && truck.lon !== null
            ? distanceMeters(truck.lat / 1e6, truck.lon / 1e6, oLat, oLon)
            : Number.POSITIVE_INFINITY,
        );
      }
    }
    /** Nearer first, online before offline at equal distance, then by id. */
    const compare = (i: number, j: number) => {
      const di = distances[i] as number;
      const dj = distances[j] as number;
      if (di !== dj) return di < dj ? -1 : 1;
      const a = candidates[i] as RankTruck;
      const b = candidates[j] as RankTruck;
      return Number(b.online) - Number(a.online) || a.id - b.id;
    };
    // the candidates in that order, lazily: the first few by a scan (the nearest usually has a
    // driver), the rest sorted once when several in a row have none
    const tried = new Uint8Array(candidates.length);
    let sorted: number[] | null = null;
    let at = 0;
    const next = (): number => {
      if (!sorted && at < SCANS) {
        at++;
        let best = -1;
        for (let i = 0; i < candidates.length; i++)
          if (!tried[i] && (best < 0 || compare(i, best) < 0)) best = i;
        if (best >= 0) tried[best] = 1;
        return best;
      }
      if (!sorted) {
        sorted = [];
        for (let i = 0; i < candidates.length; i++) if (!tried[i]) sorted.push(i);
        sorted.sort(compare);
        at = 0;
      }
      return at < sorted.length ? (sorted[at++] as number) : -1;
    };

    // a team's first fit free driver for this order, found once per team
    const freeOfTeam = new Map<string, { driver: RankDriver; minutes: number } | null>();
    const fit = (d: RankDriver | undefined) => {
      if (!d || takenDrivers.has(d.id)) return null;
      const f = driverFitness(d, departAt, arriveAt);
      return 'minutes' in f ? { driver: d, minutes: f.minutes } : null;
    };
    let chosen: {
      truck: RankTruck;
      distance: number | null;
      driver: RankDriver;
      minutes: number;
      bound: boolean;
    } | null = null;
    for (let i = next(); i >= 0; i = next()) {
      const truck = candidates[i] as RankTruck;
      const meters = distances[i] as number;
      const c = { truck, distance: Number.isFinite(meters) ? meters : null };
      const bound = truck.driverId !== null ? fit(driverById.get(truck.driverId)) : null;
      if (bound) {
        chosen = { ...c, ...bound, bound: true };
        break;
      }
      let free = freeOfTeam.get(truck.teamCode);
      if (free === undefined) {
        free = null;
        for (const d of teamDrivers.get(truck.teamCode) ?? []) {
          // a driver bound to another truck stays with it; only unbound drivers are free
          if (boundDrivers.has(d.id)) break;
          free = fit(d);
          if (free) break;
        }
        freeOfTeam.set(truck.teamCode, free);
      }
      if (free) {
        chosen = { ...c, ...free, bound: false };
        break;
      }
      counts.driver++;
    }

    if (!chosen) {
      const parts = TRUCK_EXCLUSIONS.filter(([key]) => counts[key] > 0).map(
        ([key, name]) => `${name} ${counts[key]} 辆`,
      );
      unassigned.push({
        orderId: order.id,
        orderNo: order.orderNo,
        reason: trucks.length === 0 ? '无可用车辆：管辖范围内没有车辆' : `无可用车辆：${parts.join('，')}`,
      });
      continue;
    }
    takenTrucks.add(chosen.truck.id);
    takenDrivers.add(chosen.driver.id);
    const { truck, distance, driver } = chosen;
    const reasons = ['空闲'];
    if (distance !== null) reasons.push(`距起点 ${(distance / 1000).toFixed(1)} 公里`);
    else reasons.push(order.startLat === null ? '线路起点无坐标' : '无定位');
    if (truck.seenAt !== null)
      reasons.push(truck.online ? '在线' : `离线（最后定位 ${formatDateTime(new Date(truck.seenAt))}）`);
    reasons.push(
      tripKg === null
        ? '按车计量'
        : `核定载重 ${trimTons(truck.loadKg as number)} 吨 ≥ 计划 ${trimTons(tripKg)} 吨`,
    );
    reasons.push('证件有效');
    reasons.push(chosen.bound ? '车辆绑定司机' : '车队空闲司机');
    reasons.push(`近24小时驾驶 ${hours(chosen.minutes)} 小时`);
    proposals.push({
      orderId: order.id,
      orderNo: order.orderNo,
      truckId: truck.id,
      carNo: truck.carNo,
      driverId: driver.id,
      driverName: driver.name,
      departAt,
      plannedKg: tripKg,
      distanceMeters: distance === null ? null : Math.round(distance),
      reasons,
    });
  }
  return { proposals, unassigned };
}
