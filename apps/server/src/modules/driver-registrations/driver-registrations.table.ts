import type { Generated } from 'kysely';

/** An invitation link of 司机自助注册: registrations through it join this merchant and team. */
export interface DriverRegisterInviteTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  code: string;
  remark: string | null;
  /** 1 open, 0 closed. */
  enabled: Generated<number>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A driver's self-registration, reviewed by office staff. */
export interface DriverRegistrationTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  invite_id: number;
  /** 0 phone verified (being filled in), 1 waiting for review, 2 approved, 3 rejected. */
  status: Generated<number>;
  phone: string;
  name: string | null;
  id_card: string | null;
  license_class: string | null;
  license_expiry: string | null;
  qualification_no: string | null;
  qualification_expiry: string | null;
  /** Picture URLs joined with ';'. */
  photos: string | null;
  upload_count: Generated<number>;
  car_no: string | null;
  plate_color: number | null;
  vin: string | null;
  ticket_hash: string | null;
  ticket_expires_at: number | null;
  reject_reason: string | null;
  driver_id: number | null;
  truck_id: number | null;
  reviewed_by: number | null;
  reviewed_at: number | null;
  submitted_at: number | null;
  created_at: number;
  updated_at: number;
}
