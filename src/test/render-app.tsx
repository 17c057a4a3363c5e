import { act, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/app';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';
import { saveSession } from '../features/auth/session-storage';
import { adminUser } from './fake-api/session';

export interface RenderAppOptions {
  /** Start with a stored session of this user (checked at start-up like a real one). */
  storedUser?: Record<string, unknown>;
  token?: string;
}

/** The whole app at `path`, with a memory router, building its store the way index.tsx does. */
export function renderApp(path: string, { storedUser, token = 'token-1' }: RenderAppOptions = {}) {
  if (storedUser) saveSession({ user: storedUser as typeof adminUser, token });
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}

/** The whole app at `path`, signed in as the admin (the stored session is checked at start). */
export const openAsAdmin = (path: string) => renderApp(path, { storedUser: adminUser });

/** Lets pending promises and timers of a finished request settle. */
export async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
