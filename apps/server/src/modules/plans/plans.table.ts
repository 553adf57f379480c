import type { Generated } from 'kysely';

/** 发车计划 (migration 0025): weights whole kg, times epoch ms. */
export interface PlanTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  plan_no: string;
  /** PLAN_STATES: 0 draft, 1 published, 2 distributed, 3 running, 4 finished, 5 cancelled. */
  state: Generated<number>;
  order_id: number | null;
  customer_id: number | null;
  line_id: number | null;
  truck_id: number | null;
  driver_id: number | null;
  cargo: string | null;
  planned_kg: number | null;
  planned_depart_at: number | null;
  /** The planned arrival at the last station. */
  planned_arrive_at: number | null;
  /** The last station row reached (0 none), kept by the plan monitor. */
  max_seq: Generated<number>;
  departed_at: number | null;
  arrived_at: number | null;
  published_at: number | null;
  distributed_at: number | null;
  cancelled_at: number | null;
  cancel_reason: string | null;
  schedule_id: number | null;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A station row of a plan: the line's row with its planned (and later actual) times. */
export interface PlanStationTable {
  id: Generated<number>;
  plan_id: number;
  seq: number;
  /** 1 start, 2 waypoint, 3 end. */
  station_type: number;
  station_id: number | null;
  address: string;
  /** Metres from the previous row. */
  distance: Generated<number>;
  planned_arrive_at: number | null;
  planned_depart_at: number | null;
  actual_arrive_at: number | null;
  actual_depart_at: number | null;
}
