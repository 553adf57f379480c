import {
  AppstoreOutlined,
  DashboardOutlined,
  FundProjectionScreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { findMenuByPath } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { getToken } from '../api/token';
import { sessionRefreshToken } from '../features/session/remember';
import { texts } from '../locales';
import { BUILT_PAGES } from '../router/pages';
import { hasBuiltPage } from '../router/routeTable';
import { useLayout } from '../stores/layout';
import { AlarmReminderSlot } from './AlarmReminderSlot';
import { AvatarMenu } from './AvatarMenu';
import { bossScreenHref } from './bossScreen';
import { useShell } from './ShellContext';
import styles from './TopBar.module.css';
import { TopMenu } from './TopMenu';
import { appConfigQuery, useBrand } from './useBrand';

const t = texts.shell;
const BOSS_SCREEN_CODE = 'car13';
const DATA_SCREEN_CODE = 'car03';
const DATA_SCREEN = findMenuByPath('/index/data');

interface TopBarProps {
  activeTop: string | undefined;
  onOpenAllFunctions: () => void;
  onOpenSettings: () => void;
}

/** The top bar (spec core section 2): logo, 全部, module menu, screen links, alarms, settings, avatar. */
export function TopBar({ activeTop, onOpenAllFunctions, onOpenSettings }: TopBarProps) {
  const { user, codes } = useShell();
  const brand = useBrand();
  const { data: config } = useQuery(appConfigQuery);
  const device = useLayout((state) => state.device);
  const sidebarOpened = useLayout((state) => state.sidebarOpened);
  const toggleSidebar = useLayout((state) => state.toggleSidebar);

  const bossScreenUrl = config?.bossScreenUrl;
  const showBossScreen = Boolean(bossScreenUrl) && codes.has(BOSS_SCREEN_CODE);
  const showDataScreen =
    DATA_SCREEN !== undefined && hasBuiltPage(DATA_SCREEN, BUILT_PAGES) && codes.has(DATA_SCREEN_CODE);

  const openBossScreen = () => {
    if (!bossScreenUrl) return;
    const href = bossScreenHref(
      bossScreenUrl,
      {
        token: getToken() ?? '',
        refreshToken: sessionRefreshToken(),
        teamCode: user.team.teamCode,
        teamName: user.team.teamName,
        teamId: user.team.teamId ?? user.teamIdStr,
        merchantId: user.merchantId,
        userName: user.user_name,
        userId: user.id,
      },
      window.location.origin,
    );
    window.open(href, '_blank', 'noopener');
  };

  return (
    <header className={styles.topBar}>
      {device === 'mobile' && (
        <button
          type="button"
          className={styles.iconButton}
          aria-label={sidebarOpened ? t.collapseSidebar : t.expandSidebar}
          onClick={toggleSidebar}
        >
          {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        </button>
      )}
      <div className={styles.brand}>
        <img src={brand.logo} alt="" className={styles.brandLogo} />
        {device === 'desktop' && <span className={styles.brandTitle}>{brand.title}</span>}
      </div>
      <Button
        type="primary"
        icon={<AppstoreOutlined />}
        className={styles.allButton}
        onClick={onOpenAllFunctions}
      >
        {t.allFunctions}
      </Button>
      <TopMenu activeTop={activeTop} />
      <div className={styles.tools}>
        {showDataScreen && DATA_SCREEN && (
          <Tooltip title={DATA_SCREEN.title}>
            <button
              type="button"
              className={styles.toolButton}
              aria-label={DATA_SCREEN.title}
              onClick={() => window.open(DATA_SCREEN.href ?? DATA_SCREEN.path, '_blank', 'noopener')}
            >
              <FundProjectionScreenOutlined />
              <span className={styles.toolText}>{DATA_SCREEN.title}</span>
            </button>
          </Tooltip>
        )}
        {showBossScreen && (
          <Tooltip title={t.bossScreen}>
            <button
              type="button"
              className={styles.toolButton}
              aria-label={t.bossScreen}
              onClick={openBossScreen}
            >
              <DashboardOutlined />
              <span className={styles.toolText}>{t.bossScreen}</span>
            </button>
          </Tooltip>
        )}
        <AlarmReminderSlot />
        <Tooltip title={t.settings}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t.settings}
            onClick={onOpenSettings}
          >
            <SettingOutlined />
          </button>
        </Tooltip>
        <AvatarMenu />
      </div>
    </header>
  );
}
