import type { Generated } from 'kysely';

// Units: coordinates in microdegrees WGS-84, speed 0.1 km/h, mileage 0.1 km, fuel 0.1 L, times epoch ms.

export interface PositionTable {
  truck_id: number;
  terminal_id: number;
  /** Device time of the report. */
  time: number;
  received_at: number;
  lat: number;
  lon: number;
  altitude: Generated<number>;
  speed: Generated<number>;
  direction: Generated<number>;
  alarm_bits: Generated<number>;
  status_bits: Generated<number>;
  mileage: number | null;
  fuel: number | null;
  /** Further additional items as JSON, only when present. */
  extra: string | null;
}

export interface VehicleStateTable {
  truck_id: number;
  terminal_id: number;
  time: number;
  received_at: number;
  lat: number;
  lon: number;
  altitude: Generated<number>;
  speed: Generated<number>;
  direction: Generated<number>;
  acc: Generated<number>;
  online: Generated<number>;
  alarm_bits: Generated<number>;
  status_bits: Generated<number>;
  mileage: number | null;
  fuel: number | null;
  driver_id: number | null;
}

export interface TripTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  driver_id: number | null;
  start_time: number;
  end_time: number | null;
  start_lat: number;
  start_lon: number;
  end_lat: number | null;
  end_lon: number | null;
  start_mileage: number | null;
  mileage: Generated<number>;
  start_fuel: number | null;
  fuel_used: number | null;
  /** A plug-in hybrid's electricity, 0.1 kWh (0044), as an import or the demo records it. */
  power_used: Generated<number | null>;
  max_speed: Generated<number>;
  avg_speed: Generated<number>;
}

export interface StopTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  truck_id: number;
  start_time: number;
  end_time: number | null;
  lat: number;
  lon: number;
  acc_off: Generated<number>;
}
