import type { MenuNode, MenuViewer } from '@fleet/domain';
import { menuTitle } from '@fleet/domain';
import { useEffect, useRef } from 'react';
import { type Location, useNavigate } from 'react-router';
import { recordMenuVisit } from '../api/shell';
import { useLayout } from '../stores/layout';
import { useTabs } from '../stores/tabs';
import type { ActiveView } from './KeepAliveViews';
import { jumpTarget } from './messages';
import { HOME_MENU_PATH, SPECIAL_MENU_PATH } from './sidebar';

/** Follows the window width: device mode, sidebar auto-close. */
export function useWindowResize(): void {
  const resize = useLayout((state) => state.resize);
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    const onResize = () => {
      resize(window.innerWidth, previous.current);
      previous.current = window.innerWidth;
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [resize]);
}

/** Navigates on the energy-saving page's Jump messages; every other message is ignored. */
export function useJumpMessages(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = jumpTarget(event.data, event.origin, window.location.origin);
      if (target) navigate(target);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);
}

interface ViewTracking {
  readonly active: ActiveView | undefined;
  readonly node: MenuNode | undefined;
  readonly home: MenuNode | undefined;
  readonly homePage: string | undefined;
  readonly viewer: MenuViewer;
  readonly location: Location;
}

/**
 * Keeps the tab list, the menu-visit record, the special menu mode and the mobile sidebar in step
 * with the page being shown.
 */
export function useViewTracking({ active, node, home, homePage, viewer, location }: ViewTracking): void {
  const open = useTabs((state) => state.open);
  const enterSpecialMenu = useLayout((state) => state.enterSpecialMenu);
  const closeSidebar = useLayout((state) => state.closeSidebar);

  // Home is pinned first from the start, before it has been opened.
  useEffect(() => {
    if (!home || !homePage || useTabs.getState().views.some((view) => view.path === HOME_MENU_PATH)) return;
    open({
      path: HOME_MENU_PATH,
      fullPath: HOME_MENU_PATH,
      title: menuTitle(home, viewer),
      pinned: true,
      routePath: home.path,
      pageKey: homePage,
      noCache: Boolean(home.noCache),
    });
  }, [home, homePage, viewer, open]);

  useEffect(() => {
    if (!active || !node || node.target === 'tab') return;
    open({
      path: active.path,
      fullPath: `${active.location.pathname}${active.location.search}${active.location.hash}`,
      title: menuTitle(node, viewer),
      pinned: active.path === HOME_MENU_PATH,
      routePath: active.routePath,
      pageKey: active.pageKey,
      noCache: active.noCache,
      location: active.location,
    });
  }, [active, node, viewer, open]);

  const code = node?.code;
  const path = active?.path;
  useEffect(() => {
    if (path && code) void recordMenuVisit(code).catch(() => undefined);
  }, [path, code]);

  useEffect(() => {
    if (node?.path === SPECIAL_MENU_PATH) enterSpecialMenu(node.path);
  }, [node, enterSpecialMenu]);

  const pathname = location.pathname;
  useEffect(() => {
    if (pathname && useLayout.getState().device === 'mobile') closeSidebar();
  }, [pathname, closeSidebar]);
}
