/**
 * 50 simultaneous refunds against one order never refund more than was paid. On PostgreSQL
 * (DATABASE_URL set) the requests really run in parallel transactions on a connection pool; on
 * PGlite they are serialised by the engine, and the same assertions must hold there too.
 */
import { jest } from '@jest/globals';
import { count, eq, sql } from 'drizzle-orm';
import { approvalRequests, bookings, orders, refunds } from '../src/db/schema.js';
import { REFUND_MESSAGES } from '../src/handlers/refunds.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createBookingFixture } from './helpers/booking-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONCURRENT = 50;

const refund = (orderId: string, amount: number, headers: Record<string, string> = {}) =>
  t.as({
    method: 'POST',
    url: '/api/v1/admin/orders/refund',
    payload: { orderId, amount },
    headers,
  });

test(`${CONCURRENT} concurrent refunds never exceed the paid amount (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
  // 100.00 paid; 50 × 3.00 asked for; at most 33 fit.
  const fx = await createBookingFixture(t.database.db, { orderTotals: [10_000], fee: 1_000 });
  const orderId = fx.orderIds[0];
  const responses = await Promise.all(Array.from({ length: CONCURRENT }, () => refund(orderId, 3)));
  const ok = responses.filter((r) => r.statusCode === 200);
  const refused = responses.filter((r) => r.statusCode !== 200);
  expect(refused.every((r) => r.statusCode === 400)).toBe(true);
  expect(ok).toHaveLength(33);

  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [booking] = await t.database.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, fx.bookingId));
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  expect(order.refunded).toBe(9_900);
  expect(order.refunded).toBeLessThanOrEqual(order.total);
  expect(n).toBe(ok.length);
  expect(booking.refundedTotal).toBe(order.refunded);
  expect(booking.netPayout).toBe(0); // 100.00 − 10.00 fee − 99.00 refunded, never below 0
  expect(booking.paymentStatus).toBe('Paid');
});

test('concurrent refunds that each fit alone, but not together, leave the order exactly refunded', async () => {
  // 50 × 7.77 against 123.45: only 15 fit (116.55), the rest are refused; then the remainder.
  const fx = await createBookingFixture(t.database.db, { orderTotals: [12_345] });
  const orderId = fx.orderIds[0];
  const responses = await Promise.all(
    Array.from({ length: CONCURRENT }, () => refund(orderId, 7.77)),
  );
  expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(15);
  const last = await refund(orderId, 6.9);
  expect(last.statusCode).toBe(200);
  const [booking] = await t.database.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, fx.bookingId));
  expect(booking).toMatchObject({ refundedTotal: 12_345, paymentStatus: 'Refund' });
});

test(`${CONCURRENT} concurrent retries with one Idempotency-Key refund once`, async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [10_000] });
  const orderId = fx.orderIds[0];
  const headers = { 'idempotency-key': `concurrent-${fx.bookingId}` };
  const responses = await Promise.all(
    Array.from({ length: CONCURRENT }, () => refund(orderId, 10, headers)),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(CONCURRENT).fill(200));
  const refundIds = new Set(responses.map((r) => r.json().data.refund._id));
  expect(refundIds.size).toBe(1);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order.refunded).toBe(1_000);
});

/**
 * Another refund commits between this request's balance check and its transaction: the
 * conditional updates alone must refuse it. Deterministic on either engine, unlike a race.
 */
async function refundAfterAConcurrentOne(
  path: string,
  payload: Record<string, unknown>,
  concurrent: () => Promise<unknown>,
  headers: Record<string, string> = {},
) {
  const db = t.database.db;
  const transaction = db.transaction.bind(db);
  const spy = jest
    .spyOn(db, 'transaction')
    .mockImplementationOnce(async (...args: Parameters<typeof db.transaction>) => {
      await concurrent();
      return transaction(...args);
    });
  try {
    return await t.as({ method: 'POST', url: `/api/v1/admin/${path}`, payload, headers });
  } finally {
    spy.mockRestore();
  }
}

test('the order guard: a refund that no longer fits after a concurrent one is refused', async () => {
  // Two orders, so the booking still has room: only the order's conditional update can refuse.
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3_000, 2_000] });
  const [orderId] = fx.orderIds;
  const response = await refundAfterAConcurrentOne(
    'orders/refund',
    { orderId, amount: 20 },
    async () => {
      await t.database.db.update(orders).set({ refunded: 3_000 }).where(eq(orders.id, orderId));
      await t.database.db
        .update(bookings)
        .set({ refundedTotal: sql`${bookings.refundedTotal} + 3000` })
        .where(eq(bookings.id, fx.bookingId));
    },
  );
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe('This order has already been fully refunded');
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [booking] = await t.database.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, fx.bookingId));
  expect(order.refunded).toBe(3_000);
  expect(booking.refundedTotal).toBe(3_000);
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(refunds)
    .where(eq(refunds.bookingId, fx.bookingId));
  expect(n).toBe(0);
});

test('the booking guard: a booking refund that no longer fits after a concurrent one is refused', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [], depositTotal: 5_000 });
  const response = await refundAfterAConcurrentOne(
    'booking-refund',
    { bookingId: fx.bookingId, amount: 10 },
    () =>
      t.database.db
        .update(bookings)
        .set({ refundedTotal: 4_500 })
        .where(eq(bookings.id, fx.bookingId)),
  );
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(
    'Refund amount cannot exceed the remaining refundable amount of this booking (5.00 USD)',
  );
  const [booking] = await t.database.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, fx.bookingId));
  expect(booking.refundedTotal).toBe(4_500);
});

test('a retry whose first request commits between its check and its write answers the first result', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3_000] });
  const orderId = fx.orderIds[0];
  const headers = { 'idempotency-key': `between-${fx.bookingId}` };
  let first: { _id: string } | undefined;
  const response = await refundAfterAConcurrentOne(
    'orders/refund',
    { orderId, amount: 10 },
    async () => {
      first = (await refund(orderId, 10, headers)).json().data.refund;
    },
    headers,
  );
  expect(response.statusCode).toBe(200);
  expect(response.json().data.refund._id).toBe(first?._id);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order.refunded).toBe(1_000);
});

test('a retry whose first request files its approval between its check and its filing answers that request; another body is a 409', async () => {
  // 1,500.00 USD is above REFUND_APPROVAL_USD (1,000 USD): each refund here is a request.
  for (const [retryAmount, status] of [
    [1500, 202],
    [1400, 409],
  ] as const) {
    const fx = await createBookingFixture(t.database.db, { orderTotals: [200_000] });
    const orderId = fx.orderIds[0];
    const headers = { 'idempotency-key': `filed-between-${fx.bookingId}` };
    let first: { approvalId: string } | undefined;
    const response = await refundAfterAConcurrentOne(
      'orders/refund',
      { orderId, amount: retryAmount },
      async () => {
        first = (await refund(orderId, 1500, headers)).json().data;
      },
      headers,
    );
    expect(response.statusCode).toBe(status);
    if (status === 202) expect(response.json().data.approvalId).toBe(first?.approvalId);
    else expect(response.json().message).toBe(REFUND_MESSAGES.keyReused);
    expect(
      await t.database.db.$count(approvalRequests, eq(approvalRequests.bookingId, fx.bookingId)),
    ).toBe(1);
  }
});

test('an order or a booking deleted between the check and the write: 404 with its message', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3_000, 2_000] });
  const orderId = fx.orderIds[0];
  const order = await refundAfterAConcurrentOne('orders/refund', { orderId, amount: 1 }, () =>
    t.database.db.delete(orders).where(eq(orders.id, orderId)),
  );
  expect([order.statusCode, order.json().message]).toEqual([404, 'Order not found']);

  const deposit = await createBookingFixture(t.database.db, { orderTotals: [] });
  const booking = await refundAfterAConcurrentOne(
    'booking-refund',
    { bookingId: deposit.bookingId, amount: 1 },
    () => t.database.db.delete(bookings).where(eq(bookings.id, deposit.bookingId)),
  );
  expect([booking.statusCode, booking.json().message]).toEqual([404, 'Booking not found']);
});

test('a write that fails for another reason is a 500 and changes nothing, not a refusal', async () => {
  const fx = await createBookingFixture(t.database.db, { orderTotals: [3_000] });
  const spy = jest
    .spyOn(t.database.db, 'transaction')
    .mockRejectedValueOnce(new Error('connection lost'));
  try {
    const response = await refund(fx.orderIds[0], 1);
    expect(response.statusCode).toBe(500);
  } finally {
    spy.mockRestore();
  }
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, fx.orderIds[0]));
  expect(order.refunded).toBe(0);
});
