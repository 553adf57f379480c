import {
  RECEIVABLE_PATHS,
  type ReceivableRow,
  type ReceivableStatisticsRow,
  type ReceivableTotals,
} from '@fleet/domain';
import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request, requestEnvelope } from '../../api/request';

// The calls of 应收对账 (money in fen, times 'YYYY-MM-DD HH:mm:ss' Shanghai).

/** One completed waybill's receivable (a row of POST /colliery/waybill/billReceiveReport). */
export type Receivable = ReceivableRow;
export type StatisticsRow = ReceivableStatisticsRow;
export type { ReceivableTotals };

export type ReceivableReport = ListPage<Receivable> & { totalRow: ReceivableTotals };

/** The search form's query as the report takes it: the completion range as days. */
export function reportQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out = { ...query };
  for (const key of ['startDate', 'endDate'])
    if (typeof out[key] === 'string') out[key] = (out[key] as string).slice(0, 10);
  return out;
}

export function fetchReport(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ReceivableReport>('POST', RECEIVABLE_PATHS.report, { body: reportQuery(query), signal });
}

export function exportReport(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile(RECEIVABLE_PATHS.reportExport, reportQuery(query));
}

export function updateCheckMoney(waybillId: number, checkFen: number) {
  return requestEnvelope<Receivable>('POST', RECEIVABLE_PATHS.updateCheckMoney, {
    body: { waybillId, checkFen },
  });
}

export function updateAnomalyMoney(waybillId: number, anomalyFen: number, anomalyReason: string) {
  return requestEnvelope<Receivable>('POST', RECEIVABLE_PATHS.updateAnomalyMoney, {
    body: { waybillId, anomalyFen, anomalyReason },
  });
}

export function adjust(waybillId: number, adjustFen: number, reason: string) {
  return requestEnvelope<Receivable>('POST', RECEIVABLE_PATHS.adjust, {
    body: { waybillId, adjustFen, reason },
  });
}

export interface Adjustment {
  id: number;
  oldFen: number;
  newFen: number;
  reason: string;
  userName: string;
  at: string;
}

export function fetchAdjustments(waybillId: number, signal?: AbortSignal) {
  return request<Adjustment[]>('POST', RECEIVABLE_PATHS.adjustDetail, { body: { waybillId }, signal });
}

export function batchCheck(waybillIds: number[]) {
  return request<{ total: number; changed: number }>('POST', RECEIVABLE_PATHS.batchUpdateCheckMoney, {
    body: { waybillIds },
  });
}

export function joinStatement(waybillIds: number[], checkName: string) {
  return request<{ total: number; changed: number }>('POST', RECEIVABLE_PATHS.updateCheckName, {
    body: { waybillIds, checkName },
  });
}

export function searchStatements(checkName: string, signal?: AbortSignal) {
  return request<{ checkName: string; waybills: number }[]>('POST', RECEIVABLE_PATHS.likeCheckName, {
    body: { checkName },
    signal,
    quiet: true,
  });
}

export type PeriodType = 'day' | 'month';
export type StatisticsGroupBy = 'customerPeriod' | 'customer' | 'period';

export interface StatisticsQuery {
  startDate: string;
  endDate: string;
  periodType: PeriodType;
  groupBy: StatisticsGroupBy;
  customerId?: number;
}

export function fetchStatistics(query: StatisticsQuery, signal?: AbortSignal) {
  return request<{ list: StatisticsRow[]; totalRow: StatisticsRow }>('POST', RECEIVABLE_PATHS.statistics, {
    body: { ...query },
    signal,
  });
}
