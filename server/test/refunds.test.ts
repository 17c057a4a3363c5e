import { and, count, eq } from 'drizzle-orm';
import { auditEvents, bookings, orders, refunds } from '../src/db/schema.js';
import { latestActivity, latestEvent } from './helpers/audit.js';
import { REFUND_MESSAGES } from '../src/handlers/refunds.js';
import { BOOKING_NOT_FOUND } from '../src/queries/bookings.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import { createBookingFixture } from './helpers/booking-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const refundOrder = (
  payload: Payload,
  headers: Record<string, string> = {},
  url = '/api/v1/admin/orders/refund',
) => t.as({ method: 'POST', url, payload, headers });
const refundBooking = (payload: Payload, headers: Record<string, string> = {}) =>
  t.as({ method: 'POST', url: '/api/v1/admin/booking-refund', payload, headers });

async function state(bookingId: string) {
  const db = t.database.db;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.bookingId, bookingId))
    .orderBy(orders.createdAt);
  const [{ n: refundCount }] = await db
    .select({ n: count() })
    .from(refunds)
    .where(eq(refunds.bookingId, bookingId));
  const [{ n: activityCount }] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'booking'), eq(auditEvents.entityId, bookingId)));
  const [{ n: logCount }] = await db.select({ n: count() }).from(auditEvents);
  return { booking, orders: orderRows, refundCount, activityCount, logCount };
}

test('a partial refund, then another, then the rest: balances, history, activity and status', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3000, 2000], fee: 500 });
  const [orderA, orderB] = fx.orderIds;

  const first = await expectContract(
    await refundOrder({ orderId: orderA, amount: 10 }),
    'refundOrder',
    200,
  );
  expect(first).toMatchObject({ success: true, message: 'Order refund processed successfully' });
  expect(first.data.refund).toMatchObject({
    amount: 10,
    currency: 'USD',
    orderId: orderA,
    bookingId: fx.bookingId,
  });
  expect(first.data.refund.processedBy).toMatch(/\S+ \S+/);
  expect(first.data.booking).toMatchObject({
    refundProcessed: true,
    PaymentStatus: 'Paid',
    paymentDetails: { total: 50, refundedTotal: 10, netPayout: 35 },
  });
  expect(first.data.booking.refundHistory).toEqual([
    {
      _id: first.data.refund._id,
      amount: 10,
      date: first.data.refund.date,
      processedBy: first.data.refund.processedBy,
    },
  ]);
  expect(first.data.booking.orders[0].paymentDetails).toMatchObject({
    refunded: 10,
    refundable: 20,
  });

  const second = await expectContract(
    await refundOrder({ orderId: orderA, amount: 5.5 }),
    'refundOrder',
    200,
  );
  expect(second.data.booking.orders[0].paymentDetails).toMatchObject({
    refunded: 15.5,
    refundable: 14.5,
  });
  expect(second.data.booking.refundHistory).toHaveLength(2);

  const rest = await expectContract(
    await refundOrder({ orderId: orderA, amount: 14.5 }),
    'refundOrder',
    200,
  );
  expect(rest.data.booking.orders[0].paymentDetails.refundable).toBe(0);
  expect(rest.data.booking.PaymentStatus).toBe('Paid'); // order B is still paid

  const last = await expectContract(
    await refundOrder({ orderId: orderB, amount: 20 }),
    'refundOrder',
    200,
  );
  expect(last.data.booking).toMatchObject({
    PaymentStatus: 'Refund',
    paymentDetails: { refundedTotal: 50, netPayout: 0 },
  });
  const s = await state(fx.bookingId);
  expect(s.orders.map((o) => o.refunded)).toEqual([3000, 2000]);
  expect(s.refundCount).toBe(4);
  expect(s.activityCount).toBe(4);
  const activities = await expectContract(
    await t.as({ method: 'GET', url: `/api/v1/activities?booking=${fx.bookingId}` }),
    'listBookingActivities',
    200,
  );
  expect(activities.data[0]).toMatchObject({
    activity: 'Refund of 20.00 USD processed for the order of Eater 2',
    createdBy: { role: 'admin' },
  });
  const log = await latestActivity(t);
  expect(log).toMatchObject({ title: 'Payment refunded', actorId: t.adminId });
  expect(log.description).toContain('Refund of 20.00 USD');

  // Fully refunded: nothing more can be refunded.
  const again = await expectContract(
    await refundOrder({ orderId: orderA, amount: 1 }),
    'refundOrder',
    400,
  );
  expect(again.message).toBe(REFUND_MESSAGES.fullyRefunded);
});

