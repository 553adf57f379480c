import { BellOutlined } from '@ant-design/icons';
import { alarmName, capCount, NO_ACCESS_MESSAGE } from '@fleet/domain';
import { App, Badge, Button, Empty, Popover, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import topBar from '../../shell/TopBar.module.css';
import styles from './alarmReminder.module.css';
import { unlockSound } from './beep';
import { countedTypes } from './counts';
import { ALARM_MESSAGE_CODE, alarmMessagesHref, SUBSCRIPTION_PATH } from './links';
import { useAlarmSound, useAlarmStore } from './store';
import { useAlarmChannel } from './useAlarmChannel';
import { useAlarmPopups } from './useAlarmPopups';

const t = texts.alarmReminder;

/**
 * The top bar's alarm reminder (spec core section 2): a bell with the unread total (capped 999+)
 * beside it, raised like an exponent, so that no count hides the bell,
 * and a popover listing the unread alarm types with their counts, 详情, 订阅设置 and the sound
 * control. It also runs the session's live alarm channel and its pop-ups.
 */
export function AlarmReminder() {
  const { codes } = useShell();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const popups = useAlarmPopups();
  useAlarmChannel((push) => popups.show(push.content));
  const counts = useAlarmStore((state) => state.counts);
  const connected = useAlarmStore((state) => state.connected);
  const soundOn = useAlarmSound((state) => state.soundOn);
  const setSoundOn = useAlarmSound((state) => state.setSoundOn);
  const [open, setOpen] = useState(false);
  const types = countedTypes(counts);
  const total = capCount(counts.totalCount);

  const go = (href: string, code?: string) => {
    setOpen(false);
    if (code && !codes.has(code)) {
      void message.warning(NO_ACCESS_MESSAGE);
      return;
    }
    void navigate(href);
  };

  const content = (
    <div className={styles.reminder}>
      <div className={styles.reminderHead}>
        <span>{t.total}</span>
        <span className={styles.reminderTotal} data-testid="alarm-total">
          {total}
        </span>
      </div>
      {types.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
      ) : (
        <ul className={styles.reminderList} aria-label={t.title}>
          {types.map((type) => (
            <li key={type.code}>
              <button
                type="button"
                className={styles.reminderType}
                onClick={() => go(alarmMessagesHref(type.code), ALARM_MESSAGE_CODE)}
              >
                <span>{alarmName(type.code)}</span>
                <Badge count={capCount(type.count)} overflowCount={Number.POSITIVE_INFINITY} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!connected && <div className={styles.reminderWarn}>{t.reconnecting}</div>}
      <div className={styles.reminderFoot}>
        <span className={styles.reminderSound}>
          <Switch
            size="small"
            checked={soundOn}
            aria-label={t.sound}
            onChange={(on) => {
              if (on) unlockSound();
              setSoundOn(on);
            }}
          />
          {t.sound}
        </span>
        <span>
          <Button type="link" size="small" onClick={() => go(SUBSCRIPTION_PATH)}>
            {t.subscription}
          </Button>
          <Button type="link" size="small" onClick={() => go(alarmMessagesHref(), ALARM_MESSAGE_CODE)}>
            {t.details}
          </Button>
        </span>
      </div>
    </div>
  );

  return (
    <>
      {popups.holder}
      <Popover
        content={content}
        title={t.title}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
      >
        <Tooltip title={open ? undefined : t.bell}>
          <button type="button" className={topBar.iconButton} aria-label={`${t.bell} ${total}`}>
            <BellOutlined className={styles.bell} />
            {counts.totalCount > 0 && <Badge count={total} size="small" className={styles.bellCount} />}
          </button>
        </Tooltip>
      </Popover>
    </>
  );
}
