import { ancestors } from '@fleet/domain';
import { type ExpressionBuilder, sql } from 'kysely';

/** What a caller may see: one merchant, and the subtree of their own team. */
export interface Scope {
  merchantId: number;
  teamCode: string;
}

/** Team codes are letters and digits only, so a prefix needs no LIKE escaping. */
function likePrefix(prefix: string): string {
  if (!/^[0-9A-Za-z]+$/.test(prefix)) throw new Error(`invalid team code "${prefix}"`);
  return `${prefix}%`;
}

/**
 * The tenancy rule, written once: rows of `table` in the caller's merchant whose team code lies in
 * the caller's team subtree. Every repository query of business rows goes through it.
 */
export function inScope(scope: Scope, table: string) {
  // biome-ignore lint/suspicious/noExplicitAny: applies to any table that has merchant_id and team_code
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      eb(`${table}.merchant_id`, '=', scope.merchantId),
      eb(`${table}.team_code`, 'like', likePrefix(scope.teamCode)),
    ]);
}

/**
 * Reference records (lines, stations, customers, common addresses, fee types, prices) are shared down
 * the team tree: a caller reads and picks those of its own subtree and those of the teams above its
 * own. Changing or deleting them stays with inScope.
 */
export function inReferenceScope(scope: Scope, table: string) {
  const above = ancestors(scope.teamCode);
  // biome-ignore lint/suspicious/noExplicitAny: applies to any table that has merchant_id and team_code
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      eb(`${table}.merchant_id`, '=', scope.merchantId),
      above.length === 0
        ? eb(`${table}.team_code`, 'like', likePrefix(scope.teamCode))
        : eb.or([
            eb(`${table}.team_code`, 'like', likePrefix(scope.teamCode)),
            eb(`${table}.team_code`, 'in', above),
          ]),
    ]);
}

/** Rows that belong to the merchant as a whole (roles, settings). */
export function inMerchant(scope: Scope, table: string) {
  // biome-ignore lint/suspicious/noExplicitAny: applies to any table that has merchant_id
  return (eb: ExpressionBuilder<any, any>) => eb(`${table}.merchant_id`, '=', scope.merchantId);
}

/** Whether a team code lies in the caller's subtree (for writes that name a team). */
export function teamInScope(scope: Scope, teamCode: string): boolean {
  return teamCode.startsWith(scope.teamCode);
}

/**
 * Rows addressed to a team subtree that contains `teamCode`: `column` holds the addressed team code
 * (null addresses the whole merchant). Notices and pushes reach the users below their team.
 */
export function addressedTo(teamCode: string, column: string) {
  likePrefix(teamCode);
  // biome-ignore lint/suspicious/noExplicitAny: applies to any table with a nullable team column
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([eb(column, 'is', null), eb(eb.val(teamCode), 'like', sql<string>`${sql.ref(column)} || '%'`)]);
}
