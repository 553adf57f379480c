import type { Generated } from 'kysely';

/** 车辆排班计划 (migration 0030): weights whole kg, times epoch ms, days ISO dates (Shanghai). */
export interface PlanScheduleTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  name: string;
  line_id: number;
  truck_id: number;
  driver_id: number;
  order_id: number | null;
  cargo: string | null;
  planned_kg: number | null;
  /** '1,2,3,4,5': 1 Monday … 7 Sunday. */
  weekdays: string;
  /** Minutes after midnight, Shanghai. */
  depart_minute: number;
  start_date: string;
  /** Null: open. */
  end_date: string | null;
  /** SCHEDULE_STATUSES: 1 enabled, 2 paused. */
  status: Generated<number>;
  days_ahead: Generated<number>;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A day a schedule's job has tried: the plan it created, or why the day got none. */
export interface PlanScheduleDayTable {
  id: Generated<number>;
  schedule_id: number;
  day: string;
  plan_id: number | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
}
