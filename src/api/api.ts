import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { notify } from '../app/notify';
import { sessionEnded } from '../features/auth/auth-slice';
import { clearStoredSession } from '../features/auth/session-storage';
import { API_BASE_URL } from './config';
import { serverMessage } from './errors';

/** Shown on the login page when a call is refused for an invalid or expired token. */
export const SESSION_EXPIRED_MESSAGE = 'Authorization failed: invalid token';
/** Shown as a toast when the server refuses a call with 403 and sends no message. */
export const FORBIDDEN_MESSAGE = 'You are not authorized to access this panel';

/** Endpoints of the sign-in flow handle their own 401 and 403 answers. */
const OWN_AUTH_ERRORS = new Set(['login', 'logout', 'checkSession']);

const tokenOf = (getState: () => unknown): string | null =>
  (getState() as { auth: { token: string | null } }).auth.token;

const fetchQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  prepareHeaders(headers, { getState }) {
    const token = tokenOf(getState);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const sentToken = tokenOf(queryApi.getState);
  const result = await fetchQuery(args, queryApi, extraOptions);
  if (!result.error || OWN_AUTH_ERRORS.has(queryApi.endpoint)) return result;

  if (result.error.status === 401) {
    // Only the first refusal ends the session: when ten calls fail together the others find it
    // ended already, and a late 401 for an earlier session's token leaves a newer one alone.
    if (sentToken && tokenOf(queryApi.getState) === sentToken) {
      clearStoredSession();
      queryApi.dispatch(sessionEnded({ notice: SESSION_EXPIRED_MESSAGE }));
      queryApi.dispatch(api.util.resetApiState());
    }
  } else if (result.error.status === 403) {
    notify.error(serverMessage(result.error) ?? FORBIDDEN_MESSAGE, 'forbidden');
  }
  return result;
};

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints` in their own
 * `*-api.ts` file. Lists provide `{ type, id: 'LIST' }` plus one tag per row; mutations
 * invalidate the narrowest tags they change.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Session',
    'Dashboard',
    'ActivityLog',
    'User',
    'Configuration',
    'Restaurant',
    'Booking',
    'BookingActivity',
    'BookingType',
    'Category',
    'Ingredient',
    'Allergy',
    'Dietary',
    'Cuisine',
    'Review',
    'StaticContent',
    'MenuItem',
  ],
  endpoints: () => ({}),
});
