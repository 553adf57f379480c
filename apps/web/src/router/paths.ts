/** Paths the app names in code, and the rules for the login page's `redirect` parameter. */
export const HOME_PATH = '/databoard/index';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const UNAUTHORIZED_PATH = '/401';

const SAME_ORIGIN = 'http://same-origin.invalid';

/** `/login?redirect=<fullPath>`; without a path (or for the login page itself) plain `/login`. */
export function loginPath(redirect?: string): string {
  if (!redirect || redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Where to go after signing in: the `redirect` parameter when it is a path of this site
 * (starts with a single '/', no scheme or host), otherwise the home page.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(raw, SAME_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  // The URL parser drops tabs and newlines, so '/\t/evil.example' would become another host.
  if (url.origin !== SAME_ORIGIN || url.pathname === LOGIN_PATH) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The browser's current path with query and hash, as `redirect` carries it. */
export function currentFullPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Takes token and refreshToken from the query (single sign-on from another system). */
export const AUTH_REDIRECT_PATH = '/auth-redirect';
