/**
 * When the admin last made a request of their own (not one the SPA made by itself): the server
 * counts only those toward the session's idle timeout (SESSION_IDLE_MINUTES), and the idle
 * warning counts from the same moment. Kept in localStorage, so every tab of the session sees
 * the activity of the others.
 *
 * A request the SPA makes by itself carries the contract's `X-Background: 1` (`inBackground`):
 * the server answers it but does not count it as a use of the session, and neither does the
 * SPA.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';

const ACTIVITY_KEY = 'lastActivityAt';
const BACKGROUND_HEADER = 'X-Background';

/** The request, marked as one the SPA makes by itself. */
export function inBackground(args: string | FetchArgs): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set(BACKGROUND_HEADER, '1');
  return { ...request, headers };
}

/** Whether the request is one the SPA makes by itself. */
export const isBackground = (args: string | FetchArgs): boolean =>
  typeof args !== 'string' &&
  new Headers(args.headers as HeadersInit | undefined).get(BACKGROUND_HEADER) === '1';

export function noteActivity(now = Date.now(), storage: Storage = window.localStorage): void {
  storage.setItem(ACTIVITY_KEY, String(now));
}

/** The time of the last request of the admin's own (ms since epoch), or null before any. */
export function lastActivityAt(storage: Storage = window.localStorage): number | null {
  const value = Number(storage.getItem(ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}
