/**
 * Each screen's happy path against the real reference server (seeded with the demo data): the
 * screen's own call, answered by the server, shows the server's rows. The screens' other tests
 * answer with fakes checked against the contract (src/test/fake-api/).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../../common/reference-lists';
import { startRealServer, type RealServer } from '../test/real-server';
import { renderApp } from '../test/render-app';

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
type Row = Record<string, unknown>;

let server: RealServer;
let token: string;
let user: Record<string, unknown>;
/** The URLs of the API calls the screen made (through the real server). */
let sent: URL[] = [];

beforeAll(async () => {
  server = await startRealServer();
  const response = await fetch(`${server.origin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await response.json()) as { token: string; data: { user: Row } };
  token = body.token;
  user = body.data.user;
}, 120_000);
afterAll(() => server?.stop());
beforeEach(() => {
  server.routeFetch();
  const routed = globalThis.fetch;
  sent = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(new URL(request.url));
    return routed(request);
  }) as typeof fetch;
});

/** The server's answer to the same call (path and query) the screen made to `path`. */
async function sameCall(path: string): Promise<Row[]> {
  await waitFor(() => expect(sent.some((url) => url.pathname.endsWith(path))).toBe(true));
  const url = sent.find((u) => u.pathname.endsWith(path))!;
  const response = await fetch(`${server.origin}${url.pathname}${url.search}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Row[] }).data;
}

const tableRows = () => document.querySelectorAll('tr.ant-table-row');

/** [screen, its path, its list call, the text its first row shows]. */
type ScreenCase = readonly [string, string, string, (row: Row) => unknown];

it.each<ScreenCase>([
  ['Users', '/admin/users', '/admin/users', (row: Row) => row.email],
  ['Restaurants', '/admin/restaurants', '/admin/restaurants', (row: Row) => row.name],
  ['Bookings', '/admin/bookings', '/admin/bookings', (row: Row) => row.bookingRef],
  ['Reviews', '/admin/reviews', '/admin/reviews', (row: Row) => row.userEmail],
  ['Content', '/admin/content', '/static', (row: Row) => row.slug],
  // Each reference list: its screen and its list call (its entry in the registry).
  ...REFERENCE_LIST_KEYS.map((key): ScreenCase => {
    const { menuLabel, route, operations } = REFERENCE_LISTS[key];
    return [menuLabel, `/admin/${route}`, operations.list.path, (row: Row) => row.name];
  }),
  [
    'Audit Log',
    '/admin/audit-log',
    '/admin/audit-logs',
    (row: Row) => `${String(row.createdAt).slice(11, 19)} UTC`,
  ],
])('%s shows the rows the server gives for its call', async (_name, path, api, text) => {
  renderApp(path, { storedUser: user, token });
  // Reading the Audit Log is itself an event (audit.view), written after the screen's read: the
  // screen cannot show it, the same call made after it does.
  const all = await sameCall(api);
  const rows = all.filter((row) => row.action !== 'audit.view');
  expect(rows.length).toBeGreaterThan(0);
  await waitFor(() => expect(tableRows()).toHaveLength(Math.min(all.length, 10)));
  expect(tableRows()[0]).toHaveTextContent(String(text(rows[0])));
});

it('Approvals shows the request support filed, and approving it carries it out', async () => {
  const call = async (path: string, auth: string, body?: unknown) => {
    const response = await fetch(`${server.origin}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Row & { data: Row[] } };
  };
  const support = await fetch(`${server.origin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'support@example.com', password: 'support1234' }),
  }).then((r) => r.json() as Promise<{ token: string }>);
  // An order of a paid USD booking with more left to refund than support may alone (100 USD).
  const { body } = await call('/admin/bookings?paymentStatus=Paid&limit=100', token);
  const order = body.data
    .filter((b) => b.currency === 'USD' && b.status !== 'cancelled')
    .flatMap((b) => b.orders as { _id: string; paymentDetails: { refundable: number } }[])
    .find((o) => o.paymentDetails.refundable >= 101);
  expect(order).toBeDefined();
  const asked = await call('/admin/orders/refund', support.token, {
    orderId: order!._id,
    amount: 101,
  });
  expect(asked.status).toBe(202);

  renderApp('/admin/approvals', { storedUser: user, token });
  const rows = await sameCall('/admin/approvals');
  const summary = String(rows[0].summary);
  expect(summary).toMatch(/^Refund \$101\.00 on the order of /);
  const row = (await screen.findByText(summary)).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('Sam Support');
  await userEvent
    .setup({ delay: null })
    .click(within(row).getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent
    .setup({ delay: null })
    .click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Refund of $101.00 approved and processed')).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByText(summary).closest('tr')).toHaveTextContent('Approved'),
  );
});

it("Dashboard shows the server's figures and top restaurants", async () => {
  renderApp('/admin/dashboard', { storedUser: user, token });
  const top = await sameCall('/top/restaurant');
  expect(await screen.findByText(String(top[0].name))).toBeInTheDocument();
  expect(screen.getByText('Total Users')).toBeInTheDocument();
  expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
});

it("a restaurant's page shows its details and its bookings", async () => {
  const response = await fetch(`${server.origin}/api/v1/admin/restaurants?skip=0&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [restaurant] = ((await response.json()) as { data: Row[] }).data;
  renderApp(`/admin/restaurants/${String(restaurant._id)}/bookings`, { storedUser: user, token });
  const bookings = await sameCall('/admin/bookings');
  const banner = await screen.findByRole('banner');
  await waitFor(() => expect(within(banner).getByRole('heading', { level: 4 })).toBeVisible());
  expect(await screen.findAllByText(String(restaurant.name))).not.toHaveLength(0);
  if (bookings.length) {
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    expect(screen.getByText(String(bookings[0].bookingRef))).toBeInTheDocument();
  }
});

it('the text editor shows the stored Privacy Policy', async () => {
  renderApp('/admin/text-editor', { storedUser: user, token });
  const [page] = await sameCall('/static');
  expect(page.slug).toBe('privacy-policy');
  // The editor shows the stored HTML's text (its blocks run together in textContent).
  const text = String(page.content)
    .replace(/<[^>]+>/g, '')
    .slice(0, 40);
  await waitFor(() => expect(document.querySelector('.ql-editor')).toHaveTextContent(text));
});
