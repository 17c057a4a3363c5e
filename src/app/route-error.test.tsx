import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { everyResource } from '../test/fake-api/every-resource';
import { fakeApi } from '../test/fake-api/fake-api';
import { adminUser } from '../test/fake-api/session';

const chunkError = Object.assign(new Error('Loading chunk 995 failed.\n(missing: x.js)'), {
  name: 'ChunkLoadError',
  request: 'http://localhost/page-reviews.0123abcd.js',
});
/** A page that throws `error` as it renders. */
const failing = (error: Error) => () => ({
  default: () => {
    throw error;
  },
});
jest.unstable_mockModule(
  '../features/dashboard/dashboard-page',
  failing(new TypeError("Cannot read properties of undefined (reading 'map')")),
);
jest.unstable_mockModule('../features/reviews/reviews-page', failing(chunkError));
const { renderApp } = await import('../test/render-app');
const { isChunkLoadError } = await import('./route-error');

/** Opens `path`; `server` says whether the server answers for the chunk (a 404: a new build). */
async function open(path: string, server: 'answers' | 'unreachable' = 'answers') {
  fakeApi(...everyResource());
  const apiFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    String(input).endsWith('.js')
      ? server === 'answers'
        ? Promise.resolve(new Response(null, { status: 404 }))
        : Promise.reject(new TypeError('Failed to fetch'))
      : apiFetch(input, init);
  renderApp(path, { storedUser: adminUser });
  await screen.findByRole('banner');
}

describe('route errors', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    // React and the router log the thrown errors; the screen must not show them.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('show a short message and Reload inside the layout, never the error or its stack', async () => {
    await open('/admin/dashboard');
    expect(await screen.findByText('This screen could not be shown.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(within(document.querySelector('aside')!).getByText('Users')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/reading 'map'|Unexpected Application Error/);
  });

  it('reload once by themselves for a missing chunk, then show the message', async () => {
    await open('/admin/reviews');
    // First failure: the page is reloading (jsdom does not navigate) and says nothing yet.
    await waitFor(() =>
      expect(Number(window.sessionStorage.getItem('chunk-reloaded-at'))).toBeGreaterThan(0),
    );
    expect(screen.queryByText('This screen could not be loaded.')).not.toBeInTheDocument();
  });

  it('do not reload for a missing chunk while the server cannot be reached: they say so', async () => {
    await open('/admin/reviews', 'unreachable');
    expect(await screen.findByText('This screen could not be loaded.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Cannot reach the server\. Check your connection/),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem('chunk-reloaded-at')).toBeNull();
    expect(within(document.querySelector('aside')!).getByText('Users')).toBeInTheDocument();
  });

  it('show the message when the chunk fails again right after the reload', async () => {
    window.sessionStorage.setItem('chunk-reloaded-at', String(Date.now()));
    await open('/admin/reviews');
    expect(await screen.findByText('This screen could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Loading chunk 995');
  });

  it('tell chunk failures from others', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed.\n(/x.css)'))).toBe(true);
    expect(isChunkLoadError(new Error('Boom'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
