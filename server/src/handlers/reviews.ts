/**
 * Review moderation: list with search and filters, approve or reject one review or several
 * (logged for the dashboard).
 */
import type { FastifyRequest } from 'fastify';
import type { Review } from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import { bulkMessage, eachRow } from '../lib/bulk.js';
import { notFound } from '../lib/http-error.js';
import { setETag, type Precondition } from '../lib/versions.js';
import { listReviews, lockReview, reviewView, setReviewStatus } from '../queries/reviews.js';
import { checkVersion } from '../queries/versions.js';
import type { Handlers } from './types.js';

type Status = Review['status'];

/**
 * Sets the review's status, checked against the version sent (If-Match, or a bulk row's), in a
 * transaction of its own with its audit event; returns the review as the list shows it.
 */
async function moderate(
  req: FastifyRequest,
  id: string,
  status: Status,
  precondition?: Precondition,
) {
  return req.server.db.transaction(async (tx) => {
    const current = await lockReview(tx, id);
    if (!current) throw notFound('Review not found');
    const record = { type: 'review', id, version: current.version };
    await checkVersion(tx, req, record, () => reviewView(current), precondition);
    if (current.status === status) return reviewView(current);
    const updated = await setReviewStatus(tx, current, status);
    await recordChange(tx, {
      request: req,
      action: 'review.moderate',
      entity: { type: 'review', id, name: `${current.userEmail} on ${current.restaurantName}` },
      version: updated.version,
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
}

export const reviewsHandlers: Handlers = {
  async listReviews(req) {
    const { total, data } = await listReviews(req.server.db, req.query);
    return { success: true, message: 'Reviews fetched successfully', count: total, data };
  },

  async updateReviewStatus(req, reply) {
    const { status } = req.body;
    const data = await moderate(req, req.params.id, status);
    setETag(reply, data.version);
    return { success: true, message: `Review ${status} successfully`, data };
  },

  async bulkUpdateReviewStatus(req) {
    const { items, status } = req.body;
    const data = await eachRow(items, async (item) => {
      await moderate(req, item._id, status, [item.version]);
      return `Review ${status} successfully`;
    });
    return { success: true, message: bulkMessage(data, 'review', status), data };
  },
};
