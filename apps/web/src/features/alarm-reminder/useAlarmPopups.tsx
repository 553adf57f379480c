import {
  ALARM_POPUP_DURATION_MS,
  ALARM_POPUP_TYPES,
  alarmJump,
  NOTICE_GAP,
  NOTICE_OFFSET_BASE,
} from '@fleet/domain';
import { App, Button, notification } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AlarmPush } from '../../api/alarm-reminder';
import { texts } from '../../locales';
import { useShell } from '../../shell/ShellContext';
import styles from './alarmReminder.module.css';
import { alarmTimeText, alarmTypeText } from './feed';

const t = texts.alarmReminder.popup;
const POPUP_KEY_PREFIX = 'alarm-popup-';

/** The 'go handle' jump of an alarm (spec core section 2): the route, or the 暂无权限 warning. */
export function useAlarmJump(): (alarm: AlarmPush) => void {
  const { user } = useShell();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useCallback(
    (alarm: AlarmPush) => {
      const jump = alarmJump(alarm, user.elemCodes);
      if (!jump) return;
      if ('denied' in jump) {
        void message.warning(jump.message);
        return;
      }
      void navigate({ pathname: jump.path, search: `?${new URLSearchParams(jump.query)}` });
    },
    [user.elemCodes, navigate, message],
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={styles.popupLine}>
      <span className={styles.popupLabel}>{label}：</span>
      <span>{value || '-'}</span>
    </div>
  );
}

/**
 * Alarm pop-ups (spec core sections 2, 4, 9): one at a time (a new one closes the others), 3 s,
 * 64 px from the top, 16 px apart; plate, type, time and content, with 去处理.
 */
export function useAlarmPopups(): { show: (alarm: AlarmPush) => void; holder: ReactNode } {
  const [api, holder] = notification.useNotification({
    top: NOTICE_OFFSET_BASE,
    placement: 'topRight',
    stack: false,
  });
  const jump = useAlarmJump();
  const { user } = useShell();

  const show = useCallback(
    (alarm: AlarmPush) => {
      api.destroy();
      const key = `${POPUP_KEY_PREFIX}${alarm.id}`;
      const reminder = Number(alarm.type) === ALARM_POPUP_TYPES.inTransitReminder;
      const target = alarmJump(alarm, user.elemCodes);
      api.warning({
        key,
        title: alarm.title || alarmTypeText(alarm),
        description: (
          <div className={styles.popup}>
            <Line label={t.carNo} value={alarm.carNo} />
            <Line label={t.type} value={reminder ? t.reminder : alarmTypeText(alarm)} />
            <Line label={t.time} value={alarmTimeText(alarm)} />
            <Line label={t.content} value={alarm.messageContent || alarm.content} />
          </div>
        ),
        actions: target ? (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              api.destroy(key);
              jump(alarm);
            }}
          >
            {t.goHandle}
          </Button>
        ) : undefined,
        duration: ALARM_POPUP_DURATION_MS / 1000,
        style: { marginBottom: NOTICE_GAP },
        props: { 'data-testid': 'alarm-popup' },
        role: 'alert',
      });
    },
    [api, jump, user.elemCodes],
  );

  return { show, holder };
}
