import type { Generated } from 'kysely';

export interface UserSessionTable {
  id: Generated<number>;
  token_hash: string;
  refresh_hash: string;
  user_id: number;
  merchant_id: number;
  created_at: number;
  last_seen_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  username: string;
  at: number;
  ip: string | null;
}

export interface VerifyCodeTable {
  id: string;
  code_hash: string;
  expires_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  used_at: number | null;
}
