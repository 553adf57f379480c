import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request } from '../../api/request';

// The calls of 司机工资明细, 司机工资汇总 and 工资规则; money in fen (…Fen) and yuan texts.

export interface SalaryTotals {
  trips: number;
  settleWeight: string;
  tonKm: string;
  base: string;
  piece: string;
  bonus: string;
  deduction: string;
  total: string;
  totalFen: number;
  drivers?: number;
}

export interface SalaryDetailRow {
  driverId: number;
  driverName: string;
  driverPhone: string;
  teamName: string;
  month: string;
  kind: string;
  kindName: string;
  billNo: string;
  planNo: string;
  time: string;
  lineName: string;
  carNo: string;
  settleWeight: string;
  distanceKm: string;
  amountFen: number;
  amount: string;
  text: string;
  confirmed: boolean;
}

export interface SalarySummaryRow extends SalaryTotals {
  driverId: number;
  driverName: string;
  driverPhone: string;
  teamName: string;
  month: string;
  baseFen: number;
  pieceFen: number;
  bonusFen: number;
  deductionFen: number;
  confirmState: 0 | 1;
  confirmStateName: string;
  confirmedByName: string;
  confirmTime: string;
}

export type SalaryPage<Row> = ListPage<Row> & { totalRow: SalaryTotals };

export function fetchSalaryDetail(body: Record<string, unknown>, signal?: AbortSignal) {
  return request<SalaryPage<SalaryDetailRow>>('POST', '/colliery/driver/salary/detail/page', {
    body,
    signal,
  });
}

export function exportSalaryDetail(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile('/colliery/driver/salary/detail/export', query);
}

export function fetchSalarySummary(body: Record<string, unknown>, signal?: AbortSignal) {
  return request<SalaryPage<SalarySummaryRow>>('POST', '/colliery/driver/salary/summary/page', {
    body,
    signal,
  });
}

export function exportSalarySummary(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile('/colliery/driver/salary/summary/export', query);
}

export function confirmSalary(driverIds: number[], month: string) {
  return request<{ confirmed: number; totalFen: number }>('POST', '/colliery/driver/salary/summary/confirm', {
    body: { driverIds, month },
  });
}

export interface SalaryLineRule {
  lineId: number;
  lineName: string;
  perTonKm: string;
  fuelTarget: string;
}

export interface SalaryConfig {
  perTrip: string;
  perTon: string;
  perTonKm: string;
  basePay: string;
  latePenalty: string;
  fuelBonus: string;
  allowance: string;
  lineRules: SalaryLineRule[];
  saved: boolean;
  updatedByName: string;
  updateTime: string;
}

export function fetchSalaryConfig() {
  return request<SalaryConfig>('GET', '/colliery/driver/salary/config/detail');
}

export function saveSalaryConfig(body: Record<string, unknown>) {
  return request<SalaryConfig>('POST', '/colliery/driver/salary/config/save', { body });
}
