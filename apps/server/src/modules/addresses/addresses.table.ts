import type { Generated } from 'kysely';

/** A saved place (常用地址); coordinates in microdegrees, WGS-84. */
export interface CommonAddressTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  name: string;
  address: string;
  lat: number;
  lon: number;
  /** 1 loading, 2 unloading, 3 parking, 4 refuelling, 5 repair, 6 other. */
  address_type: number;
  contact_name: string | null;
  contact_phone: string | null;
  remark: string | null;
  /** 1 entered in the list, 2 imported, 3 marked from a safety page. */
  source: number;
  deleted_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}
