import type { EnumOption } from './enum-label';

// 计划发车: assigning trucks and drivers to plans, and 装车预约 (loading appointments at a station).

/** A loading appointment's states: entered (awaiting review), approved, rejected, cancelled. */
export const APPOINTMENT_STATUSES = [
  { value: 1, label: '待审核' },
  { value: 2, label: '已通过' },
  { value: 3, label: '已驳回' },
  { value: 4, label: '已取消' },
] as const satisfies readonly EnumOption[];

export const APPOINTMENT_STATUS = { pending: 1, approved: 2, rejected: 3, cancelled: 4 } as const;

export function appointmentStatusName(status: number): string {
  return APPOINTMENT_STATUSES.find((s) => s.value === status)?.label ?? '-';
}

/**
 * Why an appointment in `from` may not go to `to` (Chinese), or null: only one awaiting review is
 * approved or rejected; one awaiting review or approved may be cancelled.
 */
export function appointmentMoveRefusal(from: number, to: number): string | null {
  const allowed =
    to === APPOINTMENT_STATUS.cancelled
      ? from === APPOINTMENT_STATUS.pending || from === APPOINTMENT_STATUS.approved
      : from === APPOINTMENT_STATUS.pending;
  if (allowed) return null;
  const verb = { 2: '通过', 3: '驳回', 4: '取消' }[to] ?? '变更';
  return `预约当前为“${appointmentStatusName(from)}”，不能${verb}`;
}
