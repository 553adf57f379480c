import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type MenuNode, menuTitle } from '@fleet/domain';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { texts } from '../locales';
import { firstPagePath } from '../router/routeTable';
import { useLayout } from '../stores/layout';
import { menuIcon } from './menuIcons';
import { menuArrows, revealMenuItem, scrollMenu } from './menuScroll';
import { useShell } from './ShellContext';
import { useOpenMenu } from './Sidebar';
import { HOME_MENU_PATH } from './sidebar';
import styles from './TopBar.module.css';

/**
 * The horizontal menu of the user's top-level routes. On overflow, arrow buttons scroll it in
 * 88 px steps; the current route's item is kept in view.
 */
export function TopMenu({ activeTop }: { activeTop: string | undefined }) {
  const { nav, viewer } = useShell();
  const openMenu = useOpenMenu();
  const leaveSpecialMenu = useLayout((state) => state.leaveSpecialMenu);
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [size, setSize] = useState({ content: 0, viewport: 0 });

  const measure = useCallback(() => {
    const content = track.current?.scrollWidth ?? 0;
    const width = viewport.current?.clientWidth ?? 0;
    setSize((old) =>
      old.content === content && old.viewport === width ? old : { content, viewport: width },
    );
  }, []);

  useLayoutEffect(() => {
    measure();
    const observer = new ResizeObserver(measure);
    if (viewport.current) observer.observe(viewport.current);
    if (track.current) observer.observe(track.current);
    return () => observer.disconnect();
  }, [measure]);

  // Keep the current route's item in view.
  useLayoutEffect(() => {
    if (!activeTop) return;
    const item = track.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!item) return;
    setOffset((current) =>
      revealMenuItem(
        current,
        item.offsetLeft,
        item.offsetLeft + item.offsetWidth,
        size.content,
        size.viewport,
      ),
    );
  }, [size, activeTop]);

  const arrows = menuArrows(offset, size.content, size.viewport);
  const step = (direction: -1 | 1) =>
    setOffset((current) => scrollMenu(current, direction, size.content, size.viewport));

  const itemFor = (node: MenuNode) => {
    const active = node.path === activeTop;
    const className = active ? `${styles.menuItem} ${styles.menuItemActive}` : styles.menuItem;
    const content = (
      <>
        {menuIcon(node.icon)}
        <span>{menuTitle(node, viewer)}</span>
      </>
    );
    if (node.target === 'tab') {
      return (
        <button key={node.path} type="button" className={className} onClick={() => openMenu(node)}>
          {content}
        </button>
      );
    }
    return (
      <Link
        key={node.path}
        to={firstPagePath(node)}
        className={className}
        aria-current={active ? 'page' : undefined}
        onClick={node.path === HOME_MENU_PATH ? leaveSpecialMenu : undefined}
      >
        {content}
      </Link>
    );
  };

  return (
    <nav className={styles.topMenu} aria-label={texts.shell.topMenu}>
      {arrows.left && (
        <button
          type="button"
          className={styles.arrow}
          aria-label={texts.shell.scrollLeft}
          onClick={() => step(-1)}
        >
          <LeftOutlined />
        </button>
      )}
      <div className={styles.menuViewport} ref={viewport}>
        <div className={styles.menuTrack} ref={track} style={{ transform: `translateX(${-offset}px)` }}>
          {nav.map(itemFor)}
        </div>
      </div>
      {arrows.right && (
        <button
          type="button"
          className={styles.arrow}
          aria-label={texts.shell.scrollRight}
          onClick={() => step(1)}
        >
          <RightOutlined />
        </button>
      )}
    </nav>
  );
}
