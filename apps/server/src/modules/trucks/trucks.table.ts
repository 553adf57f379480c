import type { Generated } from 'kysely';

export interface TruckTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  /** Plate number (车牌号), e.g. 蒙K12345. */
  car_no: string;
  /** JT/T 808 plate colour: 1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other. */
  plate_color: Generated<number>;
  vin: string;
  car_type: string | null;
  brand: string | null;
  series: string | null;
  /** Business section 3 fuel type. */
  fuel_type: Generated<number>;
  /** 3 hired (外协车), otherwise own. */
  car_info_type: Generated<number>;
  owner_name: string | null;
  owner_phone: string | null;
  terminal_id: number | null;
  driver_id: number | null;
  video_channels: Generated<number>;
  /** Names of the video channels in order, comma separated (e.g. '前向,驾驶员'). */
  channel_names: string | null;
  /** Litres. */
  tank_capacity: number | null;
  /** km/h. */
  speed_limit: number | null;
  /** kg. */
  load_capacity: number | null;
  engine_no: string | null;
  register_date: string | null;
  driving_license_expiry: string | null;
  operating_license_no: string | null;
  operating_license_expiry: string | null;
  insurance_expiry: string | null;
  annual_inspection_expiry: string | null;
  remark: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}
