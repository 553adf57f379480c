import { MENU_TREE } from './menu-tree';
import type { MenuNode, MenuViewer } from './types';

export { MENU_TREE };

/** Every node of the tree, parents before their children, in menu order. */
export function flattenMenus(tree: readonly MenuNode[] = MENU_TREE): readonly MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[]): void => {
    for (const node of nodes) {
      out.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return out;
}

const FLAT = flattenMenus();

/** Every menu permission code of the tree, in menu order. */
export function allMenuCodes(tree: readonly MenuNode[] = MENU_TREE): ReadonlySet<string> {
  const codes = new Set<string>();
  for (const node of tree === MENU_TREE ? FLAT : flattenMenus(tree)) {
    if (node.code !== undefined) codes.add(node.code);
  }
  return codes;
}

const ALL_CODES = allMenuCodes();

/** Whether a code names a menu of the tree (a route or a seed may only use known codes). */
export function isKnownCode(code: string): boolean {
  return ALL_CODES.has(code);
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/** The number of literal segments matched, or undefined when the pattern does not match. */
function matchScore(pattern: readonly string[], actual: readonly string[]): number | undefined {
  if (pattern.length !== actual.length) return undefined;
  let score = 0;
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(':')) continue;
    if (part !== actual[index]) return undefined;
    score += 1;
  }
  return score;
}

interface PathEntry {
  readonly node: MenuNode;
  readonly pattern: readonly string[];
}

function pathEntries(tree: readonly MenuNode[]): readonly PathEntry[] {
  const entries: PathEntry[] = [];
  for (const node of tree === MENU_TREE ? FLAT : flattenMenus(tree)) {
    entries.push({ node, pattern: segments(node.path) });
    if (node.href !== undefined) entries.push({ node, pattern: segments(node.href) });
  }
  return entries;
}

const PATH_ENTRIES = pathEntries(MENU_TREE);

/**
 * The node whose path (or new-tab address) matches a pathname; `:params` match any one segment,
 * and a literal segment beats a parameter. Query and hash are ignored.
 */
export function findMenuByPath(
  pathname: string,
  tree: readonly MenuNode[] = MENU_TREE,
): MenuNode | undefined {
  const actual = segments(pathname.split(/[?#]/, 1)[0] ?? '');
  let best: MenuNode | undefined;
  let bestScore = -1;
  for (const entry of tree === MENU_TREE ? PATH_ENTRIES : pathEntries(tree)) {
    const score = matchScore(entry.pattern, actual);
    if (score !== undefined && score > bestScore) {
      best = entry.node;
      bestScore = score;
    }
  }
  return best;
}

/** A code and the codes of everything under the menus that carry it; empty for an unknown code. */
export function menuCodesUnder(code: string, tree: readonly MenuNode[] = MENU_TREE): ReadonlySet<string> {
  const codes = new Set<string>();
  for (const node of tree === MENU_TREE ? FLAT : flattenMenus(tree)) {
    if (node.code !== code) continue;
    for (const below of flattenMenus([node])) {
      if (below.code !== undefined) codes.add(below.code);
    }
  }
  return codes;
}

/** The given codes plus the codes of every menu above them, in menu order. */
export function withAncestorCodes(
  codes: Iterable<string>,
  tree: readonly MenuNode[] = MENU_TREE,
): readonly string[] {
  const wanted = new Set(codes);
  const result = new Set<string>();
  const walk = (nodes: readonly MenuNode[], above: readonly string[]): void => {
    for (const node of nodes) {
      const path = node.code === undefined ? above : [...above, node.code];
      if (node.code !== undefined && wanted.has(node.code)) {
        for (const code of path) result.add(code);
      }
      if (node.children) walk(node.children, path);
    }
  };
  walk(tree, []);
  return [...allMenuCodes(tree)].filter((code) => result.has(code));
}

function hasVisibleChildren(node: MenuNode): boolean {
  return node.children?.some((child) => !child.hidden) ?? false;
}

/**
 * Whether a user holding `granted` may see a node: public nodes always; a group (a node with
 * visible children) when any of its children is permitted; any other node when its code is held.
 */
function isPermitted(node: MenuNode, granted: ReadonlySet<string>): boolean {
  if (node.public) return true;
  if (hasVisibleChildren(node)) return node.children?.some((child) => isPermitted(child, granted)) ?? false;
  return granted.has(node.code);
}

function prune(nodes: readonly MenuNode[], granted: ReadonlySet<string>): MenuNode[] {
  const kept: MenuNode[] = [];
  for (const node of nodes) {
    if (!isPermitted(node, granted)) continue;
    if (node.children === undefined) {
      kept.push(node);
      continue;
    }
    const children = prune(node.children, granted);
    const unchanged =
      children.length === node.children.length && children.every((child, i) => child === node.children?.[i]);
    kept.push(unchanged ? node : { ...node, children });
  }
  return kept;
}

/**
 * The tree as a user with these menu codes sees it: nodes whose code is not held are dropped, a
 * group stays while any child stays, public nodes always stay.
 */
export function permittedMenuTree(
  elemCodes: Iterable<string>,
  tree: readonly MenuNode[] = MENU_TREE,
): readonly MenuNode[] {
  return prune(tree, new Set(elemCodes));
}

/** Whether a user with these codes may open a pathname (false for a path outside the tree). */
export function canAccessPath(pathname: string, elemCodes: Iterable<string>): boolean {
  const node = findMenuByPath(pathname);
  if (node === undefined) return false;
  return isPermitted(node, new Set(elemCodes));
}

/** The title a viewer sees: managers and others read different titles on the vehicle menu. */
export function menuTitle(node: MenuNode, viewer: MenuViewer): string {
  if (node.titles === undefined) return node.title;
  return viewer.manager ? node.titles.manager : node.titles.other;
}

/** The key looked up in the user's latest / frequently-used lists: `enventKey`, else the code. */
export function menuTagKey(node: MenuNode): string | undefined {
  return node.enventKey ?? node.code;
}
