/**
 * Four eyes on large refunds: a refund above the admin's limit (or above REFUND_APPROVAL_USD for
 * anyone) becomes a request (202), which another admin approves (carried out then, under every
 * rule of the refund), rejects with a reason, or the requester withdraws; it expires when nobody
 * decides in time. Every step is an audit event on the booking. Answers are checked against the
 * contract.
 */
import { and, eq, sql } from 'drizzle-orm';
import { approvalRequests, auditEvents, orders, refunds } from '../src/db/schema.js';
import { expectContract } from './helpers/contract.js';
import { createBookingFixture } from './helpers/booking-fixture.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { actingAs, memberId, sessionOf, TEAM, type Member } from './helpers/approvals.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = async (member: Member) => actingAs(t, await sessionOf(t, member));

/** An order of C$2,000.00 and a request by support to refund C$1,500.00 of it. */
async function requested(options: { total?: number; currency?: string; amount?: number } = {}) {
  const fx = await createBookingFixture(t.database.db, {
    currency: options.currency ?? 'CAD',
    orderTotals: [options.total ?? 200_000],
  });
  const support = await as('support');
  const res = await support.refundOrder(fx.orderIds[0], options.amount ?? 1500, {
    'idempotency-key': `request-${fx.bookingId}`,
  });
  const body = await expectContract(res, 'refundOrder', 202);
  return { fx, orderId: fx.orderIds[0], approvalId: body.data.approvalId as string, body, support };
}

const eventsOf = (bookingId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'booking'),
        eq(auditEvents.entityId, bookingId),
        eq(auditEvents.action, action),
      ),
    );

const orderRefunded = async (orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].refunded;

test('a refund above the limit is a request: 202, nothing refunded, the booking shows it waiting', async () => {
  const { fx, orderId, approvalId, body, support } = await requested();
  expect(body).toEqual({
    success: true,
    message: 'Refund of C$1,500.00 sent for approval',
    data: { approvalId, status: 'pending' },
  });
  expect(await orderRefunded(orderId)).toBe(0);

  const booking = await expectContract(
    await support.call('GET', `/admin/booking/${fx.bookingId}`),
    'getBooking',
    200,
  );
  expect(booking.data.pendingApprovals).toEqual([
    {
      _id: approvalId,
      orderId,
      amount: 1500,
      requestedBy: TEAM.support.name,
      requestedAt: expect.any(String),
      expiresAt: expect.any(String),
    },
  ]);
  expect(booking.data.activityLog).toContain(
    'Refund of C$1,500.00 requested by Sam Support, waiting for approval',
  );

  const view = await expectContract(await support.get(approvalId), 'getApproval', 200);
  expect(view.data).toMatchObject({
    kind: 'refund',
    status: 'pending',
    summary: `Refund C$1,500.00 on the order of Eater 1 of booking ${booking.data.bookingRef} (${booking.data.restaurant.name})`,
    why: 'The Support role may refund up to 100 USD at a time; above it, another admin approves.',
    requestedBy: { name: TEAM.support.name, email: TEAM.support.email },
    decidedBy: null,
    refund: {
      bookingId: fx.bookingId,
      orderId,
      customerName: 'Eater 1',
      amount: 1500,
      currency: 'CAD',
      note: 'Cold food',
      reasonCode: 'requested_by_customer',
      bookingTotal: 2000,
      refundedSoFar: 0,
      refundId: null,
    },
    change: null,
    canDecide: false,
    canCancel: true,
  });
  // Expires APPROVAL_EXPIRY_HOURS (72) after it was asked.
  expect(Date.parse(view.data.expiresAt) - Date.parse(view.data.requestedAt)).toBeCloseTo(
    72 * 3_600_000,
    -3,
  );
  const [event] = await eventsOf(fx.bookingId, 'approval.request');
  expect(event).toMatchObject({
    actorEmail: TEAM.support.email,
    entityName: booking.data.bookingRef,
    details: { approvalId, requestedBy: TEAM.support.name, what: 'Refund of C$1,500.00' },
  });
});

