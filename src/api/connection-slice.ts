import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Whether the API answers: set by every call's outcome (api.ts), read by the outage banner. */
export interface ConnectionState {
  /** The last call got no answer at all (network error, server down). */
  unreachable: boolean;
  /** When an answer last came (ms since epoch, kept to the minute), or null before any. */
  lastAnswerAt: number | null;
}

const initialState: ConnectionState = { unreachable: false, lastAnswerAt: null };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    apiAnswered(state, action: PayloadAction<number>) {
      state.unreachable = false;
      state.lastAnswerAt = action.payload;
    },
    apiUnreachable(state) {
      state.unreachable = true;
    },
  },
});

const { apiAnswered } = connectionSlice.actions;
export const { apiUnreachable } = connectionSlice.actions;

const MINUTE = 60_000;

/** The action to record an answer at `now`, or null when the state already says as much. */
export function answeredAction(state: ConnectionState, now: number) {
  const sameMinute =
    state.lastAnswerAt !== null &&
    Math.floor(state.lastAnswerAt / MINUTE) === Math.floor(now / MINUTE);
  return !state.unreachable && sameMinute ? null : apiAnswered(now);
}
