import {
  DEFAULT_ALARM_RULES,
  formatDateTime,
  kgToTons,
  ORDER_STATUS,
  PLAN_RECORD,
  PLAN_STATE,
  TRANSPORT_ORDER_RECORD,
} from '@fleet/domain';
import type { Insertable, Kysely } from 'kysely';
import { type VehicleProfile, vehicleProfiles } from '../../simulator/profile';
import { Rng } from '../../simulator/rng';
import { Route } from '../../simulator/route';
import type { Database } from '../schema';
import { demoFleet } from './demo-fleet';
import { DEMO_LINES, type DemoLine } from './demo-lines';
import { officeUsers } from './demo-waybills';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SHANGHAI = 8 * HOUR;

/** Days of finished plans before today. */
export const DEMO_PLAN_DAYS = 14;

/** Trucks with plans at most (a larger simulated fleet keeps the seed quick). */
const PLANNED_TRUCKS = 40;

/**
 * How a kind of work is planned: the pace of the timetable (km/h between stations, as the office
 * plans it), the stop planned at each station on the way (minutes), the load, and the hours
 * between the end of one plan and the next departure of the truck.
 */
const PLANNING: Record<
  DemoLine['kind'],
  { kmh: number; stopMin: number; kg: [number, number]; gapH: [number, number] }
> = {
  coal: { kmh: 66, stopMin: 30, kg: [30_000, 34_000], gapH: [14, 30] },
  trunk: { kmh: 66, stopMin: 25, kg: [18_000, 30_000], gapH: [6, 30] },
  city: { kmh: 24, stopMin: 15, kg: [1_500, 3_800], gapH: [20, 26] },
};

/** Departure hours (Shanghai) the office plans a kind of work for. */
const DEPART_HOURS: Record<DemoLine['kind'], [number, number]> = {
  coal: [6, 20],
  trunk: [5, 19],
  city: [7, 10],
};

/** Plan timing thresholds of the demo: the defaults of the plan timing settings, minutes. */
const {
  departWarnMinutes: DEPART_WARN,
  departAlarmMinutes: DEPART_ALARM,
  arriveWarnMinutes: ARRIVE_WARN,
  arriveAlarmMinutes: ARRIVE_ALARM,
} = DEFAULT_ALARM_RULES.planTiming;

/** Why a finished plan left or arrived late (its remark). */
const LATE_REASONS = ['装货排队，延迟发车', '司机临时请假，换班后发车', '途中交通管制，绕行', '高速拥堵'];

interface LineStation {
  seq: number;
  station_type: number;
  station_id: number | null;
  address: string;
  distance: number;
  name: string | null;
  lat: number;
  lon: number;
}

interface PlannedLine {
  id: number;
  name: string;
  cargo: string;
  rows: LineStation[];
  /** Km of each row from the start along the simulated road. */
  km: number[];
  kind: DemoLine['kind'];
}

/** A plan's timetable: planned arrival and departure at each row. */
interface Timed {
  arrive: number;
  depart: number;
}

/** The office's timetable of `line` for a departure at `departAt`, in whole minutes. */
export function demoTimetable(kind: DemoLine['kind'], km: readonly number[], departAt: number): Timed[] {
  const p = PLANNING[kind];
  let at = departAt;
  return km.map((k, i) => {
    if (i === 0) return { arrive: at, depart: at };
    const legMin = Math.ceil((((k - (km[i - 1] as number)) / p.kmh) * 60) / 5) * 5;
    const arrive = at + Math.max(5, legMin) * MINUTE;
    const depart = i === km.length - 1 ? arrive : arrive + p.stopMin * MINUTE;
    at = depart;
    return { arrive, depart };
  });
}

/** Km of each of the line's stations along the road the demo trucks drive. */
export function demoStationKm(line: DemoLine): number[] {
  return Route.of(line).stops.map((s) => s.km);
}

