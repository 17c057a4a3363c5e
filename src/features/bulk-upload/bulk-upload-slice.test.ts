import type { MenuCsvRow } from './menu-row';
import {
  bulkUploadSlice,
  cancelRequested,
  cleared,
  csvFailed,
  csvLoaded,
  failedIndexes,
  initialBulkUploadState,
  restaurantSelected,
  rowFailed,
  rowSucceeded,
  rowUploading,
  runFinished,
  runStarted,
  type BulkUploadState,
} from './bulk-upload-slice';

const reduce = (
  state: BulkUploadState,
  ...actions: Parameters<typeof bulkUploadSlice.reducer>[1][]
) => actions.reduce(bulkUploadSlice.reducer, state);

const row = (index: number): MenuCsvRow =>
  ({
    index,
    itemName: `Dish ${index}`,
    category: 'Mains',
    media: [],
    cells: {},
  }) as unknown as MenuCsvRow;

const loaded = reduce(
  initialBulkUploadState,
  csvLoaded({ fileName: 'menu.csv', rows: [row(1), row(2), row(3)] }),
);
const statuses = (state: BulkUploadState) => state.progress.map((p) => p.status);

test('a loaded CSV has every row pending', () => {
  expect(loaded.fileName).toBe('menu.csv');
  expect(loaded.progress).toEqual([
    { index: 1, itemName: 'Dish 1', status: 'pending', message: '' },
    { index: 2, itemName: 'Dish 2', status: 'pending', message: '' },
    { index: 3, itemName: 'Dish 3', status: 'pending', message: '' },
  ]);
});

test('rows go pending → uploading (with its message) → success or error; the run counts them', () => {
  let state = reduce(loaded, runStarted({ indexes: [1, 2, 3] }));
  expect(state.running).toBe(true);
  state = reduce(state, rowUploading({ index: 1, message: 'Preparing data…' }));
  expect(state.progress[0]).toMatchObject({ status: 'uploading', message: 'Preparing data…' });
  state = reduce(
    state,
    rowUploading({ index: 1, message: 'Posting to menu API…' }),
    rowSucceeded({ index: 1 }),
  );
  expect(state.progress[0]).toMatchObject({ status: 'success', message: 'Done' });
  state = reduce(
    state,
    rowFailed({ index: 2, message: 'Category "X" does not exist' }),
    rowSucceeded({ index: 3 }),
  );
  expect(statuses(state)).toEqual(['success', 'error', 'success']);
  state = reduce(state, runFinished());
  expect(state.running).toBe(false);
  expect(state.summary).toEqual({ success: 2, error: 1, cancelled: false });
  expect(failedIndexes(state)).toEqual([2]);
});

test('a cancelled run leaves the rows it did not reach pending and says so', () => {
  let state = reduce(
    loaded,
    runStarted({ indexes: [1, 2, 3] }),
    rowSucceeded({ index: 1 }),
    cancelRequested(),
  );
  expect(state.cancelRequested).toBe(true);
  state = reduce(state, runFinished());
  expect(statuses(state)).toEqual(['success', 'pending', 'pending']);
  expect(state.summary).toEqual({ success: 1, error: 0, cancelled: true });
  expect(state.cancelRequested).toBe(false);
  // Cancelling when nothing runs does nothing.
  expect(reduce(state, cancelRequested()).cancelRequested).toBe(false);
});

test('retrying sends only the failed rows: they go back to pending, the others keep their result', () => {
  let state = reduce(
    loaded,
    runStarted({ indexes: [1, 2, 3] }),
    rowFailed({ index: 1, message: 'bad' }),
    rowSucceeded({ index: 2 }),
    rowFailed({ index: 3, message: 'bad' }),
    runFinished(),
  );
  expect(failedIndexes(state)).toEqual([1, 3]);
  state = reduce(state, runStarted({ indexes: failedIndexes(state) }));
  expect(statuses(state)).toEqual(['pending', 'success', 'pending']);
  expect(state.summary).toBeNull();
  state = reduce(
    state,
    rowSucceeded({ index: 1 }),
    rowFailed({ index: 3, message: 'still bad' }),
    runFinished(),
  );
  expect(state.summary).toEqual({ success: 1, error: 1, cancelled: false });
  expect(statuses(state)).toEqual(['success', 'success', 'error']);
});

test('while a run is going, a new CSV, a second start or clearing is ignored', () => {
  const running = reduce(loaded, runStarted({ indexes: [1] }));
  expect(reduce(running, csvLoaded({ fileName: 'other.csv', rows: [] })).fileName).toBe('menu.csv');
  expect(reduce(running, runStarted({ indexes: [2, 3] })).runIndexes).toEqual([1]);
  expect(reduce(running, cleared()).rows).toHaveLength(3);
  expect(reduce(running, csvFailed('CSV parse error: x')).parseError).toBeNull();
});

test('a parse error is kept until the next CSV loads; clearing keeps the restaurant', () => {
  const restaurant = { _id: 'r1', name: 'Luigi' };
  let state = reduce(
    loaded,
    restaurantSelected(restaurant),
    csvFailed('CSV parse error: Missing column(s): itemName'),
  );
  expect(state.parseError).toBe('CSV parse error: Missing column(s): itemName');
  expect(state.rows).toHaveLength(3);
  state = reduce(state, csvLoaded({ fileName: 'b.csv', rows: [row(1)] }));
  expect(state.parseError).toBeNull();
  state = reduce(state, cleared());
  expect(state).toEqual({ ...initialBulkUploadState, restaurant });
});
