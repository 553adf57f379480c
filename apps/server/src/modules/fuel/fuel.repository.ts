import {
  ABNORMAL_OIL_TYPE,
  ABNORMAL_OIL_TYPE_LABELS,
  type AbnormalOilType,
  COST_TYPE,
  DAY_MS,
  FUEL_EVENT_KIND,
  FUEL_EVENT_STATE,
  FUEL_EVENT_STATE_LABELS,
  type FuelEventState,
  fenToYuan,
  formatDate,
  formatDateTime,
  fuelPercent,
  parseDateTime,
  startOfShanghaiDay,
} from '@fleet/domain';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { inScope } from '../../http/scope';
import { blank, teamFilter } from '../../records/filters';
import { costWindow, MATCH_WINDOW_MS } from './fuel-reconcile';

// The read side of fuel: refuel records (加油记录), their daily trend, 异常油耗 (drains, rises without
// a record, refuel costs without a refuel) and the level of a truck's tank over time. Litres are
// tenths in the database and one-decimal litres in the API; money fen and yuan.

type Db = Kysely<Database>;

export const FUEL_LABELS = {
  truckId: '车牌号',
  teamCode: '所属车队',
  beginTime: '开始时间',
  endTime: '结束时间',
  state: '状态',
  abnormalType: '异常类型',
  kind: '类型',
  rows: '标定数据',
  reading: '传感器读数',
  litres: '油量',
  thin: '抽稀',
};

/** Longest period a fuel list reads at once. */
export const MAX_FUEL_DAYS = 366;

const timeField = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .max(30)
      .refine((t) => parseDateTime(t) !== null, `${label}格式应为YYYY-MM-DD HH:mm:ss`)
      .optional(),
  );
export const idFilter = (message: string) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).positive(message).optional());

export const fuelFilter = z.object({
  truckId: idFilter('请选择车辆'),
  teamCode: teamFilter,
  beginTime: timeField('开始时间'),
  endTime: timeField('结束时间'),
  state: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((v) => v in FUEL_EVENT_STATE_LABELS, '状态不正确')
      .optional(),
  ),
  abnormalType: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((v) => v in ABNORMAL_OIL_TYPE_LABELS, '异常类型不正确')
      .optional(),
  ),
});
export type FuelFilter = z.output<typeof fuelFilter>;

/** The period of a filter: given times, or by default the last 7 days up to now. */
export function periodOf(
  f: Pick<FuelFilter, 'beginTime' | 'endTime'>,
  now: number,
): { from: number; to: number } {
  const to = f.endTime
    ? (parseDateTime(f.endTime) as Date).getTime() + (/\d:\d\d$/.test(f.endTime) ? 999 : DAY_MS - 1)
    : now;
  const from = f.beginTime ? (parseDateTime(f.beginTime) as Date).getTime() : to - 7 * DAY_MS;
  if (from > to) throw badInput('开始时间不能晚于结束时间');
  if (to - from > MAX_FUEL_DAYS * DAY_MS) throw badInput(`查询时间范围不能超过${MAX_FUEL_DAYS}天`);
  return { from, to };
}

export const litresText = (tenths: number | null | undefined) =>
  tenths === null || tenths === undefined ? null : Math.round(tenths) / 10;
const timeText = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : formatDateTime(new Date(ms));
const micro = (v: number) => Math.round(v) / 1e6;

function eventQuery(db: Db, auth: AuthContext, f: FuelFilter, period: { from: number; to: number }) {
  let q = db
    .selectFrom('fuel_event')
    .innerJoin('truck', 'truck.id', 'fuel_event.truck_id')
    .leftJoin('team', (j) =>
      j
        .onRef('team.merchant_id', '=', 'fuel_event.merchant_id')
        .onRef('team.team_code', '=', 'fuel_event.team_code'),
    )
    .leftJoin('driver', 'driver.id', 'fuel_event.driver_id')
    .leftJoin('cost', 'cost.id', 'fuel_event.cost_id')
    .where(inScope(auth.scope, 'fuel_event'))
    .where('fuel_event.start_time', '>=', period.from)
    .where('fuel_event.start_time', '<=', period.to);
  if (f.truckId) q = q.where('fuel_event.truck_id', '=', f.truckId);
  if (f.teamCode) q = q.where('fuel_event.team_code', 'like', `${f.teamCode}%`);
  return q;
}

