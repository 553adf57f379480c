import { CheckOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Drawer, Switch } from 'antd';
import type { ReactNode } from 'react';
import { texts } from '../locales';
import { THEME_PRESETS, useSettings } from '../stores/settings';
import styles from './SettingsDrawer.module.css';

const t = texts.shell;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <span>{label}</span>
      {children}
    </div>
  );
}

/** 系统布局配置: theme colour, tag bar, fixed header, sidebar logo; remembered in localStorage. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettings();
  return (
    <Drawer title={t.settingsTitle} placement="right" size={300} open={open} onClose={onClose}>
      <h3 className={styles.heading}>{t.themeColor}</h3>
      <div className={styles.swatches}>
        {THEME_PRESETS.map((color) => (
          <button
            key={color}
            type="button"
            aria-pressed={settings.themeColor.toLowerCase() === color}
            aria-label={color}
            className={styles.swatch}
            style={{ background: color }}
            onClick={() => settings.change({ themeColor: color })}
          >
            {settings.themeColor.toLowerCase() === color && <CheckOutlined />}
          </button>
        ))}
      </div>
      <Row label={t.customColor}>
        <ColorPicker
          value={settings.themeColor}
          disabledAlpha
          onChangeComplete={(color) => settings.change({ themeColor: color.toHexString() })}
        />
      </Row>
      <h3 className={styles.heading}>{t.layout}</h3>
      <Row label={t.tagsView}>
        <Switch
          aria-label={t.tagsView}
          checked={settings.tagsView}
          onChange={(tagsView) => settings.change({ tagsView })}
        />
      </Row>
      <Row label={t.fixedHeader}>
        <Switch
          aria-label={t.fixedHeader}
          checked={settings.fixedHeader}
          onChange={(fixedHeader) => settings.change({ fixedHeader })}
        />
      </Row>
      <Row label={t.sidebarLogo}>
        <Switch
          aria-label={t.sidebarLogo}
          checked={settings.sidebarLogo}
          onChange={(sidebarLogo) => settings.change({ sidebarLogo })}
        />
      </Row>
      <Button block className={styles.reset} onClick={settings.reset}>
        {t.resetSettings}
      </Button>
    </Drawer>
  );
}
