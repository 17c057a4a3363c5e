/**
 * Per-restaurant figures: bookings, revenue, earnings and payouts from booking_stats (kept by
 * triggers on bookings, so no query reads every booking), the rating from the reviews.
 */
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { bookingStats, restaurants, reviews } from '../db/schema.js';

const statsOf = (column: AnyPgColumn) =>
  sql<string>`(select coalesce(sum(${column}), 0) from ${bookingStats} where ${bookingStats.restaurantId} = ${restaurants.id})`;

/** Correlated columns for a select over restaurants: computed for the rows it returns only. */
export const restaurantFigures = {
  totalBookings: sql<number>`${statsOf(bookingStats.bookings)}::int`,
  earningsMinor: statsOf(bookingStats.collectedMinor),
  /** Average of the reviews that were not rejected, to one decimal place. */
  averageRating: sql<string>`(select coalesce(round(avg(${reviews.rating}), 1), 0) from ${reviews} where ${reviews.restaurantId} = ${restaurants.id} and ${reviews.status} <> 'rejected')`,
};

/**
 * Statistics of the detail page, in minor units: revenue is what was collected (queries/revenue),
 * earnings that revenue less the platform's fee (never below 0 per booking), payouts the net
 * payout of bookings paid out to the restaurant.
 */
export async function restaurantStatistics(db: Db, restaurantId: string) {
  const [row] = await db
    .select({
      revenue: sql<string>`coalesce(sum(${bookingStats.collectedMinor}), 0)`,
      earnings: sql<string>`coalesce(sum(${bookingStats.earningsMinor}), 0)`,
      total: sql<number>`coalesce(sum(${bookingStats.bookings}), 0)::int`,
      payouts: sql<string>`coalesce(sum(${bookingStats.payoutsMinor}), 0)`,
    })
    .from(bookingStats)
    .where(eq(bookingStats.restaurantId, restaurantId));
  return row;
}
