import { api } from '../../api/api';
import { httpStatus, serverMessage } from '../../api/errors';
import type { AppThunk } from '../../app/store';
import { authApi } from './auth-api';
import {
  sessionCheckFailed,
  sessionCheckRetried,
  sessionEnded,
  sessionVerified,
  signedIn,
} from './auth-slice';
import { clearStoredSession, saveSession, type StoredSession } from './session-storage';

/** Session check messages (spec 01 §8). */
export const SESSION_CHECK_MESSAGES = {
  unauthorized: 'Authorization failed: invalid token',
  serverError: 'Session verification failed',
  unexpected: 'An unexpected error occurred',
} as const;

/** The message for a failed session check: HTTP 401, another server answer, anything else. */
export function sessionCheckFailure(error: unknown): string {
  const status = httpStatus(error);
  if (status === 401) return SESSION_CHECK_MESSAGES.unauthorized;
  if (status !== undefined) return serverMessage(error) ?? SESSION_CHECK_MESSAGES.serverError;
  return SESSION_CHECK_MESSAGES.unexpected;
}

/** Answers that settle a stored token: invalid (401) or not an active admin's (403). */
const REFUSALS = new Set([401, 403]);

/**
 * Verifies the session restored from storage. Only the server's refusal of the token (401, 403,
 * or a 401 in the body) ends it, with the reason. A check that gets no verdict (a server error,
 * a network failure, a request aborted because the page is being left or reloaded) keeps the
 * stored session and reports the reason, so the check can be tried again.
 */
export const verifySession = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (getState().auth.status !== 'checking') return;
  dispatch(sessionCheckRetried());
  const request = dispatch(
    authApi.endpoints.checkSession.initiate(undefined, { subscribe: false }),
  );
  let notice: string;
  try {
    const response = await request.unwrap();
    // The contract also carries the status in the body; a 401 there fails the check as well.
    if (response.status_code !== 401) {
      dispatch(sessionVerified());
      return;
    }
    notice = SESSION_CHECK_MESSAGES.unauthorized;
  } catch (error) {
    if (getState().auth.status !== 'checking') return;
    const status = httpStatus(error);
    if (status === undefined || !REFUSALS.has(status)) {
      dispatch(sessionCheckFailed(sessionCheckFailure(error)));
      return;
    }
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
 * forgets every cached API answer, then asks the server to revoke the token. A failure of that
 * last call does not keep anyone signed in.
 */
export const signOut = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const { token } = getState().auth;
  clearStoredSession();
  dispatch(sessionEnded());
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
