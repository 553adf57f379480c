import { request } from '../../api/request';

/** 车辆排班计划's own calls beside the record's: 启用/暂停, the conflict check, generating now. */

/** The form as sent to /scheduling/plan/add, /update and /check. */
export interface PlanScheduleBody {
  name: string;
  lineId?: number;
  truckId?: number;
  driverId?: number;
  orderId?: number | null;
  cargo: string;
  plannedTons: string;
  weekdays: number[];
  /** 'HH:mm'. */
  departTime: string;
  startDate: string;
  endDate: string;
  daysAhead: number;
  teamCode?: string;
  remark?: string;
}

export interface ScheduleConflict {
  day: string;
  kind: 'truck' | 'driver' | 'certificate';
  message: string;
}

export interface ScheduleCheck {
  from: string;
  to: string;
  days: { day: string; departTime: string; arriveTime: string }[];
  conflicts: ScheduleConflict[];
}

export interface GenerateResult {
  created: { scheduleId: number; name: string; day: string; planNo: string }[];
  skipped: { scheduleId: number; name: string; day: string; reason: string }[];
}

/** Enables (1) or pauses (2) a schedule. */
export function changeScheduleStatus(id: number, status: 1 | 2) {
  return request<{ id: number; status: number; created: number }>('POST', '/scheduling/plan/changeStatus', {
    body: { id, status },
  });
}

/** The conflicts of a form before it is saved (`id` when editing); quiet: the form shows the answer. */
export function checkSchedule(body: PlanScheduleBody & { id?: number }, signal?: AbortSignal) {
  return request<ScheduleCheck>('POST', '/scheduling/plan/check', { body, quiet: true, signal });
}

/** Creates the plans of the caller's enabled schedules (or of one) now. */
export function generateSchedulePlans(id?: number) {
  return request<GenerateResult>('POST', '/scheduling/plan/generate', { body: id ? { id } : {} });
}
