import type { Generated } from 'kysely';

/** 付款 (migration 0034): approved cost fees of one waybill paid to one payee; money in fen. */
export interface FeePaymentTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  waybill_id: number;
  /** PAYEE_TYPES: 1 司机, 2 车主 (a hired truck's owner). */
  payee_type: number;
  payee_name: string;
  payee_phone: string | null;
  amount_fen: number;
  paid_at: number;
  /** PAY_METHODS: 1 银行转账 2 现金 3 微信 4 支付宝 5 其他. */
  pay_method: number;
  payer: string;
  /** Invoice image URLs joined with ';'. */
  photos: string | null;
  remark: string | null;
  /** The client's idempotency key, unique per merchant. */
  request_key: string;
  created_by: number | null;
  created_at: number;
}

/** A fee row a payment paid (each fee at most once). */
export interface FeePaymentItemTable {
  payment_id: number;
  fee_id: number;
  amount_fen: number;
}

/** A waybill's approved cost fees summed (migration 0034), kept by the database's triggers. */
export interface FeePayableTable {
  waybill_id: number;
  merchant_id: number;
  team_code: string;
  waybill_created_at: number;
  truck_id: number | null;
  driver_id: number | null;
  approved_fen: number;
  paid_fen: number;
  unpaid_fen: number;
  fees: number;
}

/**
 * The waybills with fees and their approved, paid and unpaid cost fees (fee_payable) by merchant,
 * team, truck, driver (0 for none) and Shanghai day of the waybill YYYYMMDD (migration
 * 0037_payable_day), kept by triggers.
 */
export interface FeePayableDayTable {
  merchant_id: number;
  team_code: string;
  truck_id: number;
  driver_id: number;
  day: number;
  waybills: number;
  approved_fen: number;
  paid_fen: number;
  unpaid_fen: number;
}

/** The same sums by Shanghai month of the waybill (YYYYMM), migration 0037_payable_month. */
export interface FeePayableMonthTable extends Omit<FeePayableDayTable, 'day'> {
  month: number;
}

/** Fees and amounts by merchant, team, Shanghai day, fee type and state (migration 0034), kept by triggers. */
export interface FeeDayTable {
  merchant_id: number;
  team_code: string;
  /** The Shanghai day's first ms. */
  day_at: number;
  fee_type_id: number;
  state: number;
  fees: number;
  amount_fen: number;
}
