/** Per-restaurant figures computed from the data: bookings, earnings (revenue) and rating. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, reviews } from '../db/schema.js';
import { collectedMinor } from './revenue.js';

export function bookingAggregates(db: Db) {
  return db
    .select({
      restaurantId: bookings.restaurantId,
      totalBookings: sql<number>`count(*)::int`.as('total_bookings'),
      earningsMinor: sql<string>`coalesce(sum(${collectedMinor}), 0)::bigint`.as('earnings_minor'),
    })
    .from(bookings)
    .groupBy(bookings.restaurantId)
    .as('booking_agg');
}

/** Average of the reviews that were not rejected, to one decimal place. */
export function ratingAggregates(db: Db) {
  return db
    .select({
      restaurantId: reviews.restaurantId,
      averageRating: sql<string>`round(avg(${reviews.rating}), 1)`.as('average_rating'),
    })
    .from(reviews)
    .where(sql`${reviews.status} <> 'rejected'`)
    .groupBy(reviews.restaurantId)
    .as('rating_agg');
}
