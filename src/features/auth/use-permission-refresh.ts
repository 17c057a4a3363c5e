import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { refreshUser } from './auth-thunks';

/**
 * After a 403 (the role may have changed meanwhile), reads the admin's role and permissions again
 * (`GET /user/me`), so the sidebar and the screens follow what the server now allows.
 */
export function usePermissionRefresh(): void {
  const dispatch = useAppDispatch();
  const stale = useAppSelector((state) => state.auth.permissionsStale === true);
  useEffect(() => {
    if (stale) void dispatch(refreshUser({ background: true }));
  }, [stale, dispatch]);
}
