import type { Location } from 'react-router';
import { create } from 'zustand';
import { addTab, closeAllTabs, closeOtherTabs, closeTab, type TabItem } from '../shell/tabs';

/** A visited view: one tab of the tab bar and, unless no-cache, one kept-alive page. */
export interface TabView extends TabItem {
  readonly fullPath: string;
  readonly title: string;
  /** The menu node's route path (`/truck-manage/info/:id`), for the page's own <Routes>. */
  readonly routePath: string;
  readonly pageKey: string;
  readonly noCache: boolean;
  /** The location the view was last shown at; absent for a pinned tab not opened yet. */
  readonly location?: Location;
}

interface TabsStore {
  views: TabView[];
  /** Bumped by refresh: the page is mounted anew. */
  generations: Record<string, number>;
  open: (view: TabView) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refresh: (path: string) => void;
  /** After logout: only the pinned tabs, none of them opened. */
  reset: () => void;
}

export const useTabs = create<TabsStore>()((set) => ({
  views: [],
  generations: {},
  open: (view) => set((state) => ({ views: addTab(state.views, view) })),
  close: (path) => set((state) => ({ views: closeTab(state.views, path) })),
  closeOthers: (path) => set((state) => ({ views: closeOtherTabs(state.views, path) })),
  closeAll: () => set((state) => ({ views: closeAllTabs(state.views) })),
  refresh: (path) =>
    set((state) => ({ generations: { ...state.generations, [path]: (state.generations[path] ?? 0) + 1 } })),
  reset: () =>
    set((state) => ({
      views: closeAllTabs(state.views).map(({ location: _opened, ...view }) => view),
      generations: {},
    })),
}));
