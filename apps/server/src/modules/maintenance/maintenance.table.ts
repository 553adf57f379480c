import type { Generated } from 'kysely';

/** A service plan of one truck (target_type 1) or a brand and series (2); see migration 0042. */
export interface MaintenancePlanTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  plan_name: string;
  target_type: number;
  truck_id: number | null;
  brand: string | null;
  series: string | null;
  /** km. */
  interval_km: number | null;
  interval_months: number | null;
  /** 'YYYY-MM-DD'. */
  last_date: string | null;
  /** km. */
  last_km: number | null;
  remind_km: number | null;
  remind_days: number | null;
  items: string | null;
  valid: Generated<number>;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One service of a truck and the 保养 cost it wrote. */
export interface MaintenanceRecordTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  plan_id: number | null;
  maintain_date: string;
  /** km. */
  mileage_km: number | null;
  items: string;
  workshop: string | null;
  /** fen. */
  amount: number;
  invoice_images: string | null;
  cost_id: number | null;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A reminder sent: one per item and stage. */
export interface MaintenanceReminderTable {
  id: Generated<number>;
  merchant_id: number;
  item_key: string;
  stage: number;
  sent_at: number;
}

/** Faults (open fault alarms of a truck) cleared by a user with a reason. */
export interface FaultClearTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  /** Comma list of alarm ids. */
  alarm_ids: string;
  /** Comma list of fault codes. */
  codes: string;
  reason: string;
  cleared_by: number;
  cleared_by_name: string;
  cleared_at: number;
}
