import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request, requestEnvelope } from '../../api/request';

// The calls of 成本中心 (money as yuan text with two decimals, litres as text, times
// 'YYYY-MM-DD HH:mm:ss' Shanghai).

/** One cost as /miscellaneous/list/car lists it. */
export interface CostRow {
  id: number;
  teamCode: string;
  teamName: string;
  truckId: number;
  carNo: string;
  driverId: number | null;
  driverName: string;
  costType: number;
  feeTypeId: number | null;
  costTypeName: string;
  costDate: string;
  occurredAt: string;
  amount: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  waybillId: number | null;
  billNo: string;
  tripId: number | null;
  payMethod: number | null;
  payMethodName: string;
  place: string;
  invoiceImages: string[];
  remark: string;
  source: number;
  sourceName: string;
  createdAt: string;
  updatedAt: string;
}

export interface CostTotals {
  amount: string;
  count: number;
  byType: {
    costType: number;
    feeTypeId: number | null;
    name: string;
    amount: string;
    count: number;
    quantity: string;
    unit: string;
  }[];
}

export type CostListPage = ListPage<CostRow> & { totals: CostTotals };

export interface CostTypeOption {
  costType: number;
  feeTypeId: number | null;
  name: string;
  unit: string;
  custom: boolean;
}

export function fetchCostTypes() {
  return request<CostTypeOption[]>('GET', '/miscellaneous/getCostType');
}

export function fetchCosts(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<CostListPage>('POST', '/miscellaneous/list/car', { body: query, signal, dedupe: true });
}

export interface TripCostRow {
  tripId: number;
  truckId: number;
  carNo: string;
  teamName: string;
  driverId: number | null;
  driverName: string;
  startTime: string;
  endTime: string;
  mileage: string;
  fuelUsed: string;
  costSource: 'trip' | 'day' | '';
  refuel: string;
  roadBridge: string;
  maintenance: string;
  sundry: string;
  custom: string;
  total: string;
  costPerKm: string;
}

export function fetchTripCosts(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<TripCostRow>>('POST', '/miscellaneous/trip/list', {
    body: query,
    signal,
    dedupe: true,
  });
}

export function exportTripCosts(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile('/miscellaneous/trip/export', query);
}

export interface AnalysisTypeColumn {
  key: string;
  name: string;
}

export interface CostAnalysis {
  periodType: 'day' | 'month';
  /** The dimension asked: truck (byTruck and byTeam) or line (byLine). */
  groupBy: 'truck' | 'team' | 'line';
  groupName: string;
  types: AnalysisTypeColumn[];
  total: {
    amount: string;
    count: number;
    litres: string;
    depreciation: string;
    byType: Record<string, string>;
  };
  byType: { key: string; name: string; amount: string; share: string }[];
  series: { period: string; total: string; byType: Record<string, string> }[];
  byTruck: {
    truckId: number;
    carNo: string;
    teamName: string;
    count: number;
    litres: string;
    total: string;
    byType: Record<string, string>;
  }[];
  byTeam: {
    teamCode: string;
    teamName: string;
    count: number;
    total: string;
    byType: Record<string, string>;
  }[];
  /** The lines by cost; lineId 0 is 未关联线路 (with the depreciation), last. */
  byLine: {
    lineId: number;
    lineName: string;
    count: number;
    litres: string;
    total: string;
    byType: Record<string, string>;
  }[];
}

export function fetchAnalysis(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<CostAnalysis>('POST', '/miscellaneous/analysis', { body: query, signal });
}

export interface DepreciationRow {
  truckId: number;
  carNo: string;
  teamName: string;
  hired: boolean;
  set: boolean;
  purchasePrice: string;
  purchaseDate: string;
  lifeMonths: number | null;
  residual: string;
  monthly: string;
  accumulated: string;
  netValue: string;
  updatedAt: string;
}

export function fetchDepreciation(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<DepreciationRow>>('POST', '/miscellaneous/depreciation/list', {
    body: query,
    signal,
  });
}

export interface DepreciationFields {
  truckId: number;
  purchasePrice: string;
  purchaseDate: string;
  lifeMonths: number;
  residual: string;
}

export function saveDepreciation(fields: DepreciationFields) {
  return requestEnvelope<{ truckId: number; monthly: string }>('POST', '/miscellaneous/depreciation/save', {
    body: fields,
  });
}

export function clearDepreciation(truckId: number) {
  return request<null>('POST', '/miscellaneous/depreciation/delete', { body: { truckId } });
}
