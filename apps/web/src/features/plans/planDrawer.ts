import { PLAN_STATE } from '@fleet/domain';
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

/** Notices go to the trucks of published, distributed and running plans (as the server allows). */
export function planNotifiable(state: number): boolean {
  return state >= PLAN_STATE.published && state <= PLAN_STATE.running;
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