const sec = (ms: number) => Math.round(ms / 1000) * 1000;
const ceil10 = (ms: number) => Math.ceil(ms / (10 * MINUTE)) * 10 * MINUTE;
/** Midnight (Shanghai) of the day holding `ms`. */
const dayStart = (ms: number) => Math.floor((ms + SHANGHAI) / DAY) * DAY - SHANGHAI;
/** The next departure at or after `ms` within the kind's planning hours, on a 10 minutes mark. */
function departFrom(kind: DemoLine['kind'], ms: number, rng: Rng): number {
  const [from, to] = DEPART_HOURS[kind];
  let at = ceil10(ms);
  const hour = (at - dayStart(at)) / HOUR;
  if (hour < from) at = dayStart(at) + from * HOUR + rng.int(0, 6) * 10 * MINUTE;
  else if (hour >= to) at = dayStart(at) + DAY + from * HOUR + rng.int(0, 6) * 10 * MINUTE;
  return at;
}

/**
 * Hours (Shanghai) of the office's working day: today's plans leave within them, so that a seed
 * at night plans no departure in the small hours.
 */
const WORK_HOURS: [number, number] = [5, 22];
const inWorkHours = (ms: number) => {
  const hour = (ms - dayStart(ms)) / HOUR;
  return hour >= WORK_HOURS[0] && hour < WORK_HOURS[1];
};
/** `ms` on a 10 minutes mark, or when that falls at night, the next working morning. */
function workingFrom(ms: number, rng: Rng): number {
  const at = ceil10(ms);
  if (inWorkHours(at)) return at;
  const morning = dayStart(at) + WORK_HOURS[0] * HOUR + rng.int(0, 6) * 10 * MINUTE;
  return morning > at ? morning : morning + DAY;
}
/** The last 10 minutes mark of a working day at or before `ms`. */
function workingUntil(ms: number): number {
  const evening = dayStart(ms) + WORK_HOURS[1] * HOUR - 10 * MINUTE;
  return inWorkHours(ms)
    ? Math.floor(ms / (10 * MINUTE)) * 10 * MINUTE
    : evening <= ms
      ? evening
      : evening - DAY;
}

interface TruckRow {
  id: number;
  merchant_id: number;
  team_code: string;
  driver_id: number | null;
  terminal_id: number | null;
  car_no: string;
}

/** A plan as generated: its row, its station rows and the timing alarms it raised. */
interface PlanDraft {
  truck: TruckRow;
  line: PlannedLine;
  orderKey: string;
  state: number;
  plannedKg: number;
  timed: Timed[];
  actual: { arrive: number | null; depart: number | null }[];
  maxSeq: number;
  departedAt: number | null;
  arrivedAt: number | null;
  createdAt: number;
  publishedAt: number;
  distributedAt: number | null;
  remark: string | null;
}

/** An operation log row (operate_log). */
interface LogRow {
  merchant_id: number;
  team_code: string;
  page_enum: number;
  data_id: string;
  user_id: number | null;
  account_name: string;
  content: string;
  created_at: number;
}

interface OrderDraft {
  key: string;
  merchantId: number;
  teamCode: string;
  customerId: number;
  line: PlannedLine;
  cargo: string;
  unit: 1 | 2;
}

/**
 * The demo's transport orders and departure plans (发车计划), for `now`:
 * - an open order (运输订单) for each priced demo line and team that drives it, from 15 days ago to a
 *   month ahead, in tons (truckloads for city rounds);
 * - for each planned truck (the trucks on the priced lines), its plans of the last 14 days on the
 *   line its simulated truck drives, one after another (a truck and its driver are never planned
 *   twice at once), finished with their actual station times: most on time, some late to depart or
 *   to arrive, and (`alarms`) the timing alarms those raised (4001–4004, with the plan's number and
 *   line), most handled;
 * - today: some plans running (departed, the stations passed so far with their times), some
 *   distributed to depart in the next hours, one distributed whose departure has passed without
 *   the truck leaving, and a few published for tomorrow.
 * Each plan and order has its operation log. The same data for the same `now`.
 */
