import type { Location } from 'react-router-dom';

export const DEFAULT_AFTER_LOGIN = '/admin/dashboard';

/** Router state carried to /login: where the visitor was going. */
interface LoginRedirectState {
  from?: string;
}

export function loginRedirectState(location: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Where to go after signing in: the page first asked for inside /admin, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return typeof from === 'string' && /^\/admin(?:[/?#]|$)/.test(from) ? from : DEFAULT_AFTER_LOGIN;
}
