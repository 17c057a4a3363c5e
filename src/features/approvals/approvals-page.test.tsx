/**
 * The Approvals screen on the contract-checked fake API: each request in words with who asked,
 * when, why, the booking's refunded total; Approve (asked first), Reject (reason required) for
 * who may decide, "Waiting for approval" and Cancel for who asked; filters in the URL; the
 * sidebar's count of what the admin may decide.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Approval } from '../../api/types';
import { approvalsFake } from '../../test/fake-api/approvals';
import { fakeApi } from '../../test/fake-api/fake-api';
import { adminUser } from '../../test/fake-api/session';
import { dialogTitled } from '../../test/dialogs';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

const SAM = { _id: '00000000-0000-4000-8000-00000000a001', name: 'Sam Support', email: 's@x.io' };

const refund = (i: number, over: Partial<Approval> = {}): Approval => ({
  _id: `00000000-0000-4000-8000-0000000000${10 + i}`,
  kind: 'refund',
  status: 'pending',
  summary: `Refund C$1,500.00 on the order of Jane Doe of booking BK-10051${i} (Luigi's)`,
  why: "Refunds above 1,000 USD need a second admin's approval.",
  requestedBy: SAM,
  requestedAt: '2026-03-05T18:30:00.000Z',
  expiresAt: '2026-03-08T18:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectReason: null,
  refund: {
    bookingId: '00000000-0000-4000-8000-00000000b001',
    bookingRef: `BK-10051${i}`,
    orderId: '00000000-0000-4000-8000-00000000c001',
    customerName: 'Jane Doe',
    restaurant: { _id: '00000000-0000-4000-8000-00000000d001', name: "Luigi's" },
    amount: 1500,
    currency: 'CAD',
    reasonCode: 'duplicate',
    note: 'Charged twice',
    bookingTotal: 2480.5,
    refundedSoFar: 120,
    refundId: null,
  },
  change: null,
  canDecide: true,
  canCancel: false,
  ...over,
});

const mine = refund(2, {
  requestedBy: { _id: adminUser._id, name: 'Ada Admin', email: adminUser.email },
  canDecide: false,
  canCancel: true,
});

function queue(rows: Approval[] = [refund(1), mine]) {
  const fake = approvalsFake(rows, {
    'status=pending': (all) => all.filter((r) => r.status === 'pending'),
    [`status=pending&requester=${SAM._id}`]: (all) =>
      all.filter((r) => r.status === 'pending' && r.requestedBy._id === SAM._id),
  });
  return { ...fakeApi(fake), fake };
}

it('shows each request in words, who asked, why, what was refunded so far', async () => {
  queue();
  openAsAdmin('/admin/approvals');
  await screen.findByText(refund(1).summary);
  const row = rowOf(refund(1).summary);
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Requested',
    'Request',
    'Requested By',
    'Reason',
    'Refunded So Far',
    'Status',
    'Actions',
  ]);
  for (const text of [
    "Refund C$1,500.00 on the order of Jane Doe of booking BK-100511 (Luigi's)",
    "Refunds above 1,000 USD need a second admin's approval.",
    'Sam Support',
    'Duplicate: Charged twice',
    'C$120.00 of C$2,480.50',
    'Pending',
  ]) {
    expect(row).toHaveTextContent(text);
  }
  expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  // The admin's own request: waiting, and theirs to withdraw.
  const own = rowOf(mine.summary);
  expect(own).toHaveTextContent('Waiting for approval');
  expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  expect(within(own).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
});

it('approves after the question, with the server`s message; the sidebar count follows', async () => {
  const { callsOf } = queue();
  openAsAdmin('/admin/approvals');
  expect(await screen.findByTitle('1 waiting for your decision')).toBeInTheDocument();
  const user = setupUser();
  await user.click(within(rowOf(refund(1).summary)).getByRole('button', { name: 'Approve' }));
  const dialog = await dialogTitled('Approve request');
  expect(dialog).toHaveTextContent(`Approve: ${refund(1).summary}?`);
  expect(callsOf('approveApproval')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Request approved')).toBeInTheDocument();
  expect(callsOf('approveApproval').map((c) => c.path)).toEqual([
    `/admin/approvals/${refund(1)._id}/approve`,
  ]);
  await waitFor(() => expect(rowOf(refund(1).summary)).toHaveTextContent('Approved'));
  expect(rowOf(refund(1).summary)).toHaveTextContent('by Ada Admin');
  // Nothing left to decide: no count.
  await waitFor(() => expect(screen.queryByTitle(/waiting for your decision/)).toBeNull());
});

it('rejecting needs a reason, which the row then shows', async () => {
  const { callsOf } = queue();
  openAsAdmin('/admin/approvals');
  await screen.findByText(refund(1).summary);
  const user = setupUser();
  await user.click(within(rowOf(refund(1).summary)).getByRole('button', { name: 'Reject' }));
  const dialog = await dialogTitled('Reject request');
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByText('Give a reason for rejecting this request')).toBeVisible();
  expect(callsOf('rejectApproval')).toHaveLength(0);
  await user.type(within(dialog).getByLabelText('Reason'), ' Refunded by the restaurant ');
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('Request rejected')).toBeInTheDocument();
  expect(callsOf('rejectApproval')[0].body).toEqual({ reason: 'Refunded by the restaurant' });
  await waitFor(() => expect(rowOf(refund(1).summary)).toHaveTextContent('Rejected'));
  expect(rowOf(refund(1).summary)).toHaveTextContent('by Ada Admin');
  expect(rowOf(refund(1).summary)).toHaveTextContent('Refunded by the restaurant');
});

it('the requester withdraws their own request after the question', async () => {
  const { callsOf } = queue();
  openAsAdmin('/admin/approvals');
  await screen.findByText(mine.summary);
  const user = setupUser();
  await user.click(within(rowOf(mine.summary)).getByRole('button', { name: 'Cancel' }));
  const dialog = await dialogTitled('Withdraw request');
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
  expect(callsOf('cancelApproval')).toHaveLength(1);
  await waitFor(() => expect(rowOf(mine.summary)).toHaveTextContent('Withdrawn'));
});

it('filters by status in the URL, and by requester from a row`s link', async () => {
  const { callsOf } = queue([refund(1), refund(3, { status: 'approved', canDecide: false })]);
  openAsAdmin('/admin/approvals?status=pending');
  await screen.findByText(refund(1).summary);
  expect(screen.queryByText(refund(3).summary)).not.toBeInTheDocument();
  expect(callsOf('listApprovals').some((c) => c.url.search.includes('status=pending'))).toBe(true);
  await setupUser().click(
    within(rowOf(refund(1).summary)).getByRole('link', { name: 'Sam Support' }),
  );
  expect(await screen.findByText('Requested by: Sam Support')).toBeInTheDocument();
  await waitFor(() =>
    expect(
      callsOf('listApprovals').some(
        (c) =>
          c.url.searchParams.get('requester') === SAM._id &&
          c.url.searchParams.get('status') === 'pending',
      ),
    ).toBe(true),
  );
});
