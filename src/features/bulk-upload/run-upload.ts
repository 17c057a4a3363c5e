/**
 * The upload run (spec 02 §4): rows go one at a time, in order. Each row is re-checked with the
 * current restaurant and files, then goes uploading ("Preparing data…" while its form and images
 * are gathered, "Posting to menu API…" while it is sent) and ends success ("Done") or error (the
 * reason: the check's problems, the server's message, or the spec's default). Cancelling stops
 * before the next row; the rows not reached stay pending. A row the server answers 503 (busy,
 * SHED_MAX_UPLOADS, or its database unavailable: nothing was written) is sent again after the
 * server's Retry-After, BUSY_RETRIES times at most, before it fails with the server's message.
 */
import type { AppThunk } from '../../app/hooks';
import { httpStatus, serverMessage } from '../../api/errors';
import { bulkUploadApi } from './bulk-upload-api';
import { buildMenuItemForm, type FetchImage } from './build-form';
import {
  failedIndexes,
  rowFailed,
  rowSucceeded,
  rowUploading,
  runFinished,
  runStarted,
  type RunSummary,
} from './bulk-upload-slice';
import { restaurantOf, validateRow, type ValidationContext } from './validate-row';

const PREPARING = 'Preparing data…';
const POSTING = 'Posting to menu API…';
const UPLOAD_FAILED = 'Failed to upload menu item';
export const NO_CSV = 'Please load a CSV first.';
/** Times a row answered 503 is sent again, and the wait before each (the server's Retry-After). */
const BUSY_RETRIES = 3;
const BUSY_WAIT_MS = 2000;

export type RunOptions = {
  /** Selected local images by lower-cased file name. */
  files: ReadonlyMap<string, File>;
  defaultRestaurantId?: string | null;
  /** Send only the rows whose last attempt failed. */
  onlyFailed?: boolean;
  fetchImage?: FetchImage;
};

export const runUpload =
  (options: RunOptions): AppThunk<Promise<RunSummary | null>> =>
  async (dispatch, getState) => {
    const start = getState().bulkUpload;
    if (start.running || start.rows.length === 0) return null;
    const indexes = options.onlyFailed ? failedIndexes(start) : start.rows.map((row) => row.index);
    if (indexes.length === 0) return null;
    const context: ValidationContext = {
      selectedRestaurantId: start.restaurant?._id ?? null,
      defaultRestaurantId: options.defaultRestaurantId ?? null,
      localFileNames: new Set(options.files.keys()),
    };
    dispatch(runStarted({ indexes }));

    for (const index of indexes) {
      if (getState().bulkUpload.cancelRequested) break;
      const row = start.rows[index - 1];
      dispatch(rowUploading({ index, message: PREPARING }));
      const problems = validateRow(row, context);
      if (problems.length) {
        dispatch(rowFailed({ index, message: problems.join('; ') }));
        continue;
      }
      const restaurantId = restaurantOf(row, context);
      let form: FormData;
      try {
        form = await buildMenuItemForm(row, restaurantId, options.files, options.fetchImage);
      } catch (error) {
        dispatch(rowFailed({ index, message: (error as Error).message || UPLOAD_FAILED }));
        continue;
      }
      dispatch(rowUploading({ index, message: POSTING }));
      const post = async () => {
        const request = dispatch(
          bulkUploadApi.endpoints.createMenuItem.initiate({ restaurantId, form }),
        );
        const answer = await request;
        // The run keeps its own record; thousands of finished mutation entries would only grow the store.
        request.reset();
        return answer;
      };
      let result = await post();
      for (
        let retries = 0;
        retries < BUSY_RETRIES && 'error' in result && httpStatus(result.error) === 503;
        retries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
        if (getState().bulkUpload.cancelRequested) break;
        result = await post();
      }
      if ('error' in result && result.error) {
        dispatch(rowFailed({ index, message: serverMessage(result.error) ?? UPLOAD_FAILED }));
      } else {
        dispatch(rowSucceeded({ index }));
      }
    }
    dispatch(runFinished());
    return getState().bulkUpload.summary;
  };
