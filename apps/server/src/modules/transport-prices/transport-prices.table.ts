import type { Generated } from 'kysely';

/** What a customer pays on a line (运价, migration 0021); amounts in whole fen. */
export interface TransportPriceTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  customer_id: number;
  line_id: number;
  /** '' when the price holds for any cargo. */
  cargo: Generated<string>;
  /** PRICE_TYPES: 1 per ton, 2 per trip. */
  price_type: number;
  price_fen: number;
  /** SETTLE_WEIGHTS: 1 loading, 2 unloading, 3 the lesser. */
  settle_weight: number;
  /** Whole ‰ of the loading net weight. */
  allowed_loss_permille: Generated<number>;
  /** Per ton of loss above the allowed one. */
  deduction_fen: Generated<number>;
  /** 'YYYY-MM-DD', Asia/Shanghai, both days included. */
  start_date: string;
  end_date: string;
  remark: string | null;
  /** 1 enabled, 0 disabled. */
  valid: Generated<number>;
  created_by: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}
