/** The reviews: their list and moderation (approve, reject). */
import type { Review } from '../../api/types';
import { reply } from './reply';
import { bulkOf, staleWrite } from './versions';
import type { Routes } from './types';
import { listOf, type Filters } from './list';

export function reviewsFake(rows: Review[], filters: Filters<Review> = {}) {
  return {
    rows,
    routes: {
      listReviews: listOf('listReviews', () => rows, filters),
      updateReviewStatus: (call) => {
        const { params, body } = call;
        const row = rows.find((r) => r._id === params.id);
        if (!row) {
          return reply('updateReviewStatus', 404, {
            success: false,
            message: 'Review not found',
            status_code: 404,
          });
        }
        const stale = staleWrite(call, 'review', row);
        if (stale) return stale;
        row.status = (body as Pick<Review, 'status'>).status;
        row.version += 1;
        return reply('updateReviewStatus', 200, {
          success: true,
          message: `Review ${row.status} successfully`,
          data: row,
        });
      },
      bulkUpdateReviewStatus: (call) => {
        const { status } = call.body as { status: Review['status'] };
        return bulkOf(call, { type: 'review', rows, noun: 'Review', done: status }, (row) => {
          row.status = status;
          return `Review ${status} successfully`;
        });
      },
    } satisfies Routes,
  };
}