test('a retry with the same Idempotency-Key answers the same request; another body is a 409', async () => {
  const { fx, orderId, approvalId, support } = await requested();
  const key = { 'idempotency-key': `request-${fx.bookingId}` };
  const again = await expectContract(
    await support.refundOrder(orderId, 1500, key),
    'refundOrder',
    202,
  );
  expect(again.data.approvalId).toBe(approvalId);
  const other = await expectContract(
    await support.refundOrder(orderId, 1400, key),
    'refundOrder',
    409,
  );
  expect(other.message).toBe('This Idempotency-Key was already used with a different request');
});

test('a request on a booking changed since it was read (a stale If-Match) is a 412 and files nothing', async () => {
  const fx = await createBookingFixture(t.database.db, { currency: 'CAD', orderTotals: [200_000] });
  const support = await as('support');
  const read = await support.call('GET', `/admin/booking/${fx.bookingId}`);
  const etag = read.headers.etag as string;
  // A refund of C$10.00 (within support's limit) changes the booking after it was read.
  await expectContract(await support.refundOrder(fx.orderIds[0], 10), 'refundOrder', 200);
  const stale = await expectContract(
    await support.refundOrder(fx.orderIds[0], 1500, { 'if-match': etag }),
    'refundOrder',
    412,
  );
  // The answer names the booking's change since the version read: the refund of C$10.00.
  expect(stale.changes).toEqual([expect.objectContaining({ action: 'refund.create' })]);
  expect(stale.message).toMatch(/ changed .+\. Reload to see it\.$/);
  expect(
    await t.database.db.$count(approvalRequests, eq(approvalRequests.bookingId, fx.bookingId)),
  ).toBe(0);
});

test('one pending request per order: a second is a 409 that names the first', async () => {
  const { orderId, approvalId } = await requested();
  const finance = await as('finance');
  const body = await expectContract(await finance.refundOrder(orderId, 1400), 'refundOrder', 409);
  expect(body.approvalId).toBe(approvalId);
  expect(body.message).toMatch(
    /^Another request is already waiting for approval here: Refund C\$1,500\.00 on the order of Eater 1 .*\(asked by Sam Support\)\.$/,
  );
});

test('a request that could not be refunded now is refused as the refund would be', async () => {
  const fx = await createBookingFixture(t.database.db, {
    currency: 'CAD',
    orderTotals: [100_000],
  });
  const support = await as('support');
  const body = await expectContract(
    await support.refundOrder(fx.orderIds[0], 1500),
    'refundOrder',
    400,
  );
  expect(body.message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this order (1000.00 CAD)',
  );
  expect(
    await t.database.db.$count(approvalRequests, eq(approvalRequests.bookingId, fx.bookingId)),
  ).toBe(0);
});

test('a request for exactly the remaining balance is filed (the limit is the balance, not below it)', async () => {
  const { orderId } = await requested({ total: 150_000, amount: 1500 });
  expect(
    await t.database.db.$count(
      approvalRequests,
      and(eq(approvalRequests.orderId, orderId), eq(approvalRequests.status, 'pending')),
    ),
  ).toBe(1);
});

test('the requester can never approve their own request, also from another session', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [500_000] });
  const finance = await as('finance');
  const asked = await expectContract(
    await finance.refundOrder(fx.orderIds[0], 1500),
    'refundOrder',
    202,
  );
  const id = asked.data.approvalId;
  expect((await finance.get(id)).json().data).toMatchObject({ canDecide: false, canCancel: true });
  for (const session of [finance, await as('finance')]) {
    const body = await expectContract(await session.approve(id), 'approveApproval', 403);
    expect(body.message).toBe('You asked for this yourself: another admin must decide it.');
    await expectContract(await session.reject(id, 'No'), 'rejectApproval', 403);
  }
  const [denied] = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'access.denied'))
    .orderBy(sql`${auditEvents.createdAt} desc`)
    .limit(1);
  expect(denied).toMatchObject({
    actorEmail: TEAM.finance.email,
    details: { permission: 'approvals.decide', approvalId: id },
  });
  expect(await orderRefunded(fx.orderIds[0])).toBe(0);
  // A role without approvals.decide is refused by the contract's permission.
  const support = await expectContract(
    await (await as('support')).approve(id),
    'approveApproval',
    403,
  );
  expect(support.message).toBe(
    'Your role (Support) does not allow approving or rejecting requests.',
  );
});

