import { api } from '../../api/api';
import type {
  ReviewListQuery,
  ReviewListResponse,
  ReviewResponse,
  ReviewStatus,
} from '../../api/types';

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReviews: build.query<ReviewListResponse, ReviewListQuery>({
      query: (params) => ({ url: '/admin/reviews', params }),
      providesTags: (result) => [
        { type: 'Review', id: 'LIST' },
        ...(result?.data ?? []).map((review) => ({ type: 'Review' as const, id: review._id })),
      ],
    }),
    updateReviewStatus: build.mutation<ReviewResponse, { id: string; status: ReviewStatus }>({
      query: ({ id, status }) => ({ url: `/admin/review/${id}`, method: 'PUT', body: { status } }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Review', id },
              { type: 'ActivityLog', id: 'LIST' },
            ],
    }),
  }),
});

export const { useListReviewsQuery, useUpdateReviewStatusMutation } = reviewsApi;
