import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { SessionGate } from './session-gate';
import type { AppStore } from './store';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole SPA: store, theme, session check, routes. Tests pass a memory router. */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <AppProviders store={store}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  );
}
