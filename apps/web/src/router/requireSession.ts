import { type LoaderFunctionArgs, redirect } from 'react-router';
import { restoreSession } from '../features/session/restoreSession';
import { loginPath } from './paths';

/** Loader of every signed-in page: without a session, go to /login?redirect=<fullPath>. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  if (await restoreSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPath(`${url.pathname}${url.search}`));
}
