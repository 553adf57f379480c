import type { Generated } from 'kysely';

/** 行程报告 (migration 0041): times ms, mileage 0.1 km, fuel 0.1 L, cargo kg. */
export interface TripReportTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  driver_id: number | null;
  line_id: number | null;
  depart_at: number;
  arrive_at: number;
  mileage: number;
  fuel: number;
  cargo_kg: number | null;
  remark: string | null;
  /** 1 entered, 2 imported. */
  source: Generated<number>;
  import_id: number | null;
  /** 1 once changed after its import (the import can no longer be rolled back). */
  edited: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One import of trip reports: state 1 imported, 2 rolled back. */
export interface TripReportImportTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  file_name: string;
  rows: number;
  state: Generated<number>;
  created_by: number | null;
  created_by_name: string | null;
  created_at: number;
  rolled_back_by_name: string | null;
  rolled_back_at: number | null;
}
