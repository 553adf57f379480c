import { SCAN_WAYBILL_PUBLIC_PATH } from '@fleet/domain';
import { createBrowserRouter, redirect } from 'react-router';
import NotFoundPage from '../features/errors/pages/NotFoundPage';
import UnauthorizedPage from '../features/errors/pages/UnauthorizedPage';
import { RouteError } from '../features/errors/RouteError';
import LoginPage from '../features/session/pages/LoginPage';
import { authRedirectLoader } from './authRedirect';
import { PageLoading } from './PageLoading';
import { AUTH_REDIRECT_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from './paths';

/**
 * The public routes are part of the first load; everything else is the shell (its own chunk),
 * which builds the signed-in routes from the menu tree and the user's codes, /redirect/* included.
 */
export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', loader: () => redirect(HOME_PATH) },
      { path: LOGIN_PATH, Component: LoginPage },
      { path: AUTH_REDIRECT_PATH, loader: authRedirectLoader },
      { path: NOT_FOUND_PATH, Component: NotFoundPage },
      { path: UNAUTHORIZED_PATH, Component: UnauthorizedPage },
      // A driver's self-registration from a link the fleet sent (public, no sign-in).
      {
        path: '/driver-register',
        lazy: async () => ({
          Component: (await import('../features/drivers/public/SelfRegisterPage')).default,
        }),
      },
      // A driver's waybill from a scan code's QR code (public, no sign-in).
      {
        path: SCAN_WAYBILL_PUBLIC_PATH,
        lazy: async () => ({
          Component: (await import('../features/waybill-scan-codes/public/ScanWaybillPage')).default,
        }),
      },
      {
        path: '*',
        lazy: async () => {
          const { ShellLayout, shellLoader } = await import('../shell/ShellLayout');
          return { Component: ShellLayout, loader: shellLoader };
        },
      },
    ],
  },
]);
