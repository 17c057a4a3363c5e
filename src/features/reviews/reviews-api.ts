import { api } from '../../api/api';
import { auditedWrite, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
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
  }),
});

export const { useListReviewsQuery, useUpdateReviewStatusMutation } = reviewsApi;
