import type { EnumOption } from './enum-label';

// What the dispatcher does with a plan besides moving its state: a text to the truck's terminal
// (计划通知, JT/T 808 0x8300) and the plan's cost estimate (成本估算), shared by the API and the pages.

/** The answer to a plan notice: the terminal's 0x0001 result (0–3), or why it was not delivered. */
export const PLAN_NOTICE_RESULTS = [
  { value: 0, label: '成功' },
  { value: 1, label: '失败' },
  { value: 2, label: '消息有误' },
  { value: 3, label: '不支持' },
  { value: 4, label: '终端不在线' },
  { value: 5, label: '终端未应答' },
  { value: 6, label: '车辆未绑定终端' },
] as const satisfies readonly EnumOption[];

export const PLAN_NOTICE_RESULT = {
  ok: 0,
  failed: 1,
  badMessage: 2,
  unsupported: 3,
  offline: 4,
  silent: 5,
  noTerminal: 6,
} as const;

export function planNoticeResultName(result: number): string {
  return PLAN_NOTICE_RESULTS.find((r) => r.value === result)?.label ?? `终端应答 ${result}`;
}

/** At most this many characters go in one notice (GBK, within one JT/T 808 frame). */
export const PLAN_NOTICE_MAX_CHARS = 300;

/** What a plan notice says of a plan when the dispatcher writes no text of their own. */
export interface NoticePlan {
  planNo: string;
  lineName: string;
  carNo: string;
  cargo: string;
  /** Tons as shown, '' when not planned. */
  plannedTons: string;
  stations: { address: string; arriveTime: string; departTime: string }[];
}

/** 'MM-DD HH:mm' of 'YYYY-MM-DD HH:mm:ss', '' stays ''. */
const short = (time: string) => time.slice(5, 16);

/**
 * The plan as one text for the terminal's screen: number, line, each station with its planned
 * times, cargo; cut to PLAN_NOTICE_MAX_CHARS.
 */
export function planNoticeText(p: NoticePlan): string {
  const last = p.stations.length - 1;
  const stations = p.stations.map((s, i) => {
    const times = [
      i > 0 && s.arriveTime ? `${short(s.arriveTime)}到` : '',
      i < last && s.departTime ? `${short(s.departTime)}发` : '',
    ].filter((x) => x !== '');
    return `${i + 1}.${s.address}${times.length ? ` ${times.join(' ')}` : ''}`;
  });
  const cargo = [p.cargo, p.plannedTons ? `${p.plannedTons}吨` : ''].filter((x) => x !== '').join(' ');
  const text = [
    `发车计划${p.planNo}`,
    p.lineName ? `线路：${p.lineName}` : '',
    p.carNo ? `车辆：${p.carNo}` : '',
    stations.length ? `站点：${stations.join('；')}` : '',
    cargo ? `货物：${cargo}` : '',
  ]
    .filter((x) => x !== '')
    .join('，');
  return text.length > PLAN_NOTICE_MAX_CHARS ? `${text.slice(0, PLAN_NOTICE_MAX_CHARS - 1)}…` : text;
}

/** a / b rounded half up, for non-negative integers. */
function divRound(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}

/**
 * A fuel rate as a fraction: `num / den` litres per km. From trips: fuel used (0.1 L) over mileage
 * (0.1 km); from a setting of `x` litres per 100 km given in 0.1 L: x / 1000.
 */
export interface FuelRate {
  num: number;
  den: number;
}

/** The rate in L/100 km, one decimal. */
export function fuelPer100Km(rate: FuelRate): string {
  return (divRound(BigInt(rate.num) * 1000n, BigInt(rate.den)) / 10).toFixed(1);
}

/** Driver pay settings: SALARY_SETTLE_TYPES (1 per trip, 2 per ton, 3 per ton-km), unit price in fen. */
export interface PaySetting {
  settleType: number;
  unitPriceFen: number;
}

export interface PlanCostInput {
  distanceM: number;
  plannedKg: number;
  fuel: FuelRate;
  fuelPriceFen: number;
  tollFenPerKm: number;
  pay: PaySetting | null;
}

export interface PlanCostFigures {
  /** Litres in 0.01 L. */
  fuelCentilitres: number;
  fuelFen: number;
  tollFen: number;
  driverPayFen: number;
  totalFen: number;
}

/**
 * The estimate, each part rounded half up to the fen once (exact integer arithmetic): fuel =
 * km × L/km × price, tolls = km × toll per km, driver pay = the unit price per trip, per ton of the
 * planned weight, or per ton-km of it over the distance.
 */
export function planCost(c: PlanCostInput): PlanCostFigures {
  const d = BigInt(Math.max(0, Math.round(c.distanceM)));
  const kg = BigInt(Math.max(0, Math.round(c.plannedKg)));
  const num = BigInt(c.fuel.num);
  const den = BigInt(c.fuel.den);
  const fuelCentilitres = den > 0n ? divRound(d * num * 100n, 1000n * den) : 0;
  const fuelFen = den > 0n ? divRound(d * num * BigInt(c.fuelPriceFen), 1000n * den) : 0;
  const tollFen = divRound(d * BigInt(c.tollFenPerKm), 1000n);
  let driverPayFen = 0;
  if (c.pay) {
    const unit = BigInt(c.pay.unitPriceFen);
    if (c.pay.settleType === 1) driverPayFen = Number(unit);
    else if (c.pay.settleType === 2) driverPayFen = divRound(unit * kg, 1000n);
    else if (c.pay.settleType === 3) driverPayFen = divRound(unit * kg * d, 1_000_000n);
  }
  return { fuelCentilitres, fuelFen, tollFen, driverPayFen, totalFen: fuelFen + tollFen + driverPayFen };
}
