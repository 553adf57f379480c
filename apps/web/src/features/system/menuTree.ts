import type { MenuNode } from '@fleet/domain';

/** A node of the role dialog's menu tree: key is the menu code. */
export interface MenuCheckNode {
  key: string;
  title: string;
  children?: MenuCheckNode[];
}

/**
 * The menu tree a role can be granted: only visible nodes that carry a code (hidden secondary pages,
 * top-bar links and public pages are left out), each code once.
 */
export function menuCheckTree(nodes: readonly MenuNode[], seen: Set<string> = new Set()): MenuCheckNode[] {
  const result: MenuCheckNode[] = [];
  for (const node of nodes) {
    if (node.hidden || node.public || node.code === undefined || seen.has(node.code)) continue;
    seen.add(node.code);
    const children = menuCheckTree(node.children ?? [], seen);
    result.push(
      children.length > 0
        ? { key: node.code, title: node.title, children }
        : { key: node.code, title: node.title },
    );
  }
  return result;
}

/** Every code of the tree. */
export function treeCodes(tree: readonly MenuCheckNode[]): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: readonly MenuCheckNode[]) => {
    for (const node of nodes) {
      codes.add(node.key);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return codes;
}

/**
 * The boxes to tick for a role's codes: only leaves, since a ticked group would tick all of its
 * children (a group is ticked by the tree itself once all its children are).
 */
export function checkedLeaves(tree: readonly MenuCheckNode[], codes: readonly string[]): string[] {
  const held = new Set(codes);
  const leaves: string[] = [];
  const walk = (nodes: readonly MenuCheckNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children);
      else if (held.has(node.key)) leaves.push(node.key);
    }
  };
  walk(tree);
  return leaves;
}

/**
 * How many permissions a role grants, the one count the role list and the role dialog both show:
 * the ticked leaves of the tree (pages and their buttons), not the group menus above them, which
 * are ticked or half-ticked by their children, nor hidden pages that come with their menu.
 */
export function grantedCount(tree: readonly MenuCheckNode[], codes: readonly string[]): number {
  return checkedLeaves(tree, codes).length;
}

/**
 * The codes to save: ticked and half-ticked nodes (a group whose children are partly granted keeps
 * its own code), plus the role's earlier codes that the tree does not show (hidden pages, links).
 */
export function codesToSave(
  tree: readonly MenuCheckNode[],
  checked: readonly string[],
  halfChecked: readonly string[],
  previous: readonly string[] = [],
): string[] {
  const shown = treeCodes(tree);
  const kept = previous.filter((code) => !shown.has(code));
  return [...new Set([...checked, ...halfChecked, ...kept])];
}
