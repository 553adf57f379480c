import { useEffect, useRef } from 'react';
import { fetchAlarmSetting, fetchLatestMessages, fetchMessageCounts } from '../../api/alarm-reminder';
import { getToken } from '../../api/token';
import { beep } from './beep';
import { type SocketPush, startAlarmSocket } from './socket';
import { useAlarmSound, useAlarmStore } from './store';

/** Fetches the unread counts again (at start, after a reconnect, after reading). */
export function refreshCounts(): Promise<void> {
  return fetchMessageCounts().then(
    (counts) => useAlarmStore.getState().setCounts(counts),
    () => undefined,
  );
}

/**
 * The signed-in session's live alarm channel: counts, settings and the latest alarms at start, then
 * every push counted, added to the feed, sounded (alarm voice on and the sound control on) and
 * shown as a pop-up (alarm pop-up on). Ends, without reconnecting, when the shell goes (sign-out).
 */
export function useAlarmChannel(showPopup: (push: SocketPush) => void): void {
  const popup = useRef(showPopup);
  popup.current = showPopup;

  useEffect(() => {
    const store = useAlarmStore.getState();
    let live = true;
    fetchAlarmSetting().then(
      (setting) => live && useAlarmStore.getState().setSetting(setting),
      () => undefined,
    );
    fetchLatestMessages().then(
      (rows) => live && Array.isArray(rows) && useAlarmStore.getState().setFeed(rows.filter(isAlarm)),
      () => undefined,
    );
    const socket = startAlarmSocket({
      token: getToken,
      origin: window.location.origin,
      connect: (url) => new WebSocket(url),
      onOpen: () => {
        useAlarmStore.getState().setConnected(true);
        void refreshCounts();
      },
      onLost: () => useAlarmStore.getState().setConnected(false),
      onPush: (push) => {
        const state = useAlarmStore.getState();
        state.received(push.type, push.content);
        const setting = state.setting;
        if (setting?.alarmVoice === 1 && useAlarmSound.getState().soundOn) beep();
        if (setting?.alarmPop !== 0) popup.current(push);
      },
    });
    // Counts also load when the socket cannot open at all.
    void refreshCounts();
    return () => {
      live = false;
      socket.stop();
      store.reset();
    };
  }, []);
}

function isAlarm(row: { type?: number }): boolean {
  return row.type === undefined || Number(row.type) === 1;
}
