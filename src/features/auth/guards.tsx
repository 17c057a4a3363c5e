import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import type { Permission } from '../../../common/team-roles';
import { useCan } from './permissions';
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

/** Shown inside the layout on a screen the admin's role may not open. */
const NO_ACCESS_MESSAGE = 'You do not have access to this page.';

/**
 * A screen of /admin: shown when the admin's role grants `permission`, else the no-access
 * message in its place (no call of the screen is made).
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  if (!useCan(permission)) {
    return (
      <p role="alert" style={{ margin: 0, fontSize: 16 }}>
        {NO_ACCESS_MESSAGE}
      </p>
    );
  }
  return children;
}
