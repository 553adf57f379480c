import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AlarmPush, AlarmSetting, MessageCounts } from '../../api/alarm-reminder';
import { clearCode, lowerCounts, NO_COUNTS, normaliseCounts, raiseCounts } from './counts';
import { addToFeed } from './feed';

/** What the live alarm channel keeps for the signed-in session: counts, the feed, the settings. */
interface AlarmStore {
  counts: MessageCounts;
  feed: AlarmPush[];
  /** Null until GET /message/alarmSetting answered. */
  setting: AlarmSetting | null;
  /** The channel is open. */
  connected: boolean;
  setCounts: (counts: Partial<MessageCounts>) => void;
  /** The newest messages from the server; live pushes already in the feed stay first. */
  setFeed: (rows: readonly AlarmPush[]) => void;
  /** A push arrived: type 1 counts and joins the feed. */
  received: (type: number, alarm: AlarmPush) => void;
  /** Messages were read: their codes (one entry a message) lower the counts. */
  readCodes: (codes: readonly number[]) => void;
  readCode: (code: number) => void;
  readAll: () => void;
  setSetting: (setting: Partial<AlarmSetting>) => void;
  setConnected: (connected: boolean) => void;
  /** Sign-out: nothing of the session stays. */
  reset: () => void;
}

const EMPTY = { counts: NO_COUNTS, feed: [], setting: null, connected: false };

export const useAlarmStore = create<AlarmStore>()((set) => ({
  ...EMPTY,
  setCounts: (counts) => set({ counts: normaliseCounts(counts) }),
  setFeed: (rows) =>
    set((state) => ({
      feed: state.feed.reduceRight((feed, alarm) => addToFeed(feed, alarm), [...rows]),
    })),
  received: (type, alarm) =>
    set((state) => ({
      counts: raiseCounts(state.counts, type, alarm.alarmCode),
      feed: type === 1 ? addToFeed(state.feed, alarm) : state.feed,
    })),
  readCodes: (codes) => set((state) => ({ counts: lowerCounts(state.counts, codes) })),
  readCode: (code) => set((state) => ({ counts: clearCode(state.counts, code) })),
  readAll: () => set({ counts: NO_COUNTS }),
  setSetting: (setting) =>
    set((state) => ({
      setting: {
        alarmVoice: setting.alarmVoice ?? state.setting?.alarmVoice ?? 0,
        alarmPop: setting.alarmPop ?? state.setting?.alarmPop ?? 1,
      },
    })),
  setConnected: (connected) => set({ connected }),
  reset: () => set(EMPTY),
}));

/** The sound control of the reminder (spec core section 4): remembered in this browser, off by default. */
interface AlarmSoundStore {
  soundOn: boolean;
  setSoundOn: (on: boolean) => void;
}

export const useAlarmSound = create<AlarmSoundStore>()(
  persist(
    (set) => ({
      soundOn: false,
      setSoundOn: (soundOn) => set({ soundOn }),
    }),
    {
      name: 'alarmSound',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ soundOn }) => ({ soundOn }),
      merge: (stored, current) => ({
        ...current,
        soundOn: (stored as { soundOn?: unknown } | undefined)?.soundOn === true,
      }),
    },
  ),
);
