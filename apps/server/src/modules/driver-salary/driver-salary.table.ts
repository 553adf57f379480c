import type { Generated } from 'kysely';

/** A merchant's driver salary rules (migration 0036); money whole fen. */
export interface DriverSalaryConfigTable {
  merchant_id: number;
  trip_fen: number;
  ton_fen: number;
  /** Fen per ton-km on a line without its own price. */
  ton_km_fen: number;
  /** Base pay per month. */
  base_fen: number;
  /** Per plan arriving later than planned + the team's arrival warning minutes. */
  late_penalty_fen: number;
  /** Per litre saved against the line's target fuel use. */
  fuel_bonus_fen: number;
  /** Fixed allowance per month. */
  allowance_fen: number;
  /** JSON [{ lineId, tonKmFen: number | null, fuelTarget: number | null (0.1 L per 100 km) }]. */
  line_rules: string;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: number;
}

/** A driver's confirmed month: the items as computed at confirmation, never changed afterwards. */
export interface DriverSalaryMonthTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  driver_id: number;
  /** 'YYYY-MM'. */
  month: string;
  /** JSON SalaryItem[]. */
  items: string;
  total_fen: number;
  confirmed_by: number;
  confirmed_by_name: string;
  confirmed_at: number;
}
