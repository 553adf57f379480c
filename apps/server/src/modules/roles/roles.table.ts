import type { Generated } from 'kysely';

export interface RoleTable {
  id: Generated<number>;
  merchant_id: number;
  /** The owning team: role administrators of that team's subtree may change the role. */
  team_code: string;
  name: string;
  remark: string | null;
  created_at: number;
}

export interface RoleMenuTable {
  role_id: number;
  code: string;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}
