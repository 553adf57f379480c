import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request } from '../../api/request';

// The calls of 保养提醒, 证件到期, 车队体检, 清码记录 and 维修管家 (money in fen and yuan text,
// kilometres whole, times 'YYYY-MM-DD HH:mm:ss' Shanghai).

type Query = Record<string, unknown>;

export interface RemindItem {
  id: string;
  planId: number;
  planName: string;
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  items: string;
  intervalText: string;
  lastDate: string;
  lastKm: number | null;
  currentKm: number | null;
  nextDate: string;
  nextKm: number | null;
  daysLeft: number | null;
  kmLeft: number | null;
  leftText: string;
  state: 1 | 2 | 3;
  stateName: string;
}

export interface Certificate {
  key: string;
  owner: 'truck' | 'driver';
  carNo: string;
  driverName: string;
  phone: string;
  teamName: string;
  kind: string;
  kindName: string;
  expiry: string;
  daysLeft: number;
  state: 1 | 2;
  stateName: string;
}

export interface Deduction {
  kind: string;
  reason: string;
  points: number;
}

export interface TruckHealth {
  truckId: number;
  carNo: string;
  vin: string;
  teamName: string;
  score: number;
  state: 1 | 2 | 3;
  stateName: string;
  faultCount: number;
  online: boolean;
  lastSeen: string;
  overdueCount: number;
  dueSoonCount: number;
  deductions: Deduction[];
  deductionText: string;
}

export interface HealthSummary {
  truckCount: number;
  healthyCount: number;
  subHealthyCount: number;
  abnormalCount: number;
  faultCount: number;
  averageScore: number;
}

export interface OpenFault {
  id: number;
  code: number;
  name: string;
  level: number | null;
  startTime: string;
}

export interface PlanDueView {
  planId: number;
  planName: string;
  intervalText: string;
  items?: string;
  lastDate?: string;
  lastKm?: number | null;
  nextDate: string;
  nextKm: number | null;
  leftText: string;
  state: 1 | 2 | 3;
  stateName: string;
}

export interface HealthDetail extends TruckHealth {
  faults: OpenFault[];
  plans: PlanDueView[];
}

export interface FaultClearRow {
  id: number;
  truckId: number;
  carNo: string;
  teamName: string;
  codes: number[];
  codeNames: string;
  alarmCount: number;
  reason: string;
  clearedByName: string;
  clearTime: string;
}

export interface MaintenanceRecord {
  id: number;
  truckId: number;
  carNo: string;
  planId: number | null;
  planName: string;
  maintainDate: string;
  mileageKm: number | null;
  items: string;
  workshop: string;
  amountFen: number;
  amountYuan: string;
  invoiceImages: string[];
  costId: number | null;
  remark: string;
  createdBy: string;
  createTime: string;
}

export interface RecordForm {
  truckId: number;
  planId?: number;
  maintainDate: string;
  mileageKm?: number;
  items: string;
  workshop?: string;
  amountFen: number;
  invoiceImages: string[];
  remark?: string;
}

export interface SummaryRow {
  truckId: number;
  carNo: string;
  vin: string;
  brandSeries: string;
  teamName: string;
  currentKm: number | null;
  planCount: number;
  planNames: string;
  lastDate: string;
  lastKm: number | null;
  nextDate: string;
  nextKm: number | null;
  leftText: string;
  state: 1 | 2 | 3;
  stateName: string;
  recordCount: number;
  yearCostYuan: string;
}

export interface SummaryTotals {
  truckCount: number;
  overdueCount: number;
  dueSoonCount: number;
  yearCostYuan: string;
}

export interface MaintenanceDetail {
  truckId: number;
  carNo: string;
  vin: string;
  brandSeries: string;
  teamName: string;
  driverName: string;
  currentKm: number | null;
  plans: PlanDueView[];
  records: MaintenanceRecord[];
  costs: { id: number; costTypeName: string; costDate: string; amountYuan: string; remark: string }[];
  yearCosts: { costType: number; costTypeName: string; amountYuan: string }[];
  yearMaintenanceYuan: string;
  certificates: {
    kind: string;
    kindName: string;
    holder: string;
    expiry: string;
    daysLeft: number | null;
    stateName: string;
  }[];
}

export const fetchRemindItems = (query: Query, signal?: AbortSignal) =>
  request<ListPage<RemindItem>>('POST', '/maintenance/remind/page', { body: query, signal });
export const exportRemindItems = (query: Query): Promise<ExportOutcome> =>
  exportFile('/maintenance/remind/export', query);

export const fetchCertificates = (query: Query, signal?: AbortSignal) =>
  request<ListPage<Certificate> & { expiringCount: number; expiredCount: number }>(
    'POST',
    '/reminder/certificate/page',
    { body: query, signal },
  );
export const exportCertificates = (query: Query): Promise<ExportOutcome> =>
  exportFile('/reminder/certificate/export', query);

export const fetchFleetHealth = (query: Query, signal?: AbortSignal) =>
  request<ListPage<TruckHealth> & { summary: HealthSummary }>('POST', '/intellect-repair/fleet-check/page', {
    body: query,
    signal,
  });
export const exportFleetHealth = (query: Query): Promise<ExportOutcome> =>
  exportFile('/intellect-repair/fleet-check/export', query);
export const fetchHealthDetail = (truckId: number, signal?: AbortSignal) =>
  request<HealthDetail>('GET', '/intellect-repair/fleet-check/detail', { query: { truckId }, signal });
export const clearFaults = (body: { truckId: number; alarmIds: number[]; reason: string }) =>
  request<{ id: number; cleared: number }>('POST', '/intellect-repair/fleet-check/clear', { body });

export const fetchClearRecords = (query: Query, signal?: AbortSignal) =>
  request<ListPage<FaultClearRow>>('POST', '/intellect-repair/clear-code/page', { body: query, signal });
export const exportClearRecords = (query: Query): Promise<ExportOutcome> =>
  exportFile('/intellect-repair/clear-code/export', query);

export const fetchRecords = (query: Query, signal?: AbortSignal) =>
  request<ListPage<MaintenanceRecord>>('POST', '/maintenance/record/page', { body: query, signal });
export const addRecord = (body: RecordForm) =>
  request<{ id: number; costId: number }>('POST', '/maintenance/record/add', { body });
/** A record changed with its 保养 cost in the cost centre. */
export const updateRecord = (body: RecordForm & { id: number }) =>
  request<{ id: number; costId: number }>('POST', '/maintenance/record/update', { body });
/** A record deleted with its 保养 cost. */
export const deleteRecord = (id: number) =>
  request<{ id: number }>('POST', '/maintenance/record/delete', { body: { id } });

export const fetchSummary = (query: Query, signal?: AbortSignal) =>
  request<ListPage<SummaryRow> & { summary: SummaryTotals }>('POST', '/maintenance-summary/page', {
    body: query,
    signal,
  });
export const exportSummary = (query: Query): Promise<ExportOutcome> =>
  exportFile('/maintenance-summary/export', query);
export const fetchMaintenanceDetail = (vin: string, signal?: AbortSignal) =>
  request<MaintenanceDetail>('GET', '/maintenance-summary/detail', { query: { vin }, signal });

/** The enabled plans covering a truck, for the record form's 保养计划. */
export const fetchTruckPlans = (truckId: number) =>
  request<ListPage<RemindItem>>('POST', '/maintenance/remind/page', {
    body: { truckId, pageNum: 1, pageSize: 100, all: 1 },
  });
