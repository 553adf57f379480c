import { COST_TYPE, type CostType, costAmountFen, DAY_MS, formatDate } from '@fleet/domain';
import type { InsertObject, Kysely } from 'kysely';
import { type CostInsert, costLine, costRuleError, shanghaiDayStart } from '../../modules/costs/cost-write';
import { Rng } from '../../simulator/rng';
import type { Database } from '../schema';

// Demo costs (成本中心, issue 15): from the fleet's past trips (demo-energy), the fuel trucks' refuel
// costs of the weeks before the fuel demo's two days: a truck refuels after the trip that brings its
// fuel used since the last refuel past 220–300 L (150–400 L at 7.30–8.10 元/L, paid by fuel card at
// the end of that trip), the trunk and coal trucks' tolls of their long trips up to the seed (linked
// to the trip),
// a few services and sundry costs, and the depreciation terms of the own trucks. Every row passes
// the form's rules (costRuleError). The same costs for the same `now` and trips.

/** Days of costs before the seed; the last FUEL_DEMO_DAYS are the fuel demo's own. */
const COST_DAYS = 60;
const FUEL_DEMO_DAYS = 3;

const STATIONS = [
  '中石化京藏高速怀来服务区加油站',
  '中石油张家口宣化加油站',
  '中石化集宁服务区加油站',
  '中石化呼和浩特金桥加油站',
  '中石油鄂尔多斯东胜加油站',
  '中石化天津港保税区加油站',
  '中石油唐山丰南加油站',
];
const TOLLS = ['京藏高速', '京新高速', '荣乌高速', '包茂高速', '京津塘高速'];
const SUNDRY = [
  { remark: '洗车', min: 3000, max: 8000 },
  { remark: '停车费', min: 1000, max: 4000 },
  { remark: '过磅费', min: 1000, max: 3000 },
  { remark: '篷布绳索', min: 8000, max: 20000 },
];

