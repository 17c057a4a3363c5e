import { createListenerMiddleware, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { unauthorized } from '../../api/api';
import { clearStoredSession } from './session-storage';
import type { SessionUser, StoredSession } from './session-storage';

/**
 * checking: a stored session is being verified at start-up; authenticated: an admin is signed
 * in; anonymous: nobody is.
 */
type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  status: SessionStatus;
  /** Why the last session ended, shown once on the login page. */
  notice: string | null;
}

const anonymousAuthState: AuthState = {
  user: null,
  token: null,
  status: 'anonymous',
  notice: null,
};

/** The state at start-up: a stored session must be verified before it counts. */
export function initialAuthState(stored: StoredSession | null): AuthState {
  return stored ? { ...stored, status: 'checking', notice: null } : anonymousAuthState;
}

/** Shown on the login page when a call is refused for an invalid or expired token. */
export const SESSION_EXPIRED_MESSAGE = 'Authorization failed: invalid token';

export const authSlice = createSlice({
  name: 'auth',
  initialState: anonymousAuthState,
  reducers: {
    signedIn(_state, action: PayloadAction<StoredSession>) {
      return { ...action.payload, status: 'authenticated', notice: null };
    },
    sessionVerified(state) {
      if (state.token) state.status = 'authenticated';
    },
    /** The one way a session ends: logout, a failed check, a 401, or another tab's logout. */
    sessionEnded(_state, action: PayloadAction<{ notice?: string } | undefined>) {
      return { ...anonymousAuthState, notice: action.payload?.notice ?? null };
    },
    noticeDismissed(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    // A call refused for an invalid or expired token ends the session with this notice.
    builder.addCase(unauthorized, () => ({
      ...anonymousAuthState,
      notice: SESSION_EXPIRED_MESSAGE,
    }));
  },
});

/** The auth feature's side effects of actions raised elsewhere: a refused token is forgotten. */
export const authListener = createListenerMiddleware();
authListener.startListening({ actionCreator: unauthorized, effect: () => clearStoredSession() });

export const { signedIn, sessionVerified, sessionEnded, noticeDismissed } = authSlice.actions;