test('over-balance, zero, negative, non-numeric and too precise amounts: 400 and nothing changes', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3000] });
  const orderId = fx.orderIds[0];
  await expectContract(await refundOrder({ orderId, amount: 25 }), 'refundOrder', 200);
  const before = await state(fx.bookingId);

  const over = await expectContract(
    await refundOrder({ orderId, amount: 5.01 }),
    'refundOrder',
    400,
  );
  expect(over.message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this order (5.00 USD)',
  );
  const cases: [unknown, string | RegExp][] = [
    [0, REFUND_MESSAGES.notPositive],
    [-5, REFUND_MESSAGES.notPositive],
    ['', /amount must be number/],
    ['abc', /amount must be number/],
    [null, /amount must be number/], // a JSON body is validated without type coercion
    [1.005, 'Refund amount can have at most 2 decimals in USD'],
  ];
  for (const [amount, message] of cases) {
    const body = await expectContract(await refundOrder({ orderId, amount }), 'refundOrder', 400);
    expect(body.message).toMatch(message);
  }
  await expectContract(await refundOrder({ orderId }), 'refundOrder', 400);
  expect(await state(fx.bookingId)).toEqual(before);
});

test('whole-number currencies refuse decimals', async () => {
  const fx = await createBookingFixture(t.database.db, { currency: 'JPY', orderTotals: [5000] });
  const body = await expectContract(
    await refundOrder({ orderId: fx.orderIds[0], amount: 10.5 }),
    'refundOrder',
    400,
  );
  expect(body.message).toBe('Refund amount must be a whole number in JPY');
  const ok = await expectContract(
    await refundOrder({ orderId: fx.orderIds[0], amount: 1200 }),
    'refundOrder',
    200,
  );
  expect(ok.data.booking.orders[0].paymentDetails.refundable).toBe(3800);
});

test('unknown order 404; cancelled or unpaid booking 400', async () => {
  const unknown = await expectContract(
    await refundOrder({ orderId: '00000000-0000-4000-8000-000000000000', amount: 1 }),
    'refundOrder',
    404,
  );
  expect(unknown.message).toBe(REFUND_MESSAGES.orderNotFound);

  const cancelled = await createBookingFixture(t.database.db, {
    status: 'cancelled',
    paymentStatus: 'Paid',
  });
  const c = await expectContract(
    await refundOrder({ orderId: cancelled.orderIds[0], amount: 1 }),
    'refundOrder',
    400,
  );
  expect(c.message).toBe(REFUND_MESSAGES.cancelled);

  const pending = await createBookingFixture(t.database.db, { paymentStatus: 'Pending' });
  const p = await expectContract(
    await refundOrder({ orderId: pending.orderIds[0], amount: 1 }),
    'refundOrder',
    400,
  );
  expect(p.message).toBe(REFUND_MESSAGES.notPaid);

  const completed = await createBookingFixture(t.database.db, {
    paymentStatus: 'Completed',
    status: 'completed',
  });
  await expectContract(
    await refundOrder({ orderId: completed.orderIds[0], amount: 1 }),
    'refundOrder',
    200,
  );
  expect((await state(cancelled.bookingId)).refundCount).toBe(0);
  expect((await state(pending.bookingId)).refundCount).toBe(0);
});

test('the fallback path behaves the same', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [1000] });
  const fallback = async (payload: Payload, status: 200 | 400) =>
    expectContract(
      await refundOrder({ orderId: fx.orderIds[0], ...payload }, {}, '/api/v1/admin/order/refund'),
      'refundOrderFallback',
      status,
    );
  const body = await fallback({ amount: 4, reason: 'Refund processed via admin panel' }, 200);
  expect(body.message).toBe('Order refund processed successfully');
  expect(body.data.refund).toMatchObject({
    orderId: fx.orderIds[0],
    reasonCode: 'requested_by_customer',
    note: 'Refund processed via admin panel',
  });
  expect(body.data.booking.orders[0].paymentDetails.refundable).toBe(6);
  const over = await fallback({ amount: 7 }, 400);
  expect(over.message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this order (6.00 USD)',
  );
  const coded = await fallback({ amount: 1, reasonCode: 'duplicate' }, 200);
  expect(coded.data.refund).toMatchObject({ reasonCode: 'duplicate', note: null });
});

