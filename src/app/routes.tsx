import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { GuestOnly, RequireAdmin, RequirePermission } from '../features/auth/guards';
import { DEFAULT_AFTER_LOGIN } from '../features/auth/redirect-target';
import { RouteError } from './route-error';
import { adminScreens, screenHandle } from './screens';

const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/login-page'));
const ForgotPasswordPage = lazy(
  () => import(/* webpackChunkName: "forgot-password" */ '../features/auth/forgot-password-page'),
);
const SetPasswordPage = lazy(
  () => import(/* webpackChunkName: "set-password" */ '../features/auth/set-password-page'),
);
const LogoutPage = lazy(
  () => import(/* webpackChunkName: "logout" */ '../features/auth/logout-page'),
);
const AdminLayout = lazy(
  () => import(/* webpackChunkName: "admin-layout" */ './layout/admin-layout'),
);

const standalone = (page: ReactNode) => (
  <Suspense fallback={<PageSpinner fullScreen />}>{page}</Suspense>
);

/**
 * The route table of spec 01 §2. A failure shows RouteError: inside the layout for an admin
 * screen, on its own for the layout or a page outside it.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError fullScreen />,
    children: [
      { path: '/', element: <Navigate to={DEFAULT_AFTER_LOGIN} replace /> },
      { path: '/login', element: <GuestOnly>{standalone(<LoginPage />)}</GuestOnly> },
      { path: '/forgot-password', element: standalone(<ForgotPasswordPage />) },
      { path: '/set-password', element: standalone(<SetPasswordPage />) },
      { path: '/logout', element: standalone(<LogoutPage />) },
      {
        path: '/admin',
        element: <RequireAdmin />,
        children: [
          {
            element: standalone(<AdminLayout />),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  ...adminScreens.map((screen) => ({
                    path: screen.path,
                    element: (
                      <RequirePermission permission={screen.permission}>
                        {screen.element}
                      </RequirePermission>
                    ),
                    handle: screenHandle(screen),
                  })),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={DEFAULT_AFTER_LOGIN} replace /> },
    ],
  },
];
