import { api } from '../../api/api';
import { auditedWrite, listTags } from '../../api/cache-tags';
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
    updateReviewStatus: build.mutation<ReviewResponse, { id: string; status: ReviewStatus }>({
      query: ({ id, status }) => ({ url: `/admin/review/${id}`, method: 'PUT', body: { status } }),
      invalidatesTags: auditedWrite(({ id }) => [{ type: 'Review', id }]),
    }),
  }),
});

export const { useListReviewsQuery, useUpdateReviewStatusMutation } = reviewsApi;
