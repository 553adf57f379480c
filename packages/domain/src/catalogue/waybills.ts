import { type EnumOption, enumLabel } from './enum-label';
import { waybillStateName } from './enums';

// The rules of a waybill (运单) that web and server share: its states and the moves between them,
// who made a move, the weighbridge arithmetic and the freight, to the fen.

/** Who or what made a waybill or moved it: the `source` of a waybill and of a status-flow row. */
export const WAYBILL_SOURCES = [
  { value: 1, label: '调度' },
  { value: 2, label: '司机' },
  { value: 3, label: '车辆定位' },
  { value: 4, label: '扫码' },
  { value: 5, label: '导入' },
] as const satisfies readonly EnumOption[];

export type WaybillSource = (typeof WAYBILL_SOURCES)[number]['value'];

export const WAYBILL_SOURCE = {
  office: 1,
  driver: 2,
  gps: 3,
  scan: 4,
  import: 5,
} as const satisfies Record<string, WaybillSource>;

export function waybillSourceName(value: number | string | null | undefined): string {
  return enumLabel(WAYBILL_SOURCES, value);
}

/** The states of business section 3 by name (5 is not a state). */
export const WAYBILL_STATE = {
  toLoad: 1,
  loading: 2,
  inTransit: 3,
  arrived: 4,
  completed: 6,
} as const;

/** A cancelled waybill keeps the state it was cancelled in; lists show it as 已取消. */
export const WAYBILL_CANCELLED_NAME = '已取消';

/**
 * What a waybill-tabulation review (运单制表审核, `approval`) says of a waybill a driver or the
 * scan-code page made: the office checks it before it counts. Office and imported waybills need none.
 */
export const WAYBILL_APPROVAL_STATES = [
  { value: 0, label: '无需审核' },
  { value: 1, label: '待审核' },
  { value: 2, label: '已审核' },
  { value: 3, label: '已驳回' },
] as const satisfies readonly EnumOption[];

export const WAYBILL_APPROVAL = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

export function waybillApprovalName(value: number | string | null | undefined): string {
  return enumLabel(WAYBILL_APPROVAL_STATES, value);
}

/** What a status-flow row records (besides moves of state: creation, weighing, receipt, …). */
export const WAYBILL_FLOW_ACTIONS = [
  { value: 1, label: '创建运单' },
  { value: 2, label: '状态变更' },
  { value: 3, label: '装车过磅' },
  { value: 4, label: '卸车过磅' },
  { value: 5, label: '回单录入' },
  { value: 6, label: '取消运单' },
  { value: 7, label: '上报异常' },
  { value: 8, label: '变更线路' },
  { value: 9, label: '运单审核' },
] as const satisfies readonly EnumOption[];

export const WAYBILL_FLOW_ACTION = {
  create: 1,
  status: 2,
  loadingPound: 3,
  unloadingPound: 4,
  back: 5,
  cancel: 6,
  exception: 7,
  changeLine: 8,
  approval: 9,
} as const;

export function waybillFlowActionName(value: number | string | null | undefined): string {
  return enumLabel(WAYBILL_FLOW_ACTIONS, value);
}

/** Kinds of a waybill exception (运单异常). */
export const WAYBILL_EXCEPTION_TYPES = [
  { value: 1, label: '车辆故障' },
  { value: 2, label: '交通事故' },
  { value: 3, label: '道路拥堵' },
  { value: 4, label: '货物异常' },
  { value: 5, label: '装卸延误' },
  { value: 9, label: '其他' },
] as const satisfies readonly EnumOption[];

export function waybillExceptionTypeName(value: number | string | null | undefined): string {
  return enumLabel(WAYBILL_EXCEPTION_TYPES, value);
}

/**
 * Where a waybill fee (运单费用) stands: added to be approved, approved, rejected, paid. The fee
 * approval and payment come with a later module; a fee added on the waybill stays 待审核 (1).
 */
export const WAYBILL_FEE_STATES = [
  { value: 1, label: '待审核' },
  { value: 2, label: '已审核' },
  { value: 3, label: '已驳回' },
  { value: 4, label: '已支付' },
] as const satisfies readonly EnumOption[];

export function waybillFeeStateName(value: number | string | null | undefined): string {
  return enumLabel(WAYBILL_FEE_STATES, value);
}

/** The freight's fee type (built in): computed from the price in force, never added by hand. */
export const FREIGHT_FEE_NAME = '运费';

/** A waybill's state as lists show it: 已取消 when cancelled, else the state's name ('-' for others). */
export function waybillStatusText(status: number | null | undefined, cancelled: number | boolean): string {
  return cancelled === true || cancelled === 1 ? WAYBILL_CANCELLED_NAME : waybillStateName(status);
}

/** A weighbridge slip (磅单): loading (装车) or unloading (卸车). */
export const POUND_KINDS = [
  { value: 1, label: '装车磅单' },
  { value: 2, label: '卸车磅单' },
] as const satisfies readonly EnumOption[];

export const POUND_KIND = { loading: 1, unloading: 2 } as const;

/** Weights are whole kilograms; a truck's gross weight is at most 200 t. */
export const MAX_WEIGHT_KG = 200_000;

/** Slip, exception and receipt photos: at most 6 each (business section 5). */
export const MAX_WAYBILL_PHOTOS = 6;

