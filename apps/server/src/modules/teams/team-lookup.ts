import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Scope } from '../../http/scope';
import { teamSubtree } from './teams.repository';

export type TeamLookup = (text: string) => { teamCode: string } | { error: string };

/**
 * For imports: the team a cell names, by team code or by team name, within the caller's subtree.
 * An empty cell means `fallback` when one is given. A name two teams share must be given as a code.
 */
export async function teamLookup(db: Kysely<Database>, scope: Scope, fallback?: string): Promise<TeamLookup> {
  const teams = await teamSubtree(db, scope);
  const codes = new Set(teams.map((t) => t.teamCode));
  const byName = new Map<string, string[]>();
  for (const t of teams) byName.set(t.teamName, [...(byName.get(t.teamName) ?? []), t.teamCode]);
  return (text) => {
    const value = text.trim();
    if (!value) return fallback ? { teamCode: fallback } : { error: '所属车队: 请填写车队名称或编码' };
    if (codes.has(value)) return { teamCode: value };
    const named = byName.get(value) ?? [];
    if (named.length === 1 && named[0]) return { teamCode: named[0] };
    if (named.length > 1) return { error: `所属车队: 有多个车队名为“${value}”，请填写车队编码` };
    return { error: `所属车队: “${value}”不存在或不在您的管辖范围内` };
  };
}

/** Splits a list into chunks of at most `size` (IN lists and multi-row inserts stay small). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
