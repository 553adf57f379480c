import { type LoaderFunctionArgs, redirect } from 'react-router';
import { setToken } from '../api/token';
import { setSessionRefreshToken } from '../features/session/remember';
import { loginPath, safeRedirect } from './paths';
import { queryClient } from './queryClient';

/**
 * /auth-redirect?token=…&refreshToken=…&redirect=…: signs the browser in with a session made
 * elsewhere and goes on to `redirect` (home by default). Without a token: the login page.
 */
export function authRedirectLoader({ request }: LoaderFunctionArgs): Response {
  const query = new URL(request.url).searchParams;
  const token = query.get('token')?.trim();
  const target = safeRedirect(query.get('redirect'));
  if (!token) return redirect(loginPath(target));
  queryClient.clear();
  setToken(token);
  setSessionRefreshToken(query.get('refreshToken')?.trim() || undefined);
  return redirect(target);
}
