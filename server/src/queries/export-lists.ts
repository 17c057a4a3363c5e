/**
 * The users, restaurants, reviews and content lists as CSV rows: each list's own condition
 * (queries/*-filter.ts) and order, read in keyset batches.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { restaurants, reviews, staticContents, users } from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { contentWhere, type ContentQuery } from './content-filter.js';
import { BATCH_SIZE, keyset, keysetBatches } from './keyset.js';
import { restaurantFigures } from './restaurant-stats.js';
import { restaurantsWhere, type RestaurantsQuery } from './restaurants-filter.js';
import { reviewsWhere, type ReviewsQuery } from './reviews-filter.js';
import { usersWhere } from './users-filter.js';

type Keyed<T> = T & { keys: string[] };

const usersOrder = keyset([
  { column: users.createdAt, direction: 'desc' },
  { column: users.id, direction: 'asc' },
]);
type UserRow = Keyed<{ user: typeof users.$inferSelect }>;

export const USER_COLUMNS: readonly CsvColumn<UserRow>[] = [
  { title: 'First Name', value: (r) => r.user.firstName },
  { title: 'Last Name', value: (r) => r.user.lastName },
  { title: 'Email', value: (r) => r.user.email },
  { title: 'Phone', value: (r) => r.user.phoneNo },
  { title: 'Role', value: (r) => r.user.role },
  { title: 'Active', value: (r) => r.user.status },
  { title: 'Created At', value: (r) => r.user.createdAt },
];

export function userBatches(db: Db, query: { search?: string }, batchSize = BATCH_SIZE) {
  const where = usersWhere(query);
  return keysetBatches<UserRow>(
    (after, limit) =>
      db
        .select({ user: users, keys: usersOrder.keys })
        .from(users)
        .where(and(where, after))
        .orderBy(...usersOrder.orderBy)
        .limit(limit),
    usersOrder,
    batchSize,
  );
}

const restaurantsOrder = keyset([
  { column: restaurants.createdAt, direction: 'desc' },
  { column: restaurants.id, direction: 'asc' },
]);
type RestaurantRow = Keyed<{
  restaurant: typeof restaurants.$inferSelect;
  totalBookings: number;
  earningsMinor: string;
  averageRating: string;
}>;

export const RESTAURANT_COLUMNS: readonly CsvColumn<RestaurantRow>[] = [
  { title: 'Name', value: (r) => r.restaurant.name },
  { title: 'Address', value: (r) => r.restaurant.address },
  { title: 'Email', value: (r) => r.restaurant.email },
  { title: 'Online', value: (r) => r.restaurant.online },
  { title: 'Featured', value: (r) => r.restaurant.isFeatured },
  { title: 'Commission (%)', value: (r) => r.restaurant.platformCommission },
  { title: 'Average Rating', value: (r) => Number(r.averageRating) },
  { title: 'Total Bookings', value: (r) => r.totalBookings },
  { title: 'Currency', value: (r) => r.restaurant.currency },
  {
    title: 'Total Earnings',
    value: (r) => ({ minor: Number(r.earningsMinor), currency: r.restaurant.currency }),
  },
  { title: 'Created At', value: (r) => r.restaurant.createdAt },
];

export function restaurantBatches(db: Db, query: RestaurantsQuery, batchSize = BATCH_SIZE) {
  const where = restaurantsWhere(query);
  return keysetBatches<RestaurantRow>(
    (after, limit) =>
      db
        .select({ restaurant: restaurants, ...restaurantFigures, keys: restaurantsOrder.keys })
        .from(restaurants)
        .where(and(where, after))
        .orderBy(...restaurantsOrder.orderBy)
        .limit(limit),
    restaurantsOrder,
    batchSize,
  );
}

const reviewsOrder = keyset([
  { column: reviews.createdAt, direction: 'desc' },
  { column: reviews.id, direction: 'desc' },
]);
type ReviewRow = Keyed<{ review: typeof reviews.$inferSelect; user: string; restaurant: string }>;

export const REVIEW_COLUMNS: readonly CsvColumn<ReviewRow>[] = [
  { title: 'User Email', value: (r) => r.user },
  { title: 'Restaurant', value: (r) => r.restaurant },
  { title: 'Rating', value: (r) => r.review.rating },
  { title: 'Review', value: (r) => r.review.description },
  { title: 'Status', value: (r) => r.review.status },
  { title: 'Created At', value: (r) => r.review.createdAt },
];

export function reviewBatches(db: Db, query: ReviewsQuery, batchSize = BATCH_SIZE) {
  const where = reviewsWhere(query);
  return keysetBatches<ReviewRow>(
    (after, limit) =>
      db
        .select({
          review: reviews,
          user: users.email,
          restaurant: restaurants.name,
          keys: reviewsOrder.keys,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
        .where(and(where, after))
        .orderBy(...reviewsOrder.orderBy)
        .limit(limit),
    reviewsOrder,
    batchSize,
  );
}

const contentOrder = keyset([
  { column: staticContents.createdAt, direction: 'desc' },
  { column: staticContents.id, direction: 'desc' },
]);
type ContentRow = Keyed<{ content: typeof staticContents.$inferSelect }>;

export const CONTENT_COLUMNS: readonly CsvColumn<ContentRow>[] = [
  { title: 'Title', value: (r) => r.content.title },
  { title: 'Slug', value: (r) => r.content.slug },
  { title: 'Type', value: (r) => r.content.type },
  { title: 'Status', value: (r) => r.content.status },
  { title: 'FAQs', value: (r) => r.content.faqs.map((faq) => faq.question) },
  { title: 'Created At', value: (r) => r.content.createdAt },
  { title: 'Updated At', value: (r) => r.content.updatedAt },
];

export function contentBatches(db: Db, query: ContentQuery, batchSize = BATCH_SIZE) {
  const where = contentWhere(query);
  return keysetBatches<ContentRow>(
    (after, limit) =>
      db
        .select({ content: staticContents, keys: contentOrder.keys })
        .from(staticContents)
        .where(and(where, after))
        .orderBy(...contentOrder.orderBy)
        .limit(limit),
    contentOrder,
    batchSize,
  );
}
