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
 * The same figures for every restaurant at once (the top restaurants ranks them all): two grouped
 * reads, of booking_stats and of the reviews, joined by restaurant.
 */
export function allRestaurantFigures(db: Db) {
  const stats = db
    .select({
      restaurantId: bookingStats.restaurantId,
      totalBookings: sql<number>`sum(${bookingStats.bookings})::int`.as('total_bookings'),
      earningsMinor: sql<string>`sum(${bookingStats.collectedMinor})`.as('earnings_minor'),
    })
    .from(bookingStats)
    .groupBy(bookingStats.restaurantId)
    .as('stats');
  const rating = db
    .select({
      restaurantId: reviews.restaurantId,
      averageRating: sql<string>`round(avg(${reviews.rating}), 1)`.as('average_rating'),
    })
    .from(reviews)
    .where(sql`${reviews.status} <> 'rejected'`)
    .groupBy(reviews.restaurantId)
    .as('rating');
  return {
    stats,
    rating,
    columns: {
      totalBookings: sql<number>`coalesce(${stats.totalBookings}, 0)`,
      earningsMinor: sql<string>`coalesce(${stats.earningsMinor}, 0)`,
      averageRating: sql<string>`coalesce(${rating.averageRating}, 0)`,
    },
  };
}

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
