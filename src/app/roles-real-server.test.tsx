/**
 * Each team role's screens against the real reference server (issue 25): the demo admins sign
 * in, the server says what their role grants, and the screens offer only what it allows. The
 * owner's screens are every other screen test's (they sign in with every permission).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { startRealServer, type RealServer } from '../test/real-server';
import { renderApp } from '../test/render-app';
import { headerTitle } from '../test/screen';

type Role = 'viewer' | 'support' | 'finance' | 'content';
type Session = { token: string; user: Record<string, unknown> };

let server: RealServer;
const sessions = new Map<Role, Session>();

async function signIn(role: Role): Promise<Session> {
  const response = await fetch(`${server.origin}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@example.com`, password: `${role}1234` }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Session & { data: Session };
  return { token: body.token, user: body.data.user };
}

beforeAll(async () => {
  server = await startRealServer();
  for (const role of ['viewer', 'support', 'finance', 'content'] as const) {
    sessions.set(role, await signIn(role));
  }
}, 120_000);
afterAll(() => server?.stop());
beforeEach(() => server.routeFetch());

function open(role: Role, path: string) {
  const { token, user } = sessions.get(role)!;
  return renderApp(path, { storedUser: user, token });
}

const tableRows = () => document.querySelectorAll('tr.ant-table-row');
const firstRow = async () => {
  await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
  return tableRows()[0] as HTMLElement;
};
const button = (name: string | RegExp, within_: HTMLElement = document.body) =>
  within(within_).queryByRole('button', { name });

describe('users', () => {
  it.each([
    ['viewer', { status: false, export: false, fee: false }],
    ['support', { status: true, export: false, fee: false }],
    ['finance', { status: false, export: true, fee: true }],
    ['content', { status: false, export: false, fee: false }],
  ] as const)('%s: activate, export and the fee editor as the role allows', async (role, can) => {
    open(role, '/admin/users');
    const row = await firstRow();
    expect(button('View', row)).toBeInTheDocument();
    expect(button(/^(Activate|Deactivate)$/, row) !== null).toBe(can.status);
    expect(button(/Export CSV/) !== null).toBe(can.export);
    expect(screen.queryByText('Platform Fee (%)') !== null).toBe(can.fee);
  });
});

describe('restaurants', () => {
  it.each([
    ['viewer', false],
    ['support', false],
    ['finance', true],
    ['content', false],
  ] as const)('%s: commission, featured and online editable: %s', async (role, editable) => {
    open(role, '/admin/restaurants');
    const row = await firstRow();
    expect(button(/^Edit commission/, row) !== null).toBe(editable);
    expect(within(row).queryByRole('switch') !== null).toBe(editable);
    expect(button(/^(Activate|Deactivate)$/, row) !== null).toBe(editable);
    // Restaurants are no personal data: every role exports them.
    expect(button(/Export CSV/)).toBeInTheDocument();
  });
});

describe('bookings', () => {
  it.each([
    ['viewer', { refund: false, export: false, notes: false }],
    ['support', { refund: true, export: false, notes: true }],
    ['finance', { refund: true, export: true, notes: false }],
    ['content', { refund: false, export: false, notes: false }],
  ] as const)('%s: refunds, export and admin notes as the role allows', async (role, can) => {
    open(role, '/admin/bookings?paymentStatus=Paid');
    await firstRow();
    const refunds = screen.queryAllByRole('button', { name: 'Process Refund' });
    expect(refunds.length > 0).toBe(can.refund);
    expect(button(/Export CSV/) !== null).toBe(can.export);
    within(await firstRow())
      .getByRole('button', { name: 'View' })
      .click();
    const notes = await screen.findByLabelText('Admin Notes');
    expect(notes.hasAttribute('readonly')).toBe(!can.notes);
    expect(button('Save Notes') !== null).toBe(can.notes);
  });
});

describe('reference data, reviews and content', () => {
  it.each([
    ['viewer', { reference: false, reviews: false, content: false }],
    ['support', { reference: false, reviews: true, content: false }],
    ['finance', { reference: false, reviews: false, content: false }],
    ['content', { reference: true, reviews: true, content: true }],
  ] as const)('%s: writes as the role allows', async (role, can) => {
    const cuisines = open(role, '/admin/cuisines');
    let row = await firstRow();
    expect(button('Edit', row) !== null).toBe(can.reference);
    cuisines.unmount();

    const reviews = open(role, '/admin/reviews?status=pending');
    row = await firstRow();
    expect(button('View', row)).toBeInTheDocument();
    expect(button('Approve', row) !== null).toBe(can.reviews);
    reviews.unmount();

    open(role, '/admin/content');
    row = await firstRow();
    expect(button(/Create Content/) !== null).toBe(can.content);
    expect(button('Edit', row) !== null).toBe(can.content);
  });
});

it.each(['viewer', 'support', 'finance'] as const)(
  '%s opens Bulk Menu Upload and is told it has no access',
  async (role) => {
    open(role, '/admin/bulk-menu-upload');
    expect(await headerTitle()).toHaveTextContent('Bulk Menu Upload');
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  },
);
