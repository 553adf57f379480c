import type { ListPage } from '../../api/common';
import { request } from '../../api/request';

// The calls of 计划发车 (times 'YYYY-MM-DD HH:mm:ss', Shanghai).

/** An open order with what is left to plan (GET /plan/management/page?type=order). */
export interface OpenOrderRow {
  id: number;
  orderNo: string;
  teamName: string;
  customerName: string;
  lineName: string;
  cargo: string;
  quantityText: string;
  plannedText: string;
  leftText: string;
  left: number;
  startTime: string;
  endTime: string;
}

/** A draft or a published plan not yet handed to the driver (type=plan). */
export interface PendingPlanRow {
  id: number;
  planNo: string;
  state: number;
  stateName: string;
  assigned: boolean;
  teamName: string;
  orderNo: string;
  lineName: string;
  truckId: number | null;
  carNo: string;
  driverId: number | null;
  driverName: string;
  cargo: string;
  plannedTons: string;
  departTime: string;
  arriveTime: string;
}

export function fetchPending<T>(
  type: 'order' | 'plan',
  pageNum: number,
  pageSize: number,
  teamCode?: string,
) {
  return request<ListPage<T>>('GET', '/plan/management/page', {
    query: { type, pageNum, pageSize, teamCode: teamCode ?? '' },
  });
}

export function assignPlan(body: { planId: number; truckId: number; driverId: number; departTime?: string }) {
  return request<{ id: number; planNo: string }>('POST', '/plan/assign', { body });
}

export function unassignPlan(planId: number) {
  return request<unknown>('POST', '/plan/assign/cancel', { body: { planId } });
}

export interface Proposal {
  orderId: number;
  orderNo: string;
  lineName: string;
  customerName: string;
  cargo: string;
  leftText: string;
  truckId: number;
  carNo: string;
  driverId: number;
  driverName: string;
  departTime: string;
  plannedTons: string;
  distanceKm: number | null;
  reasons: string[];
}

export interface AutoAnswer {
  proposals: Proposal[];
  unassigned: { orderId: number; orderNo: string; lineName: string; reason: string }[];
  trucks: number;
  rankMs: number;
}

export function autoAssign(body: { orderIds?: number[]; departTime?: string; tons?: string }) {
  return request<AutoAnswer>('POST', '/plan/assign/auto', { body });
}

export interface AcceptResult {
  orderId: number;
  orderNo: string;
  ok: boolean;
  planNo?: string;
  message: string;
}

export function acceptProposals(
  proposals: {
    orderId: number;
    truckId: number;
    driverId: number;
    departTime: string;
    plannedTons: string;
  }[],
) {
  return request<{ results: AcceptResult[]; created: number }>('POST', '/plan/assign/accept', {
    body: { proposals },
  });
}

export interface AppointmentRow {
  id: number;
  status: number;
  statusName: string;
  teamName: string;
  carNo: string;
  driverName: string;
  driverPhone: string;
  stationName: string;
  planNo: string;
  orderNo: string;
  appointStart: string;
  appointEnd: string;
  reason: string;
  reviewerName: string;
  reviewedAt: string;
}

export function fetchAppointments(body: {
  pageNum: number;
  pageSize: number;
  status?: number;
  carNo?: string;
}) {
  return request<ListPage<AppointmentRow>>('POST', '/appointment/examine/page', { body });
}

export function addAppointment(body: {
  truckId: number;
  driverId: number;
  stationId: number;
  appointStart: string;
  appointEnd: string;
}) {
  return request<{ id: number }>('POST', '/appointment/examine/add', { body });
}

export function moveAppointment(action: 'approve' | 'reject' | 'cancel', id: number, reason?: string) {
  return request<unknown>('POST', `/appointment/examine/${action}`, { body: { id, reason } });
}
