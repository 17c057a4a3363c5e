/** The bookings list as CSV rows: the list's condition and order, read in keyset batches. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, restaurants } from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { bookingsWhere, type BookingsQuery } from './bookings-filter.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';

// The list's order (bookings_list_idx and the per-filter indexes end in these columns).
const order = keyset([
  { column: bookings.arrivalDate, direction: 'desc' },
  { column: bookings.arrivalTime, direction: 'desc' },
  { column: bookings.bookingRef, direction: 'desc' },
]);

type Row = { booking: typeof bookings.$inferSelect; restaurant: string; keys: string[] };

const money = (minor: (b: Row['booking']) => number) => (row: Row) => ({
  minor: minor(row.booking),
  currency: row.booking.currency,
});

export const BOOKING_COLUMNS: readonly CsvColumn<Row>[] = [
  { title: 'Booking Ref', value: (r) => r.booking.bookingRef },
  { title: 'Restaurant', value: (r) => r.restaurant },
  { title: 'First Name', value: (r) => r.booking.firstName },
  { title: 'Last Name', value: (r) => r.booking.lastName },
  { title: 'Email', value: (r) => r.booking.email },
  { title: 'Phone', value: (r) => r.booking.phone },
  { title: 'Arrival Date', value: (r) => r.booking.arrivalDate },
  { title: 'Arrival Time', value: (r) => r.booking.arrivalTime.slice(0, 5) },
  { title: 'Guests', value: (r) => r.booking.guest },
  { title: 'Type', value: (r) => r.booking.type },
  { title: 'Booking Status', value: (r) => r.booking.status },
  { title: 'Payment Status', value: (r) => r.booking.paymentStatus },
  { title: 'Payout Status', value: (r) => (r.booking.payout ? 'Deposited' : 'Pending') },
  { title: 'Payout Date', value: (r) => (r.booking.payout ? r.booking.payoutDateTime : null) },
  { title: 'Currency', value: (r) => r.booking.currency },
  { title: 'Total', value: money((b) => b.total) },
  { title: 'Platform Fee', value: money((b) => b.platformFee) },
  { title: 'Net Payout', value: money((b) => b.netPayout) },
  { title: 'Refunded', value: money((b) => b.refundedTotal) },
  { title: 'Created At', value: (r) => r.booking.createdAt },
];

/** Every booking the list selects with these parameters, in its order (throws 400 as the list). */
export function bookingBatches(db: Db, query: BookingsQuery, batchSize = BATCH_SIZE) {
  const { where } = bookingsWhere(query);
  return keysetBatches<Row>(
    (after, limit) =>
      db
        .select({ booking: bookings, restaurant: restaurants.name, keys: order.keys })
        .from(bookings)
        .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
        .where(and(where, after))
        .orderBy(...order.orderBy)
        .limit(limit),
    order,
    batchSize,
  );
}
