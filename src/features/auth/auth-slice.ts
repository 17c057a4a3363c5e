import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser, StoredSession } from './session-storage';

/**
 * checking: a stored session is being verified at start-up; authenticated: an admin is signed
 * in; anonymous: nobody is.
 */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  status: SessionStatus;
  /** Why the last session ended, shown once on the login page. */
  notice: string | null;
  /**
   * Why the start-up check got no verdict (the server failed or could not be reached): the
   * stored session is kept and the check can be tried again.
   */
  checkFailure: string | null;
}

export const anonymousAuthState: AuthState = {
  user: null,
  token: null,
  status: 'anonymous',
  notice: null,
  checkFailure: null,
};

/** The state at start-up: a stored session must be verified before it counts. */
export function initialAuthState(stored: StoredSession | null): AuthState {
  return stored
    ? { ...stored, status: 'checking', notice: null, checkFailure: null }
    : anonymousAuthState;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: anonymousAuthState,
  reducers: {
    signedIn(_state, action: PayloadAction<StoredSession>) {
      return { ...action.payload, status: 'authenticated', notice: null, checkFailure: null };
    },
    sessionVerified(state) {
      if (state.token) state.status = 'authenticated';
      state.checkFailure = null;
    },
    /** The start-up check failed without a verdict on the token; the session is kept. */
    sessionCheckFailed(state, action: PayloadAction<string>) {
      if (state.status === 'checking') state.checkFailure = action.payload;
    },
    sessionCheckRetried(state) {
      state.checkFailure = null;
    },
    /** The one way a session ends: logout, a failed check, a 401, or another tab's logout. */
    sessionEnded(_state, action: PayloadAction<{ notice?: string } | undefined>) {
      return { ...anonymousAuthState, notice: action.payload?.notice ?? null };
    },
    noticeDismissed(state) {
      state.notice = null;
    },
  },
});

export const {
  signedIn,
  sessionVerified,
  sessionCheckFailed,
  sessionCheckRetried,
  sessionEnded,
  noticeDismissed,
} = authSlice.actions;
