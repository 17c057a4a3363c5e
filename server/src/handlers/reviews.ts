/** Review moderation: list with search and filters, approve or reject (logged for the dashboard). */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { restaurants, reviews, users } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import { notFound } from '../lib/http-error.js';
import { iso, likePattern } from '../lib/paging.js';
import { reviewsWhere } from '../queries/reviews-filter.js';
import type { Handlers } from './types.js';

type ReviewStatus = 'pending' | 'approved' | 'rejected';

async function selectReviews(
  db: Db,
  where: SQL | undefined,
  skip = 0,
  limit?: number,
  lock = false,
) {
  const base = db
    .select({
      id: reviews.id,
      userEmail: users.email,
      restaurantName: restaurants.name,
      rating: reviews.rating,
      description: reviews.description,
      status: reviews.status,
      createdAt: reviews.createdAt,
      restaurantId: reviews.restaurantId,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(skip)
    .$dynamic();
  const query = lock ? base.for('update', { of: reviews }) : base;
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ id, createdAt, status, restaurantId, ...rest }) => ({
    restaurantId,
    _id: id,
    ...rest,
    status: status as ReviewStatus,
    createdAt: iso(createdAt),
  }));
}

export const reviewsHandlers: Handlers = {
  async listReviews(req) {
    const { skip = 0, limit = 10 } = req.query;
    const where = reviewsWhere(req.query);
    const db = req.server.db;
    const [data, [{ total }]] = await Promise.all([
      selectReviews(db, where, skip, limit).then((rows) =>
        rows.map(({ restaurantId: _restaurant, ...row }) => row),
      ),
      // Every review has its user and restaurant (not-null foreign keys): the count joins only
      // what the condition reads, the restaurant for a search text (docs/scale.md).
      likePattern(req.query.search)
        ? db
            .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
            .from(reviews)
            .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
            .where(where)
        : db
            .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
            .from(reviews)
            .where(where),
    ]);
    return { success: true, message: 'Reviews fetched successfully', count: total, data };
  },

  async updateReviewStatus(req) {
    const { id } = req.params;
    const { status } = req.body;
    const db = req.server.db;
    const review = await db.transaction(async (tx) => {
      const [current] = await selectReviews(tx, eq(reviews.id, id), 0, 1, true);
      if (!current) throw notFound('Review not found');
      await tx.update(reviews).set({ status }).where(eq(reviews.id, id));
      await recordChange(tx, {
        request: req,
        action: 'review.moderate',
        entity: { type: 'review', id, name: `${current.userEmail} on ${current.restaurantName}` },
        changes: [change('status', current.status, status)],
        details: {
          userEmail: current.userEmail,
          restaurantName: current.restaurantName,
          restaurantId: current.restaurantId,
          rating: String(current.rating),
        },
      });
      return current;
    });
    const { restaurantId: _restaurant, ...data } = review;
    return { success: true, message: `Review ${status} successfully`, data: { ...data, status } };
  },
};
