import { request } from './request';

/** 发车计划's own calls beside the record's list, detail and export (GET /plan/list, /info, /export). */

/** A station row of a plan: the line's row with its planned times ('YYYY-MM-DD HH:mm:ss'). */
export interface PlanStation {
  seq: number;
  stationType: number;
  stationId: number | null;
  address: string;
  distance: number;
  arriveTime: string;
  departTime: string;
  actualArriveTime?: string;
  actualDepartTime?: string;
}

/** The plan form as sent to /plan/temp, /plan/add and /plan/update. */
export interface PlanFields {
  orderId?: number | null;
  customerId?: number | null;
  lineId?: number | null;
  truckId?: number | null;
  driverId?: number | null;
  cargo?: string;
  plannedTons?: string;
  departTime?: string;
  stations: PlanStation[];
  teamCode?: string;
  remark?: string;
}

/** Saves a draft (new, or the draft `id`) without the full rules. */
export function savePlanDraft(plan: PlanFields & { id?: number }) {
  return request<{ id: number; planNo: string }>('POST', '/plan/temp', { body: plan });
}

/** Publishes a new plan. */
export function addPlan(plan: PlanFields) {
  return request<{ id: number; planNo: string }>('POST', '/plan/add', { body: plan });
}

/** Publishes the draft `id`, or edits the published plan `id`. */
export function updatePlan(plan: PlanFields & { id: number }) {
  return request<{ id: number; planNo: string }>('POST', '/plan/update', { body: plan });
}

export function distributePlan(id: number) {
  return request<unknown>('POST', '/plan/distribute', { body: { id } });
}

export function cancelPlan(id: number, reason = '') {
  return request<unknown>('GET', '/plan/cancel', { query: { id, reason } });
}

export function deletePlans(ids: number[]) {
  return request<{ deleted: number }>('POST', '/plan/delete', { body: { ids } });
}
