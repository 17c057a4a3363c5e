import type { SessionUser as SignedInUser } from '../../api/types';

/** localStorage entries of the session (spec 01 §9). */
const USER_KEY = 'user';
export const TOKEN_KEY = 'token';

/**
 * The signed-in admin as stored; the team role, its permissions, refund limits and idle timeout
 * are missing from a session stored before them (read again at start-up).
 */
export type SessionUser = Pick<
  SignedInUser,
  'firstName' | 'lastName' | 'email' | 'avatar' | 'role'
> &
  Partial<
    Pick<
      SignedInUser,
      | '_id'
      | 'teamRole'
      | 'permissions'
      | 'refundLimitUsd'
      | 'refundApprovalUsd'
      | 'sessionIdleMinutes'
    >
  >;

export interface StoredSession {
  user: SessionUser;
  token: string;
}

const ADMIN_ROLE = 'admin';

export function isAdmin(user: { role?: unknown } | null | undefined): boolean {
  return user?.role === ADMIN_ROLE;
}

function parseUser(text: string | null): SessionUser | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/** The stored admin session, or null when there is none or it is not an admin's. Reads only. */
export function readStoredSession(storage: Storage = window.localStorage): StoredSession | null {
  const token = storage.getItem(TOKEN_KEY);
  const user = parseUser(storage.getItem(USER_KEY));
  return token && user && isAdmin(user) ? { user, token } : null;
}

/**
 * The stored session to verify at start-up. A stored user whose role is not admin, or a
 * half-written or unreadable entry, is discarded.
 */
export function restoreSession(storage: Storage = window.localStorage): StoredSession | null {
  const session = readStoredSession(storage);
  if (!session) clearStoredSession(storage);
  return session;
}

/** Whether a token is stored (spec 01: saving admin notes requires a stored auth token). */
export function hasStoredToken(storage: Storage = window.localStorage): boolean {
  return Boolean(storage.getItem(TOKEN_KEY));
}

export function saveSession(session: StoredSession, storage: Storage = window.localStorage): void {
  // The token goes last: other tabs react to the token entry and then read the user.
  storage.setItem(USER_KEY, JSON.stringify(session.user));
  storage.setItem(TOKEN_KEY, session.token);
}

export function clearStoredSession(storage: Storage = window.localStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(USER_KEY);
}
