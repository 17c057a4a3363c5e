import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuCsvRow } from './menu-row';

/**
 * The bulk menu upload run (spec 02 §3, §4): the loaded CSV, the selected restaurant and each
 * row's progress. A row goes pending → uploading → success or error; a run can be cancelled
 * between rows, and a later run can send only the rows that failed. Local image files are not
 * kept here (they are not serialisable); the screen holds them and hands them to the run.
 */
type RowStatus = 'pending' | 'uploading' | 'success' | 'error';

export type RowProgress = { index: number; itemName: string; status: RowStatus; message: string };

export type RunSummary = { success: number; error: number; cancelled: boolean };

export type BulkUploadState = {
  fileName: string | null;
  rows: MenuCsvRow[];
  progress: RowProgress[];
  parseError: string | null;
  restaurant: { _id: string; name: string } | null;
  running: boolean;
  cancelRequested: boolean;
  /** Indexes (1-based) of the rows the current or last run sends. */
  runIndexes: number[];
  /** Counts of the last finished run. */
  summary: RunSummary | null;
};

export const initialBulkUploadState: BulkUploadState = {
  fileName: null,
  rows: [],
  progress: [],
  parseError: null,
  restaurant: null,
  running: false,
  cancelRequested: false,
  runIndexes: [],
  summary: null,
};

const at = (state: BulkUploadState, index: number) => state.progress[index - 1];

export const bulkUploadSlice = createSlice({
  name: 'bulkUpload',
  initialState: initialBulkUploadState,
  reducers: {
    csvLoaded(state, action: PayloadAction<{ fileName: string; rows: MenuCsvRow[] }>) {
      if (state.running) return;
      state.fileName = action.payload.fileName;
      state.rows = action.payload.rows;
      state.progress = action.payload.rows.map((row) => ({
        index: row.index,
        itemName: row.itemName,
        status: 'pending',
        message: '',
      }));
      state.parseError = null;
      state.summary = null;
      state.runIndexes = [];
    },
    csvFailed(state, action: PayloadAction<string>) {
      if (state.running) return;
      state.parseError = action.payload;
    },
    restaurantSelected(state, action: PayloadAction<BulkUploadState['restaurant']>) {
      state.restaurant = action.payload;
    },
    runStarted(state, action: PayloadAction<{ indexes: number[] }>) {
      if (state.running) return;
      state.running = true;
      state.cancelRequested = false;
      state.summary = null;
      state.runIndexes = action.payload.indexes;
      for (const index of action.payload.indexes) {
        const row = at(state, index);
        if (row) Object.assign(row, { status: 'pending', message: '' });
      }
    },
    rowUploading(state, action: PayloadAction<{ index: number; message: string }>) {
      const row = at(state, action.payload.index);
      if (row) Object.assign(row, { status: 'uploading', message: action.payload.message });
    },
    rowSucceeded(state, action: PayloadAction<{ index: number }>) {
      const row = at(state, action.payload.index);
      if (row) Object.assign(row, { status: 'success', message: 'Done' });
    },
    rowFailed(state, action: PayloadAction<{ index: number; message: string }>) {
      const row = at(state, action.payload.index);
      if (row) Object.assign(row, { status: 'error', message: action.payload.message });
    },
    cancelRequested(state) {
      if (state.running) state.cancelRequested = true;
    },
    runFinished(state) {
      if (!state.running) return;
      let success = 0;
      let error = 0;
      for (const index of state.runIndexes) {
        const status = at(state, index)?.status;
        if (status === 'success') success += 1;
        else if (status === 'error') error += 1;
      }
      state.summary = { success, error, cancelled: state.cancelRequested };
      state.running = false;
      state.cancelRequested = false;
    },
    cleared(state) {
      if (state.running) return;
      return { ...initialBulkUploadState, restaurant: state.restaurant };
    },
  },
});

export const {
  csvLoaded,
  csvFailed,
  restaurantSelected,
  runStarted,
  rowUploading,
  rowSucceeded,
  rowFailed,
  cancelRequested,
  runFinished,
  cleared,
} = bulkUploadSlice.actions;

/** Indexes of the rows that failed, in order (what "Retry failed rows" sends). */
export const failedIndexes = (state: BulkUploadState) =>
  state.progress.filter((row) => row.status === 'error').map((row) => row.index);
