import type { Generated } from 'kysely';

// Units: litres and readings in tenths, times epoch ms, places in microdegrees (migration 0039).

export interface FuelCalibrationTable {
  truck_id: number;
  reading: number;
  litres: number;
  merchant_id: number;
  team_code: string;
  updated_by: number | null;
  updated_at: number;
}

export interface FuelEventTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  driver_id: number | null;
  kind: number;
  start_time: number;
  end_time: number;
  lat: number;
  lon: number;
  before_fuel: number;
  after_fuel: number;
  litres: number;
  parked: number;
  state: number;
  cost_id: number | null;
  alarm_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface FuelScanTable {
  truck_id: number;
  scanned_until: number;
  updated_at: number;
}

/** The scan job's checkpoints by name (migration 0046): 'refuel_cost', the newest cost.updated_at reconciled. */
export interface FuelReconcileMarkTable {
  name: string;
  mark: number;
  updated_at: number;
}
