import { api } from '../../api/api';
import { auditedWrite, bulkChanged, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
  BulkResponse,
  BulkReviewStatusRequest,
  ReviewListQuery,
  ReviewListResponse,
  ReviewResponse,
  ReviewStatus,
} from '../../api/types';

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReviews: build.query<ReviewListResponse, ReviewListQuery>({
      query: (params) => ({ url: '/admin/reviews', params }),
      providesTags: (result) => listTags('Review', result?.data),
    }),
    updateReviewStatus: build.mutation<
      ReviewResponse,
      { id: string; status: ReviewStatus } & Versioned
    >({
      query: ({ id, status, ...version }) =>
        versioned({ url: `/admin/review/${id}`, method: 'PUT', body: { status } }, version),
      invalidatesTags: auditedWrite(({ id }) => [{ type: 'Review', id }]),
    }),
    /** Approve or reject many rows at once, each against the version it was read at. */
    bulkUpdateReviewStatus: build.mutation<BulkResponse, BulkReviewStatusRequest>({
      query: (body) => ({ url: '/admin/reviews/bulk', method: 'POST', body }),
      invalidatesTags: auditedWrite(bulkChanged('Review')),
    }),
  }),
});

export const {
  useListReviewsQuery,
  useUpdateReviewStatusMutation,
  useBulkUpdateReviewStatusMutation,
} = reviewsApi;
