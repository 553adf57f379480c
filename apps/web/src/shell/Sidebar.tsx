import { FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import { type MenuNode, menuTitle } from '@fleet/domain';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { texts } from '../locales';
import { firstPagePath, menuTrail } from '../router/routeTable';
import { useLayout } from '../stores/layout';
import { useSettings } from '../stores/settings';
import { menuIcon } from './menuIcons';
import { useShell } from './ShellContext';
import styles from './Sidebar.module.css';
import { DIVIDER, HOME_MENU_PATH, sidebarItems, withDividers } from './sidebar';
import { useBrand } from './useBrand';

type MenuItem = Required<MenuProps>['items'][number];

/** Opens a menu node: a new-tab page in a new browser tab, anything else in the layout. */
export function useOpenMenu(): (node: MenuNode) => void {
  const navigate = useNavigate();
  const leaveSpecialMenu = useLayout((state) => state.leaveSpecialMenu);
  return (node: MenuNode) => {
    if (node.path === HOME_MENU_PATH) leaveSpecialMenu();
    if (node.target === 'tab') {
      window.open(node.href ?? node.path, '_blank', 'noopener');
      return;
    }
    navigate(firstPagePath(node));
  };
}

/** The sidebar menu (spec core section 2): the current module's menus, dividers, collapse. */
export function Sidebar({ pathname, collapsed }: { pathname: string; collapsed: boolean }) {
  const { nav, viewer } = useShell();
  const brand = useBrand();
  const sidebarLogo = useSettings((state) => state.sidebarLogo);
  const specialPath = useLayout((state) => state.specialMenu);
  const openMenu = useOpenMenu();

  const trail = menuTrail(pathname);
  const topPath = trail[0]?.path;
  const special = specialPath ? menuTrail(specialPath).at(-1) : undefined;
  const items = useMemo(() => sidebarItems(nav, topPath, special), [nav, topPath, special]);

  const byPath = useMemo(() => {
    const map = new Map<string, MenuNode>();
    const walk = (nodes: readonly MenuNode[]) => {
      for (const node of nodes) {
        map.set(node.path, node);
        if (node.children) walk(node.children);
      }
    };
    walk(items);
    return map;
  }, [items]);

  // The menu entry of a hidden page is the visible menu above it.
  const selected = [...trail].reverse().find((node) => byPath.has(node.path))?.path;
  const trailKeys = trail.map((node) => node.path).join('|');
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const opened = trailKeys.split('|').filter(Boolean);
    setOpenKeys((keys) => [...new Set([...keys, ...opened])]);
  }, [trailKeys]);

  // First-level items always carry an icon, so the collapsed sidebar has something to show.
  const toItem = (node: MenuNode, firstLevel: boolean): MenuItem => {
    const label = menuTitle(node, viewer);
    const group = Boolean(node.children?.length);
    const icon = firstLevel
      ? (menuIcon(node.icon, false) ?? (group ? <FolderOutlined /> : <FileTextOutlined />))
      : undefined;
    if (group) {
      return { key: node.path, label, icon, children: node.children?.map((child) => toItem(child, false)) };
    }
    return { key: node.path, label, icon };
  };
  const menuItems: MenuItem[] = withDividers(items).map((item, index) =>
    item === DIVIDER ? { type: 'divider', key: `divider-${index}` } : toItem(item, true),
  );

  return (
    <div className={styles.sidebar}>
      {sidebarLogo && (
        <div className={styles.logo}>
          <img src={brand.logo} alt="" className={styles.logoImage} />
          {!collapsed && <span className={styles.logoTitle}>{brand.title}</span>}
        </div>
      )}
      <Menu
        aria-label={texts.shell.sidebar}
        mode="inline"
        inlineCollapsed={collapsed}
        items={menuItems}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          const node = byPath.get(key);
          if (node) openMenu(node);
        }}
        className={styles.menu}
      />
    </div>
  );
}
