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
  /** 0.1 of the truck's fuel unit (L, kWh, kg). */
  fuel_used: number;
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
  updated_at: number;
}
