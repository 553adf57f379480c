import {
  type FeeDetailRow,
  type FeeDetailTotals,
  PAYMENT_PATHS,
  type PayableRow,
  type PayableTotals,
} from '@fleet/domain';
import type { ListPage } from '../../api/common';
import { type ExportOutcome, exportFile } from '../../api/fileTasks';
import { request } from '../../api/request';

// The calls of 应付对账 and the fee ledgers (money in fen, times 'YYYY-MM-DD HH:mm:ss' Shanghai).

export type Payable = PayableRow;
export type FeeDetail = FeeDetailRow;
export type { FeeDetailTotals, PayableTotals };

export interface Payment {
  id: number;
  waybillId: number;
  billNo: string;
  payeeTypeName: string;
  payeeName: string;
  payeePhone: string;
  amountFen: number;
  paidAt: string;
  payMethodName: string;
  payer: string;
  photos: string[];
  remark: string;
  createdAt: string;
  items: { feeId: number; feeTypeName: string; amountFen: number }[];
}

export interface PaymentForm {
  paidAt: string;
  payMethod: number;
  payer: string;
  remark?: string;
  photos: string[];
  /** The dialog's idempotency key: a repeated save pays once. */
  requestKey: string;
}

export interface BatchResult {
  total: number;
  succeeded: number;
  failed: number;
  amountFen: number;
  results: {
    waybillId: number;
    billNo: string;
    success: boolean;
    message: string;
    payment: Payment | null;
  }[];
}

/** The search form's query: date ranges as days. */
export function dayQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out = { ...query };
  for (const key of ['startDate', 'endDate'])
    if (typeof out[key] === 'string') out[key] = (out[key] as string).slice(0, 10);
  return out;
}

export function fetchPayables(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<Payable> & { totalRow: PayableTotals }>('POST', PAYMENT_PATHS.report, {
    body: dayQuery(query),
    signal,
  });
}

export function exportPayables(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile(PAYMENT_PATHS.reportExport, dayQuery(query));
}

export function payWaybill(waybillId: number, form: PaymentForm) {
  return request<Payment>('POST', PAYMENT_PATHS.payBillFee, { body: { waybillId, ...form } });
}

export function batchPay(waybillIds: number[], form: PaymentForm) {
  return request<BatchResult>('POST', PAYMENT_PATHS.batchPayBillFee, { body: { waybillIds, ...form } });
}

export function fetchPayments(waybillId: number, signal?: AbortSignal) {
  return request<Payment[]>('POST', PAYMENT_PATHS.payments, { body: { waybillId }, signal });
}

export function fetchFeeDetails(query: Record<string, unknown>, signal?: AbortSignal) {
  return request<ListPage<FeeDetail> & { totalRow: FeeDetailTotals }>('POST', PAYMENT_PATHS.feeDetails, {
    body: dayQuery(query),
    signal,
  });
}

export function exportFeeDetails(query: Record<string, unknown>): Promise<ExportOutcome> {
  return exportFile(PAYMENT_PATHS.feeDetailsExport, dayQuery(query));
}
