/** Review moderation: list with search and filters, approve or reject (logged for the dashboard). */
import { change, recordChange } from '../lib/audit.js';
import { notFound } from '../lib/http-error.js';
import { listReviews, lockReview, setReviewStatus } from '../queries/reviews.js';
import type { Handlers } from './types.js';

export const reviewsHandlers: Handlers = {
  async listReviews(req) {
    const { total, data } = await listReviews(req.server.db, req.query);
    return { success: true, message: 'Reviews fetched successfully', count: total, data };
  },

  async updateReviewStatus(req) {
    const { id } = req.params;
    const { status } = req.body;
    const data = await req.server.db.transaction(async (tx) => {
      const current = await lockReview(tx, id);
      if (!current) throw notFound('Review not found');
      const updated = await setReviewStatus(tx, current, status);
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
      return updated;
    });
    return { success: true, message: `Review ${status} successfully`, data };
  },
};
