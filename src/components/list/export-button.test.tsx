import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { initialAuthState } from '../../features/auth/auth-slice';
import { adminUser } from '../../test/fake-api/session';
import { ExportButton } from './export-button';

/** A fetch answering with a body the test writes piece by piece. */
function streamingFetch() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    init?.signal?.addEventListener('abort', () =>
      controller.error(new DOMException('Aborted', 'AbortError')),
    );
    return new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } });
  }) as typeof fetch;
  return {
    calls,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  let lastBlob: Blob;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:export';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: lastBlob });
  });
});

function renderButton() {
  const store = makeStore({
    auth: initialAuthState({ user: adminUser, token: 'token-1' }),
  });
  return render(
    <Provider store={store}>
      <ExportButton
        list="bookings"
        path="/admin/exports/bookings"
        params={{
          search: 'ab',
          bookingStatus: 'completed',
          payoutStatus: false,
          restaurant: undefined,
        }}
      />
    </Provider>,
  );
}

test('shows the rows received so far, then saves {list}-{day}.csv', async () => {
  const server = streamingFetch();
  renderButton();
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  expect(server.calls[0].url).toBe(
    '/api/v1/admin/exports/bookings?search=ab&bookingStatus=completed&payoutStatus=false',
  );
  expect(new Headers(server.calls[0].init?.headers).get('authorization')).toBe('Bearer token-1');
  server.write('\ufeffBooking Ref,Note\r\nBK-1,"two\r\nlines"\r\n');
  expect(await screen.findByRole('button', { name: /Exporting… 1 row$/ })).toBeInTheDocument();
  server.write('BK-2,x\r\nBK-3,y\r\n');
  expect(await screen.findByRole('button', { name: /Exporting… 3 rows/ })).toBeInTheDocument();
  server.end();
  expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  const day = new Date().toISOString().slice(0, 10);
  expect(saved.map((s) => s.name)).toEqual([`bookings-${day}.csv`]);
  // The file is the bytes received, byte order mark included (text() would drop it).
  const bytes = new Uint8Array(await saved[0].blob.arrayBuffer());
  expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
    '\ufeffBooking Ref,Note\r\nBK-1,"two\r\nlines"\r\nBK-2,x\r\nBK-3,y\r\n',
  );
});

test('Cancel stops the download: the request is aborted and nothing is saved', async () => {
  const server = streamingFetch();
  renderButton();
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  server.write('\ufeffBooking Ref\r\nBK-1\r\n');
  await screen.findByRole('button', { name: /Exporting… 1 row/ });
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(server.calls[0].init?.signal?.aborted).toBe(true);
  expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(saved).toEqual([]);
});

test('a refusal shows the server’s message; no answer says the server could not be reached', async () => {
  globalThis.fetch = jest.fn(async () =>
    Response.json(
      { success: false, message: 'arrivalDateTime must be a date (YYYY-MM-DD)', status_code: 400 },
      { status: 400 },
    ),
  ) as typeof fetch;
  renderButton();
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'arrivalDateTime must be a date (YYYY-MM-DD)',
  );
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The export failed: the server could not be reached.',
    ),
  );
  expect(saved).toEqual([]);
});

test('a download cut short says so, and saves nothing', async () => {
  const server = streamingFetch();
  renderButton();
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  server.write('\ufeffBooking Ref\r\nBK-1\r\n');
  await screen.findByRole('button', { name: /Exporting… 1 row/ });
  server.fail();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The export stopped before the end of the file. Please try again.',
  );
  expect(saved).toEqual([]);
});
