import type { Generated, Selectable } from 'kysely';

/** A line (线路): an ordered list of station rows (migration 0010). */
export interface LineTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  name: string;
  /** ROUTE_TYPES of @fleet/domain. */
  route_type: Generated<number>;
  customer_id: number | null;
  cargo: string | null;
  /** 0.1 km/h; null = the truck's own limit. */
  speed_limit: number | null;
  /** Deviation corridor half-width, metres. */
  corridor_width: Generated<number>;
  fuel_brand: string | null;
  fuel_series: string | null;
  /** Metres, the sum of the rows. */
  distance: Generated<number>;
  /** Minutes, the sum of the rows. */
  running_minutes: Generated<number>;
  /** 1 when every row was computed by an online map service. */
  baidu_map_produce: Generated<number>;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  remark: string | null;
  created_by: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One row of a line's station table (business §3); replaced as a whole when the line is saved. */
export interface LineStationTable {
  id: Generated<number>;
  line_id: number;
  seq: number;
  /** 1 start, 2 waypoint, 3 end. */
  station_type: number;
  station_id: number | null;
  address: string;
  /** Microdegrees, WGS-84. */
  lat: number;
  lon: number;
  /** Metres from the previous row (0 on the start row). */
  distance: Generated<number>;
  running_hours: Generated<number>;
  running_mins: Generated<number>;
  /** 1 when distance and running time came from an online map service. */
  baidu_map_produce: Generated<number>;
}

export type LineRow = Selectable<LineTable>;
export type LineStationRow = Selectable<LineStationTable>;
