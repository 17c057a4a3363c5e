/**
 * Refunds: the stored refund in the contract's shape, a retry's first refund, the refund's target,
 * and the refund itself: one conditional update of the order and of the booking (the balance
 * check and the write in one statement each, so a refund never goes above what was paid, also
 * under concurrent requests), then the stored refund.
 */
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../db/client.js';
import { bookings, orders, refunds, users, type Booking, type Order } from '../db/schema.js';
import { processedBy } from '../lib/booking-view.js';
import { fromMinor } from '../../../common/money.js';
import {
  REFUNDABLE_PAYMENT_STATUSES,
  UNREFUNDABLE_BOOKING_STATUSES,
} from '../../../common/refund-eligibility.js';
import { iso } from '../lib/paging.js';

export type RefundView = components['schemas']['Refund'];
type Reader = Pick<Db, 'select'>;
type Tx = Pick<Db, 'update' | 'insert'>;

/** What a refund goes to: one order, or a booking without orders. */
export type Target = { kind: 'order'; id: string } | { kind: 'booking'; id: string };

/** A stored refund in the contract's shape. */
export async function loadRefundView(db: Reader, id: string): Promise<RefundView | undefined> {
  const [row] = await db
    .select({
      refund: refunds,
      currency: bookings.currency,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .leftJoin(users, eq(users.id, refunds.processedBy))
    .where(eq(refunds.id, id));
  if (!row) return undefined;
  return {
    _id: row.refund.id,
    amount: fromMinor(row.refund.amount, row.currency),
    currency: row.currency,
    date: iso(row.refund.createdAt),
    processedBy: processedBy(
      row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? '' },
    ),
    orderId: row.refund.orderId,
    bookingId: row.refund.bookingId,
    reasonCode: row.refund.reasonCode,
    note: row.refund.reason,
  };
}

/** The refund stored under this Idempotency-Key, with the hash of its request. */
export async function refundByKey(db: Reader, key: string) {
  const [first] = await db
    .select({ id: refunds.id, requestHash: refunds.requestHash })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, key));
  return first as { id: string; requestHash: string | null } | undefined;
}

/** The target's booking (and order), as they are now. */
export async function loadTarget(
  db: Reader,
  target: Target,
): Promise<{ booking: Booking; order?: Order } | undefined> {
  if (target.kind === 'booking') {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, target.id));
    return booking && { booking };
  }
  const [row] = await db
    .select({ booking: bookings, order: orders })
    .from(orders)
    .innerJoin(bookings, eq(bookings.id, orders.bookingId))
    .where(eq(orders.id, target.id));
  return row;
}

export async function orderCount(db: Reader, bookingId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.bookingId, bookingId));
  return n;
}

export type RefundInput = {
  booking: Booking;
  order?: Order;
  /** the amount in the booking's minor units, positive */
  minor: number;
  note: string | null;
  reasonCode: RefundView['reasonCode'];
  processedBy: string;
  idempotencyKey: string | null;
  requestHash: string;
};

/**
 * Adds the refund to the order (if any) and to the booking, each only while the refunded total
 * stays within what was paid and the booking may be refunded, and stores it. Undefined (and
 * nothing written by this call) when a conditional update found no room; the caller rolls back.
 */
export async function applyRefund(tx: Tx, input: RefundInput) {
  const { booking, order, minor } = input;
  let orderRefunded = 0;
  if (order) {
    const updated = await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} + ${minor}` })
      .where(and(eq(orders.id, order.id), sql`${orders.refunded} + ${minor} <= ${orders.total}`))
      .returning({ refunded: orders.refunded });
    if (!updated.length) return undefined;
    orderRefunded = updated[0].refunded;
  }
  // SET expressions read the row as it was before this update.
  const updatedBooking = await tx
    .update(bookings)
    .set({
      refundedTotal: sql`${bookings.refundedTotal} + ${minor}`,
      netPayout: sql`greatest(0, ${bookings.total} - ${bookings.fee} - ${bookings.refundedTotal} - ${minor})`,
      refundProcessed: true,
      paymentStatus: sql`case when ${bookings.refundedTotal} + ${minor} >= ${bookings.total} then 'Refund' else ${bookings.paymentStatus} end`,
    })
    .where(
      and(
        eq(bookings.id, booking.id),
        sql`${bookings.refundedTotal} + ${minor} <= ${bookings.total}`,
        notInArray(sql`lower(trim(${bookings.status}))`, [...UNREFUNDABLE_BOOKING_STATUSES]),
        inArray(sql`lower(trim(${bookings.paymentStatus}))`, [...REFUNDABLE_PAYMENT_STATUSES]),
      ),
    )
    .returning({
      refundedTotal: bookings.refundedTotal,
      paymentStatus: bookings.paymentStatus,
      netPayout: bookings.netPayout,
      version: bookings.version,
    });
  if (!updatedBooking.length) return undefined;
  const [refund] = await tx
    .insert(refunds)
    .values({
      bookingId: booking.id,
      orderId: order?.id ?? null,
      amount: minor,
      reason: input.note,
      reasonCode: input.reasonCode,
      processedBy: input.processedBy,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
    })
    .returning({ id: refunds.id });
  return { refundId: refund.id, orderRefunded, booking: updatedBooking[0] };
}