const EVENT_COLUMNS = [
  'fuel_event.id',
  'fuel_event.truck_id',
  'fuel_event.kind',
  'fuel_event.start_time',
  'fuel_event.end_time',
  'fuel_event.lat',
  'fuel_event.lon',
  'fuel_event.before_fuel',
  'fuel_event.after_fuel',
  'fuel_event.litres',
  'fuel_event.parked',
  'fuel_event.state',
  'fuel_event.cost_id',
  'fuel_event.alarm_id',
  'truck.car_no',
  'truck.vin',
  'truck.tank_capacity',
  'team.team_name',
  'driver.name as driver_name',
  'cost.amount as cost_amount',
  'cost.quantity as cost_quantity',
  'cost.place as cost_place',
  'cost.occurred_at as cost_time',
  'cost.cost_date as cost_date',
] as const;

interface EventRow {
  id: number;
  truck_id: number;
  kind: number;
  start_time: number;
  end_time: number;
  lat: number;
  lon: number;
  before_fuel: number;
  after_fuel: number;
  litres: number;
  parked: number;
  state: number;
  cost_id: number | null;
  alarm_id: number | null;
  car_no: string;
  vin: string;
  tank_capacity: number | null;
  team_name: string | null;
  driver_name: string | null;
  cost_amount: number | null;
  cost_quantity: number | null;
  cost_place: string | null;
  cost_time: number | null;
  cost_date: string | null;
}

/** A refuel record (or any fuel event) as the API answers it. */
export function eventView(r: EventRow) {
  return {
    id: r.id,
    truckId: r.truck_id,
    carNo: r.car_no,
    vin: r.vin,
    teamName: r.team_name ?? '',
    driverName: r.driver_name ?? '',
    kind: r.kind,
    kindName: r.kind === FUEL_EVENT_KIND.refuel ? '加油' : '掉油',
    startTime: timeText(r.start_time),
    endTime: timeText(r.end_time),
    lat: micro(r.lat),
    lng: micro(r.lon),
    place: r.cost_place ?? '',
    beforeOil: litresText(r.before_fuel),
    afterOil: litresText(r.after_fuel),
    changeOil: litresText(r.litres),
    beforePercent: fuelPercent(r.before_fuel, r.tank_capacity),
    afterPercent: fuelPercent(r.after_fuel, r.tank_capacity),
    tankCapacity: r.tank_capacity,
    parked: r.parked === 1,
    state: r.state,
    stateName: FUEL_EVENT_STATE_LABELS[r.state as FuelEventState] ?? '',
    costId: r.cost_id,
    costAmount: r.cost_amount === null ? null : fenToYuan(r.cost_amount),
    costLitres: r.cost_quantity === null ? null : Math.round(r.cost_quantity / 10) / 10,
    costTime: r.cost_time !== null ? timeText(r.cost_time) : (r.cost_date ?? ''),
    alarmId: r.alarm_id,
  };
}
export type FuelEventView = ReturnType<typeof eventView>;

/** Refuel records of a filter, newest first: a page, the count and the totals. */
export async function refuelRecords(
  db: Db,
  auth: AuthContext,
  f: FuelFilter,
  now: number,
  page: { offset: number; limit: number } | null,
) {
  const period = periodOf(f, now);
  let q = eventQuery(db, auth, f, period).where('fuel_event.kind', '=', FUEL_EVENT_KIND.refuel);
  if (f.state) q = q.where('fuel_event.state', '=', f.state);
  const sums = await q
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('fuel_event.litres').as('litres'),
      eb.fn.sum<number>('cost.amount').as('amount'),
      eb.fn.sum<number>(sql`case when fuel_event.state = 1 then 1 else 0 end`).as('matched'),
    ])
    .executeTakeFirstOrThrow();
  let rows = q
    .select(EVENT_COLUMNS)
    .orderBy('fuel_event.start_time', 'desc')
    .orderBy('fuel_event.id', 'desc');
  if (page) rows = rows.offset(page.offset).limit(page.limit);
  const list = (await rows.execute()).map((r) => eventView(r as EventRow));
  const total = Number(sums.n);
  return {
    list,
    total,
    totals: {
      count: total,
      litres: litresText(Number(sums.litres ?? 0)),
      amount: fenToYuan(Number(sums.amount ?? 0)),
      matched: Number(sums.matched ?? 0),
      unmatched: total - Number(sums.matched ?? 0),
    },
  };
}

