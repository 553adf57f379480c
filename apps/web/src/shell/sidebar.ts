import { type MenuNode, SIDEBAR_DIVIDERS_AFTER } from '@fleet/domain';

/** Sidebar content (spec core section 2, "Application shell"). */

export const HOME_MENU_PATH = '/databoard/index';
/** Opening this page switches the sidebar into its own menu until the home item is clicked. */
export const SPECIAL_MENU_PATH = '/information/carHang';

export const DIVIDER = 'divider';
export type WithDividers<T> = T | typeof DIVIDER;

/** Items with a divider after items 1, 5, 10 and 15 (1-based), never as the last entry. */
export function withDividers<T>(
  items: readonly T[],
  after: readonly number[] = SIDEBAR_DIVIDERS_AFTER,
): WithDividers<T>[] {
  const out: WithDividers<T>[] = [];
  for (const [index, item] of items.entries()) {
    out.push(item);
    if (after.includes(index + 1) && index < items.length - 1) out.push(DIVIDER);
  }
  return out;
}

/**
 * The sidebar's items: in the special menu mode, home and the special node; inside a module with
 * sub-menus, home and that module's menus; elsewhere (home, a one-page module) every top-level
 * route of the user's menu.
 */
export function sidebarItems(
  nav: readonly MenuNode[],
  topPath: string | undefined,
  special: MenuNode | undefined,
): readonly MenuNode[] {
  const home = nav.find((node) => node.path === HOME_MENU_PATH);
  const withHome = (items: readonly MenuNode[]) => (home ? [home, ...items] : [...items]);
  if (special) return withHome([special]);
  const top = nav.find((node) => node.path === topPath);
  if (top?.children?.length) return withHome(top.children);
  return nav;
}
