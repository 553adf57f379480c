/**
 * 车队体检: a truck's health score out of 100, lowered by its open fault alarms (10001–10022), a
 * terminal silent for long and maintenance overdue, each deduction with its reason.
 */

export const FAULT_CODE_MIN = 10001;
export const FAULT_CODE_MAX = 10022;

export function isFaultCode(code: number): boolean {
  return code >= FAULT_CODE_MIN && code <= FAULT_CODE_MAX;
}

/** Faults that stop or endanger the truck: 20 points each instead of 10. */
export const SEVERE_FAULT_CODES: ReadonlySet<number> = new Set([
  10004, 10006, 10009, 10010, 10011, 10016, 10017, 10020, 10022,
]);

export const HEALTH_RULES = {
  severeFault: 20,
  fault: 10,
  /** Faults take at most this much together. */
  faultCap: 60,
  /** The terminal silent longer than this (or never heard): offlineLong, then offlineVeryLong. */
  offlineLongMs: 24 * 3600_000,
  offlineLong: 10,
  offlineVeryLongMs: 7 * 24 * 3600_000,
  offlineVeryLong: 20,
  overdue: 15,
  overdueCap: 30,
  dueSoon: 5,
  dueSoonCap: 10,
} as const;

/** 1 健康 (90–100), 2 亚健康 (70–89), 3 异常 (below 70). */
export const HEALTH_STATES = [
  { value: 1, label: '健康' },
  { value: 2, label: '亚健康' },
  { value: 3, label: '异常' },
] as const;

export function healthStateOf(score: number): 1 | 2 | 3 {
  if (score >= 90) return 1;
  if (score >= 70) return 2;
  return 3;
}

export function healthStateName(state: number): string {
  return HEALTH_STATES.find((s) => s.value === state)?.label ?? '-';
}

export interface HealthInput {
  /** Open fault alarms: code, name, level (1 serious). */
  faults: readonly { code: number; name: string; level: number | null }[];
  /** When the terminal was last heard; null: never. */
  lastSeen: number | null;
  /** Plans overdue and due soon, by name. */
  overdue: readonly string[];
  dueSoon: readonly string[];
  now: number;
}

export interface HealthDeduction {
  /** 'fault' | 'offline' | 'maintenance' */
  kind: string;
  reason: string;
  points: number;
}

function capped(items: { reason: string; points: number }[], cap: number, kind: string): HealthDeduction[] {
  let left = cap;
  const out: HealthDeduction[] = [];
  for (const item of items) {
    const points = Math.min(item.points, left);
    if (points <= 0) break;
    left -= points;
    out.push({ kind, reason: item.reason, points });
  }
  return out;
}

/** The score (0–100), its state and the deductions that explain it. */
export function healthScore(input: HealthInput): {
  score: number;
  state: 1 | 2 | 3;
  deductions: HealthDeduction[];
} {
  const R = HEALTH_RULES;
  const deductions: HealthDeduction[] = [];
  const faults = [...input.faults]
    .map((f) => {
      const severe = f.level === 1 || SEVERE_FAULT_CODES.has(f.code);
      return {
        reason: `${severe ? '严重' : ''}故障未排除：${f.name}`,
        points: severe ? R.severeFault : R.fault,
      };
    })
    .sort((a, b) => b.points - a.points);
  deductions.push(...capped(faults, R.faultCap, 'fault'));
  const silent = input.lastSeen === null ? Number.POSITIVE_INFINITY : input.now - input.lastSeen;
  if (silent > R.offlineVeryLongMs)
    deductions.push({
      kind: 'offline',
      reason: input.lastSeen === null ? '终端从未上线' : '终端离线超过7天',
      points: R.offlineVeryLong,
    });
  else if (silent > R.offlineLongMs)
    deductions.push({ kind: 'offline', reason: '终端离线超过24小时', points: R.offlineLong });
  deductions.push(
    ...capped(
      input.overdue.map((name) => ({ reason: `保养已到期：${name}`, points: R.overdue })),
      R.overdueCap,
      'maintenance',
    ),
    ...capped(
      input.dueSoon.map((name) => ({ reason: `保养即将到期：${name}`, points: R.dueSoon })),
      R.dueSoonCap,
      'maintenance',
    ),
  );
  const score = Math.max(0, 100 - deductions.reduce((sum, d) => sum + d.points, 0));
  return { score, state: healthStateOf(score), deductions };
}
