import { CloseOutlined } from '@ant-design/icons';
import { TAB_CONTEXT_MENU_WIDTH } from '@fleet/domain';
import { Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { texts } from '../locales';
import { HOME_PATH } from '../router/paths';
import { type TabView, useTabs } from '../stores/tabs';
import styles from './TagsView.module.css';
import { closeAllTabs, closeOtherTabs, closeTab, tabAfterClose } from './tabs';

const t = texts.shell;
export const REDIRECT_PREFIX = '/redirect';

/**
 * The tab bar (spec core section 2): one tab a visited view, home pinned first; right click gives
 * 刷新 (through /redirect), 关闭, 关闭其他 and 关闭全部.
 */
export function TagsView({ activePath }: { activePath: string | undefined }) {
  const navigate = useNavigate();
  const views = useTabs((state) => state.views);
  const tabs = useTabs();

  const show = (view: TabView | undefined) => navigate(view ? view.fullPath : HOME_PATH);

  const close = (view: TabView) => {
    if (view.pinned) return;
    const remaining = closeTab(views, view.path);
    tabs.close(view.path);
    if (view.path === activePath) show(tabAfterClose(remaining));
  };

  const act = (view: TabView, action: string) => {
    if (action === 'refresh') {
      tabs.refresh(view.path);
      navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
    } else if (action === 'close') {
      close(view);
    } else if (action === 'closeOthers') {
      tabs.closeOthers(view.path);
      if (view.path !== activePath) show(view);
    } else if (action === 'closeAll') {
      const remaining = closeAllTabs(views);
      tabs.closeAll();
      if (!remaining.some((tab) => tab.path === activePath)) show(tabAfterClose(remaining));
    }
  };

  const menuFor = (view: TabView): MenuProps => ({
    items: [
      { key: 'refresh', label: t.tabRefresh },
      { key: 'close', label: t.tabClose, disabled: view.pinned },
      {
        key: 'closeOthers',
        label: t.tabCloseOthers,
        disabled: closeOtherTabs(views, view.path).length === views.length,
      },
      { key: 'closeAll', label: t.tabCloseAll, disabled: closeAllTabs(views).length === views.length },
    ],
    onClick: ({ key }) => act(view, key),
  });

  return (
    <nav className={styles.tagsView} aria-label={t.tabBar}>
      {views.map((view) => {
        const active = view.path === activePath;
        return (
          <Dropdown
            key={view.path}
            trigger={['contextMenu']}
            menu={menuFor(view)}
            styles={{ root: { width: TAB_CONTEXT_MENU_WIDTH, minWidth: TAB_CONTEXT_MENU_WIDTH } }}
          >
            <div
              className={[styles.tag, active && styles.tagActive, view.pinned && styles.tagPinned]
                .filter(Boolean)
                .join(' ')}
              data-tab={view.path}
            >
              <button
                type="button"
                className={styles.tagTitle}
                aria-current={active ? 'page' : undefined}
                onClick={() => show(view)}
              >
                {view.title}
              </button>
              {!view.pinned && (
                <button
                  type="button"
                  className={styles.tagClose}
                  aria-label={`${t.tabClose} ${view.title}`}
                  onClick={() => close(view)}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </nav>
  );
}
