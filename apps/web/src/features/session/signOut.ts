import { logout } from '../../api/session';
import { removeToken } from '../../api/token';
import { queryClient } from '../../router/queryClient';
import { useTabs } from '../../stores/tabs';
import { replaceRefreshToken, setSessionRefreshToken } from './remember';

/**
 * Logout (spec core section 4): the server drops the session; the browser forgets the token, the
 * refresh tokens and the tabs (only home stays). Cached server data goes once the shell has left.
 */
export async function signOut(): Promise<void> {
  await logout().catch(() => undefined);
  removeToken();
  replaceRefreshToken(undefined);
  setSessionRefreshToken(undefined);
  useTabs.getState().reset();
}

/** Drops every cached answer (after logout, or when the merchant changes). */
export function clearCachedData(): void {
  queryClient.clear();
  for (const key of ['orgTreeData', 'team', 'userInfo', 'teamId']) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage disabled: nothing was cached there.
    }
  }
}
