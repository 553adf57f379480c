import type { Generated } from 'kysely';

/** 运单 (migration 0022): weights whole kg, money whole fen, times epoch ms. */
export interface WaybillTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  bill_no: string;
  /** WAYBILL_SOURCES: 1 office, 2 driver, 4 scan code, 5 import. */
  source: Generated<number>;
  plan_id: number | null;
  customer_id: number;
  line_id: number;
  loading_station_id: number;
  unloading_station_id: number;
  cargo: Generated<string>;
  truck_id: number;
  driver_id: number | null;
  planned_load_at: number | null;
  planned_arrive_at: number | null;
  /** The weight planned for a waybill made from a plan's load (migration 0032), whole kg. */
  planned_kg?: number | null;
  /** 1 to be loaded, 2 loading, 3 in transit, 4 arrived, 6 completed. */
  status: Generated<number>;
  loading_at: number | null;
  departed_at: number | null;
  arrived_at: number | null;
  completed_at: number | null;
  /** 1 cancelled (the status is the one it had). */
  cancelled: Generated<number>;
  cancel_reason: string | null;
  cancelled_at: number | null;
  /** WAYBILL_APPROVAL: 0 none, 1 pending, 2 approved, 3 rejected. */
  approval_state: Generated<number>;
  approval_remark: string | null;
  approved_by: number | null;
  approved_at: number | null;
  loading_gross_kg: number | null;
  loading_tare_kg: number | null;
  loading_net_kg: number | null;
  loading_weighed_at: number | null;
  /** File URLs joined with ';'. */
  loading_photos: string | null;
  unloading_gross_kg: number | null;
  unloading_tare_kg: number | null;
  unloading_net_kg: number | null;
  unloading_weighed_at: number | null;
  unloading_photos: string | null;
  back_photos: string | null;
  back_remark: string | null;
  back_at: number | null;
  /** The price in force at loading and its terms, copied. */
  transport_price_id: number | null;
  price_type: number | null;
  price_fen: number | null;
  settle_weight: number | null;
  allowed_loss_permille: number | null;
  price_deduction_fen: number | null;
  settle_kg: number | null;
  loss_kg: number | null;
  freight_gross_fen: Generated<number>;
  loss_deduction_fen: Generated<number>;
  freight_fen: Generated<number>;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A row of a waybill's timeline (statusFlow). */
export interface WaybillFlowTable {
  id: Generated<number>;
  merchant_id: number;
  waybill_id: number;
  /** WAYBILL_FLOW_ACTIONS. */
  action: number;
  from_status: number | null;
  to_status: number | null;
  /** WAYBILL_SOURCES. */
  source: number;
  user_id: number | null;
  actor_name: string | null;
  station_id: number | null;
  lat: number | null;
  lng: number | null;
  content: string | null;
  at: number;
}

export interface WaybillExceptionTable {
  id: Generated<number>;
  merchant_id: number;
  waybill_id: number;
  /** WAYBILL_EXCEPTION_TYPES. */
  exception_type: number;
  description: string;
  photos: string | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  source: number;
  created_by: number | null;
  created_at: number;
}

/** 运单费用 other than the freight; `state` 1 to approve, 2 approved, 3 rejected, 4 paid. */
export interface WaybillFeeTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  waybill_id: number;
  fee_type_id: number;
  amount_fen: number;
  state: Generated<number>;
  source: number;
  photos: string | null;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface WaybillBillNoSeqTable {
  merchant_id: number;
  /** YYYYMMDD, Asia/Shanghai. */
  day: string;
  seq: number;
}

/** 扫码运单 code: a customer and line drivers scan to make waybills. */
export interface WaybillScanCodeTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  token: string;
  customer_id: number;
  line_id: number;
  cargo: Generated<string>;
  remark: string | null;
  valid: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
