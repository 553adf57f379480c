/** The boss screen opens outside the platform with the session in its query (spec core section 2). */
export interface BossScreenSession {
  readonly token: string;
  readonly refreshToken: string | undefined;
  readonly teamCode: string;
  readonly teamName: string;
  readonly teamId: string | number | null;
  readonly merchantId: string | number;
  readonly userName: string;
  readonly userId: string | number;
}

/** The boss screen address with token, teamCode, teamName, groupId, teamId, userName, userId, refreshToken and merchantId. */
export function bossScreenHref(base: string, session: BossScreenSession, pageOrigin: string): string {
  const url = new URL(base, pageOrigin);
  const params: Record<string, string> = {
    token: session.token,
    teamCode: session.teamCode,
    teamName: session.teamName,
    groupId: String(session.merchantId),
    teamId: session.teamId === null ? '' : String(session.teamId),
    userName: session.userName,
    userId: String(session.userId),
    refreshToken: session.refreshToken ?? '',
    merchantId: String(session.merchantId),
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
