import type { Generated } from 'kysely';

export interface OperateLogTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  page_enum: number;
  data_id: string;
  user_id: number | null;
  account_name: string;
  content: string;
  created_at: number;
}
