import type { Generated } from 'kysely';

/** 线路节油计划 (migration 0041): target in 0.1 L/100km, tolerance whole percent, days 'YYYY-MM-DD'. */
export interface FuelEfficientPlanTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  line_id: number;
  truck_series: string | null;
  target_fuel: number;
  tolerance: Generated<number>;
  start_date: string;
  end_date: string;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A truck monitored under an oil-saving plan: state 1 monitoring, 0 cancelled. */
export interface FuelEfficientMonitorTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  plan_id: number;
  truck_id: number;
  state: Generated<number>;
  created_by: number | null;
  created_at: number;
  cancelled_at: number | null;
}
