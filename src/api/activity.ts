/**
 * When the admin last made a request of their own (not one the SPA made by itself): the server
 * counts only those toward the session's idle timeout (SESSION_IDLE_MINUTES), and the idle
 * warning counts from the same moment. Kept in localStorage, so every tab of the session sees
 * the activity of the others.
 */
const ACTIVITY_KEY = 'lastActivityAt';

export function noteActivity(now = Date.now(), storage: Storage = window.localStorage): void {
  storage.setItem(ACTIVITY_KEY, String(now));
}

/** The time of the last request of the admin's own (ms since epoch), or null before any. */
export function lastActivityAt(storage: Storage = window.localStorage): number | null {
  const value = Number(storage.getItem(ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}
