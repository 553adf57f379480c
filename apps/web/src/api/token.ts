/** The session token lives in the `Admin-Token` cookie (path /) and goes out as the `Auth-Token` header. */
export const TOKEN_COOKIE = 'Admin-Token';

export function getToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== TOKEN_COOKIE) continue;
    const value = decodeURIComponent(part.slice(separator + 1).trim());
    return value || undefined;
  }
  return undefined;
}

export function setToken(token: string): void {
  writeCookie(`${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax`);
}

export function removeToken(): void {
  writeCookie(`${TOKEN_COOKIE}=; path=/; max-age=0; SameSite=Lax`);
}

function writeCookie(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie; the async Cookie Store API needs a secure context, which intranet deployments over plain HTTP lack.
  document.cookie = cookie;
}