/** The facts a move of state depends on. */
export interface WaybillFacts {
  status: number;
  cancelled: boolean;
  /** Loading net weight recorded. */
  loaded: boolean;
  /** Unloading net weight recorded. */
  unloaded: boolean;
}

const STATE_ORDER: readonly number[] = [1, 2, 3, 4, 6];

/**
 * Why a waybill may not move to `to` (a Chinese message), or undefined when it may. States only go
 * forward: to be loaded → loading → in transit → arrived → completed; leaving for the road needs the
 * loading weight, completing needs the unloading weight (the receipt); a cancelled or completed
 * waybill moves no more. A step may be skipped (an office enters a waybill that already left).
 */
export function waybillMoveRefusal(w: WaybillFacts, to: number): string | undefined {
  const name = (s: number) => waybillStateName(s);
  if (!STATE_ORDER.includes(to)) return '运单状态不正确';
  if (w.cancelled) return '运单已取消，不能变更状态';
  if (w.status === WAYBILL_STATE.completed) return '运单已完成，不能变更状态';
  if (STATE_ORDER.indexOf(to) <= STATE_ORDER.indexOf(w.status))
    return `运单当前为“${name(w.status)}”，不能变更为“${name(to)}”`;
  if (to >= WAYBILL_STATE.inTransit && !w.loaded) return `请先录入装车磅单，再变更为“${name(to)}”`;
  if (to === WAYBILL_STATE.completed && !w.unloaded) return '请先录入回单（卸车重量），再完成运单';
  return undefined;
}

/** Net weight of a slip: gross − tare, refused when the tare is not below the gross. */
export function netWeightKg(grossKg: number, tareKg: number): number | undefined {
  if (!Number.isInteger(grossKg) || !Number.isInteger(tareKg) || tareKg < 0 || grossKg <= tareKg)
    return undefined;
  return grossKg - tareKg;
}

/** '32.460' tons from 32460 kg (three decimals, exact). */
export function kgToTons(kg: number | null | undefined): string {
  if (kg === null || kg === undefined || !Number.isFinite(kg)) return '';
  const sign = kg < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kg));
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** Whole kilograms from a text or number of tons with at most 3 decimals; undefined when not such. */
export function tonsToKg(tons: string | number): number | undefined {
  const text = typeof tons === 'number' ? String(tons) : tons.trim();
  const m = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** What a waybill settles on: its price's terms (a snapshot kept on the waybill) and its weights. */
export interface FreightInput {
  /** 1 per ton, 2 per trip. */
  priceType: number;
  priceFen: number;
  /** 1 loading net, 2 unloading net, 3 the lesser. */
  settleWeight: number;
  allowedLossPermille: number;
  /** Per ton of loss above the allowed one. */
  deductionFen: number;
  loadingNetKg: number | null;
  unloadingNetKg: number | null;
}

export interface Freight {
  /** The weight the freight is settled on, kg (null until it is known). */
  settleKg: number | null;
  /** Loading net − unloading net, kg (negative: gained weight; null until both are known). */
  lossKg: number | null;
  /** Loss above the allowed ‰ of the loading net, kg (may be fractional: ‰ of a weight). */
  excessLossKg: number;
  /** Freight before the loss deduction. */
  grossFen: number;
  /** Deduction for the excess loss. */
  deductionFen: number;
  /** What the customer pays: gross − deduction, never below 0. */
  freightFen: number;
}

/** a × b / c rounded half up, exact for whole numbers of any size (BigInt). */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (d * 2n));
}

/**
 * The freight of a waybill, exact to the fen: per ton, price × settlement weight (rounded half up to
 * the fen); per trip, the price once the loading weight is known. Loss = loading net − unloading
 * net; the loss above `allowedLossPermille` ‰ of the loading net is deducted at `deductionFen` per
 * ton. Nothing is known (0) until the weight it settles on is.
 */
export function waybillFreight(f: FreightInput): Freight {
  const { loadingNetKg: load, unloadingNetKg: unload } = f;
  const lossKg = load !== null && unload !== null ? load - unload : null;
  // ‰ arithmetic in kg × 1000 stays whole
  const excessMilliKg =
    lossKg !== null && load !== null ? Math.max(0, lossKg * 1000 - load * f.allowedLossPermille) : 0;
  let settleKg: number | null;
  if (f.settleWeight === 1) settleKg = load;
  else if (f.settleWeight === 2) settleKg = unload;
  else settleKg = load !== null && unload !== null ? Math.min(load, unload) : null;
  let grossFen = 0;
  if (f.priceType === 2) grossFen = load !== null ? f.priceFen : 0;
  else if (settleKg !== null) grossFen = mulDivRound(f.priceFen, settleKg, 1000);
  const deductionFen = excessMilliKg > 0 ? mulDivRound(f.deductionFen, excessMilliKg, 1_000_000) : 0;
  return {
    settleKg,
    lossKg,
    excessLossKg: excessMilliKg / 1000,
    grossFen,
    deductionFen,
    freightFen: Math.max(0, grossFen - deductionFen),
  };
}

/**
 * A bill number: 'YD' + the Shanghai day (YYYYMMDD) + a 4-digit sequence of the merchant's day,
 * e.g. YD202611250007 (the 10,000th and later of a day take 5 digits).
 */
export function waybillBillNo(day: string, seq: number): string {
  return `YD${day.replaceAll('-', '')}${String(seq).padStart(4, '0')}`;
}