test('an approver`s own refund limit must cover it: finance (5,000 USD) not, an owner yes', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [1_000_000] });
  const asked = await expectContract(
    await (await as('support')).refundOrder(fx.orderIds[0], 7000),
    'refundOrder',
    202,
  );
  const id = asked.data.approvalId;
  const finance = await as('finance');
  expect((await finance.get(id)).json().data.canDecide).toBe(false);
  const refused = await expectContract(await finance.approve(id), 'approveApproval', 403);
  expect(refused.message).toBe(
    'Your role (Finance) may approve refunds of at most 5,000 USD; this one is 7000.00 USD.',
  );
  const owner = await as('owner');
  expect((await expectContract(await owner.get(id), 'getApproval', 200)).data.canDecide).toBe(true);
  await expectContract(await owner.approve(id), 'approveApproval', 200);
  expect(await orderRefunded(fx.orderIds[0])).toBe(700_000);
});

test('approving carries the refund out once, as the requester`s, with both names everywhere', async () => {
  const { fx, orderId, approvalId } = await requested();
  const finance = await as('finance');
  const body = await expectContract(await finance.approve(approvalId), 'approveApproval', 200);
  expect(body.message).toBe('Refund of C$1,500.00 approved and processed');
  expect(body.data).toMatchObject({
    status: 'approved',
    decidedBy: { name: TEAM.finance.name },
    refund: { refundedSoFar: 1500, refundId: expect.any(String) },
    canDecide: false,
    canCancel: false,
  });
  expect(await orderRefunded(orderId)).toBe(150_000);
  const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(refund).toMatchObject({
    id: body.data.refund.refundId,
    amount: 150_000,
    reason: 'Cold food',
    processedBy: await memberId(t, 'support'),
    idempotencyKey: `request-${fx.bookingId}`,
  });

  const booking = await expectContract(
    await finance.call('GET', `/admin/booking/${fx.bookingId}`),
    'getBooking',
    200,
  );
  expect(booking.data.pendingApprovals).toBeUndefined();
  expect(booking.data.refundHistory).toEqual([
    expect.objectContaining({
      amount: 1500,
      processedBy: TEAM.support.name,
      approvedBy: TEAM.finance.name,
    }),
  ]);
  expect(booking.data.activityLog).toContain(
    'Refund of C$1,500.00 requested by Sam Support, approved by Fiona Finance',
  );
  // One event: the decision and the refund it made.
  const [approved] = await eventsOf(fx.bookingId, 'approval.approve');
  expect(approved).toMatchObject({
    actorEmail: TEAM.finance.email,
    changes: [
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'amount', before: null, after: { amount: 1500, currency: 'CAD' } },
      {
        field: 'orderRefunded',
        before: { amount: 0, currency: 'CAD' },
        after: { amount: 1500, currency: 'CAD' },
      },
      {
        field: 'refunded',
        before: { amount: 0, currency: 'CAD' },
        after: { amount: 1500, currency: 'CAD' },
      },
      { field: 'reason', before: null, after: 'requested_by_customer' },
      { field: 'note', before: null, after: 'Cold food' },
    ],
    details: { approvalId, refundId: refund.id, orderId, requestedBy: TEAM.support.name },
  });
  expect(await eventsOf(fx.bookingId, 'refund.create')).toEqual([]);

  // A second approval, by anyone, changes nothing.
  const again = await expectContract(
    await (await as('owner')).approve(approvalId),
    'approveApproval',
    409,
  );
  expect(again.message).toBe('This request was already approved by Fiona Finance.');
  expect(await orderRefunded(orderId)).toBe(150_000);
  // The requester's retry with the request's key still answers the request.
  const retry = await expectContract(
    await (
      await as('support')
    ).refundOrder(orderId, 1500, {
      'idempotency-key': `request-${fx.bookingId}`,
    }),
    'refundOrder',
    202,
  );
  expect(retry.data).toEqual({ approvalId, status: 'approved' });
});

