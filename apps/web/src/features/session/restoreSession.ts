import { RequestError } from '../../api/request';
import { refreshSession } from '../../api/session';
import { getToken, setToken } from '../../api/token';
import { rememberedRefreshToken, replaceRefreshToken, setSessionRefreshToken } from './remember';

let pending: Promise<boolean> | undefined;

/**
 * True when the browser holds a token, or got one silently from the remembered refresh token.
 * Concurrent callers share one refresh call, since the server rotates the refresh token.
 */
export function restoreSession(): Promise<boolean> {
  if (getToken()) return Promise.resolve(true);
  const refreshToken = rememberedRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  pending ??= refreshWith(refreshToken).finally(() => {
    pending = undefined;
  });
  return pending;
}

async function refreshWith(refreshToken: string): Promise<boolean> {
  try {
    const result = await refreshSession(refreshToken);
    setToken(result.token);
    replaceRefreshToken(result.refreshToken);
    setSessionRefreshToken(result.refreshToken);
    return true;
  } catch (error) {
    // The server refused the refresh token: forget it. A network failure keeps it for next time.
    if (error instanceof RequestError && (error.kind === 'body' || error.kind === 'http')) {
      replaceRefreshToken(undefined);
    }
    return false;
  }
}
