import { useEffect } from 'react';
import { api } from '../../api/api';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { sessionEnded, signedIn } from './auth-slice';
import { readStoredSession, TOKEN_KEY } from './session-storage';

/**
 * Follows the session of other tabs through the storage event: a logout there ends the session
 * here, a sign-in there signs this tab in.
 */
export function useSessionSync(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      const stored = readStoredSession();
      const { token } = store.getState().auth;
      if (!stored && token) {
        dispatch(sessionEnded());
        dispatch(api.util.resetApiState());
      } else if (stored && stored.token !== token) {
        dispatch(signedIn(stored));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, store]);
}
