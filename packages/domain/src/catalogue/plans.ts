import type { EnumOption } from './enum-label';

// Transport orders (运输订单) and departure plans (发车计划), shared by the pages and the API: the
// values are stored, the labels shown.

/** How an order's quantity is counted: tons (kept as whole kg) or truckloads. */
export const ORDER_QUANTITY_UNITS = [
  { value: 1, label: '吨' },
  { value: 2, label: '车' },
] as const satisfies readonly EnumOption[];

/** An order is open until the office finishes or cancels it; only an open order takes new plans. */
export const ORDER_STATUSES = [
  { value: 1, label: '进行中' },
  { value: 2, label: '已完成' },
  { value: 3, label: '已取消' },
] as const satisfies readonly EnumOption[];

export const ORDER_STATUS = { open: 1, finished: 2, cancelled: 3 } as const;

/**
 * Why an order may not move to `to` (Chinese), or null when it may: finished and cancelled orders
 * are closed; an open one is finished or cancelled; a finished one may be opened again.
 */
export function orderMoveRefusal(from: number, to: number): string | null {
  const name = (s: number) => ORDER_STATUSES.find((o) => o.value === s)?.label ?? String(s);
  if (from === to) return `订单已是“${name(to)}”状态`;
  if (from === ORDER_STATUS.cancelled) return '订单已取消，不能变更状态';
  if (from === ORDER_STATUS.finished && to !== ORDER_STATUS.open)
    return `订单已完成，不能变更为“${name(to)}”`;
  return null;
}

/**
 * A plan's states: drafted (temp, saved without full validation), published (validated), handed to
 * the driver, running (the monitor saw it depart), finished (the monitor saw it arrive), cancelled.
 */
export const PLAN_STATES = [
  { value: 0, label: '草稿' },
  { value: 1, label: '已发布' },
  { value: 2, label: '已下发' },
  { value: 3, label: '执行中' },
  { value: 4, label: '已完成' },
  { value: 5, label: '已取消' },
] as const satisfies readonly EnumOption[];

export const PLAN_STATE = {
  draft: 0,
  published: 1,
  distributed: 2,
  running: 3,
  finished: 4,
  cancelled: 5,
} as const;

export type PlanState = (typeof PLAN_STATE)[keyof typeof PLAN_STATE];

/** The states a plan's truck is taken in: another plan of the truck may not overlap them. */
export const PLAN_BUSY_STATES: readonly number[] = [
  PLAN_STATE.published,
  PLAN_STATE.distributed,
  PLAN_STATE.running,
];

/** Every allowed move of a plan: from → the states it may go to. */
const PLAN_MOVES: Readonly<Record<number, readonly number[]>> = {
  [PLAN_STATE.draft]: [PLAN_STATE.draft, PLAN_STATE.published, PLAN_STATE.cancelled],
  [PLAN_STATE.published]: [PLAN_STATE.published, PLAN_STATE.distributed, PLAN_STATE.cancelled],
  [PLAN_STATE.distributed]: [PLAN_STATE.running, PLAN_STATE.cancelled],
  [PLAN_STATE.running]: [PLAN_STATE.finished],
  [PLAN_STATE.finished]: [],
  [PLAN_STATE.cancelled]: [],
};

export function planStateName(state: number | null | undefined): string {
  return PLAN_STATES.find((s) => s.value === state)?.label ?? '-';
}

/** The verb of a move in messages: 发布, 下发, 取消 … */
const MOVE_VERBS: Readonly<Record<number, string>> = {
  [PLAN_STATE.draft]: '保存草稿',
  [PLAN_STATE.published]: '发布',
  [PLAN_STATE.distributed]: '下发',
  [PLAN_STATE.running]: '开始执行',
  [PLAN_STATE.finished]: '完成',
  [PLAN_STATE.cancelled]: '取消',
};

/**
 * Why a plan in `from` may not go to `to`, in Chinese (`计划当前为“已下发”，不能发布`), or null when
 * the move is allowed. Staying a draft or a published plan is an edit of it.
 */
export function planMoveRefusal(from: number, to: number): string | null {
  if ((PLAN_MOVES[from] ?? []).includes(to)) return null;
  return `计划当前为“${planStateName(from)}”，不能${MOVE_VERBS[to] ?? planStateName(to)}`;
}

/** Whether a plan in `state` may still be edited (its content changed): drafts and published plans. */
export function planEditable(state: number): boolean {
  return state === PLAN_STATE.draft || state === PLAN_STATE.published;
}

/** Whether a plan in `state` may be deleted: drafts and cancelled plans only (the others are history). */
export function planDeletable(state: number): boolean {
  return state === PLAN_STATE.draft || state === PLAN_STATE.cancelled;
}

/** The largest quantity of an order: 9,999,999.999 tons or 9,999,999 truckloads. */
export const MAX_ORDER_QUANTITY = 9_999_999;

/**
 * Whole kg from a text or number of tons with at most 3 decimals (up to 9,999,999.999 tons), for
 * quantities larger than one truck's load; undefined when not such.
 */
export function orderTonsToKg(tons: string | number): number | undefined {
  const text = typeof tons === 'number' ? String(tons) : tons.trim();
  const m = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** An order's quantity as shown: '1200.5吨', '30车'. */
export function orderQuantityText(unit: number, quantity: number): string {
  if (unit === 2) return `${quantity}车`;
  return `${trimTons(quantity)}吨`;
}

/** Tons from kg without trailing zeros: 1200500 → '1200.5'. */
export function trimTons(kg: number): string {
  const whole = Math.floor(Math.abs(kg) / 1000);
  const rest = String(Math.abs(kg) % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${kg < 0 ? '-' : ''}${whole}${rest ? `.${rest}` : ''}`;
}

/** A line's station row as the plan form takes it: the running time from the previous row. */
export interface RunningRow {
  runningHours: number;
  runningMins: number;
}

/**
 * The planned arrival and departure (epoch ms) at each row of a line for a departure at `departAt`:
 * the first row is left at `departAt`, each next one is reached after its running time and left at
 * once (the dispatcher adds stops by editing the times).
 */
export function plannedStationTimes(
  departAt: number,
  rows: readonly RunningRow[],
): { arriveAt: number; departAt: number }[] {
  let at = departAt;
  return rows.map((row, i) => {
    if (i > 0) at += ((row.runningHours || 0) * 60 + (row.runningMins || 0)) * 60_000;
    return { arriveAt: at, departAt: at };
  });
}
