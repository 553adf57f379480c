/**
 * 应收对账 (receivables reconciliation): the customer side of completed waybills. Confirmed
 * receivable (确认应收) = total income (运费 + 收入费用) + reconciliation adjustment (business §9).
 */

/** The calls, all POST. */
export const RECEIVABLE_PATHS = {
  report: '/colliery/waybill/billReceiveReport',
  reportExport: '/colliery/waybill/billReceiveReportExport',
  statistics: '/colliery/waybill/billReceiveStatistics',
  updateAnomalyMoney: '/colliery/waybill/billReceive/updateAnomalyMoney',
  updateCheckMoney: '/colliery/waybill/billReceive/updateCheckMoney',
  batchUpdateCheckMoney: '/colliery/waybill/billReceive/batchUpdateCheckMoney',
  queryCheckDetail: '/colliery/waybill/billReceive/queryCheckDetail',
  updateCheckName: '/colliery/waybill/billReceive/updateCheckName',
  likeCheckName: '/colliery/waybill/billReceive/likeCheckName',
  adjust: '/colliery/waybill/billReceive/adjust',
  adjustDetail: '/colliery/waybill/billReceive/adjust/detail',
} as const;

/** Menu codes of the pages that use them: 应收对账 of finance and of capacity business. */
export const RECEIVABLE_CODES = ['car070301', 'tc010202'] as const;

/** 对账状态 of a completed waybill. */
export const RECEIVABLE_CHECK_STATES = [
  { value: 0, label: '未对账' },
  { value: 1, label: '已对账' },
] as const;

/** The longest name of a statement (对账单). */
export const CHECK_NAME_MAX = 60;

/** 确认应收 of a row: total income plus the reconciliation adjustment, in fen. */
export function confirmedReceivableFen(incomeFen: number, adjustFen: number): number {
  return incomeFen + adjustFen;
}

/** Sums of a set of rows, in fen. */
export interface ReceivableTotals {
  waybills: number;
  freightFen: number;
  feeIncomeFen: number;
  incomeFen: number;
  adjustFen: number;
  /** 确认应收 = 总收入 + 对账调整. */
  confirmedFen: number;
  checkFen: number;
  anomalyFen: number;
}

/** One waybill's receivable as the API answers it. */
export interface ReceivableRow {
  id: number;
  waybillId: number;
  billNo: string;
  teamCode: string;
  customerId: number;
  customerName: string;
  lineId: number;
  lineName: string;
  completedAt: string;
  loadingNetKg: number | null;
  unloadingNetKg: number | null;
  settleKg: number | null;
  freightFen: number;
  feeIncomeFen: number;
  incomeFen: number;
  adjustFen: number;
  adjustReason: string | null;
  confirmedFen: number;
  checkFen: number | null;
  anomalyFen: number;
  anomalyReason: string | null;
  checkName: string | null;
  checkState: number;
  checkStateName: string;
}

/** A row of the statistics by customer and period. */
export interface ReceivableStatisticsRow extends ReceivableTotals {
  customerId: number | null;
  customerName: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM'; '' when grouped by customer only. */
  period: string;
}
