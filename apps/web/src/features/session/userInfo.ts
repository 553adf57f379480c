import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { fetchUserInfo, type UserInfo } from '../../api/session';

/** The signed-in user (GET /user/info), loaded by the shell before any page shows. */
export const userInfoQuery = queryOptions({
  queryKey: ['user', 'info'],
  queryFn: fetchUserInfo,
  staleTime: 5 * 60_000,
});

export function useUserInfo(): UserInfo {
  return useSuspenseQuery(userInfoQuery).data;
}
