import type { Generated } from 'kysely';

/** 装车预约 (migration 0031): times epoch ms. */
export interface LoadingAppointmentTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  plan_id: number | null;
  order_id: number | null;
  truck_id: number;
  driver_id: number;
  station_id: number;
  appoint_start: number;
  appoint_end: number;
  /** APPOINTMENT_STATUSES: 1 awaiting review, 2 approved, 3 rejected, 4 cancelled. */
  status: Generated<number>;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
