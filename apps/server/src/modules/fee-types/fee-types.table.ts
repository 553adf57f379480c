import type { Generated } from 'kysely';

/** An income or cost kind of the waybill fees (费用类型); never deleted, fees refer to it. */
export interface FeeTypeTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  fee_name: string;
  /** 1 income, 2 cost. */
  fee_kind: number;
  /** Who enters it (feeTypeApp): 1 office, 2 driver app, 3 both. */
  fee_type_app: Generated<number>;
  /** 1 for the types every merchant has: their name and kind never change. */
  built_in: Generated<number>;
  sort: Generated<number>;
  remark: string | null;
  /** 1 enabled, 0 disabled. */
  valid: Generated<number>;
  /** Null for the built-in types. */
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
