import type { Generated } from 'kysely';

export interface DriverTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  name: string;
  phone: string;
  id_card: string | null;
  /** Licence class (QUASI_DRIVING_MODEL), e.g. A2. */
  license_class: string | null;
  license_expiry: string | null;
  qualification_no: string | null;
  qualification_expiry: string | null;
  /** Picture URLs joined with ';'. */
  photos: string | null;
  status: Generated<number>;
  remark: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}
