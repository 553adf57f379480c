import type { ListPage } from '../../api/common';
import { type Query, request } from '../../api/request';

// The calls of 运单调度 and 调度派单 (GET /plan/waybill/page, /plan/waybill/list, POST /plan/waybill/add).

/** A plan waybills are made for, with those made so far. */
export interface ScheduledPlan {
  id: number;
  planNo: string;
  state: number;
  stateName: string;
  teamCode: string;
  teamName: string;
  lineId: number | null;
  lineName: string;
  truckId: number | null;
  carNo: string;
  driverId: number | null;
  driverName: string;
  customerName: string;
  orderNo: string;
  cargo: string;
  plannedTons: string;
  departTime: string;
  arriveTime: string;
  waybillCount: number;
  waybillTons: string;
}

export function fetchScheduledPlans(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<ScheduledPlan>>('GET', '/plan/waybill/page', { query: query as Query, signal });
}

export interface PlanWaybill {
  id: number;
  billNo: string;
  statusName: string;
  plannedTons: string;
  loadingStation: string;
  unloadingStation: string;
  createTime: string;
}

export function fetchPlanWaybills(planId: number) {
  return request<{ list: PlanWaybill[]; total: number }>('GET', '/plan/waybill/list', { query: { planId } });
}

export function addPlanWaybills(body: {
  planId: number;
  loads: { plannedTons: string }[];
  customerId?: number | null;
  remark?: string;
}) {
  return request<{ count: number; waybills: { id: number; billNo: string; plannedTons: string }[] }>(
    'POST',
    '/plan/waybill/add',
    { body },
  );
}
