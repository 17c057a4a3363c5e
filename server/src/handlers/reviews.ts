/** Review moderation: list with search and filters, approve or reject (logged for the dashboard). */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { restaurants, reviews, users } from '../db/schema.js';
import { logActivity } from '../lib/activity-log.js';
import { notFound } from '../lib/http-error.js';
import { iso, likePattern } from '../lib/paging.js';
import type { Handlers } from './types.js';

type ReviewStatus = 'pending' | 'approved' | 'rejected';

async function selectReviews(db: Db, where: SQL | undefined, skip = 0, limit?: number) {
  const query = db
    .select({
      id: reviews.id,
      userEmail: users.email,
      restaurantName: restaurants.name,
      rating: reviews.rating,
      description: reviews.description,
      status: reviews.status,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(skip);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ id, createdAt, status, ...rest }) => ({
    _id: id,
    ...rest,
    status: status as ReviewStatus,
    createdAt: iso(createdAt),
  }));
}

export const reviewsHandlers: Handlers = {
  async listReviews(req) {
    const { skip = 0, limit = 10, search, status, rating } = req.query;
    const pattern = likePattern(search);
    const where = and(
      pattern
        ? or(ilike(restaurants.name, pattern), ilike(reviews.description, pattern))
        : undefined,
      status ? eq(reviews.status, status) : undefined,
      rating ? eq(reviews.rating, rating) : undefined,
    );
    const db = req.server.db;
    const [data, [{ total }]] = await Promise.all([
      selectReviews(db, where, skip, limit),
      db
        .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
        .where(where),
    ]);
    return { success: true, message: 'Reviews fetched successfully', count: total, data };
  },

  async updateReviewStatus(req) {
    const { id } = req.params;
    const { status } = req.body;
    const db = req.server.db;
    const [review] = await selectReviews(db, eq(reviews.id, id));
    if (!review) throw notFound('Review not found');
    await db.transaction(async (tx) => {
      await tx.update(reviews).set({ status }).where(eq(reviews.id, id));
      await logActivity(tx, {
        title: `Review ${status}`,
        description: `Review by ${review.userEmail} of ${review.restaurantName} (${review.rating}/5) was ${status}`,
        actorId: req.user.id,
      });
    });
    return { success: true, message: `Review ${status} successfully`, data: { ...review, status } };
  },
};
