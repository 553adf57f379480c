import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { badInput } from '../../http/envelope';
import { teamInScope } from '../../http/scope';
import { findTeam } from './teams.repository';

/** The team a form names must exist and lie in the caller's subtree. */
export async function checkTeam(db: Kysely<Database>, auth: AuthContext, teamCode: string) {
  if (!teamInScope(auth.scope, teamCode) || !(await findTeam(db, auth.scope, teamCode)))
    throw badInput('所属车队: 不存在或不在您的管辖范围内');
}
