import type { Generated } from 'kysely';

/**
 * 应收对账 (migration 0035): one row per completed waybill, created and kept current by database
 * triggers on waybill and waybill_fee. Money whole fen, times epoch ms.
 */
export interface BillReceiveTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  waybill_id: number;
  customer_id: number;
  line_id: number;
  completed_at: number;
  cancelled: Generated<number>;
  /** 运费: the waybill's freight_fen. */
  freight_fen: Generated<number>;
  /** 收入费用: the waybill's fees of income types (fee_kind 1), not rejected. */
  fee_income_fen: Generated<number>;
  /** 总收入 = freight_fen + fee_income_fen. */
  income_fen: Generated<number>;
  /** 核对金额; null until checked. */
  check_fen: number | null;
  anomaly_fen: Generated<number>;
  anomaly_reason: string | null;
  /** 对账调整 (signed); 确认应收 = income_fen + adjust_fen. */
  adjust_fen: Generated<number>;
  adjust_reason: string | null;
  /** 对账单 name. */
  check_name: string | null;
  /** 0 未对账, 1 已对账. */
  check_state: Generated<number>;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

/** The history of a row's reconciliation adjustment. */
export interface BillReceiveAdjustTable {
  id: Generated<number>;
  bill_receive_id: number;
  merchant_id: number;
  old_fen: number;
  new_fen: number;
  reason: string;
  user_id: number | null;
  user_name: string | null;
  at: number;
}

/**
 * Sums of the not cancelled bill_receive rows by merchant, team, customer and Shanghai day of
 * completion (YYYYMMDD), kept by triggers on bill_receive (migration 0035_receivables_day).
 */
export interface BillReceiveDayTable {
  merchant_id: number;
  team_code: string;
  customer_id: number;
  day: number;
  waybills: Generated<number>;
  freight_fen: Generated<number>;
  fee_income_fen: Generated<number>;
  income_fen: Generated<number>;
  adjust_fen: Generated<number>;
  check_fen: Generated<number>;
  anomaly_fen: Generated<number>;
}

/** The same sums by Shanghai month of completion (YYYYMM), migration 0035_receivables_month. */
export interface BillReceiveMonthTable extends Omit<BillReceiveDayTable, 'day'> {
  month: number;
}
