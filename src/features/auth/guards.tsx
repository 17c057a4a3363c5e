import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { loginRedirectState, redirectTarget } from './redirect-target';

const useSignedIn = () => useAppSelector((state) => state.auth.status === 'authenticated');

/** The /admin area: without a session go to /login, remembering where the visitor was going. */
export function RequireAdmin() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  return <Outlet />;
}

/** The login page: a signed-in admin goes on to the page first asked for, or the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (signedIn) return <Navigate to={redirectTarget(location.state)} replace />;
  return children;
}
