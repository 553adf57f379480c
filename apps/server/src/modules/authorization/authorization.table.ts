import type { Generated } from 'kysely';

/** A role granted to a user for a period (migration 0012); its menu codes count while in force. */
export interface UserAuthorizationTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  user_id: number;
  role_id: number;
  /** 'YYYY-MM-DD', Asia/Shanghai, inclusive. */
  start_date: string;
  end_date: string;
  reason: string;
  /** 1 granted, 0 revoked. */
  status: Generated<number>;
  created_by: number;
  creator_name: string;
  created_at: number;
  revoked_by: number | null;
  revoked_at: number | null;
}