test('Idempotency-Key: a retry returns the first result; another body with the key is a 409', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3000] });
  const orderId = fx.orderIds[0];
  const headers = { 'idempotency-key': `key-${fx.bookingId}` };
  const first = await expectContract(
    await refundOrder({ orderId, amount: 12 }, headers),
    'refundOrder',
    200,
  );
  const retry = await expectContract(
    await refundOrder({ orderId, amount: 12 }, headers),
    'refundOrder',
    200,
  );
  expect(retry.data.refund).toEqual(first.data.refund);
  const s = await state(fx.bookingId);
  expect(s.orders[0].refunded).toBe(1200);
  expect(s.refundCount).toBe(1);

  const other = await expectContract(
    await refundOrder({ orderId, amount: 13 }, headers),
    'refundOrder',
    409,
  );
  expect(other.message).toBe(REFUND_MESSAGES.keyReused);
  // Without a key, the same body is a new refund.
  await expectContract(await refundOrder({ orderId, amount: 12 }), 'refundOrder', 200);
  expect((await state(fx.bookingId)).orders[0].refunded).toBe(2400);
});

test('a booking without orders is refunded itself; one with orders is refused', async () => {
  const deposit = await createBookingFixture(t.database.db, {
    orderTotals: [],
    depositTotal: 4000,
    fee: 400,
  });
  const part = await expectContract(
    await refundBooking({
      bookingId: deposit.bookingId,
      amount: 15,
      notes: 'Refund processed via admin panel',
    }),
    'refundBooking',
    200,
  );
  expect(part.message).toBe('Refund processed successfully');
  expect(part.data.refund).toMatchObject({
    orderId: null,
    bookingId: deposit.bookingId,
    reasonCode: 'requested_by_customer',
    note: 'Refund processed via admin panel',
  });
  expect(part.data.booking.paymentDetails).toMatchObject({ refundedTotal: 15, netPayout: 21 });
  const over = await expectContract(
    await refundBooking({ bookingId: deposit.bookingId, amount: 25.01 }),
    'refundBooking',
    400,
  );
  expect(over.message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this booking (25.00 USD)',
  );
  const rest = await expectContract(
    await refundBooking({ bookingId: deposit.bookingId, amount: 25 }),
    'refundBooking',
    200,
  );
  expect(rest.data.booking.PaymentStatus).toBe('Refund');
  const after = await expectContract(
    await refundBooking({ bookingId: deposit.bookingId, amount: 1 }),
    'refundBooking',
    400,
  );
  expect(after.message).toBe(REFUND_MESSAGES.bookingFullyRefunded);

  const withOrders = await createBookingFixture(t.database.db);
  const refused = await expectContract(
    await refundBooking({ bookingId: withOrders.bookingId, amount: 1 }),
    'refundBooking',
    400,
  );
  expect(refused.message).toBe(REFUND_MESSAGES.hasOrders);
  const unknown = await expectContract(
    await refundBooking({ bookingId: '00000000-0000-4000-8000-000000000000', amount: 1 }),
    'refundBooking',
    404,
  );
  expect(unknown.message).toBe(BOOKING_NOT_FOUND);
});

test('a booking refund of a cancelled or unpaid booking is refused with its reason', async () => {
  for (const [options, message] of [
    [{ status: 'Cancelled' }, REFUND_MESSAGES.cancelled],
    [{ paymentStatus: 'Deposited' }, REFUND_MESSAGES.notPaid],
  ] as const) {
    const fx = await createBookingFixture(t.database.db, { orderTotals: [], ...options });
    const body = await expectContract(
      await refundBooking({ bookingId: fx.bookingId, amount: 1 }),
      'refundBooking',
      400,
    );
    expect(body.message).toBe(message);
    expect((await state(fx.bookingId)).refundCount).toBe(0);
  }
});

test('the audit event of an order refund and of a booking refund: every change and detail', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3000, 2000] });
  await refundOrder({ orderId: fx.orderIds[0], amount: 5 });
  await expectContract(
    await refundOrder({ orderId: fx.orderIds[0], amount: 12.5, reason: 'Cold soup' }),
    'refundOrder',
    200,
  );
  const { booking } = await state(fx.bookingId);
  const [refund] = await t.database.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, fx.bookingId), eq(refunds.amount, 1250)));
  expect(await latestEvent(t.database.db)).toMatchObject({
    actorId: t.adminId,
    action: 'refund.create',
    entityType: 'booking',
    entityId: fx.bookingId,
    entityName: booking.bookingRef,
    changes: [
      { field: 'amount', before: null, after: { amount: 12.5, currency: 'USD' } },
      {
        field: 'orderRefunded',
        before: { amount: 5, currency: 'USD' },
        after: { amount: 17.5, currency: 'USD' },
      },
      {
        field: 'refunded',
        before: { amount: 5, currency: 'USD' },
        after: { amount: 17.5, currency: 'USD' },
      },
      { field: 'reason', before: null, after: 'requested_by_customer' },
      { field: 'note', before: null, after: 'Cold soup' },
    ],
    details: {
      refundId: refund.id,
      restaurantId: fx.restaurant.id,
      amountText: '12.50 USD',
      orderId: fx.orderIds[0],
      customerName: 'Eater 1',
    },
  });

  const deposit = await createBookingFixture(t.database.db, {
    orderTotals: [],
    depositTotal: 2000,
  });
  await expectContract(
    await refundBooking({ bookingId: deposit.bookingId, amount: 20, reasonCode: 'fraudulent' }),
    'refundBooking',
    200,
  );
  const event = await latestEvent(t.database.db);
  expect(event.changes).toEqual([
    { field: 'amount', before: null, after: { amount: 20, currency: 'USD' } },
    {
      field: 'refunded',
      before: { amount: 0, currency: 'USD' },
      after: { amount: 20, currency: 'USD' },
    },
    { field: 'paymentStatus', before: 'Paid', after: 'Refund' },
    { field: 'reason', before: null, after: 'fraudulent' },
  ]);
  expect(Object.keys(event.details).sort()).toEqual(['amountText', 'refundId', 'restaurantId']);
});

