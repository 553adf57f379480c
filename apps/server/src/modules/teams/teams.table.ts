import type { Generated } from 'kysely';

export interface TeamTable {
  id: Generated<number>;
  merchant_id: number;
  team_code: string;
  team_name: string;
  parent_code: string | null;
  sort: Generated<number>;
  created_at: number;
}