export async function seedDemoPlans(
  tx: Kysely<Database>,
  now: number,
  options: { alarms?: boolean; seed?: number } = {},
): Promise<{ orders: number; plans: number; alarms: number }> {
  const seed = options.seed ?? 1;
  const trucks = (await tx
    .selectFrom('truck')
    .select(['id', 'merchant_id', 'team_code', 'driver_id', 'terminal_id', 'car_no'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()) as TruckRow[];
  if (trucks.length === 0) return { orders: 0, plans: 0, alarms: 0 };
  const byPlate = new Map(trucks.map((t) => [t.car_no, t]));
  const lines = await plannedLines(tx);
  const prices = await tx
    .selectFrom('transport_price')
    .select(['merchant_id', 'team_code', 'customer_id', 'line_id', 'cargo'])
    .where('valid', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const offices = await officeUsers(tx);

  // the trucks of the priced lines, each on the line its simulated truck drives
  const candidates: { truck: TruckRow; profile: VehicleProfile; line: PlannedLine; order: OrderDraft }[] = [];
  const orders = new Map<string, OrderDraft>();
  for (const profile of vehicleProfiles(demoFleet(trucks.length), seed)) {
    const truck = byPlate.get(profile.plate);
    if (!truck?.driver_id) continue;
    const line = lines.get(`${truck.merchant_id}:${profile.line.name}`);
    if (!line) continue;
    const price = prices.find(
      (p) =>
        p.merchant_id === truck.merchant_id &&
        p.line_id === line.id &&
        truck.team_code.startsWith(p.team_code),
    );
    if (!price) continue;
    const key = `${truck.team_code}:${line.id}`;
    let order = orders.get(key);
    if (!order) {
      order = {
        key,
        merchantId: truck.merchant_id,
        teamCode: truck.team_code,
        customerId: price.customer_id,
        line,
        cargo: price.cargo || line.cargo,
        unit: line.kind === 'city' ? 2 : 1,
      };
      orders.set(key, order);
    }
    candidates.push({ truck, profile, line, order });
  }
  const planned =
    candidates.length <= PLANNED_TRUCKS
      ? candidates
      : Array.from(
          { length: PLANNED_TRUCKS },
          (_, i) =>
            candidates[Math.floor((i * candidates.length) / PLANNED_TRUCKS)] as (typeof candidates)[number],
        );

  const today = dayStart(now);
  const drafts: PlanDraft[] = [];
  // what each truck does today: 0 running, 1 departing in the next hours, 2 departing later, 3 none
  let lateGiven = false;
  for (const [i, c] of planned.entries()) {
    const rng = Rng.of('demo-plans', seed, c.truck.car_no);
    const kind = c.line.kind;
    const p = PLANNING[kind];
    // the roles go round so that each line has trucks of each (the trunk lines alternate by truck)
    const role = (i + Math.floor(i / 2)) % 4;
    const history: PlanDraft[] = [];
    // today's plan first: the history is laid out before it
    let todayDraft: PlanDraft | null = null;
    const totalMs = (t: Timed[]) => (t.at(-1)?.arrive ?? 0) - (t[0]?.depart ?? 0);
    const base = (depart: number) => demoTimetable(kind, c.line.km, depart);
    const plannedKg = () => rng.int(p.kg[0] / 10, p.kg[1] / 10) * 10;
    if (role === 0) {
      // running: left a while ago, about a third of the way along
      const probe = base(0);
      const ago = Math.max(
        50 * MINUTE,
        Math.round((totalMs(probe) * rng.range(0.2, 0.45)) / (10 * MINUTE)) * 10 * MINUTE,
      );
      // (at night: left the evening before, when it is still on the way)
      const depart = workingUntil(now - ago);
      const timed = base(depart);
      const late = rng.chance(0.3) ? rng.int(10, 25) : rng.int(0, 6);
      const actual = runActual(timed, depart + late * MINUTE, 1, now, rng, p.stopMin);
      // left the start (row 1) and reached the rows after it whose arrival has passed
      const reached = 1 + actual.slice(1).filter((a) => a.arrive !== null).length;
      if (reached < timed.length)
        todayDraft = {
          truck: c.truck,
          line: c.line,
          orderKey: c.order.key,
          state: PLAN_STATE.running,
          plannedKg: plannedKg(),
          timed,
          actual: actual.map((a, k) => (k < reached ? a : { arrive: null, depart: null })),
          maxSeq: reached,
          departedAt: actual[0]?.depart ?? null,
          arrivedAt: null,
          createdAt: sec(depart - rng.range(6, 20) * HOUR),
          publishedAt: sec(depart - rng.range(5, 6) * HOUR),
          distributedAt: sec(depart - rng.range(1, 4) * HOUR),
          remark: null,
        };
    } else if (role === 1 || role === 2) {
      const soon = role === 1;
      const late = !lateGiven && soon;
      if (late) lateGiven = true;
      // the late one should have left 40 minutes ago; the others leave in the next hours
      // (at night: the late one was due the evening before, the others leave in the morning)
      const depart = late
        ? workingUntil(now - 40 * MINUTE)
        : workingFrom(now + (soon ? rng.range(20, 90) : rng.range(120, 300)) * MINUTE, rng);
      const timed = base(depart);
      todayDraft = {
        truck: c.truck,
        line: c.line,
        orderKey: c.order.key,
        state: PLAN_STATE.distributed,
        plannedKg: plannedKg(),
        timed,
        actual: timed.map(() => ({ arrive: null, depart: null })),
        maxSeq: 0,
        departedAt: null,
        arrivedAt: null,
        createdAt: sec(Math.min(now - 3 * HOUR, depart - rng.range(8, 20) * HOUR)),
        publishedAt: sec(Math.min(now - 2 * HOUR, depart - rng.range(6, 8) * HOUR)),
        distributedAt: sec(Math.min(now - rng.range(10, 60) * MINUTE, depart - rng.range(1, 3) * HOUR)),
        remark: late ? '装货地通知：车辆到场后尽快装车发车' : null,
      };
    }
    // the history: finished plans back to 14 days ago, ending before today's plan (or now)
    const until = Math.min(now - HOUR, todayDraft ? (todayDraft.timed[0]?.depart as number) - 2 * HOUR : now);
    let t = dayStart(now - DEMO_PLAN_DAYS * DAY) + rng.range(0, 24) * HOUR;
    for (;;) {
      const depart = departFrom(kind, t, rng);
      const timed = base(depart);
      const roll = rng.next();
      // most leave within a few minutes; some late (warning), a few very late (alarm)
      const lateMin = roll < 0.8 ? rng.int(-5, 8) : roll < 0.93 ? rng.int(16, 29) : rng.int(31, 75);
      const pace = rng.chance(0.8) ? rng.range(0.8, 0.95) : rng.range(1.12, 1.35);
      const actual = runActual(
        timed,
        depart + lateMin * MINUTE,
        pace,
        Number.POSITIVE_INFINITY,
        rng,
        p.stopMin,
      );
      const arrived = actual.at(-1)?.arrive as number;
      if (arrived > until || (timed.at(-1)?.arrive as number) > until) break;
      const lateArrive = arrived > (timed.at(-1)?.arrive as number) + ARRIVE_ALARM * MINUTE;
      history.push({
        truck: c.truck,
        line: c.line,
        orderKey: c.order.key,
        state: PLAN_STATE.finished,
        plannedKg: plannedKg(),
        timed,
        actual,
        maxSeq: timed.length,
        departedAt: actual[0]?.depart ?? null,
        arrivedAt: arrived,
        createdAt: sec(depart - rng.range(10, 30) * HOUR),
        publishedAt: sec(depart - rng.range(6, 9) * HOUR),
        distributedAt: sec(depart - rng.range(1, 5) * HOUR),
        remark: lateMin > DEPART_ALARM || lateArrive ? rng.pick(LATE_REASONS) : null,
      });
      t = arrived + rng.range(...p.gapH) * HOUR;
      // coal trucks drive back empty to the mine before their next plan
      if (kind === 'coal') t += totalMs(timed) * 0.8;
    }
    drafts.push(...history);
    if (todayDraft) drafts.push(todayDraft);
    // tomorrow: the trucks of every other row already have their next plan published
    if (i % 2 === 1) {
      const last = todayDraft ?? history.at(-1);
      const from = Math.max(today + DAY, last ? (last.timed.at(-1)?.arrive as number) + 8 * HOUR : 0);
      const depart = departFrom(kind, from, rng);
      const timed = base(depart);
      drafts.push({
        truck: c.truck,
        line: c.line,
        orderKey: c.order.key,
        state: PLAN_STATE.published,
        plannedKg: plannedKg(),
        timed,
        actual: timed.map(() => ({ arrive: null, depart: null })),
        maxSeq: 0,
        departedAt: null,
        arrivedAt: null,
        createdAt: sec(now - rng.range(1, 5) * HOUR),
        publishedAt: sec(now - rng.range(0.2, 1) * HOUR),
        distributedAt: null,
        remark: null,
      });
    }
  }
  if (drafts.length === 0) return { orders: 0, plans: 0, alarms: 0 };

  // the orders, each from 15 days ago to a month ahead, with room for its plans
  const orderIds = new Map<string, { id: number; orderNo: string }>();
  const logs: LogRow[] = [];
  const admin = (merchantId: number, teamCode: string) => offices(merchantId, teamCode);
  const usedNos = new Set<string>();
  const number = (prefix: string, at: number, rng: Rng) => {
    for (;;) {
      const no = `${prefix}${formatDateTime(new Date(at)).replace(/\D/g, '')}${String(rng.int(0, 9999)).padStart(4, '0')}`;
      if (!usedNos.has(no)) {
        usedNos.add(no);
        return no;
      }
    }
  };
  for (const o of orders.values()) {
    const own = drafts.filter((d) => d.orderKey === o.key);
    if (own.length === 0) continue;
    const rng = Rng.of('demo-order', seed, o.key);
    const startAt = dayStart(now) - 15 * DAY;
    const endAt = dayStart(now) + 30 * DAY - 1000;
    const createdAt = sec(startAt - rng.range(1, 3) * DAY);
    const kg = own.reduce((sum, d) => sum + d.plannedKg, 0);
    const quantity =
      o.unit === 2 ? Math.ceil((own.length * 2) / 10) * 10 : Math.ceil((kg * 2.5) / 1_000_000) * 1_000_000;
    const orderNo = number('DD', createdAt, rng);
    const user = admin(o.merchantId, o.teamCode);
    const row = await tx
      .insertInto('transport_order')
      .values({
        merchant_id: o.merchantId,
        team_code: o.teamCode,
        order_no: orderNo,
        customer_id: o.customerId,
        line_id: o.line.id,
        cargo: o.cargo,
        quantity_unit: o.unit,
        quantity,
        start_at: startAt,
        end_at: endAt,
        status: ORDER_STATUS.open,
        remark: o.unit === 2 ? '门店每日配送' : '按客户月度计划分批发运',
        created_by: user.id,
        deleted_at: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderIds.set(o.key, { id: row.id, orderNo });
    const qty = o.unit === 2 ? `${quantity}车` : `${kgToTons(quantity)}吨`;
    logs.push({
      merchant_id: o.merchantId,
      team_code: o.teamCode,
      page_enum: TRANSPORT_ORDER_RECORD.pageEnum,
      data_id: String(row.id),
      user_id: user.id,
      account_name: user.name,
      content: `新增运输订单 ${orderNo}：${o.line.name}，${o.cargo}，${qty}`,
      created_at: createdAt,
    });
  }

  // the plans, numbered by the time they were made, then their stations: written in batches
  drafts.sort((a, b) => a.createdAt - b.createdAt || a.truck.id - b.truck.id);
  const planRows = drafts.map((d, k) => {
    const o = orders.get(d.orderKey) as OrderDraft;
    const updatedAt = Math.min(
      now,
      Math.max(
        d.publishedAt,
        d.distributedAt ?? 0,
        ...d.actual.flatMap((a) => [a.arrive ?? 0, a.depart ?? 0]),
      ),
    );
    return {
      merchant_id: d.truck.merchant_id,
      team_code: d.truck.team_code,
      plan_no: number('JH', d.createdAt, Rng.of('demo-plan-no', seed, k)),
      state: d.state,
      order_id: orderIds.get(d.orderKey)?.id ?? null,
      customer_id: o.customerId,
      line_id: d.line.id,
      truck_id: d.truck.id,
      driver_id: d.truck.driver_id,
      cargo: o.cargo,
      planned_kg: d.plannedKg,
      planned_depart_at: d.timed[0]?.depart as number,
      planned_arrive_at: d.timed.at(-1)?.arrive as number,
      max_seq: d.maxSeq,
      departed_at: d.departedAt,
      arrived_at: d.arrivedAt,
      published_at: d.publishedAt,
      distributed_at: d.distributedAt,
      cancelled_at: null,
      cancel_reason: null,
      schedule_id: null,
      remark: d.remark,
      created_by: admin(d.truck.merchant_id, d.truck.team_code).id,
      created_at: d.createdAt,
      updated_at: updatedAt,
    };
  });
  const planIds = new Map<string, number>();
  for (let i = 0; i < planRows.length; i += 200)
    for (const r of await tx
      .insertInto('plan')
      .values(planRows.slice(i, i + 200))
      .returning(['id', 'plan_no'])
      .execute())
      planIds.set(r.plan_no, r.id);
  const stationRows: Insertable<Database['plan_station']>[] = [];
  const alarms: Record<string, unknown>[] = [];
  for (const [k, d] of drafts.entries()) {
    const planNo = (planRows[k] as (typeof planRows)[number]).plan_no;
    const planId = planIds.get(planNo) as number;
    stationRows.push(
      ...d.line.rows.map((r, i) => ({
        plan_id: planId,
        seq: i + 1,
        station_type: r.station_type,
        station_id: r.station_id,
        address: r.address,
        distance: r.distance,
        planned_arrive_at: d.timed[i]?.arrive ?? null,
        planned_depart_at: d.timed[i]?.depart ?? null,
        actual_arrive_at: i === 0 ? null : (d.actual[i]?.arrive ?? null),
        actual_depart_at: i === d.line.rows.length - 1 ? null : (d.actual[i]?.depart ?? null),
      })),
    );
    // its log: made and published by the office, handed to the driver, moved by its positions
    const user = admin(d.truck.merchant_id, d.truck.team_code);
    const words = `${d.truck.car_no}，${d.line.name}，${formatDateTime(new Date(d.timed[0]?.depart as number))}发车`;
    const entry = (content: string, at: number, byTruck = false) =>
      logs.push({
        merchant_id: d.truck.merchant_id,
        team_code: d.truck.team_code,
        page_enum: PLAN_RECORD.pageEnum,
        data_id: String(planId),
        user_id: byTruck ? null : user.id,
        account_name: byTruck ? '车辆定位' : user.name,
        content,
        created_at: at,
      });
    entry(`发布计划 ${planNo}：${words}`, d.publishedAt);
    if (d.distributedAt) entry(`下发计划 ${planNo}：已发布→已下发`, d.distributedAt);
    if (d.departedAt)
      entry(`计划开始执行 ${planNo}：驶离${d.line.rows[0]?.name ?? '起点'}`, d.departedAt, true);
    if (d.arrivedAt)
      entry(`计划完成 ${planNo}：到达${d.line.rows.at(-1)?.name ?? '终点'}`, d.arrivedAt, true);
    // today's late departures are raised by the plan monitor as the trucks report
    if (options.alarms && d.departedAt !== null) alarms.push(...timingAlarms(d, planId, planNo, now, seed));
  }
  for (let i = 0; i < stationRows.length; i += 300)
    await tx
      .insertInto('plan_station')
      .values(stationRows.slice(i, i + 300))
      .execute();
  for (let i = 0; i < logs.length; i += 300)
    await tx
      .insertInto('operate_log')
      .values(logs.slice(i, i + 300))
      .execute();
  const handler = await tx
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  const alarmRows = alarms.map((a) => ({ ...a, handler_id: a.handle_status ? (handler?.id ?? null) : null }));
  for (let i = 0; i < alarmRows.length; i += 200)
    await tx
      .insertInto('alarm')
      .values(alarmRows.slice(i, i + 200) as never)
      .execute();
  return { orders: orderIds.size, plans: planRows.length, alarms: alarmRows.length };
}

/**
 * The actual times of a run of `timed` leaving at `leftAt`, each leg taking `pace` times the planned
 * one (jittered) and each stop about as long as planned; rows reached after `until` are left null.
 */
function runActual(
  timed: readonly Timed[],
  leftAt: number,
  pace: number,
  until: number,
  rng: Rng,
  stopMin: number,
): { arrive: number | null; depart: number | null }[] {
  const out: { arrive: number | null; depart: number | null }[] = [];
  let at = leftAt;
  for (const [i, t] of timed.entries()) {
    if (i === 0) {
      out.push({ arrive: null, depart: at <= until ? sec(at) : null });
      continue;
    }
    const legMs = (t.arrive - (timed[i - 1] as Timed).depart) * pace * rng.range(0.95, 1.05);
    const arrive = at + legMs;
    const last = i === timed.length - 1;
    const depart = last ? arrive : arrive + stopMin * MINUTE * rng.range(0.5, 1.05);
    out.push({
      arrive: arrive <= until ? sec(arrive) : null,
      depart: !last && depart <= until ? sec(depart) : null,
    });
    at = depart;
  }
  return out;
}

/** The timing alarms of a plan that left or arrived late (4001–4004), as the plan monitor raises them. */
function timingAlarms(d: PlanDraft, planId: number, planNo: string, now: number, seed: number) {
  const rng = Rng.of('demo-plan-alarms', seed, planNo);
  const out: Record<string, unknown>[] = [];
  const first = d.line.rows[0] as LineStation;
  const last = d.line.rows.at(-1) as LineStation;
  const plannedDepart = d.timed[0]?.depart as number;
  const plannedArrive = d.timed.at(-1)?.arrive as number;
  const alarm = (
    code: number,
    start: number,
    end: number | null,
    at: LineStation,
    speedKmh: number,
    detail: Record<string, unknown>,
  ) => {
    if (start > now) return;
    const handled = end !== null && rng.chance(0.7);
    const closed = end !== null && end <= now ? end : null;
    out.push({
      merchant_id: d.truck.merchant_id,
      team_code: d.truck.team_code,
      truck_id: d.truck.id,
      terminal_id: d.truck.terminal_id,
      driver_id: d.truck.driver_id,
      code,
      source: 2,
      level: null,
      start_time: sec(start),
      end_time: closed === null ? null : sec(closed),
      lat: at.lat,
      lon: at.lon,
      end_lat: closed === null ? null : at.lat,
      end_lon: closed === null ? null : at.lon,
      speed: speedKmh * 10,
      max_speed: speedKmh * 10,
      station_id: at.station_id,
      line_id: d.line.id,
      plan_id: planId,
      // as the plan monitor writes them (telematics/alarms/plan-rules.ts)
      detail: JSON.stringify({ planId, planNo, lineName: d.line.name, ...detail }),
      handle_status: handled && closed !== null ? 1 : 0,
      handle_type: handled && closed !== null ? 1 : null,
      handle_remark: handled && closed !== null ? '已联系司机，了解延误原因' : null,
      handled_at: handled && closed !== null ? sec(closed + rng.range(10, 60) * MINUTE) : null,
      created_at: sec(start),
      updated_at: sec(closed ?? start),
    });
  };
  const departed = d.departedAt;
  const departLate = (departed ?? now) - plannedDepart;
  const departDetail = (minutes: number) => ({
    plannedDepartTime: plannedDepart,
    lateMinutes: minutes,
    thresholdMinutes: minutes,
  });
  // the warning ends where the alarm begins
  const alarmAt = plannedDepart + DEPART_ALARM * MINUTE;
  if (departLate > DEPART_WARN * MINUTE)
    alarm(
      4001,
      plannedDepart + DEPART_WARN * MINUTE,
      departLate > DEPART_ALARM * MINUTE ? alarmAt : departed,
      first,
      0,
      departDetail(DEPART_WARN),
    );
  if (departLate > DEPART_ALARM * MINUTE)
    alarm(4002, alarmAt, departed, first, 0, departDetail(DEPART_ALARM));
  if (d.arrivedAt !== null && d.arrivedAt > plannedArrive + ARRIVE_WARN * MINUTE) {
    // the arrival was seen to come late as the truck left the last stop before the end
    const seenAt = Math.max(d.actual.at(-2)?.depart ?? d.departedAt ?? plannedDepart, plannedDepart);
    const prev = d.line.rows.at(-2) as LineStation;
    alarm(4003, seenAt, seenAt, prev, 60, {
      plannedArriveTime: plannedArrive,
      etaTime: d.arrivedAt,
      distanceLeftMeters: last.distance,
      lateMinutes: Math.ceil((d.arrivedAt - plannedArrive) / MINUTE),
      thresholdMinutes: ARRIVE_WARN,
    });
    if (d.arrivedAt > plannedArrive + ARRIVE_ALARM * MINUTE)
      alarm(4004, plannedArrive + ARRIVE_ALARM * MINUTE, d.arrivedAt, last, 40, {
        plannedArriveTime: plannedArrive,
        lateMinutes: ARRIVE_ALARM,
        thresholdMinutes: ARRIVE_ALARM,
      });
  }
  return out;
}

/** The demo lines as stored, by merchant and name, with their station rows and the road's km. */
async function plannedLines(tx: Kysely<Database>): Promise<Map<string, PlannedLine>> {
  const rows = await tx
    .selectFrom('line as l')
    .innerJoin('line_station as ls', 'ls.line_id', 'l.id')
    .leftJoin('station as s', 's.id', 'ls.station_id')
    .select([
      'l.id',
      'l.merchant_id',
      'l.name as line_name',
      'l.cargo',
      'ls.seq',
      'ls.station_type',
      'ls.station_id',
      'ls.address',
      'ls.distance',
      'ls.lat',
      'ls.lon',
      's.name',
    ])
    .where('l.deleted_at', 'is', null)
    .orderBy('l.id')
    .orderBy('ls.seq')
    .execute();
  const out = new Map<string, PlannedLine>();
  for (const r of rows) {
    const key = `${r.merchant_id}:${r.line_name}`;
    let line = out.get(key);
    if (!line) {
      const demo = DEMO_LINES.find((l) => l.name === r.line_name);
      if (!demo) continue;
      line = {
        id: r.id,
        name: r.line_name,
        cargo: r.cargo ?? '',
        rows: [],
        km: demoStationKm(demo),
        kind: demo.kind,
      };
      out.set(key, line);
    }
    line.rows.push({
      seq: r.seq,
      station_type: r.station_type,
      station_id: r.station_id,
      address: r.address,
      distance: Number(r.distance),
      name: r.name,
      lat: Number(r.lat),
      lon: Number(r.lon),
    });
  }
  // only lines whose stored rows match the road's stations
  for (const [key, line] of out) if (line.rows.length !== line.km.length) out.delete(key);
  return out;
}
