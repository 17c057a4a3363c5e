import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEvent } from '../../api/types';
import { NETWORK_ERROR, reply } from '../../test/fake-api/reply';
import { fakeApi } from '../../test/fake-api/fake-api';
import { auditFake } from '../../test/fake-api/audit';
import { setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

const ADA = '4f1c2a9e-7d3b-4c55-9a61-0d2e8b7f6a10';
const RESTAURANT = '9b2f4e1c-3a5d-4e6f-8a7b-1c2d3e4f5a6b';
const request = { id: null, clientAddress: null, userAgent: null };
const events: AuditEvent[] = [
  {
    _id: '00000000-0000-4000-8000-000000000001',
    createdAt: '2026-11-23T16:58:07.123Z',
    actor: { _id: ADA, name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
    action: 'restaurant.update',
    entity: { type: 'restaurant', id: RESTAURANT, name: 'Bistro Bleu' },
    changes: [{ field: 'platformCommission', before: 10, after: 12.25 }],
    details: {},
    request,
    version: 2,
  },
  {
    _id: '00000000-0000-4000-8000-000000000002',
    createdAt: '2026-11-22T08:00:00.000Z',
    actor: null,
    action: 'configuration.update',
    entity: { type: 'configuration', id: null, name: '' },
    changes: [],
    details: {},
    request,
    version: 2,
  },
];

/** The audit log: the same two events whatever the filters (the tests read what was sent). */
const auditServer = () => fakeApi(auditFake(events, { '*': (rows) => rows }));

const open = (query = '') => openAsAdmin(`/admin/audit-log${query}`);
/** The query of the newest Audit Log call. */
function lastQuery(calls: { path: string; url: URL }[]) {
  const call = calls.filter((c) => c.path === '/admin/audit-logs').at(-1)!;
  return Object.fromEntries(call.url.searchParams);
}

it('shows each event: time in UTC, admin or System, action, record with its link, changes', async () => {
  auditServer();
  open();
  expect(await screen.findByText('Bistro Bleu')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Time',
    'Admin',
    'Action',
    'Record',
    'Changes',
  ]);
  const [first, second] = screen.getAllByRole('row').slice(1);
  expect(first).toHaveTextContent('2026-11-23 16:58:07 UTC');
  expect(within(first).getByText('Ada Admin')).toBeInTheDocument();
  expect(first).toHaveTextContent('Restaurant changed');
  expect(within(first).getByRole('link', { name: 'Bistro Bleu' })).toHaveAttribute(
    'href',
    `/admin/restaurants/${RESTAURANT}/bookings`,
  );
  expect(first).toHaveTextContent('Platform Commission: 10% → 12.25%');
  expect(second).toHaveTextContent('System');
  expect(second).toHaveTextContent('Platform fee changed');
  expect(within(second).queryByRole('link')).not.toBeInTheDocument();
  expect(second).toHaveTextContent('—');
});

it("sends the URL's filters, shows the admin and the record as tags, and closing one drops it", async () => {
  const { calls } = auditServer();
  open(
    `?action=restaurant.update&entityType=restaurant&entityId=${RESTAURANT}&actorId=${ADA}&from=2026-11-01&to=2026-11-30&search=bistro`,
  );
  await screen.findByText('Platform Commission: 10% → 12.25%');
  expect(lastQuery(calls)).toEqual({
    skip: '0',
    limit: '10',
    search: 'bistro',
    action: 'restaurant.update',
    entityType: 'restaurant',
    entityId: RESTAURANT,
    actorId: ADA,
    from: '2026-11-01',
    to: '2026-11-30',
  });
  expect(screen.getByText('Admin: Ada Admin')).toBeInTheDocument();
  expect(screen.getByText('Record: Bistro Bleu')).toBeInTheDocument();

  const adminTag = screen.getByText('Admin: Ada Admin').closest('.ant-tag') as HTMLElement;
  await setupUser().click(within(adminTag).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(lastQuery(calls)).not.toHaveProperty('actorId'));
  expect(lastQuery(calls)).toHaveProperty('entityId', RESTAURANT);
  expect(screen.queryByText(/^Admin:/)).not.toBeInTheDocument();
});

it('reads only the values the contract takes from the URL; a tag without its row shows the id', async () => {
  const { calls, on } = auditServer();
  on('listAuditEvents', () =>
    reply('listAuditEvents', 200, { success: true, message: 'ok', count: 0, data: [] }),
  );
  open(`?action=nope&entityType=planet&actorId=not-an-id&entityId=${'x'.repeat(101)}&from=May`);
  await screen.findByText('No audit events found');
  expect(lastQuery(calls)).toEqual({ skip: '0', limit: '10' });
  expect(screen.queryByText(/^(Admin|Record):/)).not.toBeInTheDocument();

  open(`?actorId=${ADA}&entityId=r-1`);
  expect(await screen.findByText(`Admin: ${ADA}`)).toBeInTheDocument();
  expect(screen.getByText('Record: r-1')).toBeInTheDocument();
});

it("filters by an admin from the row's link", async () => {
  const { calls } = auditServer();
  open();
  const row = (await screen.findByText('Bistro Bleu')).closest('tr') as HTMLElement;
  await setupUser().click(within(row).getByText('Ada Admin'));
  await waitFor(() => expect(lastQuery(calls)).toHaveProperty('actorId', ADA));
  expect(await screen.findByText('Admin: Ada Admin')).toBeInTheDocument();
});

it('another record type drops the record; Clear Filters drops every filter', async () => {
  const { calls } = auditServer();
  open(`?entityType=restaurant&entityId=${RESTAURANT}&action=restaurant.update`);
  await screen.findByText('Record: Bistro Bleu');
  const user = setupUser();
  await user.click(screen.getByRole('combobox', { name: 'Record type' }));
  await user.click(await screen.findByTitle('Booking'));
  await waitFor(() => expect(lastQuery(calls)).toHaveProperty('entityType', 'booking'));
  expect(lastQuery(calls)).not.toHaveProperty('entityId');
  expect(lastQuery(calls)).toHaveProperty('action', 'restaurant.update');
  expect(screen.queryByText(/^Record:/)).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
  await waitFor(() => expect(lastQuery(calls)).toEqual({ skip: '0', limit: '10' }));
});

it('shows a failed load with Retry', async () => {
  // An unreachable server fails every call.
  const { on } = auditServer();
  on('listAuditEvents', () => NETWORK_ERROR);
  on('listSavedViews', () => NETWORK_ERROR);
  on('getMe', () => NETWORK_ERROR);
  on('listApprovals', () => NETWORK_ERROR);
  open();
  expect(
    await screen.findByText('Failed to load audit events. Please try again later.'),
  ).toBeInTheDocument();
  // The table's own Retry (the outage banner has one too).
  expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
});
