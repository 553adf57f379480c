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
  /** When staff last checked the current photos; null while unchecked (see getUntouchedDriverPhotos). */
  photos_checked_at: number | null;
  /** 1 entered by staff, 2 imported, 3 self-registration. */
  source: Generated<number>;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** How a driver is paid; money in fen. */
export interface DriverSalaryInfoTable {
  driver_id: number;
  merchant_id: number;
  /** 1 per trip, 2 per ton, 3 per ton-kilometre. */
  settle_type: number;
  base_salary: number;
  unit_price: number;
  deduction: number;
  bank_name: string | null;
  bank_account: string | null;
  account_name: string | null;
  remark: string | null;
  updated_by: number;
  updated_at: number;
}
