import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The settings panel (spec core section 2): remembered in localStorage, applied on the next load too. */
export const DEFAULT_THEME_COLOR = '#1677ff';
export const THEME_PRESETS = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#f5222d',
  '#722ed1',
  '#2f54eb',
  '#0b8f8a',
];

export interface Settings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

interface SettingsStore extends Settings {
  change: (patch: Partial<Settings>) => void;
  reset: () => void;
}

export const DEFAULT_SETTINGS: Settings = {
  themeColor: DEFAULT_THEME_COLOR,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const useSettings = create<SettingsStore>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      change: (patch) => set(patch),
      reset: () => set(DEFAULT_SETTINGS),
    }),
    {
      name: 'fleet.settings',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ themeColor, tagsView, fixedHeader, sidebarLogo }) => ({
        themeColor,
        tagsView,
        fixedHeader,
        sidebarLogo,
      }),
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<Settings>;
        return {
          ...current,
          themeColor:
            typeof saved.themeColor === 'string' && HEX_COLOR.test(saved.themeColor)
              ? saved.themeColor
              : current.themeColor,
          tagsView: typeof saved.tagsView === 'boolean' ? saved.tagsView : current.tagsView,
          fixedHeader: typeof saved.fixedHeader === 'boolean' ? saved.fixedHeader : current.fixedHeader,
          sidebarLogo: typeof saved.sidebarLogo === 'boolean' ? saved.sidebarLogo : current.sidebarLogo,
        };
      },
    },
  ),
);