export async function seedDemoCosts(
  tx: Kysely<Database>,
  adminId: number | null,
  now: number,
): Promise<number> {
  const rng = new Rng(now % 2_147_483_647 || 15);
  const until = now - FUEL_DEMO_DAYS * DAY_MS;
  const since = now - COST_DAYS * DAY_MS;
  const trucks = await tx
    .selectFrom('truck')
    .select([
      'id',
      'merchant_id',
      'team_code',
      'driver_id',
      'fuel_type',
      'car_info_type',
      'register_date',
      'car_no',
    ])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const trips = await tx
    .selectFrom('trip')
    .select(['id', 'truck_id', 'driver_id', 'end_time', 'mileage', 'fuel_used'])
    .where('start_time', '>=', since)
    .where('end_time', 'is not', null)
    .where('end_time', '<', now)
    .orderBy('truck_id')
    .orderBy('start_time')
    .execute();
  const byTruck = new Map<number, typeof trips>();
  for (const t of trips) {
    const list = byTruck.get(t.truck_id) ?? [];
    list.push(t);
    byTruck.set(t.truck_id, list);
  }

  // a cost fee type of the logistics merchant's own (自定义费用类型), shown on 杂费 with the sundry costs
  const logistics = trucks.find((t) => t.team_code.startsWith('1000001'));
  const tyres = logistics
    ? await tx
        .insertInto('fee_type')
        .values({
          merchant_id: logistics.merchant_id,
          team_code: '1000001',
          fee_name: '轮胎费',
          fee_kind: 2,
          fee_type_app: 1,
          built_in: 0,
          sort: 20,
          remark: '轮胎更换与修补',
          valid: 1,
          created_by: adminId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    : null;

  const rows: InsertObject<Database, 'cost'>[] = [];
  const add = (
    truck: (typeof trucks)[number],
    c: Omit<CostInsert, 'merchantId' | 'teamCode' | 'truckId'>,
  ) => {
    const insert: CostInsert = {
      merchantId: truck.merchant_id,
      teamCode: truck.team_code,
      truckId: truck.id,
      ...c,
    };
    const error = costRuleError(insert);
    if (error) throw new Error(`demo cost of ${truck.car_no}: ${error}`);
    rows.push({
      merchant_id: insert.merchantId,
      team_code: insert.teamCode,
      truck_id: insert.truckId,
      driver_id: insert.driverId ?? null,
      cost_type: insert.costType,
      fee_type_id: insert.feeTypeId ?? null,
      cost_date: insert.costDate,
      cost_at: shanghaiDayStart(insert.costDate),
      occurred_at: insert.occurredAt ?? null,
      amount: insert.amount,
      quantity: insert.quantity ?? null,
      unit_price: insert.unitPrice ?? null,
      waybill_id: null,
      trip_id: insert.tripId ?? null,
      // the line of the plan or waybill its trip ran for, as the cost form writes it
      line_id: costLine(null, insert.tripId),
      pay_method: insert.payMethod ?? null,
      place: insert.place ?? null,
      invoice_images: null,
      remark: insert.remark ?? null,
      source: 1,
      created_by: adminId,
      created_at: (insert.occurredAt ?? shanghaiDayStart(insert.costDate)) + 30 * 60_000,
      updated_at: (insert.occurredAt ?? shanghaiDayStart(insert.costDate)) + 30 * 60_000,
      deleted_at: null,
    });
  };
  const date = (ms: number) => formatDate(new Date(ms));

  for (const truck of trucks) {
    const own = byTruck.get(truck.id) ?? [];
    const fuelled = truck.fuel_type !== 2;
    let used = 0;
    let next = 2200 + rng.int(0, 800);
    for (const trip of own) {
      const end = Number(trip.end_time);
      const km = Number(trip.mileage) / 10;
      // the fuel demo's last days keep its own refuel costs (reconciled against the tank)
      if (fuelled && end < until) {
        used += trip.fuel_used == null ? Math.round(km * 3.3) : Number(trip.fuel_used);
        if (used >= next) {
          // litres in hundredths: what the trips used since the last refuel, 150–400 L
          const litres = Math.min(40_000, Math.max(15_000, used * 10 + rng.int(-500, 1500)));
          const price = rng.int(730, 810);
          const at = end + rng.int(5, 25) * 60_000;
          add(truck, {
            costType: COST_TYPE.refuel as CostType,
            costDate: date(at),
            occurredAt: at,
            amount: costAmountFen(litres, price),
            quantity: litres,
            unitPrice: price,
            driverId: trip.driver_id ?? truck.driver_id,
            payMethod: rng.int(0, 9) < 8 ? 1 : 2,
            place: STATIONS[rng.int(0, STATIONS.length - 1)],
          });
          used = 0;
          next = 2200 + rng.int(0, 800);
        }
      }
      if (km >= 120 && truck.team_code !== '10000010020001') {
        const at = end - rng.int(5, 40) * 60_000;
        add(truck, {
          costType: COST_TYPE.roadBridge as CostType,
          costDate: date(at),
          occurredAt: at,
          // about 0.95 元 a km for a heavy truck, to the fen
          amount: Math.round(km * rng.int(88, 102)),
          tripId: trip.id,
          driverId: trip.driver_id ?? truck.driver_id,
          payMethod: 1,
          place: TOLLS[rng.int(0, TOLLS.length - 1)],
          remark: 'ETC',
        });
      }
    }
    // a service every few trucks, and sundry costs
    if (truck.id % 6 === 0) {
      const day = now - rng.int(8, 25) * DAY_MS;
      add(truck, {
        costType: COST_TYPE.maintenance as CostType,
        costDate: date(day),
        amount: rng.int(80_000, 260_000),
        payMethod: 3,
        place: truck.team_code === '10000010020001' ? '天津港保税区重卡服务站' : '鄂尔多斯东胜重卡服务站',
        remark: '更换机油、机滤、空滤',
      });
    }
    if (tyres && truck.merchant_id === logistics?.merchant_id && truck.id % 7 === 3) {
      const day = now - rng.int(3, 50) * DAY_MS;
      const count = rng.int(2, 6);
      add(truck, {
        costType: COST_TYPE.custom as CostType,
        feeTypeId: tyres.id,
        costDate: date(day),
        amount: count * rng.int(180_000, 260_000),
        driverId: truck.driver_id,
        payMethod: 3,
        place: '鄂尔多斯东胜轮胎店',
        remark: `更换轮胎${count}条`,
      });
    }
    for (const k of [1, 2]) {
      if ((truck.id + k) % 3 !== 0) continue;
      const s = SUNDRY[rng.int(0, SUNDRY.length - 1)] as (typeof SUNDRY)[number];
      const day = now - rng.int(2 + (k - 1) * 28, 28 * k) * DAY_MS;
      add(truck, {
        costType: COST_TYPE.sundry as CostType,
        costDate: date(day),
        amount: rng.int(s.min, s.max),
        driverId: truck.driver_id,
        payMethod: 2,
        place: truck.team_code === '10000010020001' ? '天津港散货物流中心' : '鄂尔多斯东胜物流园',
        remark: s.remark,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 300)
    await tx
      .insertInto('cost')
      .values(rows.slice(i, i + 300))
      .execute();

  // the own trucks' purchase and life: 32–46万, 6 to 10 years, 5% residual
  const terms = trucks
    .filter((t) => t.car_info_type !== 3)
    .map((t) => {
      const price = rng.int(3_200, 4_600) * 10_000;
      // bought up to a year before registration shows, or 7 months to 4 years ago without one
      const registered =
        t.register_date && /^\d{4}-\d{2}-\d{2}$/.test(t.register_date)
          ? shanghaiDayStart(t.register_date)
          : null;
      const bought = date(
        registered === null ? now - rng.int(200, 1400) * DAY_MS : registered - rng.int(0, 365) * DAY_MS,
      );
      return {
        truck_id: t.id,
        merchant_id: t.merchant_id,
        team_code: t.team_code,
        purchase_price: price,
        purchase_date: bought,
        // 6 to 10 years: every demo truck still depreciates
        life_months: 12 * rng.int(6, 10),
        residual: Math.round(price * 0.05),
        updated_by: adminId,
        updated_at: now,
      };
    });
  for (let i = 0; i < terms.length; i += 300)
    await tx
      .insertInto('truck_depreciation')
      .values(terms.slice(i, i + 300))
      .execute();
  return rows.length;
}
