import type { Generated } from 'kysely';

/** A truck's figures of one Shanghai day and driver (0040_truck_day), rolled up from its trips. */
export interface TruckDayTable {
  truck_id: number;
  /** YYYYMMDD, Shanghai. */
  day: number;
  /** 0 when the trips had no driver. */
  driver_id: number;
  merchant_id: number;
  /** The truck's team. */
  team_code: string;
  /** 0.1 km. */
  mileage: number;
  /** 0.1 of the truck's fuel unit (L, kWh, kg); a plug-in hybrid's litres. */
  fuel_used: number;
  /** A plug-in hybrid's electricity, 0.1 kWh (0044); 0 for other trucks. */
  power_used: Generated<number>;
  drive_seconds: number;
  /** Trips that started that day. */
  trips: number;
  /** Refuelled and drained, 0.1 L (fuel events). */
  refuel: number;
  drain: number;
  updated_at: number;
}

/** The roll-up's checkpoint, one row (id 1). */
export interface TruckDayStateTable {
  id: number;
  rolled_until: number;
  last_trip_id: number;
  last_event_id: number;
  /** The trips open at the last run, a JSON array of ids (0044). */
  open_trip_ids: Generated<string>;
  updated_at: number;
}

/** The sums of truck_day by Shanghai month (0044_truck_month), kept by the roll-up. */
export interface TruckMonthTable {
  truck_id: number;
  /** YYYYMM, Shanghai. */
  month: number;
  driver_id: number;
  merchant_id: number;
  team_code: string;
  mileage: number;
  fuel_used: number;
  power_used: number;
  drive_seconds: number;
  trips: number;
  refuel: number;
  drain: number;
  /** Bit d-1 set for each day d of the month with a truck_day row. */
  day_bits: number;
  updated_at: number;
}
