/**
 * The rules of the tab bar (spec core section 4): one tab a path, pinned tabs first, closing never
 * removes a pinned tab. Pure functions over the list; the store in stores/tabs.ts applies them.
 */

export interface TabItem {
  /** The pathname, which identifies the tab (the query may change inside one tab). */
  readonly path: string;
  readonly pinned?: boolean;
}

function pinnedFirst<T extends TabItem>(list: readonly T[]): T[] {
  return [...list.filter((tab) => tab.pinned), ...list.filter((tab) => !tab.pinned)];
}

/** Opens a tab: a tab with the same path is updated in place, a new one goes last; pinned stay first. */
export function addTab<T extends TabItem>(list: readonly T[], tab: T): T[] {
  const index = list.findIndex((item) => item.path === tab.path);
  if (index < 0) return pinnedFirst([...list, tab]);
  const next = [...list];
  next[index] = tab;
  return pinnedFirst(next);
}

/** Closes one tab; a pinned tab cannot be closed. */
export function closeTab<T extends TabItem>(list: readonly T[], path: string): T[] {
  return list.filter((tab) => tab.pinned || tab.path !== path);
}

/** Keeps the pinned tabs and the given one. */
export function closeOtherTabs<T extends TabItem>(list: readonly T[], path: string): T[] {
  return list.filter((tab) => tab.pinned || tab.path === path);
}

/** Keeps only the pinned tabs. */
export function closeAllTabs<T extends TabItem>(list: readonly T[]): T[] {
  return list.filter((tab) => tab.pinned);
}

/**
 * The tab to show after the active tab closed: the last tab left (the most recently opened),
 * or nothing when none is left.
 */
export function tabAfterClose<T extends TabItem>(remaining: readonly T[]): T | undefined {
  return remaining[remaining.length - 1];
}

/** The bar appears once more than one view has been visited. */
export function showTabBar(list: readonly TabItem[]): boolean {
  return list.length > 1;
}
