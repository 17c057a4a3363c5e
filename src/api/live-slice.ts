import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangeEvent } from './event-stream';

/** The last change the live stream told of a record: who, when it arrived, the version it made. */
export interface RecordChange {
  actorName: string | null;
  /** when the event arrived (ms since epoch, this browser's clock) */
  at: number;
  version: number | null;
}

/** The last change of each record the stream told of, by `recordType:recordId`. */
export interface LiveState {
  changes: Record<string, RecordChange>;
}

/** The records remembered at most (the oldest are forgotten): an open editor needs its own. */
const REMEMBERED = 200;

export const recordKey = (recordType: string, recordId: string | null) =>
  `${recordType}:${recordId ?? ''}`;

export const liveSlice = createSlice({
  name: 'live',
  initialState: { changes: {} } as LiveState,
  reducers: {
    recordChanged(state, action: PayloadAction<{ event: ChangeEvent; at: number }>) {
      const { event, at } = action.payload;
      const key = recordKey(event.recordType, event.recordId);
      delete state.changes[key];
      state.changes[key] = { actorName: event.actorName, at, version: event.version };
      const keys = Object.keys(state.changes);
      for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED))) {
        delete state.changes[old];
      }
    },
  },
});

export const { recordChanged } = liveSlice.actions;
