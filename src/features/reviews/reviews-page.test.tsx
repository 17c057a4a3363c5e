import { screen, waitFor, within } from '@testing-library/react';
import { offContract } from '../../test/fake-api/reply';
import { fakeApi } from '../../test/fake-api/fake-api';
import { reviewsFake } from '../../test/fake-api/reviews';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin, renderApp } from '../../test/render-app';
import { changedByColleague } from '../../test/fake-api/versions';
import { adminUser, sessionFake } from '../../test/fake-api/session';
import { permissionsOf } from '../../../common/team-roles';

const statuses = ['pending', 'approved', 'rejected'] as const;
const reviews = Array.from({ length: 3 }, (_, i) => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  userEmail: `diner${i}@example.net`,
  restaurantName: `Bistro ${i}`,
  rating: i + 3,
  description: `Comment number ${i}, with a long tail of words`,
  status: statuses[i],
  createdAt: '2026-03-05T18:30:00.000Z',
  version: 1,
}));

/** The reviews (what the server finds for the filters these tests send). */
const reviewsServer = () =>
  fakeApi(
    reviewsFake(
      reviews.map((r) => ({ ...r })),
      { 'status=rejected&rating=5': (rows) => [rows[2]] },
    ),
  );

it('shows the columns, and offers Approve and Reject by status', async () => {
  reviewsServer();
  openAsAdmin('/admin/reviews');
  expect(await screen.findByText('diner0@example.net')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    // The checkboxes of the bulk actions.
    '',
    'User',
    'Restaurant',
    'Rating',
    'Comment',
    'Date',
    'Status',
    'Actions',
  ]);
  const pending = rowOf('diner0@example.net');
  expect(pending).toHaveTextContent('Bistro 0');
  expect(pending).toHaveTextContent('3/5');
  expect(pending).toHaveTextContent(/Mar 5, 2026, \d{1,2}:30 (AM|PM)/);
  expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  expect(within(pending).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  const approved = rowOf('diner1@example.net');
  expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  expect(within(approved).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  const rejected = rowOf('diner2@example.net');
  expect(within(rejected).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  expect(within(rejected).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
});

it('approves from the row with the toast, and the row changes', async () => {
  const { calls } = reviewsServer();
  openAsAdmin('/admin/reviews');
  await screen.findByText('diner0@example.net');
  await setupUser().click(
    within(rowOf('diner0@example.net')).getByRole('button', { name: 'Approve' }),
  );
  expect(await screen.findByText('Review approved successfully')).toBeInTheDocument();
  await waitFor(() => expect(rowOf('diner0@example.net')).toHaveTextContent('Approved'));
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.path).toBe(`/admin/review/${reviews[0]._id}`);
  expect(put.body).toEqual({ status: 'approved' });
});

it('Review Details shows everything and rejects; a failure shows the default message', async () => {
  let fail = false;
  reviewsServer().on('updateReviewStatus', () => (fail ? offContract(500, {}) : undefined));
  openAsAdmin('/admin/reviews');
  await screen.findByText('diner1@example.net');
  const user = setupUser();
  await user.click(within(rowOf('diner1@example.net')).getByRole('button', { name: 'View' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Review Details');
  for (const text of [
    'Bistro 1',
    'diner1@example.net',
    '4/5',
    'Approved',
    'Comment number 1, with a long tail of words',
  ]) {
    expect(dialog).toHaveTextContent(text);
  }
  expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  fail = true;
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('Failed to update review status')).toBeInTheDocument();
  fail = false;
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('Review rejected successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const row = rowOf('diner1@example.net');
  expect(row).toHaveTextContent('Rejected');
  expect(within(row).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  await user.click(within(row).getByRole('button', { name: 'View' }));
  const again = await screen.findByRole('dialog');
  expect(within(again).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  await user.click(within(again).getAllByRole('button', { name: 'Close' }).at(-1)!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('filters from the URL are sent, and Clear Filters empties them', async () => {
  const { callsOf } = reviewsServer();
  const { router } = openAsAdmin('/admin/reviews?status=rejected&rating=5&page=1');
  expect(await screen.findByText('diner2@example.net')).toBeInTheDocument();
  expect(screen.queryByText('diner0@example.net')).not.toBeInTheDocument();
  const sent = callsOf('listReviews').at(-1)!.url.searchParams;
  expect(sent.get('status')).toBe('rejected');
  expect(sent.get('rating')).toBe('5');
  await setupUser().click(screen.getByRole('button', { name: 'Clear Filters' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByText('diner0@example.net')).toBeInTheDocument();
});

it('ignores filter values in the URL that are not statuses or ratings', async () => {
  const { callsOf } = reviewsServer();
  openAsAdmin('/admin/reviews?status=bogus&rating=abc');
  expect(await screen.findByText('diner0@example.net')).toBeInTheDocument();
  const sent = callsOf('listReviews').at(-1)!.url.searchParams;
  expect(sent.has('status')).toBe(false);
  expect(sent.has('rating')).toBe(false);
  expect(screen.getByText('All Statuses')).toBeInTheDocument();
  expect(screen.getByText('All Ratings')).toBeInTheDocument();
});

describe('bulk moderation', () => {
  const fivePending = () =>
    Array.from({ length: 5 }, (_, i) => ({
      ...reviews[0],
      _id: `00000000-0000-4000-8000-0000000001${i}0`,
      userEmail: `guest${i}@example.net`,
      restaurantName: `Grill ${i}`,
      status: 'pending' as (typeof statuses)[number],
    }));

  it('approves the selected rows in one request with their versions; the row changed meanwhile stays selected, its result said', async () => {
    const rows = fivePending();
    const { callsOf } = fakeApi(reviewsFake(rows));
    openAsAdmin('/admin/reviews');
    await screen.findByText('guest0@example.net');
    changedByColleague(
      rows[2],
      { status: 'rejected' },
      {
        type: 'review',
        name: 'guest2@example.net',
        action: 'review.moderate',
        changes: [{ field: 'status', before: 'pending', after: 'rejected' }],
        actor: 'Sam Support',
        at: '2026-03-05T10:31:00.000Z',
      },
    );
    const user = setupUser();
    // (jsdom gets the header twice from antd's table; the first is the one shown)
    await user.click(screen.getAllByLabelText('Select all on this page')[0]);
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('5 selected');
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('4 done, 1 changed by someone else')).toBeInTheDocument();
    const [sent] = callsOf('bulkUpdateReviewStatus');
    expect(sent.body).toEqual({
      status: 'approved',
      items: rows.map((row) => ({ _id: row._id, version: 1 })),
    });
    expect(callsOf('bulkUpdateReviewStatus')).toHaveLength(1);
    const results = screen.getByLabelText('Results by row');
    expect(results).toHaveTextContent(
      'guest0@example.net on Grill 0: Done. Review approved successfully',
    );
    expect(results).toHaveTextContent(
      'guest2@example.net on Grill 2: Changed by someone else. Sam Support changed this review on 2026-03-05 at 10:31 (Status pending → rejected). Reload to see it.',
    );
    // The failed row stays selected, the others not; the list shows what the server has.
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
    expect(screen.getByLabelText('Select guest2@example.net on Grill 2')).toBeChecked();
    expect(screen.getByLabelText('Select guest0@example.net on Grill 0')).not.toBeChecked();
    await waitFor(() => expect(rowOf('guest0@example.net')).toHaveTextContent('Approved'));
    await waitFor(() => expect(rowOf('guest2@example.net')).toHaveTextContent('Rejected'));
    expect(rows.map((row) => row.status)).toEqual([
      'approved',
      'approved',
      'rejected',
      'approved',
      'approved',
    ]);
  });

  it('offers no checkboxes nor bulk buttons to a role that may not moderate', async () => {
    const viewer = {
      ...adminUser,
      teamRole: 'viewer' as const,
      permissions: permissionsOf('viewer'),
    };
    fakeApi(sessionFake(viewer), reviewsFake(fivePending()));
    renderApp('/admin/reviews', { storedUser: viewer });
    await screen.findByText('guest0@example.net');
    expect(screen.queryAllByLabelText('Select all on this page')).toEqual([]);
    expect(screen.queryByLabelText('Select guest0@example.net on Grill 0')).toBeNull();
  });
});
