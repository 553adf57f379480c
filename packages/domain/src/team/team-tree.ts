import { parentTeamCode, teamLevel } from './team-code';

export interface TeamRow {
  teamCode: string;
  teamName: string;
}

export type TeamTreeNode<T extends TeamRow = TeamRow> = T & { children: TeamTreeNode<T>[] };

/**
 * Nests flat team rows by their codes. A row hangs under its nearest ancestor present in the rows,
 * so a subtree whose upper levels the user cannot see still forms a tree; rows without one are roots.
 * Children are ordered by code. Rows whose code is of no valid length, and repeated codes after the
 * first, are left out. The rows are copied, not changed.
 */
export function buildTeamTree<T extends TeamRow>(rows: readonly T[]): TeamTreeNode<T>[] {
  const nodes = new Map<string, TeamTreeNode<T>>();
  for (const row of rows) {
    if (teamLevel(row.teamCode) === 0 || nodes.has(row.teamCode)) continue;
    nodes.set(row.teamCode, { ...row, children: [] });
  }
  const roots: TeamTreeNode<T>[] = [];
  const ordered = [...nodes.values()].sort((a, b) => (a.teamCode < b.teamCode ? -1 : 1));
  for (const node of ordered) {
    let parentCode = parentTeamCode(node.teamCode);
    let parent: TeamTreeNode<T> | undefined;
    while (parentCode !== null && !parent) {
      parent = nodes.get(parentCode);
      parentCode = parentTeamCode(parentCode);
    }
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every node of a tree, depth first, parents before children. */
export function flattenTeamTree<T extends TeamRow>(tree: readonly TeamTreeNode<T>[]): TeamTreeNode<T>[] {
  return tree.flatMap((node) => [node, ...flattenTeamTree(node.children)]);
}

/** The node of a code in a tree, or undefined. */
export function findTeamNode<T extends TeamRow>(
  tree: readonly TeamTreeNode<T>[],
  teamCode: string,
): TeamTreeNode<T> | undefined {
  for (const node of tree) {
    if (node.teamCode === teamCode) return node;
    if (teamCode.startsWith(node.teamCode)) {
      const found = findTeamNode(node.children, teamCode);
      if (found) return found;
    }
  }
  return undefined;
}
