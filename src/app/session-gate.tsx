import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '../components/page-spinner';
import { verifySession } from '../features/auth/auth-thunks';
import { usePermissionRefresh } from '../features/auth/use-permission-refresh';
import { useSessionSync } from '../features/auth/use-session-sync';
import { useLiveUpdates } from '../features/auth/use-live-updates';
import { useAppDispatch, useAppSelector } from './hooks';

/** Holds the app behind "Loading your session..." while a stored session is verified. */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const checking = useAppSelector((state) => state.auth.status === 'checking');
  useSessionSync();
  usePermissionRefresh();
  useLiveUpdates();

  useEffect(() => {
    if (checking) void dispatch(verifySession());
  }, [checking, dispatch]);

  if (checking) return <PageSpinner fullScreen text="Loading your session..." />;
  return children;
}
