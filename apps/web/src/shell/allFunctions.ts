import {
  ALL_FUNCTIONS_COLUMNS,
  canAccessPath,
  MENU_HISTORY_LIMIT,
  type MenuNode,
  type MenuViewer,
  menuTagKey,
  menuTitle,
  pushHistory,
} from '@fleet/domain';
import { menuTrail } from '../router/routeTable';
import { HOME_MENU_PATH } from './sidebar';

/** The all-functions drawer (spec core section 2): modules in 5 columns, search, history and tags. */

/** Home and the two full-map monitors have their own places in the top bar, not in the drawer. */
export const DRAWER_EXCLUDED_PATHS: ReadonlySet<string> = new Set([
  HOME_MENU_PATH,
  '/monitor/scatter/route',
  '/monitor/scatter/newroute',
]);

/** localStorage key of the last searched menus (spec core section 3). */
export const MENU_HISTORY_KEY = 'menuHistory';

export type MenuTag = 'latest' | 'common';

export interface FunctionEntry {
  readonly path: string;
  readonly title: string;
  /** Module and groups above it, for the search suggestions. */
  readonly trail: readonly string[];
  readonly tags: readonly MenuTag[];
  /** Opened in a new browser tab. */
  readonly newTab: boolean;
}

export interface FunctionGroup {
  /** Absent for pages that sit directly under the module. */
  readonly title?: string;
  readonly entries: readonly FunctionEntry[];
}

export interface FunctionModule {
  readonly path: string;
  readonly title: string;
  readonly groups: readonly FunctionGroup[];
}

export interface TagLists {
  readonly newest: readonly string[];
  readonly common: readonly string[];
}

/** 'latest' when the node always carries it or is in the user's newest list; 'common' when frequently used. */
export function menuTags(node: MenuNode, lists: TagLists): MenuTag[] {
  const key = menuTagKey(node);
  const tags: MenuTag[] = [];
  if (node.newTag || (key !== undefined && lists.newest.includes(key))) tags.push('latest');
  if (key !== undefined && lists.common.includes(key)) tags.push('common');
  return tags;
}

function entriesUnder(node: MenuNode, trail: readonly string[], viewer: MenuViewer, lists: TagLists) {
  const title = menuTitle(node, viewer);
  if (!node.children?.length) {
    const entry: FunctionEntry = {
      path: node.path,
      title,
      trail,
      tags: menuTags(node, lists),
      newTab: node.target === 'tab',
    };
    return [entry];
  }
  const below: FunctionEntry[] = [];
  for (const child of node.children) below.push(...entriesUnder(child, [...trail, title], viewer, lists));
  return below;
}

/** The drawer's modules, from the user's navigation tree (permitted pages only), in menu order. */
export function functionModules(
  nav: readonly MenuNode[],
  viewer: MenuViewer,
  lists: TagLists,
): FunctionModule[] {
  const modules: FunctionModule[] = [];
  for (const top of nav) {
    if (DRAWER_EXCLUDED_PATHS.has(top.path)) continue;
    const title = menuTitle(top, viewer);
    const groups: FunctionGroup[] = [];
    const loose: FunctionEntry[] = [];
    for (const child of top.children ?? []) {
      if (child.children?.length) {
        const groupTitle = menuTitle(child, viewer);
        groups.push({ title: groupTitle, entries: entriesUnder(child, [title], viewer, lists).slice() });
      } else {
        loose.push(...entriesUnder(child, [title], viewer, lists));
      }
    }
    if (!top.children?.length) loose.push(...entriesUnder(top, [], viewer, lists));
    if (loose.length > 0) groups.unshift({ entries: loose });
    modules.push({ path: top.path, title, groups });
  }
  return modules;
}

function moduleSize(module: FunctionModule): number {
  return module.groups.reduce((sum, group) => sum + group.entries.length + (group.title ? 1 : 0), 1);
}

/**
 * Spreads the modules over the columns in menu order, each into the column that is shortest so far
 * (the first of equals), so the columns end at similar heights.
 */
export function spreadColumns(
  modules: readonly FunctionModule[],
  columns: number = ALL_FUNCTIONS_COLUMNS,
): FunctionModule[][] {
  const out: FunctionModule[][] = Array.from({ length: columns }, () => []);
  const heights = new Array<number>(columns).fill(0);
  for (const module of modules) {
    let target = 0;
    for (let column = 1; column < columns; column++) {
      if ((heights[column] ?? 0) < (heights[target] ?? 0)) target = column;
    }
    out[target]?.push(module);
    heights[target] = (heights[target] ?? 0) + moduleSize(module);
  }
  return out;
}

/** Every entry of the modules, in menu order. */
export function allEntries(modules: readonly FunctionModule[]): FunctionEntry[] {
  return modules.flatMap((module) => module.groups.flatMap((group) => group.entries));
}

/**
 * Hidden pages the search finds too (settings pages under a page, such as 车辆报警设置), for users
 * who may open them; their trail is the pages above them.
 */
export function searchOnlyEntries(
  paths: readonly string[],
  codes: Iterable<string>,
  viewer: MenuViewer,
): FunctionEntry[] {
  const held = [...codes];
  return paths.flatMap((path) => {
    const trail = menuTrail(path);
    const node = trail.at(-1);
    if (!node || node.path !== path || !canAccessPath(path, held)) return [];
    const above = trail.slice(0, -1).map((n) => menuTitle(n, viewer));
    return [{ path, title: menuTitle(node, viewer), trail: above, tags: [], newTab: false }];
  });
}

/** Entries whose title (or a module or group above it) contains the text, titles first. */
export function searchEntries(entries: readonly FunctionEntry[], text: string): FunctionEntry[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  const byTitle = entries.filter((entry) => entry.title.toLowerCase().includes(wanted));
  const byTrail = entries.filter(
    (entry) => !byTitle.includes(entry) && entry.trail.some((part) => part.toLowerCase().includes(wanted)),
  );
  return [...byTitle, ...byTrail];
}

/** The history after searching a menu: newest first, no duplicates, the last 10. */
export function addMenuHistory(history: readonly string[], path: string): string[] {
  return pushHistory(history, path, MENU_HISTORY_LIMIT);
}

/** The history as entries the user may still open, newest first. */
export function historyEntries(
  history: readonly string[],
  entries: readonly FunctionEntry[],
): FunctionEntry[] {
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  return history
    .map((path) => byPath.get(path))
    .filter((entry): entry is FunctionEntry => entry !== undefined);
}

/** Reads a stored history defensively: an array of strings or nothing. */
export function parseMenuHistory(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, MENU_HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}
