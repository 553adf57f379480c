import { apiUrl, request } from './request';

/** Session calls (spec core section 7, "Auth and user" and "Team tree"). */

export interface LoginBody {
  username: string;
  /** Lowercase hex SHA-256 of the typed password. */
  password: string;
  webVerifyCodeId?: string;
  webVerifyCode?: string;
}

export interface LoginResult {
  token: string;
  ucid: string | number;
  nickname: string;
  refreshToken: string;
}

export interface RefreshResult {
  token: string;
  refreshToken: string;
}

export interface UserTeam {
  teamId: string | number | null;
  teamCode: string;
  teamName: string;
  roleId: string | number | null;
}

/** A queued pop-up notice (spec core section 3). */
export interface PopMessage {
  id: number;
  popContent: string;
  signatureContent: string | null;
}

/** GET /user/info (spec core section 3). */
export interface UserInfo {
  id: string | number;
  /** The nickname. */
  name: string;
  /** The login name. */
  user_name: string;
  avatar: string | null;
  introduction?: string | null;
  phone?: string | null;
  email?: string | null;
  roleId: string | number | null;
  roles: string[];
  isOperator: boolean | number;
  /** Managers read 车辆管理 where others read 车辆信息. */
  isManager: boolean;
  merchantId: string | number;
  merchantName?: string | null;
  teamIdStr: string;
  team: UserTeam;
  /** Menu permission codes, comma separated: 'car01,car05,...'. */
  elemCodes: string;
  /** Menu keys of the 'latest' and 'frequently used' tags. */
  newestElements: string[];
  commonElements: string[];
  popMsgs: PopMessage[];
}

export interface TeamNode {
  teamId: string | number;
  teamName: string;
  teamCode: string;
  parentCode: string | null;
}

export function login(body: LoginBody): Promise<LoginResult> {
  return request<LoginResult>('POST', '/auth/login', { body, signIn: true });
}

/** Signs in again with a remembered refresh token; quiet, the caller falls back to the login form. */
export function refreshSession(refreshToken: string): Promise<RefreshResult> {
  return request<RefreshResult>('POST', '/auth/refresh', {
    body: { refreshToken },
    signIn: true,
    quiet: true,
  });
}

/** Quiet: signing out goes on locally even when the server cannot be reached. */
export function logout(): Promise<unknown> {
  return request<unknown>('POST', '/auth/logout', { quiet: true });
}

export function fetchUserInfo(): Promise<UserInfo> {
  return request<UserInfo>('GET', '/user/info');
}

export function isShowVerifyCode(userName: string): Promise<boolean> {
  return request<boolean>('GET', '/verify/isShowVerifyCode', { query: { userName }, signIn: true });
}

/** The captcha image (SVG) for one verifyCodeId. */
export function verifyCodeImageUrl(verifyCodeId: string): string {
  return apiUrl('/verify/getVerifyCode', { verifyCodeId });
}

export function fetchTeamTree(): Promise<TeamNode[]> {
  return request<TeamNode[]>('GET', '/team/tree');
}

/** The user's menu permission codes as a list. */
export function menuCodes(user: Pick<UserInfo, 'elemCodes'>): string[] {
  return (user.elemCodes ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
}
