import { findMenuByPath, menuTitle } from '@fleet/domain';
import { Drawer, Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type LoaderFunctionArgs, Navigate, redirect, useLocation, useNavigate } from 'react-router';
import { RequestError } from '../api/request';
import { menuCodes } from '../api/session';
import { userInfoQuery, useUserInfo } from '../features/session/userInfo';
import { texts } from '../locales';
import { BUILT_PAGES } from '../router/pages';
import { loginPath, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from '../router/paths';
import { queryClient } from '../router/queryClient';
import { requireSession } from '../router/requireSession';
import { menuTrail, navigationTree, resolvePath } from '../router/routeTable';
import { useLayout } from '../stores/layout';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import { AllFunctionsDrawer } from './AllFunctionsDrawer';
import { type ActiveView, KeepAliveViews } from './KeepAliveViews';
import { MessageDrawer } from './MessageDrawer';
import { PopNotices } from './PopNotices';
import { SettingsDrawer } from './SettingsDrawer';
import { ShellContext, type ShellState } from './ShellContext';
import styles from './ShellLayout.module.css';
import { Sidebar } from './Sidebar';
import { HOME_MENU_PATH } from './sidebar';
import { REDIRECT_PREFIX, TagsView } from './TagsView';
import { TopBar } from './TopBar';
import { showTabBar } from './tabs';
import { useBrandHead } from './useBrand';
import { useJumpMessages, useViewTracking, useWindowResize } from './useShellEffects';

const HOME_NODE = findMenuByPath(HOME_MENU_PATH);

function isRedirectPath(pathname: string): boolean {
  return pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`);
}

/**
 * Loader of every signed-in path: an unknown path (or one whose page is not built) goes to 404
 * without asking for a session; otherwise a session and the user info are needed, and a page
 * outside the user's codes goes to 401.
 */
export async function shellLoader(args: LoaderFunctionArgs): Promise<null> {
  const { pathname, search } = new URL(args.request.url);
  const redirecting = isRedirectPath(pathname);
  if (!redirecting && resolvePath(pathname, [], BUILT_PAGES).kind === 'notFound')
    throw redirect(NOT_FOUND_PATH);
  await requireSession(args);
  let codes: string[];
  try {
    codes = menuCodes(await queryClient.ensureQueryData(userInfoQuery));
  } catch (error) {
    if (error instanceof RequestError && error.code === 401)
      throw redirect(loginPath(`${pathname}${search}`));
    throw error;
  }
  if (!redirecting && resolvePath(pathname, codes, BUILT_PAGES).kind === 'unauthorized') {
    throw redirect(UNAUTHORIZED_PATH);
  }
  return null;
}

/** /redirect/<path>: goes straight on to <path> (how a tab is refreshed). */
function Redirector({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to || HOME_MENU_PATH, { replace: true });
  }, [navigate, to]);
  return null;
}

/** The application shell: top bar, sidebar, tab bar and the kept-alive pages of the signed-in user. */
export function ShellLayout() {
  const user = useUserInfo();
  const location = useLocation();
  const settings = useSettings();
  const device = useLayout((state) => state.device);
  const sidebarOpened = useLayout((state) => state.sidebarOpened);
  const toggleSidebar = useLayout((state) => state.toggleSidebar);
  const closeSidebar = useLayout((state) => state.closeSidebar);
  const views = useTabs((state) => state.views);
  const [drawer, setDrawer] = useState<'all' | 'settings'>();

  const codes = useMemo(() => new Set(menuCodes(user)), [user]);
  const viewer = useMemo(() => ({ manager: Boolean(user.isManager) }), [user.isManager]);
  const nav = useMemo(() => navigationTree(codes, BUILT_PAGES), [codes]);
  const shell = useMemo<ShellState>(() => ({ user, codes, nav, viewer }), [user, codes, nav, viewer]);

  const redirecting = isRedirectPath(location.pathname);
  const resolution = redirecting ? undefined : resolvePath(location.pathname, codes, BUILT_PAGES);
  const node = resolution?.kind === 'page' ? resolution.node : undefined;
  const pageKey = resolution?.kind === 'page' ? resolution.page : undefined;
  const active = useMemo<ActiveView | undefined>(
    () =>
      node && pageKey
        ? {
            path: location.pathname,
            routePath: node.path,
            pageKey,
            noCache: Boolean(node.noCache),
            location,
          }
        : undefined,
    [node, pageKey, location],
  );
  const homeInNav = nav.some((item) => item.path === HOME_MENU_PATH);

  useBrandHead(node ? menuTitle(node, viewer) : undefined);
  useWindowResize();
  useJumpMessages();
  useViewTracking({
    active,
    node,
    home: homeInNav ? HOME_NODE : undefined,
    homePage: homeInNav ? HOME_NODE?.page : undefined,
    viewer,
    location,
  });

  if (resolution?.kind === 'notFound') return <Navigate to={NOT_FOUND_PATH} replace />;
  if (resolution?.kind === 'unauthorized') return <Navigate to={UNAUTHORIZED_PATH} replace />;

  const redirectTarget = `${location.pathname.slice(REDIRECT_PREFIX.length)}${location.search}${location.hash}`;
  const activeTop = menuTrail(location.pathname)[0]?.path;

  if (node?.target === 'tab') {
    return (
      <ShellContext.Provider value={shell}>
        <div className={styles.standalone}>
          <KeepAliveViews active={active} />
        </div>
      </ShellContext.Provider>
    );
  }

  const sidebar = <Sidebar pathname={location.pathname} collapsed={device === 'desktop' && !sidebarOpened} />;
  const fixed = settings.fixedHeader;

  return (
    <ShellContext.Provider value={shell}>
      <div className={fixed ? `${styles.shell} ${styles.fixedHeader}` : styles.shell}>
        <div className={styles.header}>
          <TopBar
            activeTop={activeTop}
            onOpenAllFunctions={() => setDrawer('all')}
            onOpenSettings={() => setDrawer('settings')}
          />
        </div>
        <Layout hasSider className={styles.body}>
          {device === 'desktop' ? (
            <Layout.Sider
              theme="light"
              width={210}
              collapsedWidth={64}
              collapsible
              collapsed={!sidebarOpened}
              onCollapse={toggleSidebar}
              className={styles.sider}
            >
              {sidebar}
            </Layout.Sider>
          ) : (
            <Drawer
              placement="left"
              size={230}
              open={sidebarOpened}
              onClose={closeSidebar}
              closable={false}
              styles={{ body: { padding: 0 } }}
              title={texts.shell.sidebar}
            >
              {sidebar}
            </Drawer>
          )}
          <div className={styles.main}>
            {settings.tagsView && showTabBar(views) && (
              <div className={styles.tags}>
                <TagsView activePath={active?.path} />
              </div>
            )}
            <main className={styles.content}>
              <KeepAliveViews active={active} />
              {redirecting && <Redirector to={redirectTarget} />}
            </main>
          </div>
        </Layout>
        <AllFunctionsDrawer open={drawer === 'all'} onClose={() => setDrawer(undefined)} />
        <SettingsDrawer open={drawer === 'settings'} onClose={() => setDrawer(undefined)} />
        <PopNotices />
        <MessageDrawer />
      </div>
    </ShellContext.Provider>
  );
}
