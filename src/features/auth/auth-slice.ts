import { createListenerMiddleware, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { forbidden, unauthorized } from '../../api/api';
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
  /** A call was refused with 403: the role may have changed, its permissions are read again. */
  permissionsStale?: boolean;
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
    /**
     * The server's current account of the signed-in admin (`GET /user/me`: team role and
     * permissions), or null when it could not be read (what the session knew stays).
     */
    userRefreshed(state, action: PayloadAction<SessionUser | null>) {
      if (action.payload && state.token) state.user = action.payload;
      state.permissionsStale = false;
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
    // A refusal other than of the read itself has the admin's permissions read again.
    builder.addCase(forbidden, (state, action) => {
      if (state.token && action.payload !== 'getMe') state.permissionsStale = true;
    });
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

export const { signedIn, sessionVerified, userRefreshed, sessionEnded, noticeDismissed } =
  authSlice.actions;
