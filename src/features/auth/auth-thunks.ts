import { api } from '../../api/api';
import { httpStatus, serverMessage } from '../../api/errors';
import type { AppThunk } from '../../app/hooks';
import { authApi } from './auth-api';
import {
  SESSION_EXPIRED_MESSAGE,
  sessionEnded,
  sessionVerified,
  signedIn,
  userRefreshed,
} from './auth-slice';
import { clearStoredSession, isAdmin, saveSession, type StoredSession } from './session-storage';

/** Session check messages (spec 01 §8). */
const SESSION_CHECK_MESSAGES = {
  unauthorized: SESSION_EXPIRED_MESSAGE,
  serverError: 'Session verification failed',
  unexpected: 'An unexpected error occurred',
} as const;

/** The message for a failed session check: HTTP 401, another server answer, anything else. */
function sessionCheckFailure(error: unknown): string {
  const status = httpStatus(error);
  if (status === 401) return SESSION_CHECK_MESSAGES.unauthorized;
  if (status !== undefined) return serverMessage(error) ?? SESSION_CHECK_MESSAGES.serverError;
  return SESSION_CHECK_MESSAGES.unexpected;
}

/**
 * True once this page has started to unload (a reload, a link away): requests it still has in
 * flight then fail, and that failure says nothing about the session.
 */
let pageLeaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (pageLeaving = true));
  window.addEventListener('pageshow', () => (pageLeaving = false));
}

/** An aborted request: RTK Query's own abort, or fetch's AbortError. */
function isAbort(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, error: detail } = error as { name?: unknown; error?: unknown };
  return name === 'AbortError' || (typeof detail === 'string' && detail.includes('AbortError'));
}

/**
 * Reads the signed-in admin again (`GET /user/me`: team role and permissions) and keeps the
 * answer in the store and in localStorage. A failed read keeps what the session knew (a 401 has
 * ended the session by then, through the API's `unauthorized`). `background`: the SPA reads it
 * by itself, which does not keep the session alive; otherwise it is the admin's activity.
 */
export const refreshUser =
  ({ background }: { background: boolean }): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const { token } = getState().auth;
    if (!token) return;
    const request = dispatch(
      authApi.endpoints.getMe.initiate({ background }, { subscribe: false, forceRefetch: true }),
    );
    try {
      const { user } = (await request.unwrap()).data;
      if (getState().auth.token !== token) return;
      if (!isAdmin(user)) {
        dispatch(userRefreshed(null));
        return;
      }
      saveSession({ user, token });
      dispatch(userRefreshed(user));
    } catch {
      // Kept as it was: the next 403 or restore reads it again.
      dispatch(userRefreshed(null));
    }
  };

/**
 * Verifies the session restored from storage; a failed check ends it with the reason (spec 01
 * §6, §8). A check cut short because the page is being left or reloaded is not a failed check:
 * the stored session stays for the next page to verify.
 */
export const verifySession = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (getState().auth.status !== 'checking') return;
  const request = dispatch(
    authApi.endpoints.checkSession.initiate(undefined, { subscribe: false }),
  );
  let notice: string;
  try {
    const response = await request.unwrap();
    // The contract also carries the status in the body; a 401 there fails the check as well.
    if (response.status_code !== 401) {
      // The role may have changed since the session was stored: it is read again, and waited
      // for only by a session stored without permissions (before team roles).
      const refreshed = dispatch(refreshUser({ background: true }));
      if (!getState().auth.user?.permissions) await refreshed;
      if (getState().auth.status === 'checking') dispatch(sessionVerified());
      return;
    }
    notice = SESSION_CHECK_MESSAGES.unauthorized;
  } catch (error) {
    if (pageLeaving || isAbort(error)) return;
    notice = sessionCheckFailure(error);
  }
  if (getState().auth.status !== 'checking') return;
  clearStoredSession();
  dispatch(sessionEnded({ notice }));
};

/** Keeps a signed-in admin's session in the store and in localStorage. */
export const completeSignIn =
  (session: StoredSession): AppThunk =>
  (dispatch) => {
    saveSession(session);
    dispatch(signedIn(session));
  };

/**
 * Ends the session here and in localStorage (other tabs follow through the storage event),
 * with `notice` shown on the login page when given,
 * forgets every cached API answer, then asks the server to revoke the token. A failure of that
 * last call does not keep anyone signed in.
 */
export const signOut =
  (notice?: string): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const { token } = getState().auth;
    clearStoredSession();
    dispatch(sessionEnded(notice ? { notice } : undefined));
    dispatch(api.util.resetApiState());
    if (!token) return;
    const request = dispatch(authApi.endpoints.logout.initiate(token));
    try {
      await request.unwrap();
    } catch {
      // The token is gone from this browser either way; the server expires it in time.
    } finally {
      request.reset();
    }
  };
