import { combineReducers, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import { connectionSlice } from '../api/connection-slice';
import { liveSlice } from '../api/live-slice';
import { authListener, authSlice, initialAuthState } from '../features/auth/auth-slice';
import { restoreSession } from '../features/auth/session-storage';
import { bulkUploadSlice } from '../features/bulk-upload/bulk-upload-slice';
import { uiSlice } from './ui-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  ui: uiSlice.reducer,
  connection: connectionSlice.reducer,
  live: liveSlice.reducer,
  bulkUpload: bulkUploadSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds the store. Without a preloaded state the session stored in localStorage is picked up
 * (and verified at start-up by the session gate).
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState ?? { auth: initialAuthState(restoreSession()) },
    middleware: (getDefault) =>
      getDefault().prepend(authListener.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, Action>;