test('a request filed through the fallback path (admin/order/refund) is carried out the same on approval', async () => {
  const fx = await createBookingFixture(t.database.db, { currency: 'CAD', orderTotals: [200_000] });
  const support = await as('support');
  const filed = await expectContract(
    await support.call(
      'POST',
      '/admin/order/refund',
      { orderId: fx.orderIds[0], amount: 1500, reason: 'Cold food' },
      { 'idempotency-key': `fallback-${fx.bookingId}` },
    ),
    'refundOrderFallback',
    202,
  );
  const finance = await as('finance');
  const body = await expectContract(
    await finance.approve(filed.data.approvalId as string),
    'approveApproval',
    200,
  );
  expect(body.data).toMatchObject({ status: 'approved', refund: { refundedSoFar: 1500 } });
  expect(await orderRefunded(fx.orderIds[0])).toBe(150_000);
});

test('the balance changed meanwhile: the approval is refused with the remaining amount, the request stays pending', async () => {
  const { orderId, approvalId } = await requested();
  // Another refund of C$600.00 (under every limit) leaves C$1,400.00.
  await expectContract(await (await as('owner')).refundOrder(orderId, 600), 'refundOrder', 200);
  const finance = await as('finance');
  const body = await expectContract(await finance.approve(approvalId), 'approveApproval', 400);
  expect(body.message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this order (1400.00 CAD)',
  );
  const view = await expectContract(await finance.get(approvalId), 'getApproval', 200);
  expect(view.data).toMatchObject({ status: 'pending', canDecide: true, decidedBy: null });
  expect(await orderRefunded(orderId)).toBe(60_000);
});

test('rejecting needs a reason, then refuses for good', async () => {
  const { fx, orderId, approvalId, support } = await requested();
  const finance = await as('finance');
  await expectContract(await finance.reject(approvalId), 'rejectApproval', 400);
  const blank = await expectContract(
    await finance.reject(approvalId, '   '),
    'rejectApproval',
    400,
  );
  expect(blank.message).toBe('Give a reason for rejecting this request');
  const body = await expectContract(
    await finance.reject(approvalId, ' Refunded by the restaurant '),
    'rejectApproval',
    200,
  );
  expect(body.data).toMatchObject({
    status: 'rejected',
    rejectReason: 'Refunded by the restaurant',
    decidedBy: { name: TEAM.finance.name },
  });
  const late = await expectContract(
    await (await as('owner')).approve(approvalId),
    'approveApproval',
    409,
  );
  expect(late.message).toBe('This request was already rejected by Fiona Finance.');
  expect(await orderRefunded(orderId)).toBe(0);
  const [event] = await eventsOf(fx.bookingId, 'approval.reject');
  expect(event.details).toMatchObject({ approvalId, reason: 'Refunded by the restaurant' });
  // The requester sees why; the order may be asked for again.
  expect((await support.get(approvalId)).json().data.rejectReason).toBe(
    'Refunded by the restaurant',
  );
  await expectContract(await support.refundOrder(orderId, 1500), 'refundOrder', 202);
});

