/**
 * "记住我": the username and the refresh token stay in localStorage (never the password), so the
 * next visit pre-fills the username and signs in silently.
 */
const USERNAME_KEY = 'fleet.rememberedUsername';
const REFRESH_TOKEN_KEY = 'fleet.refreshToken';

function read(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Storage disabled (private mode, policy): remembering is simply off.
  }
}

export function rememberedUsername(): string | undefined {
  return read(USERNAME_KEY);
}

export function rememberedRefreshToken(): string | undefined {
  return read(REFRESH_TOKEN_KEY);
}

/** After a sign-in: remember both, or forget both when the box is not ticked. */
export function remember(entry: { username: string; refreshToken: string } | null): void {
  write(USERNAME_KEY, entry?.username);
  write(REFRESH_TOKEN_KEY, entry?.refreshToken);
}

/** Keeps the remembered username, replaces (or drops) the refresh token. */
export function replaceRefreshToken(refreshToken: string | undefined): void {
  write(REFRESH_TOKEN_KEY, refreshToken);
}

/**
 * The refresh token of this browser tab's session, remembered or not: the boss screen link passes
 * it on. sessionStorage, so it goes with the tab.
 */
const SESSION_REFRESH_TOKEN_KEY = 'fleet.sessionRefreshToken';

export function sessionRefreshToken(): string | undefined {
  try {
    return sessionStorage.getItem(SESSION_REFRESH_TOKEN_KEY) ?? rememberedRefreshToken();
  } catch {
    return rememberedRefreshToken();
  }
}

export function setSessionRefreshToken(refreshToken: string | undefined): void {
  try {
    if (refreshToken) sessionStorage.setItem(SESSION_REFRESH_TOKEN_KEY, refreshToken);
    else sessionStorage.removeItem(SESSION_REFRESH_TOKEN_KEY);
  } catch {
    // Storage disabled: the boss screen then gets no refresh token.
  }
}
