import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { api, reloadShownData, unauthorized } from '../../api/api';
import { changeTags } from '../../api/cache-tags';
import { startEventStream } from '../../api/event-stream';
import { recordChanged } from '../../api/live-slice';
import { refreshUser } from './auth-thunks';

/**
 * While an admin is signed in, the live event stream runs (one per tab): each colleague's change
 * makes exactly the changed record's cached data stale (`changeTags`), so every screen showing it
 * (lists, the dashboard's cards and Recent Activity, a booking, a restaurant page) reads it
 * again by itself; an open editor learns who changed its record and when (live-slice.ts: its
 * banner, when the admin's changes are not saved); a change of the admin's own account reads their role and permissions again;
 * a `reset` (too much missed) reloads everything shown. A refused token ends the session as any
 * refused call does.
 */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const token = useAppSelector((state) =>
    state.auth.status === 'authenticated' ? state.auth.token : null,
  );
  const userId = useRef<string | undefined>(undefined);
  userId.current = useAppSelector((state) => state.auth.user?._id);

  useEffect(() => {
    if (!token) return undefined;
    return startEventStream(token, {
      change(event) {
        dispatch(recordChanged({ event, at: Date.now() }));
        dispatch(api.util.invalidateTags(changeTags(event)));
        if (event.recordType === 'user' && event.recordId === userId.current) {
          void dispatch(refreshUser({ background: true }));
        }
      },
      reset() {
        dispatch(reloadShownData());
      },
      refused(status) {
        if (status !== 401 || store.getState().auth.token !== token) return;
        dispatch(unauthorized());
        dispatch(api.util.resetApiState());
      },
    });
  }, [token, dispatch, store]);
}
