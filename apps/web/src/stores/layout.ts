import { deviceMode, sidebarAutoClosed } from '@fleet/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Sidebar and device state (spec core section 4). Only the sidebar's open state is remembered. */
interface LayoutStore {
  sidebarOpened: boolean;
  device: 'mobile' | 'desktop';
  /** Path of the node whose own menu the sidebar shows (the carHang mode), until home is clicked. */
  specialMenu: string | undefined;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  /** Follows the window: mobile under 992 px; the sidebar closes when the width drops to 1360 px or less. */
  resize: (width: number, previousWidth: number | undefined) => void;
  enterSpecialMenu: (path: string) => void;
  leaveSpecialMenu: () => void;
}

export const useLayout = create<LayoutStore>()(
  persist(
    (set) => ({
      sidebarOpened: true,
      device: 'desktop',
      specialMenu: undefined,
      toggleSidebar: () => set((state) => ({ sidebarOpened: !state.sidebarOpened })),
      closeSidebar: () => set({ sidebarOpened: false }),
      resize: (width, previousWidth) =>
        set((state) => {
          const device = deviceMode(width);
          const narrowed =
            sidebarAutoClosed(width) && (previousWidth === undefined || !sidebarAutoClosed(previousWidth));
          const becameMobile = device === 'mobile' && state.device !== 'mobile';
          return { device, sidebarOpened: narrowed || becameMobile ? false : state.sidebarOpened };
        }),
      enterSpecialMenu: (path) => set({ specialMenu: path }),
      leaveSpecialMenu: () => set({ specialMenu: undefined }),
    }),
    {
      name: 'sidebarStatus',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ sidebarOpened }) => ({ sidebarOpened }),
    },
  ),
);