test('Idempotency-Key: the key covers the target, amount, note and reason code; a blank key is none', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3000, 2000] });
  const [orderA, orderB] = fx.orderIds;
  const headers = { 'idempotency-key': `cover-${fx.bookingId}` };
  const first = await expectContract(
    await refundOrder({ orderId: orderA, amount: 2, reason: 'Late' }, headers),
    'refundOrder',
    200,
  );
  // The reason code it had by default, now written out: the same request.
  const same = await expectContract(
    await refundOrder(
      { orderId: orderA, amount: 2, reason: 'Late', reasonCode: 'requested_by_customer' },
      headers,
    ),
    'refundOrder',
    200,
  );
  expect(same.data.refund).toEqual(first.data.refund);
  for (const other of [
    { orderId: orderB, amount: 2, reason: 'Late' },
    { orderId: orderA, amount: 2, reason: 'Early' },
    { orderId: orderA, amount: 2 },
    { orderId: orderA, amount: 2, reason: 'Late', reasonCode: 'duplicate' },
  ]) {
    const body = await expectContract(await refundOrder(other, headers), 'refundOrder', 409);
    expect(body.message).toBe(REFUND_MESSAGES.keyReused);
  }
  const blank = { 'idempotency-key': '  ' };
  await expectContract(
    await refundOrder({ orderId: orderB, amount: 1 }, blank),
    'refundOrder',
    200,
  );
  await expectContract(
    await refundOrder({ orderId: orderB, amount: 1 }, blank),
    'refundOrder',
    200,
  );
  const s = await state(fx.bookingId);
  expect(s.orders.map((o) => o.refunded)).toEqual([200, 200]);
  expect(s.refundCount).toBe(3);
});

test('Idempotency-Key: a refused refund leaves its key unused: 400 as without a key, then the key makes its first refund', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3000] });
  const orderId = fx.orderIds[0];
  const headers = { 'idempotency-key': `refused-${fx.bookingId}` };
  const before = await state(fx.bookingId);
  const over = await expectContract(
    await refundOrder({ orderId, amount: 30.01 }, headers),
    'refundOrder',
    400,
  );
  expect(over.message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this order (30.00 USD)',
  );
  expect(await state(fx.bookingId)).toEqual(before);
  await expectContract(await refundOrder({ orderId, amount: 30 }, headers), 'refundOrder', 200);
  expect((await state(fx.bookingId)).orders[0].refunded).toBe(3000);
});

test('Idempotency-Key: a retry answers the first result even when the booking changed since', async () => {
  const deposit = await createBookingFixture(t.database.db, { orderTotals: [] });
  const headers = { 'idempotency-key': `changed-${deposit.bookingId}` };
  const request = { bookingId: deposit.bookingId, amount: 10, notes: 'Noise' };
  const first = await expectContract(await refundBooking(request, headers), 'refundBooking', 200);
  // An order added afterwards would refuse a new booking refund; the retry is not a new one.
  await t.database.db.insert(orders).values({
    bookingId: deposit.bookingId,
    customerName: 'Late eater',
    subTotal: 100,
    total: 100,
  });
  const retry = await expectContract(await refundBooking(request, headers), 'refundBooking', 200);
  expect(retry.message).toBe('Refund processed successfully');
  expect(retry.data.refund).toEqual(first.data.refund);
  expect((await state(deposit.bookingId)).refundCount).toBe(1);
});

test('refunds need an admin', async () => {
  const fx = await createBookingFixture(t.database.db);
  await expectContract(
    await t.as({
      method: 'POST',
      url: '/api/v1/admin/orders/refund',
      payload: { orderId: fx.orderIds[0], amount: 1 },
      token: t.ownerToken,
    }),
    'refundOrder',
    403,
  );
  expect((await state(fx.bookingId)).refundCount).toBe(0);
});