/** Litres put in per Shanghai day of the period (days without a refuel included, at most 366). */
export async function refuelTendency(db: Db, auth: AuthContext, f: FuelFilter, now: number) {
  const period = periodOf(f, now);
  const rows = await eventQuery(db, auth, f, period)
    .where('fuel_event.kind', '=', FUEL_EVENT_KIND.refuel)
    .select(['fuel_event.start_time', 'fuel_event.litres', 'cost.amount as amount'])
    .execute();
  const days = new Map<string, { litres: number; count: number; amount: number }>();
  for (let t = startOfShanghaiDay(new Date(period.from)).getTime(); t <= period.to; t += DAY_MS)
    days.set(formatDate(new Date(t)), { litres: 0, count: 0, amount: 0 });
  for (const r of rows) {
    const day = formatDate(new Date(r.start_time));
    const d = days.get(day) ?? { litres: 0, count: 0, amount: 0 };
    d.litres += r.litres;
    d.count++;
    d.amount += r.amount ?? 0;
    days.set(day, d);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, d]) => ({ day, litres: litresText(d.litres), count: d.count, amount: fenToYuan(d.amount) }));
}

/**
 * Refuel costs of the scope and period with no refuel in the tank: no refuel event of the truck
 * within ±2 hours (the cost's day when it has no time), once the truck's positions were scanned
 * past that time and hold readings around it (付款未加油).
 */
export async function paidNotFilled(
  db: Db,
  auth: AuthContext,
  f: FuelFilter,
  period: { from: number; to: number },
) {
  let q = db
    .selectFrom('cost')
    .innerJoin('truck', 'truck.id', 'cost.truck_id')
    .innerJoin('fuel_scan', 'fuel_scan.truck_id', 'cost.truck_id')
    .leftJoin('team', (j) =>
      j.onRef('team.merchant_id', '=', 'cost.merchant_id').onRef('team.team_code', '=', 'cost.team_code'),
    )
    .leftJoin('driver', 'driver.id', 'cost.driver_id')
    .where(inScope(auth.scope, 'cost'))
    .where('cost.cost_type', '=', COST_TYPE.refuel)
    .where('cost.deleted_at', 'is', null)
    .where('cost.cost_at', '>=', period.from - DAY_MS)
    .where('cost.cost_at', '<=', period.to)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('fuel_event as fe').select('fe.id').whereRef('fe.cost_id', '=', 'cost.id')),
      ),
    );
  if (f.truckId) q = q.where('cost.truck_id', '=', f.truckId);
  if (f.teamCode) q = q.where('cost.team_code', 'like', `${f.teamCode}%`);
  const costs = await q
    .select([
      'cost.id',
      'cost.truck_id',
      'cost.occurred_at',
      'cost.cost_at',
      'cost.cost_date',
      'cost.amount',
      'cost.quantity',
      'cost.place',
      'fuel_scan.scanned_until',
      'truck.car_no',
      'truck.vin',
      'truck.tank_capacity',
      'team.team_name',
      'driver.name as driver_name',
    ])
    .execute();
  const found = [];
  for (const c of costs) {
    const [from, to] = costWindow(c);
    const at = c.occurred_at ?? c.cost_at;
    if (at < period.from || at > period.to) continue;
    if (c.scanned_until < to) continue;
    const refuel = await db
      .selectFrom('fuel_event')
      .select('id')
      .where('truck_id', '=', c.truck_id)
      .where('kind', '=', FUEL_EVENT_KIND.refuel)
      .where('start_time', '<=', to)
      .where('end_time', '>=', from)
      .limit(1)
      .executeTakeFirst();
    if (refuel) continue;
    // positions with a reading on both sides of the time
    const seen = await db
      .selectFrom('position')
      .select((eb) => [eb.fn.min('time').as('first'), eb.fn.max('time').as('last')])
      .where('truck_id', '=', c.truck_id)
      .where('time', '>=', from - MATCH_WINDOW_MS)
      .where('time', '<=', to + MATCH_WINDOW_MS)
      .where('fuel', 'is not', null)
      .executeTakeFirst();
    const first = seen?.first === null || seen?.first === undefined ? null : Number(seen.first);
    const last = seen?.last === null || seen?.last === undefined ? null : Number(seen.last);
    if (
      first === null ||
      last === null ||
      first > (c.occurred_at ?? from + DAY_MS / 2) ||
      last < (c.occurred_at ?? from + DAY_MS / 2)
    )
      continue;
    found.push(c);
  }
  return found;
}

/** One row of 异常油耗 with its evidence. */
export interface AbnormalRow {
  key: string;
  abnormalType: AbnormalOilType;
  abnormalTypeName: string;
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  driverName: string;
  time: string;
  endTime: string;
  lat: number | null;
  lng: number | null;
  place: string;
  beforeOil: number | null;
  afterOil: number | null;
  changeOil: number | null;
  costId: number | null;
  costAmount: string | null;
  costLitres: number | null;
  eventId: number | null;
  alarmId: number | null;
  evidence: string;
  sortAt: number;
}

