import { createAction, type Action } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { notify } from '../lib/notify';
import { isBackground, noteActivity } from './activity';
import { API_BASE_URL } from './config';
import {
  answeredAction,
  apiUnavailable,
  apiUnreachable,
  type ConnectionState,
} from './connection-slice';
import { serverMessage } from './errors';
import { confirmStepUp, isStepUpRequired } from './step-up';
import { REFERENCE_LIST_KEYS } from '../../common/reference-lists';

/**
 * A call was refused for an invalid or expired token (raised once per session): the auth
 * feature ends the session.
 */
export const unauthorized = createAction('api/unauthorized');

/**
 * A call was refused with 403 (the role changed meanwhile, or a screen offered what the role may
 * not do): the auth feature reads the admin's permissions again. Carries the endpoint's name.
 */
export const forbidden = createAction<string>('api/forbidden');

/** Shown as a toast when the server refuses a call with 403 and sends no message. */
const FORBIDDEN_MESSAGE = 'You are not authorized to access this panel';

/** Endpoints of the sign-in flow handle their own 401 and 403 answers. */
const OWN_AUTH_ERRORS = new Set([
  'login',
  'loginMfa',
  'setupPassword',
  'logout',
  'checkSession',
  'startTotpEnrolment',
  'confirmTotpEnrolment',
  'verifyStepUp',
]);

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

/** What the outage banner says of a 503 that came without a message of its own (a proxy's). */
const SERVER_UNAVAILABLE = 'The server cannot answer right now; try again in a few seconds';

/**
 * No answer at all (network failure, server down, timeout), a 503 (the server is up but its
 * database is not, or it sheds load), or any other HTTP answer.
 */
function noteConnection(
  error: FetchBaseQueryError | undefined,
  {
    getState,
    dispatch,
    signal,
  }: { getState: () => unknown; dispatch: (action: Action) => void; signal: AbortSignal },
) {
  if (error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')) {
    // A call cut short by leaving the screen says nothing about the server.
    if (!signal.aborted) dispatch(apiUnreachable());
    return;
  }
  if (error?.status === 503) {
    dispatch(apiUnavailable(serverMessage(error) ?? SERVER_UNAVAILABLE));
    return;
  }
  const state = (getState() as { connection?: ConnectionState }).connection;
  const action = state ? answeredAction(state, Date.now()) : null;
  if (action) dispatch(action);
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const sentToken = tokenOf(queryApi.getState);
  // A request the SPA makes by itself (`inBackground`, X-Background: 1) is no activity.
  if (!isBackground(args)) noteActivity();
  let result = await fetchQuery(args, queryApi, extraOptions);
  noteConnection(result.error, queryApi);
  if (!result.error) return result;
  if (isStepUpRequired(result.error)) {
    // "Confirm it's you", then the same request once more; the session goes on either way.
    if (await confirmStepUp()) {
      result = await fetchQuery(args, queryApi, extraOptions);
      noteConnection(result.error, queryApi);
    }
    if (!result.error || isStepUpRequired(result.error)) return result;
  }
  if (OWN_AUTH_ERRORS.has(queryApi.endpoint)) return result;

  if (result.error.status === 401) {
    // Only the first refusal ends the session: when ten calls fail together the others find it
    // ended already, and a late 401 for an earlier session's token leaves a newer one alone.
    if (sentToken && tokenOf(queryApi.getState) === sentToken) {
      queryApi.dispatch(unauthorized());
      queryApi.dispatch(api.util.resetApiState());
    }
  } else if (result.error.status === 403) {
    notify.error(serverMessage(result.error) ?? FORBIDDEN_MESSAGE, 'forbidden');
    queryApi.dispatch(forbidden(queryApi.endpoint));
  }
  return result;
};

const TAG_TYPES = [
  'Session',
  'Dashboard',
  'ActivityLog',
  'User',
  'Configuration',
  'Restaurant',
  'Booking',
  'BookingActivity',
  // Each reference list's data, tagged by its key.
  ...REFERENCE_LIST_KEYS,
  'Review',
  'StaticContent',
  'SavedView',
  'Approval',
  'Team',
  'AccountSession',
  'Mfa',
] as const;

/** The kinds of cached data; cache-tags.ts says which tags lists provide and writes invalidate. */
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints` in their own
 * `*-api.ts` file, tagging their data by the policy of cache-tags.ts.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** Loads every shown screen's data again (the outage banner's Retry); the session is left alone. */
export const reloadShownData = () =>
  api.util.invalidateTags(TAG_TYPES.filter((tag) => tag !== 'Session'));
