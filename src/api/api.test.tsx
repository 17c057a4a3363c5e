import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { everyResource } from '../test/fake-api/every-resource';
import { fakeApi } from '../test/fake-api/fake-api';
import { offContract, reply } from '../test/fake-api/reply';
import { adminUser } from '../test/fake-api/session';
import { renderApp } from '../test/render-app';
import { api } from './api';
import { inBackground, lastActivityAt, noteActivity } from './activity';

// A probe of the base query: the users list, one page per number (the screen open, the Audit
// Log, does not call it itself).
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, number>({
      query: (skip) => ({ url: '/admin/users', params: { skip } }),
    }),
    backgroundProbe: build.query<unknown, number>({
      query: (skip) => inBackground({ url: '/admin/users', params: { skip } }),
    }),
  }),
});

/** The API, whose users list (the probe) answers with `answer`. */
const server = (answer: () => ReturnType<typeof reply>) =>
  fakeApi(...everyResource()).on('listUsers', answer);

async function signedInApp() {
  const view = renderApp('/admin/audit-log', { storedUser: adminUser, token: 'tok' });
  await within(await screen.findByRole('banner')).findByRole('heading', { name: 'Audit Log' });
  // The screen's own calls are answered.
  await screen.findByText('No audit events found');
  return view;
}

describe('the API base query', () => {
  it('sends the bearer token to the configured base URL', async () => {
    const { callsOf } = fakeApi(...everyResource());
    const { store } = await signedInApp();
    await act(() => store.dispatch(testApi.endpoints.probe.initiate(1)));
    const [probe] = callsOf('listUsers');
    expect(probe?.url.pathname).toBe('/api/v1/admin/users');
    expect(probe?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('marks a request the SPA makes by itself X-Background: 1, and only an own request is activity', async () => {
    const { callsOf } = fakeApi(...everyResource());
    const { store } = await signedInApp();
    const probe = (skip: number) =>
      callsOf('listUsers').find((call) => call.url.searchParams.get('skip') === String(skip));
    act(() => noteActivity(1000));
    await act(() => store.dispatch(testApi.endpoints.backgroundProbe.initiate(2)));
    expect(probe(2)?.headers.get('X-Background')).toBe('1');
    expect(probe(2)?.headers.get('Authorization')).toBe('Bearer tok');
    expect(lastActivityAt()).toBe(1000);
    await act(() => store.dispatch(testApi.endpoints.probe.initiate(3)));
    expect(probe(3)?.headers.get('X-Background')).toBeNull();
    expect(lastActivityAt()).toBeGreaterThan(1000);
  });

  it('logs out exactly once when ten calls fail with 401 together', async () => {
    server(() =>
      reply('listUsers', 401, { success: false, message: 'Invalid token', status_code: 401 }),
    );
    const { store, router } = await signedInApp();
    const removeItem = jest.spyOn(Storage.prototype, 'removeItem');
    // Every auth action makes a new auth state: count how often it changes.
    let authChanges = 0;
    let auth = store.getState().auth;
    const unsubscribe = store.subscribe(() => {
      if (store.getState().auth !== auth) authChanges += 1;
      auth = store.getState().auth;
    });

    await act(async () => {
      await Promise.all(
        Array.from({ length: 10 }, (_, n) => store.dispatch(testApi.endpoints.probe.initiate(n))),
      );
    });

    unsubscribe();
    expect(authChanges).toBe(1);
    expect(removeItem.mock.calls.filter(([key]) => key === 'token')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, token: null, status: 'anonymous' });
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authorization failed: invalid token',
    );
    removeItem.mockRestore();
  });

  it('leaves a newer session alone when a late 401 answers an older token', async () => {
    server(() =>
      reply('listUsers', 401, { success: false, message: 'Invalid token', status_code: 401 }),
    );
    const { store } = await signedInApp();
    const pending = store.dispatch(testApi.endpoints.probe.initiate(1));
    act(() => {
      store.dispatch({
        type: 'auth/signedIn',
        payload: { user: adminUser, token: 'newer' },
      });
    });
    await act(() => pending);
    expect(store.getState().auth.token).toBe('newer');
  });

  it('shows an error for a 403 and keeps the session', async () => {
    server(() =>
      reply('listUsers', 403, { success: false, message: 'Not allowed here', status_code: 403 }),
    );
    const { store, router } = await signedInApp();
    await act(() => store.dispatch(testApi.endpoints.probe.initiate(1)));
    expect(await screen.findByText('Not allowed here')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('tok');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(router.state.location.pathname).toBe('/admin/audit-log');
  });

  it('shows the default text for a 403 without a message', async () => {
    // Outside the contract, which gives every error a message.
    server(() => offContract(403));
    const { store } = await signedInApp();
    await act(() => store.dispatch(testApi.endpoints.probe.initiate(2)));
    expect(
      await screen.findByText('You are not authorized to access this panel'),
    ).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('authenticated');
  });
});