/** 异常油耗 of a filter, newest first: drains, rises without a record, refuel costs without a refuel. */
export async function abnormalRows(
  db: Db,
  auth: AuthContext,
  f: FuelFilter,
  now: number,
): Promise<AbnormalRow[]> {
  const period = periodOf(f, now);
  const type = f.abnormalType;
  const rows: AbnormalRow[] = [];
  if (type !== ABNORMAL_OIL_TYPE.paidNotFilled) {
    const stateOf: Record<number, number> = {
      [ABNORMAL_OIL_TYPE.drainParked]: FUEL_EVENT_STATE.drainParked,
      [ABNORMAL_OIL_TYPE.drainMoving]: FUEL_EVENT_STATE.drainMoving,
      [ABNORMAL_OIL_TYPE.riseNoRecord]: FUEL_EVENT_STATE.noRecord,
    };
    const states: number[] = type
      ? [stateOf[type] ?? 0]
      : [FUEL_EVENT_STATE.drainParked, FUEL_EVENT_STATE.drainMoving, FUEL_EVENT_STATE.noRecord];
    const events = await eventQuery(db, auth, f, period)
      .where('fuel_event.state', 'in', states)
      .select(EVENT_COLUMNS)
      .execute();
    for (const r of events) {
      const v = eventView(r as EventRow);
      const abnormalType =
        r.state === FUEL_EVENT_STATE.noRecord
          ? ABNORMAL_OIL_TYPE.riseNoRecord
          : r.state === FUEL_EVENT_STATE.drainParked
            ? ABNORMAL_OIL_TYPE.drainParked
            : ABNORMAL_OIL_TYPE.drainMoving;
      const evidence =
        abnormalType === ABNORMAL_OIL_TYPE.riseNoRecord
          ? `油量由${v.beforeOil}L升至${v.afterOil}L（+${v.changeOil}L），前后2小时内无对应加油记录`
          : `${v.parked ? '停车' : '行驶'}期间油量由${v.beforeOil}L降至${v.afterOil}L（-${v.changeOil}L）` +
            (r.alarm_id ? `，已触发疑似偷油报警（报警ID ${r.alarm_id}）` : '');
      rows.push({
        key: `e${r.id}`,
        abnormalType,
        abnormalTypeName: ABNORMAL_OIL_TYPE_LABELS[abnormalType],
        truckId: r.truck_id,
        carNo: v.carNo,
        vin: v.vin,
        teamName: v.teamName,
        driverName: v.driverName,
        time: v.startTime,
        endTime: v.endTime,
        lat: v.lat,
        lng: v.lng,
        place: '',
        beforeOil: v.beforeOil,
        afterOil: v.afterOil,
        changeOil: v.changeOil,
        costId: null,
        costAmount: null,
        costLitres: null,
        eventId: r.id,
        alarmId: r.alarm_id,
        evidence,
        sortAt: r.start_time,
      });
    }
  }
  if (!type || type === ABNORMAL_OIL_TYPE.paidNotFilled) {
    for (const c of await paidNotFilled(db, auth, f, period)) {
      const litres = c.quantity === null ? null : Math.round(c.quantity / 10) / 10;
      const when = c.occurred_at !== null ? timeText(c.occurred_at) : c.cost_date;
      rows.push({
        key: `c${c.id}`,
        abnormalType: ABNORMAL_OIL_TYPE.paidNotFilled,
        abnormalTypeName: ABNORMAL_OIL_TYPE_LABELS[ABNORMAL_OIL_TYPE.paidNotFilled],
        truckId: c.truck_id,
        carNo: c.car_no,
        vin: c.vin,
        teamName: c.team_name ?? '',
        driverName: c.driver_name ?? '',
        time: when,
        endTime: '',
        lat: null,
        lng: null,
        place: c.place ?? '',
        beforeOil: null,
        afterOil: null,
        changeOil: litres,
        costId: c.id,
        costAmount: fenToYuan(c.amount),
        costLitres: litres,
        eventId: null,
        alarmId: null,
        evidence: `${when}加油记录${litres === null ? '' : ` ${litres}L`}、金额${fenToYuan(c.amount)}元，${c.occurred_at !== null ? '前后2小时内' : '当天'}油箱油量未见上升`,
        sortAt: c.occurred_at ?? c.cost_at,
      });
    }
  }
  return rows.sort((a, b) => b.sortAt - a.sortAt || a.key.localeCompare(b.key));
}
