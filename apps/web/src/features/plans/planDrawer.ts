import { useSyncExternalStore } from 'react';

/** Which plan's 下发通知 / 成本估算 drawer is open: the list's row links open it, the page shows it. */
export interface OpenPlanDrawer {
  id: number;
  planNo: string;
  tab: 'notice' | 'cost';
  /** Notices only for published, distributed and running plans. */
  canNotify: boolean;
  /** The page that opened it (the list stays mounted, hidden, while the form is shown). */
  owner: 'list' | 'form';
}

let current: OpenPlanDrawer | null = null;
const listeners = new Set<() => void>();

export function openPlanDrawer(open: OpenPlanDrawer | null): void {
  current = open;
  for (const l of listeners) l();
}

export function usePlanDrawer(): OpenPlanDrawer | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
