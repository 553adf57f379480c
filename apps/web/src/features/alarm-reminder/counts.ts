import { ALARM_POPUP_TYPES } from '@fleet/domain';
import type { MessageCounts } from '../../api/alarm-reminder';

/**
 * Unread alarm counts (spec core section 4): a new type-1 alarm raises the total and its code by
 * one; reading lowers them, never below zero. Every function returns new counts.
 */

export const NO_COUNTS: MessageCounts = { bos: [], totalCount: 0 };

function whole(n: unknown): number {
  const value = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Counts as the server sent them, cleaned: whole non-negative numbers, one entry a code. */
export function normaliseCounts(counts: Partial<MessageCounts> | null | undefined): MessageCounts {
  const byCode = new Map<number, number>();
  for (const entry of counts?.bos ?? []) {
    const code = Number(entry?.code);
    if (!Number.isFinite(code)) continue;
    byCode.set(code, (byCode.get(code) ?? 0) + whole(entry.count));
  }
  return {
    bos: [...byCode].map(([code, count]) => ({ code, count })),
    totalCount: whole(counts?.totalCount),
  };
}

/** After a push: a type-1 alarm adds one to the total and to its code; other types change nothing. */
export function raiseCounts(counts: MessageCounts, type: number, code: number): MessageCounts {
  if (type !== ALARM_POPUP_TYPES.vehicleAlarm || !Number.isFinite(code)) return counts;
  const found = counts.bos.some((entry) => entry.code === code);
  return {
    bos: found
      ? counts.bos.map((entry) => (entry.code === code ? { code, count: entry.count + 1 } : entry))
      : [...counts.bos, { code, count: 1 }],
    totalCount: counts.totalCount + 1,
  };
}

/** After reading: each code loses what was read of it, the total loses the sum; none below zero. */
export function lowerCounts(counts: MessageCounts, readCodes: readonly number[]): MessageCounts {
  if (readCodes.length === 0) return counts;
  const read = new Map<number, number>();
  for (const code of readCodes) read.set(code, (read.get(code) ?? 0) + 1);
  return {
    bos: counts.bos.map((entry) => ({
      code: entry.code,
      count: Math.max(0, entry.count - (read.get(entry.code) ?? 0)),
    })),
    totalCount: Math.max(0, counts.totalCount - readCodes.length),
  };
}

/** After every unread alarm of one code was read. */
export function clearCode(counts: MessageCounts, code: number): MessageCounts {
  const entry = counts.bos.find((item) => item.code === code);
  if (!entry) return counts;
  return {
    bos: counts.bos.map((item) => (item.code === code ? { code, count: 0 } : item)),
    totalCount: Math.max(0, counts.totalCount - entry.count),
  };
}

/** The types the popover lists: codes with unread alarms, most first (then by code). */
export function countedTypes(counts: MessageCounts): { code: number; count: number }[] {
  return counts.bos.filter((entry) => entry.count > 0).sort((a, b) => b.count - a.count || a.code - b.code);
}
