import { lazy, Suspense } from 'react';
import { createBrowserRouter, redirect } from 'react-router';
import NotFoundPage from '../features/errors/pages/NotFoundPage';
import UnauthorizedPage from '../features/errors/pages/UnauthorizedPage';
import { RouteError } from '../features/errors/RouteError';
import LoginPage from '../features/session/pages/LoginPage';
import { PageLoading } from './PageLoading';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from './paths';
import { requireSession } from './requireSession';

// Signed-in pages load on demand, so the login page stays small.
const DataboardPage = lazy(() => import('../features/databoard/pages/DataboardPage'));

export const router = createBrowserRouter([
  {
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', loader: () => redirect(HOME_PATH) },
      { path: LOGIN_PATH, Component: LoginPage },
      { path: NOT_FOUND_PATH, Component: NotFoundPage },
      { path: UNAUTHORIZED_PATH, Component: UnauthorizedPage },
      {
        path: HOME_PATH,
        loader: requireSession,
        element: (
          <Suspense fallback={<PageLoading />}>
            <DataboardPage />
          </Suspense>
        ),
      },
      { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
    ],
  },
]);