test('the requester withdraws it; nobody else can', async () => {
  const { fx, orderId, approvalId, support } = await requested();
  const finance = await as('finance');
  const refused = await expectContract(await finance.cancel(approvalId), 'cancelApproval', 403);
  expect(refused.message).toBe('Only the admin who asked for it can withdraw this request.');
  const body = await expectContract(await support.cancel(approvalId), 'cancelApproval', 200);
  expect(body.data).toMatchObject({ status: 'cancelled', decidedBy: { name: TEAM.support.name } });
  await expectContract(await finance.approve(approvalId), 'approveApproval', 409);
  expect(await eventsOf(fx.bookingId, 'approval.cancel')).toHaveLength(1);
  await expectContract(await support.refundOrder(orderId, 1500), 'refundOrder', 202);
});

test('a request nobody decides in time expires once, when it is next read or decided', async () => {
  const { fx, orderId, approvalId } = await requested();
  await t.database.db
    .update(approvalRequests)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(approvalRequests.id, approvalId));
  const finance = await as('finance');
  const list = await expectContract(
    await finance.list(`?status=expired&search=${encodeURIComponent(TEAM.support.name)}`),
    'listApprovals',
    200,
  );
  expect(list.data.map((a: { _id: string }) => a._id)).toContain(approvalId);
  await expectContract(await finance.list(), 'listApprovals', 200);
  const late = await expectContract(await finance.approve(approvalId), 'approveApproval', 409);
  expect(late.message).toMatch(
    /^This request expired at \d{4}-\d\d-\d\d \d\d:\d\d UTC without a decision\.$/,
  );
  const expired = await eventsOf(fx.bookingId, 'approval.expire');
  expect(expired).toHaveLength(1);
  expect(expired[0]).toMatchObject({
    actorId: null,
    changes: [{ field: 'status', before: 'pending', after: 'expired' }],
    details: { approvalId },
  });
  expect(await orderRefunded(orderId)).toBe(0);
});

test('an overdue request gives way to a new one for the same order without any read between', async () => {
  const { fx, orderId, approvalId, support } = await requested();
  await t.database.db
    .update(approvalRequests)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(approvalRequests.id, approvalId));
  const again = await expectContract(await support.refundOrder(orderId, 1500), 'refundOrder', 202);
  expect(again.data.approvalId).not.toBe(approvalId);
  expect(await eventsOf(fx.bookingId, 'approval.expire')).toHaveLength(1);
});

describe('thresholds by currency', () => {
  test('C$: an owner refunds 1,369.86 CAD (1,000.00 USD) at once, 1,369.87 asks', async () => {
    const fx = await createBookingFixture(t.database.db, {
      currency: 'CAD',
      orderTotals: [300_000, 300_000],
    });
    const owner = await as('owner');
    await expectContract(await owner.refundOrder(fx.orderIds[0], 1369.86), 'refundOrder', 200);
    const body = await expectContract(
      await owner.refundOrder(fx.orderIds[1], 1369.87),
      'refundOrder',
      202,
    );
    expect(body.message).toBe('Refund of C$1,369.87 sent for approval');
  });

  test('JPY: 149,253 JPY (1,000.00 USD) at once, 149,255 JPY asks', async () => {
    const fx = await createBookingFixture(t.database.db, {
      currency: 'JPY',
      orderTotals: [200_000, 200_000],
    });
    const owner = await as('owner');
    await expectContract(await owner.refundOrder(fx.orderIds[0], 149_253), 'refundOrder', 200);
    const body = await expectContract(
      await owner.refundOrder(fx.orderIds[1], 149_255),
      'refundOrder',
      202,
    );
    expect(body.message).toBe('Refund of ¥149,255 sent for approval');
  });

  test('support: 100 USD by the role`s limit, whatever the currency (JPY 14,926 asks)', async () => {
    const fx = await createBookingFixture(t.database.db, {
      currency: 'JPY',
      orderTotals: [200_000, 200_000],
    });
    const support = await as('support');
    await expectContract(await support.refundOrder(fx.orderIds[0], 14_925), 'refundOrder', 200);
    await expectContract(await support.refundOrder(fx.orderIds[1], 14_927), 'refundOrder', 202);
  });

  test('a booking without orders: the same rule, one pending request per booking', async () => {
    const fx = await createBookingFixture(t.database.db, {
      orderTotals: [],
      depositTotal: 300_000,
    });
    const support = await as('support');
    const body = await expectContract(
      await support.call('POST', '/admin/booking-refund', {
        bookingId: fx.bookingId,
        amount: 1500,
        notes: 'Deposit back',
      }),
      'refundBooking',
      202,
    );
    const view = (await support.get(body.data.approvalId)).json().data;
    expect(view.summary).toMatch(/^Refund \$1,500\.00 on booking FX-/);
    expect(view.refund).toMatchObject({ orderId: null, customerName: null, note: 'Deposit back' });
    await expectContract(
      await support.call('POST', '/admin/booking-refund', { bookingId: fx.bookingId, amount: 200 }),
      'refundBooking',
      409,
    );
    // Another booking's request does not wait behind this one.
    const other = await createBookingFixture(t.database.db, {
      orderTotals: [],
      depositTotal: 300_000,
    });
    await expectContract(
      await support.call('POST', '/admin/booking-refund', {
        bookingId: other.bookingId,
        amount: 200,
      }),
      'refundBooking',
      202,
    );
    await expectContract(
      await (await as('owner')).approve(body.data.approvalId),
      'approveApproval',
      200,
    );
  });
});

