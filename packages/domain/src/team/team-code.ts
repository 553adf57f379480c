/**
 * Team codes grow by level: a code of level n has TEAM_CODE_LEVELS[n-1] characters and its parent is
 * its prefix of the previous level's length (spec core section 3).
 */
export const TEAM_CODE_LEVELS = [7, 10, 14, 18, 25, 28, 32, 36] as const;
export const TEAM_CODE_MAX_LEVEL = TEAM_CODE_LEVELS.length;

/** Level 1-8 of a team code by its length; 0 for a length that is no level. */
export function teamLevel(code: string): number {
  return (TEAM_CODE_LEVELS as readonly number[]).indexOf(code.length) + 1;
}

export function isTeamCode(code: string): boolean {
  return teamLevel(code) > 0;
}

/** The parent's code (the prefix of the previous level), null at the top level or for an invalid code. */
export function parentTeamCode(code: string): string | null {
  const level = teamLevel(code);
  if (level <= 1) return null;
  return code.slice(0, TEAM_CODE_LEVELS[level - 2]);
}

/** Codes of the ancestors of a team, top level first, not including the team itself. */
export function ancestors(code: string): string[] {
  const level = teamLevel(code);
  return TEAM_CODE_LEVELS.slice(0, Math.max(0, level - 1)).map((length) => code.slice(0, length));
}

/**
 * Whether a team belongs to the subtree under rootCode (the root itself included): both are valid
 * codes and rootCode is a prefix of code.
 */
export function isInSubtree(code: string, rootCode: string): boolean {
  return isTeamCode(code) && isTeamCode(rootCode) && code.startsWith(rootCode);
}

/**
 * The next free code under a parent (null for the top level): the parent's code and a numeric segment
 * of the next level's width, one above the highest numeric segment among existing children, zero-padded
 * (first child …0001). Codes that are not direct children of the parent are ignored.
 * Throws a RangeError under the deepest level, for an invalid parent, or when the segment is full.
 */
export function nextChildCode(parentCode: string | null, existingChildCodes: Iterable<string>): string {
  const prefix = parentCode ?? '';
  const level = parentCode === null ? 0 : teamLevel(parentCode);
  if (parentCode !== null && level === 0) {
    throw new RangeError(`not a team code: ${parentCode}`);
  }
  const childLength = TEAM_CODE_LEVELS[level];
  if (childLength === undefined) {
    throw new RangeError(`team ${prefix} is at the deepest level and cannot have children`);
  }
  const width = childLength - prefix.length;
  let highest = 0;
  for (const child of existingChildCodes) {
    if (child.length !== childLength || !child.startsWith(prefix)) continue;
    const segment = child.slice(prefix.length);
    if (/^\d+$/.test(segment)) highest = Math.max(highest, Number(segment));
  }
  const next = String(highest + 1);
  if (next.length > width) {
    throw new RangeError(`no free child code left under ${prefix || 'the top level'}`);
  }
  return prefix + next.padStart(width, '0');
}
