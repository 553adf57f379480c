import { request } from './request';
import type { UserInfo } from './session';

/** The signed-in user's own account: merchants, password and profile (spec core section 7). */

/** GET /auth/getMerchantList: merchant id → name. */
export function fetchMerchantList(): Promise<Record<string, string>> {
  return request<Record<string, string>>('GET', '/auth/getMerchantList');
}

export function pickMerchant(merchantId: string | number): Promise<unknown> {
  return request<unknown>('POST', '/auth/pickMerchant', { body: { merchantId: Number(merchantId) } });
}

/** Both passwords as lowercase hex SHA-256, like the login call. */
export function changePassword(body: { oldPassword: string; newPassword: string }): Promise<unknown> {
  return request<unknown>('POST', '/auth/reset', { body });
}

export interface ProfileFields {
  nickname: string;
  phone: string;
  email: string;
  introduction: string;
}

/** POST /user/info with the profile fields: saves them and answers the updated user info. */
export function saveProfile(body: ProfileFields): Promise<UserInfo> {
  return request<UserInfo>('POST', '/user/info', { body });
}
