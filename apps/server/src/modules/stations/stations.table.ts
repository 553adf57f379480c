import type { Generated, Selectable } from 'kysely';

/** A station (站点) with its fence (migration 0010). */
export interface StationTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  name: string;
  /** STATION_KINDS of @fleet/domain (装货地, 卸货地, ...). */
  type: Generated<number>;
  address: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  /** Microdegrees, WGS-84: the centre of a circle fence, the station point of a polygon fence. */
  lat: number;
  lon: number;
  fence_type: Generated<'circle' | 'polygon'>;
  /** Metres; circle fences only. */
  radius: number | null;
  /** JSON array of [lon, lat] microdegree pairs (not closed); polygon fences only. */
  polygon: string | null;
  remark: string | null;
  created_by: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export type StationRow = Selectable<StationTable>;
