import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import { alarmSettingsLinks } from './links';

/** 报警设置 on the alarm pages: the settings pages the user may open; nothing when none. */
export function AlarmSettingsButton() {
  const { codes } = useShell();
  const navigate = useNavigate();
  const links = alarmSettingsLinks(codes);
  if (links.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: links.map((link) => ({ key: link.path, label: link.title })),
        onClick: ({ key }) => navigate(key),
      }}
    >
      <Button icon={<SettingOutlined />}>
        {texts.alarmSettings.settingsButton} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
