import { canAccessPath, findMenuByPath, MENU_TREE, type MenuNode, permittedMenuTree } from '@fleet/domain';

/**
 * Routes and menus from data: a menu node is a page when its `page` key names a built file
 * (`features/<feature>/pages/<PageName>.tsx`); the user's menu codes decide which pages they get.
 */

/** The page keys that exist as files, e.g. 'databoard/DataboardPage'. */
export type BuiltPages = ReadonlySet<string>;

const PAGE_MODULE = /\/features\/([^/]+)\/pages\/([^/]+)\.tsx$/;

/** 'databoard/DataboardPage' for '../features/databoard/pages/DataboardPage.tsx'. */
export function pageKeyOfModule(modulePath: string): string | undefined {
  const match = PAGE_MODULE.exec(modulePath);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** Whether the node's page has been built. */
export function hasBuiltPage(node: MenuNode, built: BuiltPages): boolean {
  return node.page !== undefined && built.has(node.page);
}

export type Resolution =
  | { readonly kind: 'page'; readonly node: MenuNode; readonly page: string }
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'notFound' };

/**
 * What a pathname opens for a user: the page of its menu node; 404 for a path outside the tree or
 * a node whose page is not built; 401 for a built page whose code the user lacks.
 */
export function resolvePath(pathname: string, codes: Iterable<string>, built: BuiltPages): Resolution {
  const node = findMenuByPath(pathname);
  if (node?.page === undefined || !built.has(node.page)) return { kind: 'notFound' };
  if (!canAccessPath(pathname, codes)) return { kind: 'unauthorized' };
  return { kind: 'page', node, page: node.page };
}

function menuVisible(node: MenuNode, built: BuiltPages): MenuNode | undefined {
  if (node.hidden || node.link !== undefined) return undefined;
  const children = (node.children ?? [])
    .map((child) => menuVisible(child, built))
    .filter((child): child is MenuNode => child !== undefined);
  if (children.length > 0) return { ...node, children };
  if (!hasBuiltPage(node, built)) return undefined;
  return { ...node, children: undefined };
}

/**
 * The menu a user sees: permitted, not hidden, not a top-bar link, and only nodes that are a built
 * page or lead to one. Groups keep only such children; a page's hidden pages are dropped here.
 */
export function navigationTree(
  codes: Iterable<string>,
  built: BuiltPages,
  tree: readonly MenuNode[] = MENU_TREE,
): readonly MenuNode[] {
  return permittedMenuTree(codes, tree)
    .map((node) => menuVisible(node, built))
    .filter((node): node is MenuNode => node !== undefined);
}

/** Where a click on a menu node goes: the node itself when it is a page, else its first page. */
export function firstPagePath(node: MenuNode): string {
  const first = node.children?.[0];
  return first ? firstPagePath(first) : node.path;
}

const PARENTS = new Map<MenuNode, MenuNode>();
for (const top of MENU_TREE) {
  const walk = (node: MenuNode) => {
    for (const child of node.children ?? []) {
      PARENTS.set(child, node);
      walk(child);
    }
  };
  walk(top);
}

/** The menu nodes from the top-level route down to the node a pathname opens; empty when unknown. */
export function menuTrail(pathname: string): readonly MenuNode[] {
  const trail: MenuNode[] = [];
  for (let node = findMenuByPath(pathname); node !== undefined; node = PARENTS.get(node)) trail.unshift(node);
  return trail;
}

/** Every page of a navigation tree (leaves), in menu order. */
export function navigationPages(nav: readonly MenuNode[]): readonly MenuNode[] {
  return nav.flatMap((node) => (node.children?.length ? navigationPages(node.children) : [node]));
}
