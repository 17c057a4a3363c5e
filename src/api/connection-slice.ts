import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Whether the API answers: set by every call's outcome (api.ts), read by the outage banner. */
export interface ConnectionState {
  /** The last call got no answer at all (network error, server down). */
  unreachable: boolean;
  /**
   * The server's sentence when the last call was answered 503 (its database is down, or it is
   * shedding load): it is up but cannot serve, for now. Null otherwise.
   */
  unavailable: string | null;
  /** When an answer last came (ms since epoch, kept to the minute), or null before any. */
  lastAnswerAt: number | null;
}

const initialState: ConnectionState = { unreachable: false, unavailable: null, lastAnswerAt: null };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    apiAnswered(state, action: PayloadAction<number>) {
      state.unreachable = false;
      state.unavailable = null;
      state.lastAnswerAt = action.payload;
    },
    apiUnreachable(state) {
      state.unreachable = true;
    },
    /** A 503: the server answered, so it is reachable, but the data shown is as old as before. */
    apiUnavailable(state, action: PayloadAction<string>) {
      state.unreachable = false;
      state.unavailable = action.payload;
    },
  },
});

const { apiAnswered } = connectionSlice.actions;
export const { apiUnreachable, apiUnavailable } = connectionSlice.actions;

const MINUTE = 60_000;

/** The action to record an answer at `now`, or null when the state already says as much. */
export function answeredAction(state: ConnectionState, now: number) {
  const sameMinute =
    state.lastAnswerAt !== null &&
    Math.floor(state.lastAnswerAt / MINUTE) === Math.floor(now / MINUTE);
  return !state.unreachable && state.unavailable === null && sameMinute ? null : apiAnswered(now);
}
