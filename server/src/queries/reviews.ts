/** Reviews: the list and its export (one condition, one order), a review's moderation. */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import { restaurants, reviews, users, type Review } from '../db/schema.js';
import type { ListFilters } from '../lib/contract-types.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { iso, likePattern } from '../lib/paging.js';

type ReviewsFilters = ListFilters<'listReviews'>;

/** Restaurant name or review text contains the text; status; rating (over reviews ⋈ restaurants). */
function reviewsWhere({ search, status, rating }: ReviewsFilters): SQL | undefined {
  const pattern = likePattern(search);
  return and(
    pattern ? or(ilike(restaurants.name, pattern), ilike(reviews.description, pattern)) : undefined,
    status ? eq(reviews.status, status) : undefined,
    rating ? eq(reviews.rating, rating) : undefined,
  );
}

const reviewsOrder = keyset([
  { column: reviews.createdAt, direction: 'desc' },
  { column: reviews.id, direction: 'desc' },
]);

/** Reviews with their user's email and restaurant's name, in the list's order. */
function selectReviews(db: Pick<Db, 'select'>, where: SQL | undefined) {
  return db
    .select({
      id: reviews.id,
      userEmail: users.email,
      restaurantName: restaurants.name,
      rating: reviews.rating,
      description: reviews.description,
      status: reviews.status,
      createdAt: reviews.createdAt,
      restaurantId: reviews.restaurantId,
      version: reviews.version,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
    .where(where)
    .orderBy(...reviewsOrder.orderBy)
    .$dynamic();
}

type Selected = Awaited<ReturnType<typeof selectReviews>>[number];

export const reviewView = ({ id, createdAt, restaurantId: _restaurant, ...rest }: Selected) => ({
  _id: id,
  ...rest,
  createdAt: iso(createdAt),
});

export async function listReviews(db: Db, query: ReviewsFilters & Paging) {
  const { skip, limit } = pageOf(query);
  const where = reviewsWhere(query);
  const page = await withTotal(
    selectReviews(db, where).offset(skip).limit(limit),
    // Every review has its user and restaurant (not-null foreign keys): the count joins only
    // what the condition reads, the restaurant for a search text (docs/scale.md).
    likePattern(query.search)
      ? db
          .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
          .from(reviews)
          .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
          .where(where)
      : countOf(db, reviews, where),
  );
  return { total: page.total, data: page.rows.map(reviewView) };
}

/** The review (locked for the moderation's update), with the names its event records. */
export async function lockReview(tx: Pick<Db, 'select'>, id: string) {
  const [current] = await selectReviews(tx, eq(reviews.id, id)).for('update', { of: reviews });
  return current as Selected | undefined;
}

/** Sets the status; returns the review as the list shows it, with its new version. */
export async function setReviewStatus(
  tx: Pick<Db, 'update'>,
  review: Selected,
  status: Review['status'],
) {
  const [{ version }] = await tx
    .update(reviews)
    .set({ status })
    .where(eq(reviews.id, review.id))
    .returning({ version: reviews.version });
  return reviewView({ ...review, status, version });
}

type ReviewRow = { review: Review; user: string; restaurant: string; keys: string[] };

export const REVIEW_COLUMNS: readonly CsvColumn<ReviewRow>[] = [
  { title: 'User Email', value: (r) => r.user },
  { title: 'Restaurant', value: (r) => r.restaurant },
  { title: 'Rating', value: (r) => r.review.rating },
  { title: 'Review', value: (r) => r.review.description },
  { title: 'Status', value: (r) => r.review.status },
  { title: 'Created At', value: (r) => r.review.createdAt },
];

export function reviewBatches(db: Db, query: ReviewsFilters, batchSize = BATCH_SIZE) {
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
