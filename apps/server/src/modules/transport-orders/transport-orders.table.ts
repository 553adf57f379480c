import type { Generated } from 'kysely';

/** 运输订单 (migration 0025): tons as whole kg, times epoch ms. */
export interface TransportOrderTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  order_no: string;
  customer_id: number;
  line_id: number;
  cargo: string;
  /** ORDER_QUANTITY_UNITS: 1 tons (quantity in kg), 2 truckloads (quantity in trucks). */
  quantity_unit: number;
  quantity: number;
  start_at: number;
  end_at: number;
  /** ORDER_STATUSES: 1 open, 2 finished, 3 cancelled. */
  status: Generated<number>;
  remark: string | null;
  created_by: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}
