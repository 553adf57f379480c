import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inScope, type Scope } from '../../http/scope';

export interface TeamNode {
  teamId: number;
  teamCode: string;
  teamName: string;
  parentCode: string | null;
  merchantId: number;
}

/** The teams of the caller's subtree, parents before children. */
export function teamSubtree(db: Kysely<Database>, scope: Scope): Promise<TeamNode[]> {
  return db
    .selectFrom('team')
    .select([
      'id as teamId',
      'team_code as teamCode',
      'team_name as teamName',
      'parent_code as parentCode',
      'merchant_id as merchantId',
    ])
    .where(inScope(scope, 'team'))
    .orderBy('team_code')
    .execute();
}

export function findTeam(db: Kysely<Database>, scope: Scope, teamCode: string) {
  return db
    .selectFrom('team')
    .select(['id', 'team_code', 'team_name'])
    .where(inScope(scope, 'team'))
    .where('team_code', '=', teamCode)
    .executeTakeFirst();
}
