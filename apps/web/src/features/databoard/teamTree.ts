import type { TeamNode } from '../../api/session';

export interface TeamTreeNode {
  key: string;
  title: string;
  children: TeamTreeNode[];
}

/**
 * Nests the flat team list on `parentCode`. Roots are the teams whose parent is not in the list
 * (a user sees only the subtree of their own team); the input order is kept among siblings.
 */
export function buildTeamTree(
  teams: readonly Pick<TeamNode, 'teamCode' | 'teamName' | 'parentCode'>[],
): TeamTreeNode[] {
  const nodes = new Map<string, TeamTreeNode>();
  for (const team of teams) {
    if (!nodes.has(team.teamCode))
      nodes.set(team.teamCode, { key: team.teamCode, title: team.teamName, children: [] });
  }
  const roots: TeamTreeNode[] = [];
  const placed = new Set<string>();
  for (const team of teams) {
    const node = nodes.get(team.teamCode);
    if (!node || placed.has(team.teamCode)) continue;
    placed.add(team.teamCode);
    const parent = team.parentCode ? nodes.get(team.parentCode) : undefined;
    if (parent && parent !== node && !isAncestor(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `candidate` already sits below `node` (so attaching would make a loop). */
function isAncestor(node: TeamTreeNode, candidate: TeamTreeNode): boolean {
  const stack = [...node.children];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === candidate) return true;
    if (current) stack.push(...current.children);
  }
  return false;
}

/** Keys of every node, to open the whole tree. */
export function allKeys(nodes: readonly TeamTreeNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children)]);
}
