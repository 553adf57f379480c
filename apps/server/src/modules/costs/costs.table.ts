import type { Generated } from 'kysely';

/** One cost of a truck (migration 0038_costs): money in fen, quantity in hundredths of the unit. */
export interface CostTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  driver_id: number | null;
  /** COST_TYPE: 1 加油, 2 路桥费, 3 保养, 4 杂费, 5 自定义 (then fee_type_id). */
  cost_type: number;
  fee_type_id: number | null;
  cost_date: string;
  /** First ms of the Shanghai day cost_date (the day the sums count the cost in). */
  cost_at: number;
  occurred_at: number | null;
  amount: number;
  quantity: number | null;
  unit_price: number | null;
  waybill_id: number | null;
  trip_id: number | null;
  /** The line of its waybill or of the plan/waybill its trip ran for (0043_cost_line); null 未关联线路. */
  line_id: Generated<number | null>;
  pay_method: number | null;
  place: string | null;
  invoice_images: string | null;
  remark: string | null;
  /** 1 录入, 2 导入, 3 保养记录. */
  source: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** The sums of the not deleted costs by truck, type, line and Shanghai day (0038_costs_day, 0043_cost_line). */
export interface CostDayTable {
  merchant_id: number;
  team_code: string;
  truck_id: number;
  cost_type: number;
  fee_type_id: number;
  /** The cost's line, 0 for 未关联线路 (0043_cost_line). */
  line_id: number;
  day: number;
  /** The count of costs (the generator's name). */
  waybills: Generated<number>;
  amount: Generated<number>;
  quantity: Generated<number>;
}

/** The same sums by Shanghai month YYYYMM (0038_costs_month). */
export interface CostMonthTable extends Omit<CostDayTable, 'day'> {
  month: number;
}

/** A truck's purchase and life, for its monthly depreciation (0038_costs). */
export interface TruckDepreciationTable {
  truck_id: number;
  merchant_id: number;
  team_code: string;
  purchase_price: number;
  purchase_date: string;
  life_months: number;
  residual: Generated<number>;
  updated_by: number | null;
  updated_at: number;
}
