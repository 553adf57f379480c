import type { Generated } from 'kysely';

/** A shipper or consignee of the merchant (客户). */
export interface CustomerTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  customer_name: string;
  /** Unified social credit code; null for a private person. */
  credit_code: string | null;
  /** 1 shipper, 2 consignee, 3 both. */
  customer_type: number;
  contact_name: string | null;
  contact_phone: string | null;
  address: string | null;
  /** 1 cash, 2 monthly, 3 after agreed days. */
  settlement_type: number;
  settlement_days: number;
  remark: string | null;
  /** 1 enabled, 0 disabled. */
  valid: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}
