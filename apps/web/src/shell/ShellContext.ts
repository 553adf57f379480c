import type { MenuNode, MenuViewer } from '@fleet/domain';
import { createContext, useContext } from 'react';
import type { UserInfo } from '../api/session';

/** What every part of the signed-in app knows: the user, their codes and their menu. */
export interface ShellState {
  readonly user: UserInfo;
  readonly codes: ReadonlySet<string>;
  /** Permitted, built, visible menu nodes. */
  readonly nav: readonly MenuNode[];
  readonly viewer: MenuViewer;
}

export const ShellContext = createContext<ShellState | undefined>(undefined);

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell() is only available inside the application shell');
  return state;
}