describe('the queue', () => {
  test('filters by status, kind, requester and what the admin may decide; counts them', async () => {
    const { approvalId } = await requested();
    const supportId = await memberId(t, 'support');
    const finance = await as('finance');
    const decidable = await expectContract(
      await finance.list('?decidable=true&limit=100'),
      'listApprovals',
      200,
    );
    expect(decidable.data.every((a: { canDecide: boolean }) => a.canDecide)).toBe(true);
    expect(decidable.data.map((a: { _id: string }) => a._id)).toContain(approvalId);
    const notDecidable = await expectContract(
      await finance.list('?decidable=false&limit=100'),
      'listApprovals',
      200,
    );
    expect(notDecidable.data.some((a: { canDecide: boolean }) => a.canDecide)).toBe(false);
    const all = (await finance.list('?limit=1')).json();
    expect(decidable.count + notDecidable.count).toBe(all.count);

    // Support may decide nothing: their count is 0.
    const support = await as('support');
    expect((await support.list('?decidable=true')).json().count).toBe(0);
    const mine = await expectContract(
      await support.list(`?requester=${supportId}&status=pending&kind=refund`),
      'listApprovals',
      200,
    );
    expect(
      mine.data.every((a: { requestedBy: { _id: string } }) => a.requestedBy._id === supportId),
    ).toBe(true);
    expect(mine.data.every((a: { canCancel: boolean }) => a.canCancel)).toBe(true);
    expect((await support.list('?kind=commission')).json().count).toBe(0);

    // Newest first.
    const page = (await finance.list('?limit=5')).json().data as { requestedAt: string }[];
    expect(page.map((a) => a.requestedAt)).toEqual(
      [...page.map((a) => a.requestedAt)].sort().reverse(),
    );
  });

  test('export: the same rows as CSV, recorded as list.export', async () => {
    const { approvalId } = await requested();
    const finance = await as('finance');
    const res = await finance.call('GET', `/admin/exports/approvals?status=pending`);
    await expectContract(res, 'exportApprovals', 200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="approvals-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Requested At,Kind,Status,Summary,Amount,Currency,Why,Requested By,Decided By,Decided At,Reject Reason,Expires At',
    );
    const view = (await finance.get(approvalId)).json().data;
    expect(
      lines.some(
        (line) =>
          line.includes(view.summary.replace(/,/g, '')) || line.includes(`"${view.summary}"`),
      ),
    ).toBe(true);
    const pending = (await finance.list('?status=pending')).json().count;
    expect(lines.filter((line) => line).length - 1).toBe(pending);
  });
});
