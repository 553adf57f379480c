import type { Generated } from 'kysely';

export interface AppUserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nickname: string;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  introduction: string | null;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  is_operator: Generated<number>;
  last_merchant_id: number | null;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface UserMerchantTable {
  id: Generated<number>;
  user_id: number;
  merchant_id: number;
  team_code: string;
  is_manager: Generated<number>;
  /** 1 enabled, 0 disabled in this merchant (the account itself may still be enabled elsewhere). */
  status: Generated<number>;
  entry_time: number;
}

export interface UserMenuVisitTable {
  user_id: number;
  code: string;
  visits: Generated<number>;
  last_at: number;
}

export interface PopMessageTable {
  id: Generated<number>;
  merchant_id: number;
  pop_content: string;
  signature_content: string | null;
  /** Null: the whole merchant; else the team whose subtree sees the notice. */
  team_code: string | null;
  created_at: number;
}

export interface PopMessageReadTable {
  user_id: number;
  pop_message_id: number;
  read_at: number;
}
