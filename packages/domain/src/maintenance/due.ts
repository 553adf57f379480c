/**
 * 保养计划 due dates: a plan falls due every `intervalKm` of the odometer and/or every
 * `intervalMonths` after the last service, and is reminded `remindKm` / `remindDays` before.
 * Dates are Shanghai days 'YYYY-MM-DD'; kilometres are whole km.
 */

/** 1 正常, 2 即将到期, 3 已到期. */
export const MAINTENANCE_STATES = [
  { value: 1, label: '正常' },
  { value: 2, label: '即将到期' },
  { value: 3, label: '已到期' },
] as const;
export type MaintenanceState = 1 | 2 | 3;
export const MAINTENANCE_STATE = { normal: 1, dueSoon: 2, overdue: 3 } as const;

export function maintenanceStateName(state: number): string {
  return MAINTENANCE_STATES.find((s) => s.value === state)?.label ?? '-';
}

/** 1 one truck, 2 every truck of a brand and series. */
export const MAINTENANCE_TARGETS = [
  { value: 1, label: '单车' },
  { value: 2, label: '车系' },
] as const;
export const MAINTENANCE_TARGET = { truck: 1, series: 2 } as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(day: string): number | null {
  const m = DATE.exec(day);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtc(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = toUtc(from);
  const b = toUtc(to);
  if (a === null || b === null) return Number.NaN;
  return Math.round((b - a) / 86_400_000);
}

/** The day `months` months after `day`, kept in the month (2026-01-31 + 1 → 2026-02-28). */
export function addMonths(day: string, months: number): string {
  const m = DATE.exec(day);
  if (!m) return day;
  const year = Number(m[1]);
  const month = Number(m[2]) - 1 + months;
  const first = Date.UTC(year, month, 1);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtc(first + (Math.min(Number(m[3]), lastDay) - 1) * 86_400_000);
}

export interface PlanInterval {
  intervalKm: number | null;
  intervalMonths: number | null;
  remindKm: number | null;
  remindDays: number | null;
}

export interface LastService {
  /** 'YYYY-MM-DD'; null when unknown (the plan's start day stands in). */
  date: string | null;
  /** km; null when unknown. */
  km: number | null;
}

export interface PlanDue {
  nextDate: string | null;
  nextKm: number | null;
  /** Days from today to the next date (negative when past). */
  daysLeft: number | null;
  /** km from the current odometer to the next km (negative when past). */
  kmLeft: number | null;
  state: MaintenanceState;
}

/**
 * When a plan falls due for one truck: the next date (last service + interval months), the next
 * odometer (last service km + interval km; without a last km, the next whole multiple of the
 * interval above the current odometer), what is left of each, and the state: 已到期 once the due
 * day or km is reached, 即将到期 within the reminder's days or km, 正常 otherwise.
 */
export function planDue(
  plan: PlanInterval,
  last: LastService,
  currentKm: number | null,
  today: string,
): PlanDue {
  let nextDate: string | null = null;
  let daysLeft: number | null = null;
  if (plan.intervalMonths && last.date) {
    nextDate = addMonths(last.date, plan.intervalMonths);
    daysLeft = daysBetween(today, nextDate);
  }
  let nextKm: number | null = null;
  let kmLeft: number | null = null;
  if (plan.intervalKm) {
    if (last.km !== null) nextKm = last.km + plan.intervalKm;
    else if (currentKm !== null) nextKm = (Math.floor(currentKm / plan.intervalKm) + 1) * plan.intervalKm;
    if (nextKm !== null && currentKm !== null) kmLeft = Math.round(nextKm - currentKm);
  }
  let state: MaintenanceState = MAINTENANCE_STATE.normal;
  if ((daysLeft !== null && daysLeft <= 0) || (kmLeft !== null && kmLeft <= 0))
    state = MAINTENANCE_STATE.overdue;
  else if (
    (daysLeft !== null && daysLeft <= (plan.remindDays ?? 0)) ||
    (kmLeft !== null && kmLeft <= (plan.remindKm ?? 0))
  )
    state = MAINTENANCE_STATE.dueSoon;
  return { nextDate, nextKm, daysLeft, kmLeft, state };
}
